#pragma once

#include "remote/evalhost.h"
#include "remote/sshconnection.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>

class QObject;

namespace kwb {

/// What the engineer is asked while hosts connect (the window's dialogs,
/// kwb's terminal).
struct SshPrompts
{
    std::function<bool(const QString &host, const QString &fingerprint)> confirmNewHostKey;
    /// `retry`: the last answer was wrong; set `*remember` to keep the
    /// answer in the system keychain.
    std::function<QString(const QString &keyFile, bool retry, bool *remember)> passphrase;
    std::function<QStringList(const QString &instruction, const QList<SshPrompt> &prompts)>
        keyboardInteractive;
};

/// The SSH options every host of kwb and the window is opened with: the
/// environment's (sshOptionsFromEnvironment), a host seen for the first
/// time trusted when `acceptNewHostKey`, and `prompts`. A passphrase is
/// looked up in the system keychain first, and kept there when the
/// engineer says so; no answer is stored here. With a `context` (the
/// window), each question is asked on its thread, the callbacks coming
/// from a connection's thread, and none once it is gone (the connection
/// is refused). Without one (kwb's terminal, which any thread may use),
/// on the connection's thread: a connection given up while a question is
/// open then never waits on a thread that waits on it.
SshOptions promptingSshOptions(const SshPrompts &prompts, bool acceptNewHostKey, QObject *context);

/// Makes the host `spec` ("local", user@host[:port], an ~/.ssh/config
/// alias; its work folder named by `workKey`) and, for SSH, connects it,
/// waiting at most `timeoutMs` in an event loop: a host ready for work
/// (its connectMs set), or nullptr with `error`.
std::unique_ptr<EvalHost> openHost(const QString &spec, const QString &workKey,
                                   const SshOptions &options, QString *error,
                                   int timeoutMs = 60'000);

} // namespace kwb
