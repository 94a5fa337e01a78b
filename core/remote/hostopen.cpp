#include "hostopen.h"

#include "secrets/keychain.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>

namespace kwb {

namespace {

// Runs `ask` on `context`'s thread and waits for the answer (the SSH
// callbacks run on a connection's thread; dialogs belong to the GUI's),
// or right here when no context was given. No answer when `context` is
// gone.
template <typename Result, typename Ask>
Result askOn(bool direct, const QPointer<QObject> &context, Ask ask)
{
    if (direct)
        return ask();
    Result answer{};
    if (context)
        QMetaObject::invokeMethod(
            context, [&] { answer = ask(); }, Qt::BlockingQueuedConnection);
    return answer;
}

} // namespace

SshOptions promptingSshOptions(const SshPrompts &prompts, bool acceptNewHostKey, QObject *context)
{
    SshOptions o = sshOptionsFromEnvironment();
    o.acceptNewHostKey = o.acceptNewHostKey || acceptNewHostKey;
    const QPointer<QObject> where(context);
    const bool direct = context == nullptr;
    if (auto f = prompts.confirmNewHostKey) {
        o.confirmNewHostKey = [direct, where, f](const QString &host, const QString &fingerprint) {
            return askOn<bool>(direct, where, [&] { return f(host, fingerprint); });
        };
    }
    if (auto f = prompts.passphrase) {
        // Asked once for all hosts; the keychain is read on the connection's thread.
        o.passphrase = keychain::rememberingPassphrase(
            [direct, where, f](const QString &file, bool retry, bool *remember) {
                return askOn<QString>(direct, where, [&] { return f(file, retry, remember); });
            });
    }
    if (auto f = prompts.keyboardInteractive) {
        o.keyboardInteractive = [direct, where, f](const QString &instruction,
                                                   const QList<SshPrompt> &asked) {
            return askOn<QStringList>(direct, where, [&] { return f(instruction, asked); });
        };
    }
    return o;
}

std::unique_ptr<EvalHost> openHost(const QString &spec, const QString &workKey,
                                   const SshOptions &options, QString *error, int timeoutMs)
{
    std::unique_ptr<EvalHost> host = makeHost(spec, workKey, options, error);
    if (!host || host->isLocal())
        return host;
    const SshResult r = host->connection->wait(host->connection->connectToHost(), timeoutMs);
    host->connectMs = qint64(r.runMs);
    if (!r.ok) {
        *error = r.error;
        return nullptr;
    }
    return host;
}

} // namespace kwb
