#pragma once

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <thread>

class QEventLoop;
class QTimer;

namespace kwb {

/// Where to connect: `user@host[:port]`, `host`, or an alias of
/// ~/.ssh/config (HostName, User, Port, IdentityFile, ProxyJump honoured).
struct SshTarget
{
    QString host; ///< as written: a host name, an address or a config alias
    QString user; ///< empty: from the config, else the local user
    int port = 0; ///< 0: from the config, else 22

    static std::optional<SshTarget> parse(const QString &spec, QString *error);
    QString toString() const;
};

/// One question of a keyboard-interactive exchange.
struct SshPrompt
{
    QString text;      ///< "Password: ", "Verification code: "
    bool echo = false; ///< false: the answer is secret (not shown as typed)
};

struct SshOptions
{
    QString knownHostsFile;        ///< default ~/.ssh/known_hosts
    QString configFile;            ///< default ~/.ssh/config; "none" to skip
    QStringList identityFiles;     ///< tried besides the agent and the config's
    bool acceptNewHostKey = false; ///< an unknown key is added; a changed one is always refused
    int connectTimeoutS = 10;
    int keepaliveS = 30; ///< an SSH_MSG_IGNORE this often keeps NAT and firewalls open; 0: never
    /// Asked (on the connection's thread) for the passphrase of an encrypted
    /// key file when the agent and unencrypted keys did not do; an empty
    /// answer skips the key. `retry`: the last answer for this key was
    /// wrong. The answer is kept in memory for reconnects and never written
    /// anywhere.
    std::function<QString(const QString &keyFile, bool retry)> passphrase;
    /// Asked (on the connection's thread) whether to trust a host whose key
    /// known_hosts does not have yet: host, SHA256 fingerprint. True adds it.
    /// Not asked for a changed key (always refused).
    std::function<bool(const QString &host, const QString &fingerprint)> confirmNewHostKey;
    /// Keyboard-interactive authentication (PAM prompts, one-time codes),
    /// tried after the agent and key files: asked (on the connection's
    /// thread) with the server's instruction and questions; one answer per
    /// question, or an empty list to give up. Answers are never kept.
    std::function<QStringList(const QString &instruction, const QList<SshPrompt> &prompts)>
        keyboardInteractive;
};

/// What a job came back with.
struct SshResult
{
    bool ok = false;
    QString error;               ///< set when !ok
    bool connectionLost = false; ///< the host went away: retry, do not blame the kernel
    bool hostKeyRefused = false; ///< unknown (not accepted) or changed host key
    bool timedOut = false;
    bool cancelled = false; ///< exec: stopped by cancel(); the remote command was killed
    int exitStatus = -1;    ///< exec: the command's exit status
    QByteArray output;      ///< exec: stdout (capped); download: the file
    bool truncated = false; ///< the cap was reached; the rest was read and dropped
    QString fingerprint;    ///< the server's key, SHA256:…
    double runMs = 0; ///< how long the job ran on the connection (its wait in the queue excluded)
};

class SshWorker;

/// One persistent SSH connection, owned by one worker thread that runs its
/// jobs in order (libssh sessions must not be shared across threads);
/// results come back as queued signals. The connection is opened by the
/// first job and reopened by the next one after a loss.
class SshConnection : public QObject
{
    Q_OBJECT
public:
    SshConnection(const SshTarget &target, const SshOptions &options, QObject *parent = nullptr);
    ~SshConnection() override;

    const SshTarget &target() const { return m_target; }

    /// Each starts a job and returns its id; finished(id, result) follows.
    int connectToHost();
    /// Runs `command` (an argument list, quoted for the remote shell so no
    /// argument can inject shell syntax) with a time limit; stdout is kept
    /// up to `maxOutput` bytes, stderr lines are streamed as outputLine().
    int exec(const QStringList &command, int timeoutMs, qint64 maxOutput = 4 << 20);
    /// A command line written as shell (for `cd DIR && …`): the caller quotes.
    int execShell(const QString &commandLine, int timeoutMs, qint64 maxOutput = 4 << 20);
    int upload(const QByteArray &data, const QString &remotePath, int mode = 0644);
    int download(const QString &remotePath, qint64 maxBytes = 64 << 20);
    /// Creates a directory and its parents.
    int makePath(const QString &remotePath);
    /// Stops exec job `id`: killed on the host (with everything it started)
    /// if running, skipped if still queued; it finishes with `cancelled`.
    /// Callable from any thread.
    void cancel(int id);

    /// Calls `then` (on `context`'s thread) once, when job `id` finishes.
    void onFinished(int id, QObject *context, std::function<void(const SshResult &)> then);

    /// Runs this thread's event loop until job `id` finishes (or has
    /// finished) or `timeoutMs` passes. Results not waited for are kept
    /// for a while (the last 4,096).
    SshResult wait(int id, int timeoutMs);

    static QString shellQuote(const QString &arg);
    static QString commandLine(const QStringList &argv);

Q_SIGNALS:
    void finished(int job, const kwb::SshResult &result);
    void outputLine(int job, const QString &line);

private:
    int post(std::function<SshResult(SshWorker &, int)> work);

    SshTarget m_target;
    QTimer *m_keepalive = nullptr;
    std::thread m_thread;                         // joined by the destructor
    QEventLoop *m_loop = nullptr;                 // m_thread's
    SshWorker *m_worker = nullptr;                // lives in m_thread
    std::shared_ptr<struct SshCancels> m_cancels; // shared with the worker
    QHash<int, SshResult> m_done;                 // finished jobs not yet taken by wait()
    int m_nextJob = 1;
};

} // namespace kwb
