#pragma once

#include "remote/evalhost.h"
#include "targets/targetprofile.h"

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QTimer>
#include <vector>

namespace kwb {

/// One answer of a host check: what was asked, whether it holds, the first
/// line the host printed (or what went wrong), and what to do when it does
/// not hold.
struct HostCheckAnswer
{
    bool ok = false;
    QString what, detail, hint;
    /// As kwb and the window's console show it: "  ✓ what: detail", or
    /// "  ✗ what: detail — hint".
    QString line() const;
};

/// What `kwb hosts check` (and the window's Hosts → Check) asks a host: on a
/// Slurm cluster its login node's checks first (sbatch and squeue, the
/// partition, its GRES), then each of the target's prerequisites, on a
/// compute node of a cluster. The commands run on the host itself (a
/// process here, or the host's SSH connection), in no work folder: a check
/// leaves nothing behind. One answered() per question, then finished().
class HostCheck : public QObject
{
    Q_OBJECT
public:
    /// `host` must outlive the check (for SSH, it is connected already).
    HostCheck(EvalHost &host, const TargetProfile &target, QObject *parent = nullptr);
    ~HostCheck() override;
    void start();
    /// Every question answered so far held.
    bool allOk() const { return m_allOk; }
    /// How long one question may take.
    static constexpr int kTimeoutMs = 120'000;
    /// The line for an SSH host that connected in `ms`.
    static QString reachableLine(qint64 ms);
    /// The last line of a check of every host.
    static QString summaryLine(bool allOk, const QString &targetId);

Q_SIGNALS:
    void answered(const kwb::HostCheckAnswer &answer);
    void finished(bool allOk);

private:
    struct Question
    {
        QString what;
        QStringList argv;
        QString hint;
        bool slurm = false; ///< a login-node check: the target's wait for it
    };
    void next();
    void onAnswer(bool ok, const QString &detail);

    EvalHost &m_host;
    std::vector<Question> m_questions;
    size_t m_at = 0;
    bool m_allOk = true, m_slurmReady = true;
    QPointer<QProcess> m_process;
    QTimer m_deadline;
    int m_job = -1;
};

} // namespace kwb
