#pragma once

#include "util/jsontext.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

class QNetworkAccessManager;

namespace kwb {

/// Which LLM answers and how: an OpenAI-compatible chat-completions server
/// (OpenAI, vLLM, llama.cpp, Ollama, LM Studio), Anthropic's Messages API,
/// or a local command that reads the prompt on stdin and answers on stdout.
/// Holds the *name* of the key's environment variable, never the key.
struct LlmSettings
{
    enum class Provider
    {
        OpenAI,
        Anthropic,
        Command
    };
    Provider provider = Provider::OpenAI;
    QString baseUrl; ///< "" = $OPENAI_BASE_URL / $ANTHROPIC_BASE_URL, else the public API
    QString model;
    QString apiKeyEnv;   ///< "" = OPENAI_API_KEY / ANTHROPIC_API_KEY
    QString keychainKey; ///< the OS keychain entry read when the variable is unset ("" = none)
    QStringList command; ///< Command: program and arguments
    int maxTokens = 4096;
    double temperature = 0.2;
    int timeoutMs = 300'000;    ///< a whole call, streaming included
    int idleTimeoutMs = 90'000; ///< no byte for this long
    qint64 maxReplyBytes = 2'000'000;
    int retries = 4;              ///< after the first attempt
    int retryBaseMs = 2'000;      ///< then doubling
    int maxRetryWaitMs = 120'000; ///< a longer Retry-After is cut to this
    double priceInPerMTok =
        0; ///< US$ per million prompt tokens (the model's in `prices`, else `price_in`)
    double priceOutPerMTok = 0; ///< US$ per million reply tokens
    bool writeNotes = true;     ///< the LLM also words the memory and reflexion records ("notes")
    int samples = 1; ///< executor answers per plan (a round's batch holds plans × samples)
    QString
        promptsDir; ///< a folder of the user's prompt templates ("" = none); see promptSearchPath

    QString providerName() const;
    /// The endpoint a request goes to.
    QString endpoint() const;
    QString keyVariable() const;
    /// Reads the `llm` object of a workload or settings file; unknown
    /// providers and wrong types are errors naming the member.
    /// `member` (when given) names the member at fault: "provider", "model"…
    static std::optional<LlmSettings> fromJson(const Json &json, QString *error,
                                               std::string *member = nullptr);
    /// What a session records: everything but secrets (there are none here).
    Json toJson() const;
};

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
