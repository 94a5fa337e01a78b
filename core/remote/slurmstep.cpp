#include "slurmstep.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

constexpr int kRecheckMs = 1000; ///< while a recorded allocation is still pending
constexpr qsizetype kKeptSlurmLines = 40;
constexpr int kAskTries = 30; ///< squeue calls that may fail before the waiting steps hear of it

} // namespace

// --- SlurmAllocation ---

SlurmAllocation::SlurmAllocation(SlurmSpec spec, RunnerFactory login, QObject *parent)
    : QObject(parent), m_spec(std::move(spec)), m_login(std::move(login))
{
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &SlurmAllocation::followRecorded);
}

SlurmAllocation::~SlurmAllocation()
{
    release();
}

QString SlurmAllocation::recordFile() const
{
    return m_workDir + u"/slurm/allocation.id"_s;
}

void SlurmAllocation::acquire(const QString &workDir, QObject *context, Ready ready)
{
    if (m_workDir.isEmpty())
        m_workDir = workDir;
    if (m_granted)
        return ready(m_id, QString());
    m_waiting.append({context, std::move(ready)});
    if (m_busy)
        return;
    m_busy = true;
    QFile recorded(recordFile());
    if (recorded.open(QIODevice::ReadOnly)) {
        m_id = QString::fromUtf8(recorded.readAll()).trimmed();
        if (!m_id.isEmpty())
            return followRecorded();
    }
    allocate();
}

void SlurmAllocation::followRecorded()
{
    CommandRunner *squeue = loginRunner(m_login, this);
    m_step = squeue;
    connect(squeue, &CommandRunner::finished, this, [this, squeue](const CommandOutcome &o) {
        squeue->deleteLater();
        if (m_step != squeue)
            return; // released meanwhile
        m_step = nullptr;
        const QString out = QString::fromUtf8(o.stdoutData).trimmed();
        const bool answered = o.infraError.isEmpty() && o.exitCode == 0;
        if (answered && out == u"RUNNING"_s) {
            m_granted = true;
            Q_EMIT granted(m_id);
            return answer(QString());
        }
        if (answered && (out == u"PENDING"_s || out == u"CONFIGURING"_s)) {
            m_askFailures = 0;
            return m_retry.start(kRecheckMs);
        }
        if (answered || out.contains(u"Invalid job id"_s)) {
            // Ended, or Slurm forgot it: a new one.
            QFile::remove(recordFile());
            m_id.clear();
            return allocate();
        }
        // The controller or the login node did not answer: the recorded
        // allocation may well be alive, so it is neither forgotten nor
        // doubled; asked again a while, then the waiting steps hear why.
        if (++m_askFailures < kAskTries)
            return m_retry.start(kRecheckMs);
        m_askFailures = 0;
        answer(u"cannot ask Slurm about allocation "_s + m_id + u": "_s +
               (o.infraError.isEmpty() ? out.section(u'\n', -1) : o.infraError));
    });
    squeue->start(m_workDir, {u"sh"_s, u"-c"_s, u"squeue -h -j "_s + m_id + u" -o %T 2>&1"_s},
                  60'000, 4096);
}

void SlurmAllocation::allocate()
{
    QDir().mkpath(m_workDir + u"/slurm"_s);
    CommandRunner *salloc = loginRunner(m_login, this);
    m_step = salloc;
    static const QRegularExpression named(u"job allocation (\\d+)"_s);
    connect(salloc, &CommandRunner::stderrLine, this, [this, salloc](const QString &line) {
        // "salloc: Pending job allocation 12" comes first: recorded at once,
        // so a kwb killed while it waits finds it.
        if (const QRegularExpressionMatch m = named.match(line);
            m.hasMatch() && m_step == salloc && m_id.isEmpty())
            record(m.captured(1));
    });
    connect(salloc, &CommandRunner::finished, this, [this, salloc](const CommandOutcome &o) {
        salloc->deleteLater();
        if (m_step != salloc)
            return; // released meanwhile (its id, if it had one, was cancelled)
        m_step = nullptr;
        if (o.infraError.isEmpty() && o.exitCode == 0 && !m_id.isEmpty()) {
            m_granted = true;
            Q_EMIT granted(m_id);
            return answer(QString());
        }
        const QString said = (o.infraError.isEmpty() ? o.stderrTail : o.infraError).trimmed();
        QFile::remove(recordFile());
        m_id.clear();
        answer(u"salloc did not grant the allocation: "_s +
               (said.isEmpty() ? u"exit status "_s + QString::number(o.exitCode)
                               : said.section(u'\n', -2)));
    });
    // No limit: an allocation may wait in the queue for hours; Stop cancels.
    salloc->start(m_workDir,
                  QStringList{u"salloc"_s, u"--no-shell"_s, u"--no-kill"_s,
                              u"--job-name=kwb-session"_s,
                              u"--nodes="_s + QString::number(std::max(1, m_spec.allocation))} +
                      m_spec.jobOptions(),
                  0, qint64(64) * 1024);
}

void SlurmAllocation::record(const QString &id)
{
    m_id = id;
    QFile f(recordFile());
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(id.toUtf8()) < 0 ||
        !f.flush())
        qWarning("kwb: cannot record Slurm allocation %s in %s", qPrintable(id),
                 qPrintable(f.fileName()));
}

