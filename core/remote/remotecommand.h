#pragma once

#include "remote/localcommand.h"

#include <QHash>
#include <QPointer>
#include <memory>

namespace kwb {

class SshConnection;
struct SshResult;

/// What one host already has: relative path → hash of the content last
/// uploaded, shared by the runners of one connection so unchanged files
/// (the harness, the reference, a cached candidate) are sent once.
struct RemoteMirror
{
    QHash<QString, QByteArray> uploaded;
};

/// Runs a target's command on an SSH host: mirrors the evaluator's local
/// work folder to `remoteRoot` (relative paths are under the login's home),
/// uploading only what changed, then runs the command there over the
/// connection's exec channel. A lost connection is an infrastructure failure
/// (the loop retries the candidate), never a verdict on the kernel.
class RemoteCommand : public CommandRunner
{
    Q_OBJECT
public:
    RemoteCommand(SshConnection *connection, const QString &remoteRoot,
                  std::shared_ptr<RemoteMirror> mirror, QObject *parent = nullptr);

    void start(const QString &workDir, const QStringList &argv, int timeoutMs,
               qint64 stdoutCap) override;
    void cancel() override;
    bool isRunning() const override { return m_running; }

private:
    void onJob(int job, const SshResult &result);
    void finish(CommandOutcome outcome);

    QPointer<SshConnection> m_connection;
    QString m_remoteRoot;
    std::shared_ptr<RemoteMirror> m_mirror;
    QHash<int, QString> m_pending; // job → what it does (for messages); the exec job is m_execJob
    QHash<int, std::pair<QString, QByteArray>>
        m_uploads; // job → (path, hash) to record when it succeeds
    int m_execJob = 0;
    bool m_running = false;
    bool m_cancelled = false;
    bool m_failed = false;
    QStringList m_stderrTail;
    qint64 m_startMs = 0;
};

} // namespace kwb
