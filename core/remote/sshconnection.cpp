#include "sshconnection.h"

#include "remote/localcommand.h"
#include "util/logging.h"
#include "util/messages.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QHash>
#include <QMetaObject>
#include <QMutex>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSemaphore>
#include <QSet>
#include <QThread>
#include <QTimer>
#include <atomic>
#include <fcntl.h>
#include <functional>
#include <libssh/libssh.h>
#include <libssh/sftp.h>
#include <pthread.h>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

/// Exec jobs to stop, written by any thread, read by the worker.
struct SshCancels
{
    QMutex mutex;
    QSet<int> jobs;
    std::atomic<bool> closing{false}; ///< the connection is going: queued jobs are skipped
    bool take(int job)
    {
        QMutexLocker lock(&mutex);
        return jobs.remove(job);
    }
};

namespace {

// RAII for every libssh handle.
struct SessionFree
{
    void operator()(ssh_session s) const
    {
        ssh_disconnect(s);
        ssh_free(s);
    }
};
struct ChannelFree
{
    void operator()(ssh_channel c) const
    {
        ssh_channel_close(c);
        ssh_channel_free(c);
    }
};
struct SftpFree
{
    void operator()(sftp_session s) const { sftp_free(s); }
};
struct SftpFileFree
{
    void operator()(sftp_file f) const { sftp_close(f); }
};
struct KeyFree
{
    void operator()(ssh_key k) const { ssh_key_free(k); }
};
using Session = std::unique_ptr<std::remove_pointer_t<ssh_session>, SessionFree>;
using Channel = std::unique_ptr<std::remove_pointer_t<ssh_channel>, ChannelFree>;
using Sftp = std::unique_ptr<std::remove_pointer_t<sftp_session>, SftpFree>;
using SftpFile = std::unique_ptr<std::remove_pointer_t<sftp_file>, SftpFileFree>;
using Key = std::unique_ptr<std::remove_pointer_t<ssh_key>, KeyFree>;

SshResult failure(const QString &message, bool lost = false)
{
    SshResult r;
    r.error = message;
    r.connectionLost = lost;
    return r;
}

} // namespace

/// Owns the libssh session; every method runs on the worker thread.
class SshWorker : public QObject
{
    Q_OBJECT
public:
    SshWorker(const SshTarget &target, const SshOptions &options,
              std::shared_ptr<SshCancels> cancels)
        : m_target(target), m_options(options), m_cancels(std::move(cancels))
    {
    }

    SshResult connect();
    SshResult exec(const QString &commandLine, int timeoutMs, qint64 maxOutput, int job);
    SshResult upload(const QByteArray &data, const QString &remotePath, int mode);
    SshResult download(const QString &remotePath, qint64 maxBytes);
    SshResult makePath(const QString &remotePath);
    /// Keeps an idle connection alive; never opens one.
    void keepalive()
    {
        if (connected())
            ssh_send_ignore(m_session.get(), "kwb keepalive");
    }

Q_SIGNALS:
    void done(int job, const kwb::SshResult &result);
    void line(int job, const QString &text);

private:
    bool connected() const { return m_session && ssh_is_connected(m_session.get()); }
    QString where() const { return m_target.toString(); }
    /// Drops the session after a loss; the next job reconnects. Close every
    /// channel and file of the session before calling this.
    SshResult lost(const QString &what)
    {
        const QString detail =
            m_session ? QString::fromUtf8(ssh_get_error(m_session.get())) : QString();
        m_shell.reset();
        m_sftp.reset();
        m_session.reset();
        return failure(what + u": "_s + detail, true);
    }
    Sftp *sftp(SshResult *error);
    // The steps of connect(): each fills `result` and says whether to go on.
    /// A new session with ~/.ssh/config and the target's own settings;
    /// the known_hosts file it checks against.
    QByteArray configureSession();
    /// The server's key against known_hosts: unknown is refused unless the
    /// engineer accepts it; changed is always refused.
    bool verifyHostKey(const QByteArray &knownHosts, SshResult &result);
    /// The agent, then key files (the config's, the options', the
    /// defaults; an encrypted one asks its passphrase), then
    /// keyboard-interactive where the server offers it.
    bool authenticate(SshResult &result);
    int authenticateWithPassphrases(SshResult &result);
    int authenticateInteractive(SshResult &result);