void SlurmAllocation::answer(const QString &error)
{
    m_busy = false;
    const auto waiting = std::exchange(m_waiting, {});
    for (const auto &[context, ready] : waiting)
        if (context)
            ready(error.isEmpty() ? m_id : QString(), error);
}

void SlurmAllocation::lost(const QString &id)
{
    if (id != m_id || !m_granted)
        return;
    release(); // in case it lingers: its nodes are not held for nothing
}

void SlurmAllocation::release()
{
    if (!m_id.isEmpty())
        scancelOnLogin(m_spec, m_login, m_workDir, m_id);
    forget();
}

void SlurmAllocation::forget()
{
    m_retry.stop();
    if (CommandRunner *step = std::exchange(m_step, nullptr)) {
        step->disconnect(this); // what it still says is not about this allocation
        connect(step, &CommandRunner::finished, step, &QObject::deleteLater);
        step->cancel(); // a salloc still waiting gives its request back
    }
    if (!m_workDir.isEmpty())
        QFile::remove(recordFile());
    m_id.clear();
    m_granted = false;
    m_askFailures = 0;
    if (m_busy)
        answer(u"the Slurm allocation was released"_s);
}

// --- SlurmStepCommand ---

SlurmStepCommand::SlurmStepCommand(std::shared_ptr<SlurmAllocation> allocation, SlurmSpec spec,
                                   RunnerFactory login, QObject *parent)
    : SlurmRunner(parent), m_allocation(std::move(allocation)), m_spec(std::move(spec)),
      m_login(std::move(login))
{
    m_limit.setSingleShot(true);
    connect(&m_limit, &QTimer::timeout, this, [this] {
        m_overLimit = true;
        if (m_srun)
            m_srun->cancel();
    });
}

SlurmStepCommand::~SlurmStepCommand()
{
    m_done = true; // the srun runner, a child, ends its step as it goes
}

void SlurmStepCommand::start(const QString &workDir, const QStringList &argv, int timeoutMs,
                             qint64 stdoutCap)
{
    Q_ASSERT(!argv.isEmpty());
    static int serial = 0;
    m_workDir = workDir;
    m_argv = argv;
    m_timeoutMs = timeoutMs;
    m_cap = stdoutCap;
    m_outcome = {};
    m_slurmSaid.clear();
    m_stepId.clear();
    m_allocationId.clear();
    m_queuedMs = -1;
    m_overLimit = false;
    m_done = false;
    m_running = true;
    m_key = u"step-"_s + QString::number(++serial);
    m_queued.start();
    m_runtime.invalidate();
    Q_EMIT jobStateChanged(m_key, u"PENDING"_s, 0);
    m_allocation->acquire(workDir, this, [this](const QString &id, const QString &error) {
        if (m_done || m_outcome.cancelled)
            return;
        if (!error.isEmpty()) {
            m_outcome.infraError = error;
            return finish();
        }
        run(id);
    });
}

void SlurmStepCommand::run(const QString &allocationId)
{
    m_allocationId = allocationId;
    QStringList srun{u"srun"_s,    u"--jobid="_s + allocationId, u"--ntasks=1"_s, u"--nodes=1"_s,
                     u"--exact"_s, u"--job-name=kwb"_s};
    if (!m_spec.gres.isEmpty())
        srun << u"--gres="_s + m_spec.gres; // a step of its own GPU, not all of the node's
    srun << u"sh"_s << u"-c"_s
         << u"echo \"kwb: Slurm step $SLURM_JOB_ID.$SLURM_STEP_ID running on "
            "${SLURMD_NODENAME:-$(hostname)}\" >&2; exec \"$@\""_s
         << u"kwb-step"_s << m_argv;
    Q_EMIT stderrLine(u"kwb: a step in Slurm allocation "_s + allocationId);
    CommandRunner *step = loginRunner(m_login, this);
    m_srun = step;
    connect(step, &CommandRunner::stderrLine, this, &SlurmStepCommand::onLine);
    connect(step, &CommandRunner::finished, this, [this, step](const CommandOutcome &o) {
        step->deleteLater();
        onFinished(o);
    });
    // No limit here: waiting for room in the allocation is queue time; the
    // command's own limit starts when the step runs (m_limit).
    step->start(m_workDir, srun, 0, m_cap);
}

