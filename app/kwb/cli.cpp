// Helpers every kwb command shares: output, exit codes, loading a workload
// with its target, opening a session.

#include "cli.h"

#include "session/sessionstore.h"

#include <QCommandLineParser>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QStandardPaths>

#include <cstdio>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

namespace kwb::cli {

using namespace Qt::Literals::StringLiterals;

void out(const QString &s)
{
    std::fputs(s.toUtf8().constData(), stdout);
    std::fflush(stdout);
}

void err(const QString &s)
{
    std::fputs((s + u'\n').toUtf8().constData(), stderr);
    std::fflush(stderr);
}

std::optional<Loaded> loadAll(const QString &path)
{
    LoadedWorkload load = loadWorkloadAndTarget(path);
    for (const Diagnostic &d : std::as_const(load.warnings))
        err(d.toString());
    for (const Diagnostic &d : std::as_const(load.errors))
        err(d.toString());
    if (!load.ok())
        return std::nullopt;
    return Loaded{std::move(*load.target), std::move(*load.workload)};
}

std::unique_ptr<SessionStore> openSession(const QString &command, const QString &dir, const Workload &w,
                                          const TargetProfile &target)
{
    QString error;
    std::unique_ptr<SessionStore> session =
        SessionStore::exists(dir) ? SessionStore::open(dir, &error) : SessionStore::create(dir, w, target, &error);
    if (!session) {
        err(command + u": "_s + error);
        return nullptr;
    }
    for (const QString &warning : session->warnings())
        err(u"kwb: warning: "_s + warning);
    QString difference;
    if (!session->matchesWorkload(w, &difference)) {
        err(command + u": session "_s + dir + u" was made for another version of this workload ("_s + difference
            + u"); use a new --session folder"_s);
        return nullptr;
    }
    return session;
}

QString defaultWorkRoot(const Workload &w)
{
    const QByteArray key = QCryptographicHash::hash(w.path.toUtf8(), QCryptographicHash::Sha1).toHex().left(12);
    return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + u"/kernel-workbench/work/"_s
        + w.name + u'-' + QString::fromLatin1(key);
}

RunnerFactory Host::runnerFactory()
{
    if (!connection)
        return {};
    return [this](QObject *parent) { return new RemoteCommand(connection.get(), remoteRoot, mirror, parent); };
}

namespace {

// A passphrase from the terminal, not echoed; "" without a terminal. Never
// stored by kwb beyond the connection's memory.
QString askOnTerminal(const QString &prompt)
{
    const int fd = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return {};
    const QByteArray p = prompt.toUtf8();
    (void)!::write(fd, p.constData(), size_t(p.size()));
    termios saved{};
    const bool tty = ::tcgetattr(fd, &saved) == 0;
    if (tty) {
        termios quiet = saved;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        ::tcsetattr(fd, TCSAFLUSH, &quiet);
    }
    QByteArray line;
    char c;
    while (::read(fd, &c, 1) == 1 && c != '\n')
        line.append(c);
    if (tty)
        ::tcsetattr(fd, TCSAFLUSH, &saved);
    (void)!::write(fd, "\n", 1);
    ::close(fd);
    return QString::fromUtf8(line);
}

} // namespace

std::unique_ptr<Host> openHost(const QString &spec, const Workload &w, bool acceptNewHostKey, const QString &command)
{
    auto host = std::make_unique<Host>();
    host->spec = spec;
    if (spec == u"local"_s)
        return host;
    QString error;
    auto target = SshTarget::parse(spec, &error);
    if (!target) {
        err(command + u": "_s + error);
        return nullptr;
    }
    SshOptions options;
    options.acceptNewHostKey = acceptNewHostKey;
    options.configFile = qEnvironmentVariable("KWB_SSH_CONFIG");
    options.knownHostsFile = qEnvironmentVariable("KWB_SSH_KNOWN_HOSTS");
    if (qEnvironmentVariableIsSet("KWB_SSH_IDENTITY"))
        options.identityFiles << qEnvironmentVariable("KWB_SSH_IDENTITY");
    options.passphrase = [](const QString &keyFile) { return askOnTerminal(u"passphrase for "_s + keyFile + u": "_s); };
    host->connection = std::make_unique<SshConnection>(*target, options);
    host->mirror = std::make_shared<RemoteMirror>();
    host->remoteRoot = u".cache/kernel-workbench/work/"_s + QFileInfo(defaultWorkRoot(w)).fileName();
    QElapsedTimer clock;
    clock.start();
    const SshResult r = host->connection->wait(host->connection->connectToHost(), 60'000);
    host->connectMs = clock.elapsed();
    if (!r.ok) {
        err(command + u": "_s + r.error);
        return nullptr;
    }
    return host;
}

bool parseOrFail(QCommandLineParser &p, const QStringList &args, const QString &command, int *exit)
{
    p.addHelpOption();
    if (!p.parse(args)) {
        err(command + u": "_s + p.errorText());
        *exit = ExitUsage;
        return false;
    }
    if (p.isSet(u"help"_s)) {
        out(p.helpText());
        *exit = ExitOk;
        return false;
    }
    return true;
}

QString sessionWorkloadPath(const QString &dir, const QString &command)
{
    QString error;
    auto s = SessionStore::open(dir, &error);
    if (!s) {
        err(command + u": "_s + error);
        return {};
    }
    return qs(s->info().value("workload_path", std::string()));
}

} // namespace kwb::cli
