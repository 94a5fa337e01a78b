#pragma once

#include "llm/llmsettings.h"
#include "util/jsontext.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

class QNetworkAccessManager;

namespace kwb {

struct LlmRequest
{
    QString
        purpose; ///< planner, executor, summarizer, reflexion: for the transcript and the ledger
    QString system;
    QString prompt;
};

struct LlmReply
{
    bool ok = false;
    bool cancelled = false;
    QString text;
    QString error; ///< what went wrong, for the engineer (never the key)
    int httpStatus = 0;
    int attempts = 0;
    qint64 tokensIn = 0, tokensOut = 0;
    bool tokensEstimated = false; ///< the provider did not say (a command): characters / 4
    double cost = 0;              ///< US$ from the settings' prices
    qint64 ms = 0;
};

/// Asynchronous LLM calls over Qt Network (or QProcess for a command):
/// streamed (server-sent events) for both HTTP providers, retried with
/// backoff on 429 (Retry-After honoured), 5xx, lost connections and
/// timeouts, never on an authentication error; capped in size and time;
/// cancellable. Every call ends in exactly one finished().
class LlmClient : public QObject
{
    Q_OBJECT
public:
    explicit LlmClient(LlmSettings settings, QObject *parent = nullptr);
    ~LlmClient() override;

    const LlmSettings &settings() const { return m_settings; }
    /// The API key from the environment variable, else the keychain; never
    /// kept beyond the request headers. `source` says where it came from.
    QString apiKey(QString *source = nullptr) const;

    int send(const LlmRequest &request);
    void cancel(int id);
    void cancelAll();
    int inFlight() const { return int(m_calls.size()); }

Q_SIGNALS:
    /// Reply text as it streams in (attempt by attempt: see retrying()).
    void delta(int id, const QString &text);
    /// The attempt failed and another follows after `waitMs`; text streamed so far is void.
    void retrying(int id, int attempt, int waitMs, const QString &why);
    void finished(int id, const LlmReply &reply);

private:
    struct Call;
    void attempt(Call &call);
    void startHttp(Call &call);
    void startCommand(Call &call);
    void onBytes(Call &call, const QByteArray &bytes);
    void onEvent(Call &call, const QByteArray &event, const QByteArray &data);
    /// The attempt ended: transient failures are retried, the rest finish the call.
    void endAttempt(Call &call, bool transient, const QString &error, int retryAfterMs = -1);
    void complete(Call &call);
    void finish(int id, LlmReply reply);
    /// The call in flight, held alive while a handler works on it (a handler
    /// may end it, which takes it out of m_calls); null when it has ended.
    std::shared_ptr<Call> call(int id) const;

    LlmSettings m_settings;
    QNetworkAccessManager *m_net;
    QHash<int, std::shared_ptr<Call>> m_calls;
    int m_nextId = 1;
};

} // namespace kwb

Q_DECLARE_METATYPE(kwb::LlmReply)
