#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QStringList>
#include <QTimer>

namespace kwb {

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
};

/// Runs one command on the local host, asynchronously: stdout collected (with
/// a cap), stderr streamed line by line, the whole process group killed on
/// timeout or cancel so no compiler or kernel outlives it.
class LocalCommand : public QObject
{
    Q_OBJECT
public:
    explicit LocalCommand(QObject *parent = nullptr);
    ~LocalCommand() override;

    void start(const QString &workDir, const QStringList &argv, int timeoutMs, qint64 stdoutCap);
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void stderrLine(const QString &line);
    void finished(const kwb::CommandOutcome &outcome);

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
    QByteArray m_stderrPartial;
    QStringList m_stderrTail;
    qint64 m_cap = 0;
    bool m_done = false;
};

} // namespace kwb
