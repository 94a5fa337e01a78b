// Helpers every kwb command shares: output, exit codes, loading a workload
// with its target, opening a session.

#include "cli.h"

#include "kwbtr.h"
#include "remote/hostopen.h"
#include "session/sessionstore.h"

#include <QCommandLineParser>
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

std::unique_ptr<SessionStore> openSession(const QString &command, const QString &dir,
                                          const Workload &w, const TargetProfile &target)
{
    QString error;
    std::unique_ptr<SessionStore> session = SessionStore::openOrCreate(dir, w, target, &error);
    if (!session) {
        err(command + u": "_s + error);
        return nullptr;
    }
    for (const QString &warning : session->warnings())
        err(u"kwb: "_s + Kwb::tr("warning: %1").arg(warning));
    return session;
}

namespace {

// An answer from the terminal (a passphrase: not echoed); "" without a
// terminal. Never stored by kwb beyond the connection's memory.
QString askOnTerminal(const QString &prompt, bool echo = false)
{
    const int fd = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return {};
    const QByteArray p = prompt.toUtf8();
    (void)!::write(fd, p.constData(), size_t(p.size()));
    termios saved{};
    const bool tty = !echo && ::tcgetattr(fd, &saved) == 0;
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
    if (tty)
        (void)!::write(fd, "\n", 1);
    ::close(fd);
    return QString::fromUtf8(line);
}

} // namespace

SshPrompts terminalPrompts(const QCommandLineParser &p)
{
    SshPrompts prompts;
    const bool remember = p.isSet(u"remember-passphrase"_s);
    prompts.passphrase = [remember](const QString &keyFile, bool retry, bool *keep) {
        *keep = remember;
        return askOnTerminal(
            (retry ? Kwb::tr("wrong; passphrase for %1: ") : Kwb::tr("passphrase for %1: "))
                .arg(keyFile));
    };
    prompts.keyboardInteractive = [](const QString &instruction, const QList<SshPrompt> &asked) {
        if (!instruction.isEmpty())
            err(instruction);
        QStringList answers;
        for (const SshPrompt &question : asked)
            answers << askOnTerminal(question.text, question.echo);
        return answers;
    };
    return prompts;
}

void addHostOptions(QCommandLineParser &p)
{
    p.addOption(
        {u"accept-new-host-key"_s,
         Kwb::tr("Trust an SSH host seen for the first time (a changed key is always refused).")});
    p.addOption({u"remember-passphrase"_s, Kwb::tr("Keep the passphrase of an encrypted SSH key in "
                                                   "the system keychain (never in a file).")});
}

std::unique_ptr<Host> openHost(const QString &spec, const Workload &w, const QCommandLineParser &p,
                               const QString &command)
{
    // Asked on the connection's thread (no context): the terminal is any
    // thread's, and a connection given up while a question is open does
    // not wait on this one. Questions name the host they come from.
    SshPrompts prompts = terminalPrompts(p);
    prompts.keyboardInteractive = [spec, ask = prompts.keyboardInteractive](
                                      const QString &instruction, const QList<SshPrompt> &asked) {
        return ask(instruction.isEmpty() ? instruction : spec + u": "_s + instruction, asked);
    };
    QString error;
    std::unique_ptr<Host> host = kwb::openHost(
        spec, w.workKey(), promptingSshOptions(prompts, p.isSet(u"accept-new-host-key"_s), nullptr),
        &error);
    if (!host)
        err(command + u": "_s + error);
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
    return s->workloadPath();
}

} // namespace kwb::cli