    SshTarget m_target;
    SshOptions m_options;
    std::shared_ptr<SshCancels> m_cancels;
    Session m_session;
    Sftp m_sftp;
    Channel m_shell;                          ///< the long-lived `sh` commands run in
    QHash<QString, QByteArray> m_passphrases; ///< key file → passphrase, in memory only
    QSet<QString> m_wrongPassphrase;          ///< key files whose last answer was wrong
    QByteArray m_nonce = QByteArray::number(QRandomGenerator::global()->generate64(), 16);
};

SshResult SshWorker::connect()
{
    if (connected()) {
        SshResult ok;
        ok.ok = true;
        return ok;
    }
    const QByteArray knownHosts = configureSession();
    if (ssh_connect(m_session.get()) != SSH_OK)
        return lost(SshText::tr("cannot connect to %1").arg(where()));
    SshResult result;
    if (!verifyHostKey(knownHosts, result) || !authenticate(result)) {
        m_session.reset();
        return result;
    }
    result.error.clear(); // an earlier way may have failed on the way
    result.ok = true;
    return result;
}

QByteArray SshWorker::configureSession()
{
    m_shell.reset();
    m_sftp.reset();
    m_session.reset(ssh_new());
    ssh_session s = m_session.get();
    const QByteArray host = m_target.host.toUtf8();
    ssh_options_set(s, SSH_OPTIONS_HOST, host.constData());
    // ~/.ssh/config first (HostName, User, Port, IdentityFile, ProxyJump),
    // then what the target states explicitly.
    if (m_options.configFile != u"none"_s) {
        const QByteArray config = m_options.configFile.toUtf8();
        ssh_options_parse_config(s, m_options.configFile.isEmpty() ? nullptr : config.constData());
    }
    if (!m_target.user.isEmpty()) {
        const QByteArray user = m_target.user.toUtf8();
        ssh_options_set(s, SSH_OPTIONS_USER, user.constData());
    }
    if (m_target.port > 0) {
        const unsigned int port = unsigned(m_target.port);
        ssh_options_set(s, SSH_OPTIONS_PORT, &port);
    }
    const long timeout = m_options.connectTimeoutS;
    ssh_options_set(s, SSH_OPTIONS_TIMEOUT, &timeout);
    const int noDelay = 1; // small request/answer packets: no Nagle delays
    ssh_options_set(s, SSH_OPTIONS_NODELAY, &noDelay);
    QByteArray knownHosts =
        (m_options.knownHostsFile.isEmpty() ? QDir::homePath() + u"/.ssh/known_hosts"_s
                                            : m_options.knownHostsFile)
            .toUtf8();
    ssh_options_set(s, SSH_OPTIONS_KNOWNHOSTS, knownHosts.constData());
    for (const QString &identity : std::as_const(m_options.identityFiles)) {
        const QByteArray path = identity.toUtf8();
        ssh_options_set(s, SSH_OPTIONS_ADD_IDENTITY, path.constData());
    }
    return knownHosts;
}

