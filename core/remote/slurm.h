#pragma once

#include "remote/localcommand.h"

#include <QElapsedTimer>
#include <QHash>
#include <QPointer>
#include <QStringList>
#include <QTimer>
#include <functional>
#include <memory>
#include <optional>

namespace kwb {

/// A Slurm cluster named as a host:
/// `slurm://LOGIN?partition=gpu&gres=gpu:1&time=00:10:00&account=…&qos=…&constraint=…&sbatch=…&allocation=N`,
/// LOGIN being `local` (kwb runs on a login node) or an SSH target
/// (user@host[:port] or an ~/.ssh/config alias) whose connection is reused.
/// Each evaluation is one batch job that runs the target's command on a
/// compute node in the work folder, which must be on the cluster's shared
/// file system (the session's folder for `local`, ~/.cache/… for SSH).
struct SlurmSpec
{
    QString login = QStringLiteral("local");
    QString partition, gres, constraint, qos, account, time;
    QStringList extra; ///< further sbatch options, as written after `sbatch=`
    /// `allocation=N`: keep one allocation of N nodes for the session and run
    /// each evaluation as a step in it (srun) instead of a job-array task.
    int allocation = 0;
    /// Set by kwb, never parsed: the one node a job must run on (the
    /// calibration of a node type runs on a node of that type).
    QString nodelist;

    static bool isSlurm(const QString &spec);
    /// nullopt with `error` saying what is wrong (an unknown key names it).
    static std::optional<SlurmSpec> parse(const QString &spec, QString *error);
    bool isLocalLogin() const { return login == QStringLiteral("local"); }
    /// The slurm://… form, which parse() reads back.
    QString toString() const;
    /// The sbatch/srun options the spec sets (partition, GRES, …).
    QStringList jobOptions() const;
    /// What the login node is asked before any job: sbatch and squeue
    /// answer, the partition exists, its nodes have the GRES.
    struct Check
    {
        QString what;     ///< "partition gpu"
        QStringList argv; ///< fails (exit status ≠ 0) when the check does
        QString failure;  ///< what to say then
    };
    std::vector<Check> checks() const;
    /// `argv` run on a compute node of the partition (srun, for checks).
    QStringList onComputeNode(const QStringList &argv) const;
};

/// Runs `spec.checks()` one after another through `login` (in `workDir`);
/// `done` gets an empty string when all pass, else what failed.
void checkSlurm(const SlurmSpec &spec, const RunnerFactory &login, const QString &workDir,
                QObject *context, std::function<void(const QString &error)> done);

/// One kind of compute node in a partition: nodes alike in CPUs, features
/// and GRES, which a calibration measures once for all of them.
struct SlurmNodeType
{
    QString key;       ///< "cpus=64 features=a100,nvlink gres=gpu:a100:4"
    QStringList nodes; ///< its nodes, in sinfo's order
    QString pick;      ///< the node its calibration runs on; empty: none is usable
};

/// The node types in the output of `sinfo -N -h -o '%N|%f|%G|%c|%t'` (with
/// `|%P` when no partition was named: then only the default partition's
/// nodes, marked '*', count), in the order their first node appears; a node
/// listed twice (in two partitions) counts once. With a constraint of
/// features joined by '&' (or one feature), nodes without them are left
/// out; a richer constraint ('|', counts, brackets) leaves every node in.
/// A type's `pick` is an idle node, else one in use; empty when every node
/// of the type is down, drained, failing, reserved or not responding.
std::vector<SlurmNodeType> parseSlurmNodeTypes(const QString &sinfo, const QString &constraint);

/// Asks the login node for the node types of `spec`'s partition; `done`
/// gets them, or an empty list and what failed.
void slurmNodeTypes(
    const SlurmSpec &spec, const RunnerFactory &login, const QString &workDir, QObject *context,
    std::function<void(const std::vector<SlurmNodeType> &, const QString &error)> done);

/// A command runner on the cluster's login node: `login`'s (SSH), or the
/// local host's when there is none.
CommandRunner *loginRunner(const RunnerFactory &login, QObject *parent);

/// Cancels Slurm job (or allocation) `jobId` from the login node. On a
/// local login the scancel is detached: it outlives whoever asked for it.
void scancelOnLogin(const SlurmSpec &spec, const RunnerFactory &login, const QString &workDir,
                    const QString &jobId);

/// Where a Slurm job stands, from `squeue -t all` (empty when the controller
/// no longer knows it).
struct SlurmJobState
{
    QString state; ///< PENDING, RUNNING, COMPLETED, TIMEOUT, NODE_FAIL, …
    QString reason;
    QString nodes;
};

class SlurmCommand;

/// A command that runs as Slurm work (a job-array task or a step of a kept
/// allocation): it moves through Slurm's states, which the Hosts dock counts.
class SlurmRunner : public CommandRunner
{
    Q_OBJECT
public:
    using CommandRunner::CommandRunner;
    /// Names the work in the Hosts dock's counts from its first state to its
    /// end (the same string throughout).
    virtual QString jobId() const = 0;

Q_SIGNALS:
    /// PENDING, RUNNING, … as the job moves; `queuedMs` so far.
    void jobStateChanged(const QString &jobId, const QString &state, qint64 queuedMs);
};

/// Hands a Slurm host's evaluations to sbatch. Those that start within
/// `windowMs` of each other in the same work folder go as one job array
/// (task i runs the i-th evaluation's script, slurm/<tag>.sh), so a batch of
/// candidates is one submission and one entry in the queue; each task is
/// then followed on its own (job id ARRAY_TASK).
class SlurmSubmitter : public QObject
{
    Q_OBJECT
public:
    SlurmSubmitter(SlurmSpec spec, RunnerFactory login, int windowMs, QObject *parent = nullptr);