void SlurmStepCommand::onLine(const QString &line)
{
    static const QRegularExpression running(u"^kwb: Slurm step (\\S+) running on (\\S+)"_s);
    if (const QRegularExpressionMatch m = running.match(line); m.hasMatch() && m_queuedMs < 0) {
        m_stepId = m.captured(1);
        m_outcome.node = m.captured(2);
        m_queuedMs = m_queued.elapsed();
        m_runtime.start();
        Q_EMIT jobStateChanged(m_key, u"RUNNING"_s, m_queuedMs);
        if (m_timeoutMs > 0)
            m_limit.start(m_timeoutMs);
    } else if (line.startsWith(u"srun:"_s) || line.startsWith(u"slurmstepd:"_s)) {
        m_slurmSaid << line;
        if (m_slurmSaid.size() > kKeptSlurmLines)
            m_slurmSaid.removeFirst();
    }
    Q_EMIT stderrLine(line);
}

void SlurmStepCommand::onFinished(const CommandOutcome &o)
{
    if (m_done)
        return;
    const QString step =
        m_stepId.isEmpty() ? u"the step in allocation "_s + m_allocationId : u"step "_s + m_stepId;
    const QString said = m_slurmSaid.join(u'\n');
    const QString lastSaid = m_slurmSaid.isEmpty() ? QString() : m_slurmSaid.last();
    m_outcome.stdoutData = o.stdoutData;
    m_outcome.exitCode = o.exitCode;
    m_outcome.stderrTail = o.stderrTail;
    static const QRegularExpression outOfMemory(u"Out Of Memory|oom-kill|OUT_OF_MEMORY"_s,
                                                QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression allocationGone(
        u"Invalid job id|already completing or completed|has been revoked|JOB \\S+ ON \\S+ "
        "CANCELLED"_s);
    static const QRegularExpression clusterEnded(
        u"Node failure|NODE_FAIL|PREEMPT|CANCELLED|Communication connection failure"_s);
    if (m_outcome.cancelled) {
        m_outcome.infraError = u"cancelled"_s;
    } else if (m_overLimit) {
        m_outcome.timedOut = true;
        m_outcome.infraError = u"Slurm "_s + step + u" ran past kwb's limit for the command ("_s +
                               QString::number(m_timeoutMs / 1000) + u" s) and was cancelled"_s;
    } else if (o.overCap) {
        m_outcome.overCap = true;
        m_outcome.infraError = u"the command printed more than "_s + QString::number(m_cap >> 20) +
                               u" MiB on stdout"_s;
    } else if (!o.infraError.isEmpty()) {
        m_outcome.infraError = u"cannot run srun on the login node: "_s + o.infraError;
    } else if (said.contains(outOfMemory)) {
        m_outcome.kernelFailure = u"crash"_s;
        m_outcome.kernelFailureMessage = u"Slurm ended "_s + step + u": out of memory"_s;
    } else if (said.contains(u"DUE TO TIME LIMIT"_s) || said.contains(allocationGone)) {
        // The allocation's end (its time limit, someone cancelled it), not the kernel's.
        m_allocation->lost(m_allocationId);
        m_outcome.infraError = u"Slurm allocation "_s + m_allocationId + u" ended under "_s + step +
                               u" (" + lastSaid + u"); a new one is asked for"_s;
    } else if (m_queuedMs < 0 || said.contains(clusterEnded)) {
        m_outcome.infraError = u"Slurm ended "_s + step + u" before the evaluation finished"_s +
                               (lastSaid.isEmpty() ? QString() : u" ("_s + lastSaid + u')');
    } else {
        // A status over 128 is a signal's (the shell's convention).
        m_outcome.crashed = o.exitCode > 128 || o.crashed;
    }
    finish();
}

void SlurmStepCommand::cancel()
{
    if (m_done || !m_running)
        return;
    m_outcome.cancelled = true;
    if (m_srun)
        return m_srun->cancel(); // srun, told to stop, cancels its step
    m_outcome.infraError = u"cancelled"_s;
    QTimer::singleShot(0, this, &SlurmStepCommand::finish);
}

void SlurmStepCommand::finish()
{
    if (m_done)
        return;
    m_done = true;
    m_running = false;
    m_limit.stop();
    m_outcome.queuedMs = m_queuedMs < 0 ? m_queued.elapsed() : m_queuedMs;
    m_outcome.elapsedMs = m_runtime.isValid() ? m_runtime.elapsed() : 0;
    Q_EMIT finished(m_outcome);
}

} // namespace kwb