bool SshWorker::verifyHostKey(const QByteArray &knownHosts, SshResult &result)
{
    ssh_session s = m_session.get();
    ssh_key raw = nullptr;
    if (ssh_get_server_publickey(s, &raw) == SSH_OK) {
        Key key(raw);
        unsigned char *hash = nullptr;
        size_t length = 0;
        if (ssh_get_publickey_hash(key.get(), SSH_PUBLICKEY_HASH_SHA256, &hash, &length) == 0) {
            char *text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, length);
            result.fingerprint = QString::fromUtf8(text);
            ssh_string_free_char(text);
            ssh_clean_pubkey_hash(&hash);
        }
    }
    switch (ssh_session_is_known_server(s)) {
    case SSH_KNOWN_HOSTS_OK:
        return true;
    case SSH_KNOWN_HOSTS_CHANGED:
    case SSH_KNOWN_HOSTS_OTHER:
        result.error =
            SshText::tr(
                "the host key of %1 has CHANGED (now %2): refusing to connect. If the host was "
                "reinstalled, remove its line from %3; otherwise someone may be intercepting "
                "the connection.")
                .arg(where(), result.fingerprint, QString::fromUtf8(knownHosts));
        result.hostKeyRefused = true;
        return false;
    case SSH_KNOWN_HOSTS_NOT_FOUND:
    case SSH_KNOWN_HOSTS_UNKNOWN:
        if (!m_options.acceptNewHostKey &&
            !(m_options.confirmNewHostKey &&
              m_options.confirmNewHostKey(where(), result.fingerprint))) {
            result.error = SshText::tr("unknown host key for %1 (%2); accept it to connect (kwb: "
                                       "--accept-new-host-key)")
                               .arg(where(), result.fingerprint);
            result.hostKeyRefused = true;
            return false;
        }
        if (ssh_session_update_known_hosts(s) != SSH_OK) {
            result.error = SshText::tr("cannot add %1 to %2: %3")
                               .arg(where(), QString::fromUtf8(knownHosts),
                                    QString::fromUtf8(ssh_get_error(s)));
            return false;
        }
        return true;
    case SSH_KNOWN_HOSTS_ERROR:
        break;
    }
    result.error = SshText::tr("cannot check the host key of %1: %2")
                       .arg(where(), QString::fromUtf8(ssh_get_error(s)));
    return false;
}

bool SshWorker::authenticate(SshResult &result)
{
    ssh_session s = m_session.get();
    int rc = ssh_userauth_none(s, nullptr);
    if (rc != SSH_AUTH_SUCCESS && qEnvironmentVariableIsSet("SSH_AUTH_SOCK"))
        rc = ssh_userauth_agent(s, nullptr);
    if (rc != SSH_AUTH_SUCCESS)
        rc = ssh_userauth_publickey_auto(s, nullptr, nullptr);
    if (rc != SSH_AUTH_SUCCESS && m_options.passphrase)
        rc = authenticateWithPassphrases(result);
    if (rc != SSH_AUTH_SUCCESS && m_options.keyboardInteractive &&
        (ssh_userauth_list(s, nullptr) & SSH_AUTH_METHOD_INTERACTIVE))
        rc = authenticateInteractive(result);
    if (rc == SSH_AUTH_SUCCESS)
        return true;
    if (result.error.isEmpty())
        result.error = SshText::tr("cannot authenticate to %1 (tried the agent, key files and "
                                   "keyboard-interactive where "
                                   "offered): %2")
                           .arg(where(), QString::fromUtf8(ssh_get_error(s)));
    return false;
}

int SshWorker::authenticateWithPassphrases(SshResult &result)
{
    // Encrypted key files: ask once per key, keep the answer in memory.
    ssh_session s = m_session.get();
    int rc = SSH_AUTH_DENIED;
    QStringList files = m_options.identityFiles;
    for (const char *name : {"id_ed25519", "id_ecdsa", "id_rsa"})
        files << QDir::homePath() + u"/.ssh/"_s + QLatin1String(name);
    for (const QString &file : std::as_const(files)) {
        if (rc == SSH_AUTH_SUCCESS)
            break;
        const QByteArray path = file.toUtf8();
        ssh_key plain = nullptr;
        if (!QFileInfo::exists(file) ||
            ssh_pki_import_privkey_file(path.constData(), nullptr, nullptr, nullptr, &plain) ==
                SSH_OK) {
            ssh_key_free(plain);
            continue; // missing, or not encrypted (the auto attempt had it)
        }
        if (!m_passphrases.contains(file))
            m_passphrases.insert(
                file, m_options.passphrase(file, m_wrongPassphrase.contains(file)).toUtf8());
        const QByteArray pass = m_passphrases.value(file);
        ssh_key unlocked = nullptr;
        if (pass.isEmpty() || ssh_pki_import_privkey_file(path.constData(), pass.constData(),
                                                          nullptr, nullptr, &unlocked) != SSH_OK) {
            m_passphrases.remove(file); // wrong: ask again next time
            m_wrongPassphrase.insert(file);
            result.error = SshText::tr("the passphrase for %1 is not right").arg(file);
            continue;
        }
        m_wrongPassphrase.remove(file);
        Key key(unlocked);
        rc = ssh_userauth_publickey(s, nullptr, key.get());
    }
    return rc;
}

