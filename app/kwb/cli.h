#pragma once

#include "eval/evaluator.h"
#include "remote/evalhost.h"
#include "run/workbench.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace kwb {
class SessionStore;
}

class QCommandLineParser;

namespace kwb::cli {

/// Exit codes scripts can rely on.
enum Exit
{
    ExitOk = 0, ///< evaluated, compiled and correct
    ExitKernelFailed =
        1,         ///< the kernel failed: compile, incorrect, crash, timeout (a recorded result)
    ExitUsage = 2, ///< bad arguments, workload or knob values
    ExitInfra = 3, ///< the host or harness failed; nothing is known about the kernel
};

void out(const QString &s);
void err(const QString &s);

struct Loaded
{
    TargetProfile target;
    Workload workload;
};

/// Loads a workload and the target it names; problems are printed as
/// file:line:col diagnostics and nullopt comes back.
std::optional<Loaded> loadAll(const QString &path);

/// Opens the session in `dir`, or creates it for `w`; refuses one made for
/// another version of the workload. Problems are printed; nullptr then.
std::unique_ptr<SessionStore> openSession(const QString &command, const QString &dir,
                                          const Workload &w, const TargetProfile &target);

using Host = EvalHost;

/// Opens and connects a host ("local", user@host[:port], an ~/.ssh/config
/// alias) with the SSH settings of sshOptionsFromEnvironment(); passphrases
/// and keyboard-interactive questions are asked on the terminal. Problems
/// are printed; nullptr then.
/// --accept-new-host-key and --remember-passphrase (the OS keychain) decide.
std::unique_ptr<Host> openHost(const QString &spec, const Workload &w, const QCommandLineParser &p,
                               const QString &command);
/// The questions of an SSH connection asked on the terminal (a passphrase,
/// keyboard-interactive prompts); --remember-passphrase keeps a passphrase
/// in the system keychain.
SshPrompts terminalPrompts(const QCommandLineParser &p);
/// Adds the options openHost() reads.
void addHostOptions(QCommandLineParser &p);

/// Adds --help and parses `args`; false (with `*exit` set) when the command
/// should end now: bad arguments (printed) or help (shown).
bool parseOrFail(QCommandLineParser &p, const QStringList &args, const QString &command, int *exit);

/// The workload a session was made from (for commands given only DIR).
QString sessionWorkloadPath(const QString &dir, const QString &command);

// Commands in their own translation units.
int cmdExport(const QStringList &args);
int cmdImport(const QStringList &args);
int cmdSimulate(const QStringList &args);
int cmdHosts(const QStringList &args);
int cmdRun(const QStringList &args);
int cmdEval(const QStringList &args);

} // namespace kwb::cli
