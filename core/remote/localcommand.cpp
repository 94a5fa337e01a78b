#include "localcommand.h"

#include <csignal>
#include <sys/types.h>
#include <unistd.h>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

LocalCommand::LocalCommand(QObject *parent) : CommandRunner(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        m_outcome.timedOut = true;
        killGroup();
    });
}

LocalCommand::~LocalCommand()
{
    if (isRunning()) {
        m_done = true; // no signals from a dying object
        const qint64 pid = m_process->processId();
        if (pid > 0)
            ::kill(-pid_t(pid), SIGTERM);
        if (!m_process->waitForFinished(1000) && pid > 0)
            ::kill(-pid_t(pid), SIGKILL);
        m_process->waitForFinished(1000);
    }
}

bool LocalCommand::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

void LocalCommand::start(const QString &workDir, const QStringList &argv, int timeoutMs,
                         qint64 stdoutCap)
{
    Q_ASSERT(!argv.isEmpty());
    m_outcome = {};
    m_done = false;
    m_cap = stdoutCap;
    m_stderr.clear();
    delete m_process;
    m_process = new QProcess(this);
    m_process->setWorkingDirectory(workDir);
    m_process->setProgram(argv.first());
    m_process->setArguments(argv.mid(1));
    // A group of its own, so a timeout can take the compiler, the harness
    // and the kernel down together.
    m_process->setChildProcessModifier([] { ::setpgid(0, 0); });
    connect(m_process, &QProcess::readyReadStandardOutput, this, &LocalCommand::onReadyStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &LocalCommand::onReadyStderr);
    connect(m_process, &QProcess::finished, this, &LocalCommand::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &LocalCommand::onError);
    m_clock.start();
    if (timeoutMs > 0)
        m_timer.start(timeoutMs);
    m_process->start();
}

void LocalCommand::cancel()
{
    if (!isRunning())
        return;
    m_outcome.cancelled = true;
    killGroup();
}

void LocalCommand::killGroup()
{
    if (!m_process)
        return;
    const qint64 pid = m_process->processId();
    if (pid <= 0)
        return;
    // SIGTERM first: the target's supervisor then kills the children it put
    // in groups of their own. SIGKILL follows if it has not gone in time.
    ::kill(-pid_t(pid), SIGTERM);
    QTimer::singleShot(1000, m_process, [process = QPointer<QProcess>(m_process), pid] {
        if (process && process->state() != QProcess::NotRunning) {
            ::kill(-pid_t(pid), SIGKILL);
            process->kill();
        }
    });
}

void LocalCommand::onReadyStdout()
{
    const QByteArray chunk = m_process->readAllStandardOutput();
    if (m_outcome.overCap)
        return;
    if (m_outcome.stdoutData.size() + chunk.size() > m_cap) {
        m_outcome.overCap = true;
        killGroup();
        return;
    }
    m_outcome.stdoutData += chunk;
}

void StderrLines::clear()
{
    m_partial.clear();
    m_tail.clear();
}

void StderrLines::keep(const QString &line)
{
    m_tail.append(line);
    if (m_tail.size() > 40)
        m_tail.removeFirst();
}

QStringList StderrLines::feed(const QByteArray &bytes)
{
    m_partial += bytes;
    QStringList lines;
    qsizetype nl;
    while ((nl = m_partial.indexOf('\n')) >= 0) {
        lines.append(QString::fromUtf8(m_partial.left(nl)));
        m_partial.remove(0, nl + 1);
    }
    while (m_partial.size() > kMaxStderrLine) {
        lines.append(QString::fromUtf8(m_partial.left(kMaxStderrLine)));
        m_partial.remove(0, kMaxStderrLine);
    }
    for (const QString &line : lines)
        keep(line);
    return lines;
}

QStringList StderrLines::flush()
{
    if (m_partial.isEmpty())
        return {};
    const QString line = QString::fromUtf8(m_partial);
    m_partial.clear();
    keep(line);
    return {line};
}

void LocalCommand::onReadyStderr()
{
    for (const QString &line : m_stderr.feed(m_process->readAllStandardError()))
        Q_EMIT stderrLine(line);
}

void LocalCommand::onFinished(int exitCode, QProcess::ExitStatus status)
{
    m_outcome.exitCode = exitCode;
    m_outcome.crashed = status == QProcess::CrashExit;
    finish();
}

void LocalCommand::onError(QProcess::ProcessError error)
{
    if (error == QProcess::FailedToStart) {
        m_outcome.infraError =
            u"cannot start '"_s + m_process->program() + u"': "_s + m_process->errorString();
        finish();
    }
}

void LocalCommand::finish()
{
    if (m_done)
        return;
    m_done = true;
    m_timer.stop();
    onReadyStdout();
    onReadyStderr();
    for (const QString &line : m_stderr.flush())
        Q_EMIT stderrLine(line);
    // Reap whatever the group left behind (a backgrounded child, say).
    const qint64 pid = m_process->processId();
    if (pid > 0)
        ::kill(-pid_t(pid), SIGKILL);
    m_outcome.elapsedMs = m_clock.elapsed();
    m_outcome.stderrTail = m_stderr.tail();
    if (m_outcome.infraError.isEmpty()) {
        if (m_outcome.timedOut)
            m_outcome.infraError = u"the command ran past its time limit and was killed"_s;
        else if (m_outcome.overCap)
            m_outcome.infraError = u"the command printed more than "_s +
                                   QString::number(m_cap >> 20) +
                                   u" MiB on stdout and was stopped"_s;
        else if (m_outcome.cancelled)
            m_outcome.infraError = u"cancelled"_s;
    }
    Q_EMIT finished(m_outcome);
}

} // namespace kwb