int SshWorker::authenticateInteractive(SshResult &result)
{
    ssh_session s = m_session.get();
    int rc = ssh_userauth_kbdint(s, nullptr, nullptr);
    while (rc == SSH_AUTH_INFO) {
        const int n = ssh_userauth_kbdint_getnprompts(s);
        QString instruction = QString::fromUtf8(ssh_userauth_kbdint_getname(s));
        const QString more = QString::fromUtf8(ssh_userauth_kbdint_getinstruction(s));
        if (!more.isEmpty())
            instruction += (instruction.isEmpty() ? QString() : u"\n"_s) + more;
        QList<SshPrompt> prompts;
        for (int i = 0; i < n; ++i) {
            char echo = 0;
            const char *text = ssh_userauth_kbdint_getprompt(s, unsigned(i), &echo);
            prompts.append({QString::fromUtf8(text), echo != 0});
        }
        // A round with no questions (servers send one) needs no asking.
        const QStringList answers =
            n == 0 ? QStringList() : m_options.keyboardInteractive(instruction, prompts);
        if (answers.size() != n) {
            result.error =
                SshText::tr("keyboard-interactive authentication to %1 was cancelled").arg(where());
            return rc;
        }
        for (int i = 0; i < n; ++i) {
            QByteArray answer = answers.at(i).toUtf8();
            ssh_userauth_kbdint_setanswer(s, unsigned(i), answer.constData());
            answer.fill('\0');
        }
        rc = ssh_userauth_kbdint(s, nullptr, nullptr);
    }
    if (rc != SSH_AUTH_SUCCESS && result.error.isEmpty())
        result.error =
            SshText::tr("keyboard-interactive authentication to %1 was refused (wrong answers?)")
                .arg(where());
    return rc;
}