    /// Queues `command`'s script; the command hears its job id or why
    /// sbatch refused.
    void submit(SlurmCommand *command, const QString &workDir, const QString &tag);
    /// A command cancelled before its job id came back: not submitted, or,
    /// if sbatch is already under way, its task is cancelled when it is known.
    void withdraw(SlurmCommand *command);
    /// Cancels `jobId`; for a local login the scancel outlives this object.
    void scancel(const QString &workDir, const QString &jobId);

Q_SIGNALS:
    void arraySubmitted(const QString &arrayId, int tasks);

private:
    struct Request
    {
        QPointer<SlurmCommand> command;
        QString tag;
    };
    void flush(const QString &workDir);

    SlurmSpec m_spec;
    RunnerFactory m_login;
    int m_windowMs;
    QHash<QString, QList<Request>> m_waiting; ///< work folder → not yet submitted
};

/// Runs one command of a target as a task of a Slurm job array: sbatch in the work
/// folder (through `login`, the runner of the login node: local or SSH), then
/// polls the job and its files until it ends, streaming its stderr. The job
/// id is recorded in the work folder (slurm/<tag>.id) before anything else
/// happens, so a kwb that is killed and restarted finds the job again instead
/// of submitting it twice. Queue time is reported apart and never counted as
/// the command's time or against its time limit. A job that Slurm ends for
/// the cluster's reasons (node failure, preemption, boot failure, cancelled
/// by someone else) is an infrastructure failure, retried by the loop; one
/// that runs out of its own time or memory is the kernel's (kernelFailure).
class SlurmCommand : public SlurmRunner
{
    Q_OBJECT
public:
    /// `submitter` batches this host's submissions; without one the command
    /// is submitted alone (an array of one).
    SlurmCommand(SlurmSpec spec, RunnerFactory login, int pollMs, QObject *parent = nullptr,
                 SlurmSubmitter *submitter = nullptr);
    ~SlurmCommand() override;

    void start(const QString &workDir, const QStringList &argv, int timeoutMs,
               qint64 stdoutCap) override;
    void cancel() override;
    bool isRunning() const override { return m_running; }

    QString jobId() const override { return m_jobId; }

    /// The job's file tag for `argv`: the same command in the same folder
    /// is the same job.
    static QString tagFor(const QStringList &argv);

private:
    friend class SlurmSubmitter;
    void submit();
    void submitted(const QString &jobId);
    void submitFailed(const QString &why);
    bool awaitsJobId() const
    {
        return m_running && !m_done && !m_outcome.cancelled && m_jobId.isEmpty();
    }
    void poll();
    void onPolled(const CommandOutcome &o);
    void fetchOutput(int exitCode);
    void runOnLogin(const QStringList &argv, qint64 cap,
                    std::function<void(const CommandOutcome &)> then);
    void endWithInfra(const QString &message);
    void endWithKernelFailure(const QString &failureClass, const QString &message);
    /// The job ran out of its time: the kernel's timeout.
    void endAtTimeLimit();
    void emitStderr(const QByteArray &bytes);
    void finish();
    QString file(const QString &ext) const;    ///< slurm/<tag>.<ext>: kwb's, per command
    QString jobFile(const QString &ext) const; ///< slurm/job-<id>.<ext>: the job's, per try
    void ownSubmitterIfNone();

    SlurmSpec m_spec;
    RunnerFactory m_login;
    int m_pollMs;
    QPointer<SlurmSubmitter> m_submitter;
    std::unique_ptr<SlurmSubmitter> m_ownSubmitter; ///< when none was given
    QString m_workDir;
    QStringList m_argv;
    QString m_tag;
    QString m_jobId;
    QString m_lastState;
    int m_timeoutMs = 0;
    qint64 m_cap = 0;
    qint64 m_stderrOffset = 0;
    StderrLines m_stderr;
    QElapsedTimer m_queued;  ///< since submission
    QElapsedTimer m_runtime; ///< since the job was seen running
    qint64 m_queuedMs = -1;
    int m_unknownPolls = 0;
    bool m_resumed = false;       ///< following a job recorded by an earlier run
    bool m_timeLimitSaid = false; ///< slurmstepd wrote that it ends the job at its time limit
    bool m_over = false;          ///< the job is known to have ended: forget its id
    bool m_running = false;
    bool m_done = false;
    QTimer m_pollTimer;
    QPointer<CommandRunner> m_step; ///< the login-node command under way
    CommandOutcome m_outcome;
};

/// The jobs of one Slurm host, for the Hosts dock: how many wait, run, are
/// done or failed (the cluster's failures and kwb's cancellations apart),
/// and the mean time a job waited in the queue.
class SlurmJobBoard : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    /// Counts `command`'s job from its submission to its end.
    void follow(SlurmRunner *command);

    int pending() const;
    int running() const;
    int done() const { return m_done; }
    int failed() const { return m_failed; }
    /// NaN until a job has left the queue.
    double meanQueueMs() const;

Q_SIGNALS:
    void changed();

private:
    QHash<QString, QString> m_states; ///< job id → state, while it lasts
    int m_done = 0, m_failed = 0;
    qint64 m_queuedTotalMs = 0;
    int m_queuedJobs = 0;
};

} // namespace kwb
