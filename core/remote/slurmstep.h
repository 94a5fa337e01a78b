#pragma once

#include "remote/slurm.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>
#include <functional>
#include <memory>

namespace kwb {

/// One Slurm allocation kept for a session (`salloc --no-shell --no-kill`,
/// the spec's `allocation=N` nodes), in which every evaluation runs as a
/// step. Its id is recorded in the work folder (slurm/allocation.id) as soon
/// as Slurm names it, so a kwb killed and restarted uses it again rather
/// than asking for a second one; it is released (scancel) when this object
/// goes away, at the end of the session's run.
class SlurmAllocation : public QObject
{
    Q_OBJECT
public:
    SlurmAllocation(SlurmSpec spec, RunnerFactory login, QObject *parent = nullptr);
    ~SlurmAllocation() override;
    SlurmAllocation(const SlurmAllocation &) = delete;
    SlurmAllocation &operator=(const SlurmAllocation &) = delete;

    /// `ready` gets the allocation's id once it runs, or why there is none.
    /// Called on `context`'s thread; dropped if `context` goes away first.
    using Ready = std::function<void(const QString &id, const QString &error)>;
    void acquire(const QString &workDir, QObject *context, Ready ready);
    /// A step found allocation `id` gone (ended, time limit, cancelled): it
    /// is cancelled in case it lingers, and the next acquire() asks anew.
    void lost(const QString &id);
    /// Cancels the allocation now (and forgets its record): scancel on a
    /// local login node, through the login runner over SSH.
    void release();
    /// Forgets the allocation without cancelling it (the caller did); a
    /// salloc or squeue under way is stopped and the waiting steps told.
    void forget();
    /// The allocation's id, once Slurm named it (granted or still pending).
    QString id() const { return m_id; }
    bool isGranted() const { return m_granted; }

Q_SIGNALS:
    void granted(const QString &id);

private:
    void followRecorded();
    void allocate();
    void answer(const QString &error);
    void record(const QString &id);
    QString recordFile() const;

    SlurmSpec m_spec;
    RunnerFactory m_login;
    QString m_workDir;
    QString m_id;
    bool m_granted = false;
    bool m_busy = false;
    QList<std::pair<QPointer<QObject>, Ready>> m_waiting;
    QPointer<CommandRunner> m_step; ///< salloc or squeue under way
    QTimer m_retry;
    int m_askFailures = 0;
};

/// Runs one command of a target as a step of the host's kept allocation:
/// `srun --jobid=ALLOC --ntasks=1 --exact …` through the login node's runner,
/// whose stdout is the command's. The time a step waits for room in the
/// allocation is queue time, never the command's; a step that Slurm ends for
/// the cluster's reasons (its node failed, the allocation is gone) is an
/// infrastructure failure, and the allocation is asked for again when it is
/// gone. A kwb killed while steps run loses those steps (srun runs them) and
/// evaluates them again; it finds the allocation itself again.
class SlurmStepCommand : public SlurmRunner
{
    Q_OBJECT
public:
    SlurmStepCommand(std::shared_ptr<SlurmAllocation> allocation, SlurmSpec spec,
                     RunnerFactory login, QObject *parent = nullptr);
    ~SlurmStepCommand() override;

    void start(const QString &workDir, const QStringList &argv, int timeoutMs,
               qint64 stdoutCap) override;
    void cancel() override;
    bool isRunning() const override { return m_running; }
    QString jobId() const override { return m_key; }

private:
    void run(const QString &allocationId);
    void onLine(const QString &line);
    void onFinished(const CommandOutcome &o);
    void finish();

    std::shared_ptr<SlurmAllocation> m_allocation;
    SlurmSpec m_spec;
    RunnerFactory m_login;
    QString m_workDir;
    QStringList m_argv;
    QString m_key;    ///< this step in the Hosts dock's counts
    QString m_stepId; ///< ALLOC.STEP once the step runs
    QString m_allocationId;
    QStringList m_slurmSaid; ///< srun's and slurmstepd's own lines
    int m_timeoutMs = 0;
    qint64 m_cap = 0;
    QElapsedTimer m_queued;
    QElapsedTimer m_runtime;
    qint64 m_queuedMs = -1;
    QTimer m_limit;
    bool m_running = false;
    bool m_done = false;
    bool m_overLimit = false;
    QPointer<CommandRunner> m_srun;
    CommandOutcome m_outcome;
};

} // namespace kwb