SshResult SshWorker::exec(const QString &commandLine, int timeoutMs, qint64 maxOutput, int job)
{
    if (m_cancels->take(job)) {
        SshResult r = failure(SshText::tr("cancelled before it ran"));
        r.cancelled = true;
        return r;
    }
    if (SshResult c = connect(); !c.ok)
        return c;
    // Commands go to one long-lived `sh` on an exec channel: a new channel
    // per command costs the server a session each time (~80 ms here), the
    // shell costs one write. Each command runs in a subshell with no stdin,
    // under `timeout`, followed by a marker with its exit status on both
    // streams, so its output and its end are known exactly.
    if (!m_shell) {
        m_shell.reset(ssh_channel_new(m_session.get()));
        if (!m_shell || ssh_channel_open_session(m_shell.get()) != SSH_OK ||
            ssh_channel_request_exec(m_shell.get(), "exec sh") != SSH_OK) {
            m_shell.reset();
            return lost(SshText::tr("cannot start a shell on %1").arg(where()));
        }
    }
    ssh_channel channel = m_shell.get();
    const QByteArray mark = "KWB-END-" + m_nonce + '-' + QByteArray::number(job);
    const QByteArray pidMark = "KWB-PID-" + m_nonce + '-' + QByteArray::number(job);
    // `timeout` (0: no limit) puts the command in a process group of its
    // own and passes a TERM on to all of it: that is how cancel() stops it.
    const QString limited = u"timeout -s KILL "_s +
                            QString::number(timeoutMs > 0 ? (timeoutMs + 999) / 1000 : 0) +
                            u" sh -c "_s + SshConnection::shellQuote(commandLine);
    const QByteArray script = limited.toUtf8() + " </dev/null & kwb_pid=$!; printf '%s %d\\n' " +
                              pidMark + " $kwb_pid >&2; wait $kwb_pid; printf '\\n%s %d\\n' " +
                              mark + " $?; printf '%s\\n' " + mark + " >&2\n";
    if (ssh_channel_write(channel, script.constData(), uint32_t(script.size())) !=
        int(script.size())) {
        m_shell.reset();
        return lost(SshText::tr("cannot send a command to %1").arg(where()));
    }
    SshResult r;
    QElapsedTimer clock;
    clock.start();
    QByteArray err, tail; // tail: the last bytes of stdout, where the marker shows up
    bool outDone = false, errDone = false;
    QByteArray remotePid; // of the `timeout` that leads the command's process group
    bool killSent = false;
    char buffer[16384];
    auto drain = [&](int isStderr) {
        for (;;) {
            const int n = ssh_channel_read_nonblocking(channel, buffer, sizeof buffer, isStderr);
            if (n == SSH_ERROR)
                return false;
            if (n <= 0)
                return true;
            if (isStderr) {
                err.append(buffer, n);
                qsizetype at;
                while ((at = err.indexOf('\n')) >= 0) {
                    const QByteArray l = err.left(at);
                    err.remove(0, at + 1);
                    if (l == mark)
                        errDone = true;
                    else if (l.startsWith(QByteArray(pidMark + ' ')))
                        remotePid = l.mid(pidMark.size() + 1);
                    else
                        Q_EMIT line(job, QString::fromUtf8(l));
                }
                while (err.size() > kMaxStderrLine) { // a line without end, in pieces
                    Q_EMIT line(job, QString::fromUtf8(err.left(kMaxStderrLine)));
                    err.remove(0, kMaxStderrLine);
                }
                continue;
            }
            tail.append(buffer, n);
            if (r.output.size() < maxOutput + mark.size() + 16)
                r.output.append(buffer, n);
            else
                r.truncated =
                    true; // read on, keep nothing: the command must not block on a full pipe
            const QByteArray needle = QByteArray("\n") + mark + ' ';
            const qsizetype at = tail.indexOf(needle);
            if (at >= 0 && tail.indexOf('\n', at + 1) >= 0) {
                const qsizetype eol = tail.indexOf('\n', at + 1);
                r.exitStatus = tail.mid(at + mark.size() + 2, eol - at - mark.size() - 2).toInt();
                // The output ends where the marker begins.
                const qsizetype markAt = r.output.lastIndexOf(needle);
                if (markAt >= 0)
                    r.output.truncate(markAt);
                outDone = true;
            }
            if (tail.size() > 4 * (mark.size() + 16))
                tail.remove(0, tail.size() - 2 * (mark.size() + 16));
        }
    };
    while (!(outDone && errDone)) {
        const int ready = ssh_channel_poll_timeout(channel, 50, 0);
        if (ready == SSH_ERROR || !drain(0) || !drain(1) || !ssh_is_connected(m_session.get())) {
            m_shell.reset();
            return lost(SshText::tr("connection to %1 lost while running a command").arg(where()));
        }
        if (!r.cancelled && m_cancels->take(job))
            r.cancelled = true;
        if (r.cancelled && !killSent && !remotePid.isEmpty()) {
            // On a second channel: the shell is busy waiting for the command.
            killSent = true;
            Channel kill(ssh_channel_new(m_session.get()));
            const QByteArray line = "kill -TERM " + remotePid;
            if (kill && ssh_channel_open_session(kill.get()) == SSH_OK)
                ssh_channel_request_exec(kill.get(), line.constData());
        }
        if (ssh_channel_is_eof(channel) && !(outDone && errDone)) {
            m_shell.reset(); // the shell itself ended: a fresh one next time
            return failure(
                SshText::tr("the shell on %1 ended while running a command").arg(where()));
        }
        if (timeoutMs > 0 && clock.elapsed() > timeoutMs + 5000) {
            m_shell.reset(); // `timeout` did not end it: drop the shell and what runs in it
            r.timedOut = true;
            r.error = SshText::tr("the command ran past its limit of %1 s on %2")
                          .arg(QString::number(timeoutMs / 1000.0), where());
            return r;
        }
    }
    if (r.output.size() > maxOutput) {
        r.output.truncate(maxOutput);
        r.truncated = true;
    }
    if (r.cancelled) {
        r.error = SshText::tr("cancelled");
        return r;
    }
    if (timeoutMs > 0 && r.exitStatus == 137 && clock.elapsed() >= timeoutMs) {
        r.timedOut = true;
        r.error = SshText::tr("the command ran past its limit of %1 s on %2")
                      .arg(QString::number(timeoutMs / 1000.0), where());
        return r;
    }
    r.ok = true;
    return r;
}

