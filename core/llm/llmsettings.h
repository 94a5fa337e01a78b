#pragma once

// The LLM settings on their own: what a workload's `llm` section, the
// command line and the window's settings decide, without the client.

#include "util/jsontext.h"

#include <QString>
#include <QStringList>
#include <optional>

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

} // namespace kwb
