#include "hostopen.h"

#include "secrets/keychain.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>

namespace kwb {

namespace {

// Runs `ask` on `context`'s thread and waits for the answer (the SSH
// callbacks run on a connection's thread; dialogs and the terminal belong
// to the main thread). No answer when `context` is gone.
template <typename Result, typename Ask> Result askOn(const QPointer<QObject> &context, Ask ask)
{
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
    if (auto f = prompts.confirmNewHostKey) {
        o.confirmNewHostKey = [where, f](const QString &host, const QString &fingerprint) {
            return askOn<bool>(where, [&] { return f(host, fingerprint); });
        };
    }
    if (auto f = prompts.passphrase) {
        // Asked once for all hosts; the keychain is read on the connection's thread.
        o.passphrase = keychain::rememberingPassphrase(
            [where, f](const QString &file, bool retry, bool *remember) {
                return askOn<QString>(where, [&] { return f(file, retry, remember); });
            });
    }
    if (auto f = prompts.keyboardInteractive) {
        o.keyboardInteractive = [where, f](const QString &instruction,
                                           const QList<SshPrompt> &asked) {
            return askOn<QStringList>(where, [&] { return f(instruction, asked); });
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