Sftp *SshWorker::sftp(SshResult *error)
{
    if (SshResult c = connect(); !c.ok) {
        *error = c;
        return nullptr;
    }
    if (!m_sftp) {
        m_sftp.reset(sftp_new(m_session.get()));
        if (!m_sftp || sftp_init(m_sftp.get()) != SSH_OK) {
            *error = lost(SshText::tr("cannot start SFTP on %1").arg(where()));
            return nullptr;
        }
    }
    return &m_sftp;
}

SshResult SshWorker::upload(const QByteArray &data, const QString &remotePath, int mode)
{
    SshResult r;
    Sftp *s = sftp(&r);
    if (!s)
        return r;
    const QByteArray path = remotePath.toUtf8();
    SftpFile file(
        sftp_open(s->get(), path.constData(), O_WRONLY | O_CREAT | O_TRUNC, mode_t(mode)));
    if (!file) {
        if (!ssh_is_connected(m_session.get()))
            return lost(SshText::tr("connection lost while uploading %1").arg(remotePath));
        return failure(
            SshText::tr("cannot write %1 on %2: %3")
                .arg(remotePath, where(), QString::fromUtf8(ssh_get_error(m_session.get()))));
    }
    for (qsizetype at = 0; at < data.size();) {
        const ssize_t n = sftp_write(file.get(), data.constData() + at,
                                     size_t(std::min<qsizetype>(data.size() - at, 32768)));
        if (n < 0)
            return file.reset(),
                   lost(SshText::tr("connection lost while uploading %1").arg(remotePath));
        at += n;
    }
    r.ok = true;
    return r;
}

SshResult SshWorker::download(const QString &remotePath, qint64 maxBytes)
{
    SshResult r;
    Sftp *s = sftp(&r);
    if (!s)
        return r;
    const QByteArray path = remotePath.toUtf8();
    SftpFile file(sftp_open(s->get(), path.constData(), O_RDONLY, 0));
    if (!file)
        return failure(SshText::tr("cannot read %1 on %2").arg(remotePath, where()));
    char buffer[32768];
    for (;;) {
        const ssize_t n = sftp_read(file.get(), buffer, sizeof buffer);
        if (n < 0)
            return file.reset(),
                   lost(SshText::tr("connection lost while downloading %1").arg(remotePath));
        if (n == 0)
            break;
        if (r.output.size() + n > maxBytes) {
            r.truncated = true;
            break;
        }
        r.output.append(buffer, n);
    }
    r.ok = true;
    return r;
}

