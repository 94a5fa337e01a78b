#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QStringList>
#include <QTimer>
#include <functional>

namespace kwb {

/// The longest stderr line passed on whole; longer ones arrive in pieces.
constexpr qsizetype kMaxStderrLine = qsizetype(64) * 1024;

/// Splits a command's stderr, as it arrives, into lines and keeps the last
/// 40 for error messages. A line without end (a kernel printing 100 MB and
/// no newline) comes out in pieces of kMaxStderrLine, so what is held stays
/// bounded.
class StderrLines
{
public:
    void clear();
    /// The complete lines (and pieces) that `bytes` ends.
    QStringList feed(const QByteArray &bytes);
    /// What is left without a newline, as a last line (none if empty).
    QStringList flush();
    QString tail() const { return m_tail.join(u'\n'); }

private:
    void keep(const QString &line);

    QByteArray m_partial;
    QStringList m_tail;
};

/// How a command on a host ended. `infraError` is set when the command could
/// not be run or was cut off (not started, timed out, stdout over its cap):
/// then the output says nothing about the kernel.
struct CommandOutcome
{
    int exitCode = -1;
    bool crashed = false;
    bool timedOut = false;
    bool overCap = false;
    bool cancelled = false;
    QString infraError;
    QByteArray stdoutData;
    QString stderrTail; ///< last lines of stderr, for error messages
    qint64 elapsedMs = 0;
    /// Time the command waited in a scheduler's queue (Slurm) before it ran;
    /// never part of elapsedMs. -1: it did not queue.
    qint64 queuedMs = -1;
    /// A failure the host saw that is the kernel's, with no result document:
    /// a Slurm job ended at its own time limit ("timeout") or out of memory
    /// ("crash"). Empty otherwise.
    QString kernelFailure;
    QString kernelFailureMessage;
    /// The compute node the command ran on, where the host is a cluster
    /// (Slurm); empty otherwise.
    QString node;
};

/// Runs one command of a target in a work folder on some host: stdout
/// collected (with a cap), stderr streamed line by line, one finished().
class CommandRunner : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    /// `workDir` is the local folder the evaluator prepared; a remote runner
    /// mirrors it to its host first.
    virtual void start(const QString &workDir, const QStringList &argv, int timeoutMs,
                       qint64 stdoutCap) = 0;
    virtual void cancel() = 0;
    virtual bool isRunning() const = 0;

Q_SIGNALS:
    void stderrLine(const QString &line);
    void finished(const kwb::CommandOutcome &outcome);
};

/// Makes the runner an evaluation or a calibration uses (none: the local host).
using RunnerFactory = std::function<CommandRunner *(QObject *parent)>;

/// Runs one command on the local host, asynchronously, the whole process
/// group killed on timeout or cancel so no compiler or kernel outlives it.
class LocalCommand : public CommandRunner
{
    Q_OBJECT
public:
    explicit LocalCommand(QObject *parent = nullptr);
    ~LocalCommand() override;

    void start(const QString &workDir, const QStringList &argv, int timeoutMs,
               qint64 stdoutCap) override;
    void cancel() override;
    bool isRunning() const override;

private:
    void killGroup();
    void onReadyStdout();
    void onReadyStderr();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void finish();

    QProcess *m_process = nullptr;
    QTimer m_timer;
    QElapsedTimer m_clock;
    CommandOutcome m_outcome;
    StderrLines m_stderr;
    qint64 m_cap = 0;
    bool m_done = false;
};

} // namespace kwb