SshResult SshWorker::makePath(const QString &remotePath)
{
    SshResult r;
    Sftp *s = sftp(&r);
    if (!s)
        return r;
    QString at = remotePath.startsWith(u'/') ? u"/"_s : QString();
    for (const QString &part : remotePath.split(u'/', Qt::SkipEmptyParts)) {
        at += part;
        const QByteArray path = at.toUtf8();
        if (sftp_mkdir(s->get(), path.constData(), 0755) != SSH_OK &&
            sftp_get_error(s->get()) != SSH_FX_FILE_ALREADY_EXISTS) {
            sftp_attributes attributes = sftp_stat(s->get(), path.constData());
            const bool exists = attributes != nullptr;
            sftp_attributes_free(attributes);
            if (!exists)
                return failure(SshText::tr("cannot create %1 on %2").arg(at, where()));
        }
        at += u'/';
    }
    r.ok = true;
    return r;
}

std::optional<SshTarget> SshTarget::parse(const QString &spec, QString *error)
{
    SshTarget t;
    QString rest = spec.trimmed();
    if (const qsizetype at = rest.lastIndexOf(u'@'); at >= 0) {
        t.user = rest.left(at);
        rest = rest.mid(at + 1);
    }
    if (const qsizetype colon = rest.lastIndexOf(u':'); colon >= 0 && !rest.startsWith(u'[')) {
        bool ok = false;
        t.port = rest.mid(colon + 1).toInt(&ok);
        if (!ok || t.port <= 0 || t.port > 65535) {
            *error = u"'"_s + spec + u"': the port must be a number from 1 to 65535"_s;
            return std::nullopt;
        }
        rest = rest.left(colon);
    }
    t.host = rest;
    if (t.host.isEmpty() || t.host.contains(u' ')) {
        *error = u"'"_s + spec + u"' is not user@host[:port] or a host alias"_s;
        return std::nullopt;
    }
    return t;
}

QString SshTarget::toString() const
{
    return (user.isEmpty() ? QString() : user + u'@') + host +
           (port > 0 ? u':' + QString::number(port) : QString());
}

SshConnection::SshConnection(const SshTarget &target, const SshOptions &options, QObject *parent)
    : QObject(parent), m_target(target), m_cancels(std::make_shared<SshCancels>())
{
    qRegisterMetaType<kwb::SshResult>();
    // The worker lives and dies on a thread of its own, which the destructor
    // joins. A QThread is detached: its wait() returns before the thread's
    // thread-local destructors have run (OpenSSL's per-thread state, which
    // libssh's crypto made there), and at kwb's exit they raced OpenSSL's
    // own clean-up, freeing the same memory now and then (issue 48).
    QSemaphore started;
    m_thread = std::thread([this, target, options, cancels = m_cancels, &started] {
        const QString name = u"ssh "_s + target.toString();
        QThread::currentThread()->setObjectName(name);
        pthread_setname_np(pthread_self(),
                           name.left(15).toUtf8().constData()); // for gdb, top, perf
        QEventLoop loop;
        SshWorker worker(target, options, cancels);
        m_loop = &loop;
        m_worker = &worker;
        started.release();
        loop.exec();
    });
    started.acquire();
    connect(m_worker, &SshWorker::done, this, [this](int id, const SshResult &r) {
        // Kept for wait(): a job can finish while another is being waited for.
        qCDebug(lcSsh).noquote() << "job" << id << (r.ok ? "ok" : "failed") << "in" << r.runMs
                                 << "ms" << r.error;
        m_done.insert(id, r);
        while (m_done.size() > 4096)
            m_done.erase(m_done.begin());
        Q_EMIT finished(id, r);
    });
    connect(m_worker, &SshWorker::line, this, &SshConnection::outputLine);
    if (options.keepaliveS > 0) {
        m_keepalive = new QTimer(this);
        QPointer<SshWorker> worker = m_worker;
        connect(m_keepalive, &QTimer::timeout, this, [worker] {
            if (worker)
                QMetaObject::invokeMethod(
                    worker,
                    [worker] {
                        if (worker)
                            worker->keepalive();
                    },
                    Qt::QueuedConnection);
        });
        m_keepalive->start(options.keepaliveS * 1000);
    }
}

SshConnection::~SshConnection()
{
    // After the running job (every libssh call has a time limit): the jobs
    // still queued are skipped, then the loop meets a posted quit (never a
    // quit called from here, which exec() would clear if it had not started
    // yet). The worker goes with its thread, whose every thread-local
    // destructor has run when join() returns.
    m_cancels->closing = true;
    QMetaObject::invokeMethod(
        m_loop, [loop = m_loop] { loop->quit(); }, Qt::QueuedConnection);
    m_thread.join();
}

int SshConnection::post(std::function<SshResult(SshWorker &, int)> work)
{
    const int id = m_nextJob++;
    QPointer<SshWorker> worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker,
        [worker, work, id, cancels = m_cancels] {
            if (!worker || cancels->closing)
                return;
            QElapsedTimer clock;
            clock.start();
            SshResult r = work(*worker, id);
            r.runMs = double(clock.nsecsElapsed()) / 1e6;
            Q_EMIT worker->done(id, r);
        },
        Qt::QueuedConnection);
    return id;
}

int SshConnection::connectToHost()
{
    return post([](SshWorker &w, int) { return w.connect(); });
}

int SshConnection::exec(const QStringList &command, int timeoutMs, qint64 maxOutput)
{
    return execShell(commandLine(command), timeoutMs, maxOutput);
}

int SshConnection::execShell(const QString &line, int timeoutMs, qint64 maxOutput)
{
    return post([line, timeoutMs, maxOutput](SshWorker &w, int id) {
        return w.exec(line, timeoutMs, maxOutput, id);
    });
}

int SshConnection::upload(const QByteArray &data, const QString &remotePath, int mode)
{
    return post(
        [data, remotePath, mode](SshWorker &w, int) { return w.upload(data, remotePath, mode); });
}

int SshConnection::download(const QString &remotePath, qint64 maxBytes)
{
    return post(
        [remotePath, maxBytes](SshWorker &w, int) { return w.download(remotePath, maxBytes); });
}

int SshConnection::makePath(const QString &remotePath)
{
    return post([remotePath](SshWorker &w, int) { return w.makePath(remotePath); });
}

void SshConnection::onFinished(int id, QObject *context,
                               std::function<void(const SshResult &)> then)
{
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = connect(this, &SshConnection::finished, context,
                    [id, once, then = std::move(then)](int job, const SshResult &r) {
                        if (job != id)
                            return;
                        disconnect(*once);
                        then(r);
                    });
}

void SshConnection::cancel(int id)
{
    QMutexLocker lock(&m_cancels->mutex);
    m_cancels->jobs.insert(id);
}

SshResult SshConnection::wait(int id, int timeoutMs)
{
    if (m_done.contains(id))
        return m_done.take(id);
    QEventLoop loop;
    const auto c = connect(this, &SshConnection::finished, &loop, [&](int job) {
        if (job == id)
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    disconnect(c);
    if (m_done.contains(id))
        return m_done.take(id);
    return failure(SshText::tr("no answer from %1 within %2 s")
                       .arg(m_target.toString(), QString::number(timeoutMs / 1000.0)));
}

QString SshConnection::shellQuote(const QString &arg)
{
    static const QRegularExpression safe(u"^[A-Za-z0-9_./=:,+@%-]+$"_s);
    if (!arg.isEmpty() && safe.match(arg).hasMatch())
        return arg;
    QString quoted = arg;
    quoted.replace(u"'"_s, u"'\\''"_s);
    return u'\'' + quoted + u'\'';
}

QString SshConnection::commandLine(const QStringList &argv)
{
    QStringList quoted;
    for (const QString &a : argv)
        quoted << shellQuote(a);
    return quoted.join(u' ');
}

} // namespace kwb

#include "sshconnection.moc"
