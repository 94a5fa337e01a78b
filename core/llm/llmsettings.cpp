#include "llmsettings.h"

#include "util/messages.h"

#include <QUrl>
#include <algorithm>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

// ---------------------------------------------------------------- settings

QString LlmSettings::providerName() const
{
    switch (provider) {
    case Provider::OpenAI:
        return u"openai"_s;
    case Provider::Anthropic:
        return u"anthropic"_s;
    case Provider::Command:
        return u"command"_s;
    }
    return {};
}

QString LlmSettings::keyVariable() const
{
    if (!apiKeyEnv.isEmpty())
        return apiKeyEnv;
    return provider == Provider::Anthropic ? u"ANTHROPIC_API_KEY"_s : u"OPENAI_API_KEY"_s;
}

QString LlmSettings::endpoint() const
{
    if (provider == Provider::Command)
        return command.join(u' ');
    const bool openai = provider == Provider::OpenAI;
    QString base = baseUrl;
    if (base.isEmpty())
        base = openai ? qEnvironmentVariable("OPENAI_BASE_URL", u"https://api.openai.com/v1"_s)
                      : qEnvironmentVariable("ANTHROPIC_BASE_URL", u"https://api.anthropic.com"_s);
    while (base.endsWith(u'/'))
        base.chop(1);
    return base + (openai ? u"/chat/completions"_s : u"/v1/messages"_s);
}

std::optional<LlmSettings> LlmSettings::fromJson(const Json &json, QString *error,
                                                 std::string *member)
{
    LlmSettings s;
    std::string at;
    auto fail = [&](const std::string &key, const QString &message) -> std::optional<LlmSettings> {
        if (member)
            *member = key;
        *error = message;
        return std::nullopt;
    };
    if (!json.is_object())
        return fail("", FileText::tr("'llm' must be an object"));
    auto str = [&](const char *key, QString &into) {
        if (!json.contains(key))
            return true;
        if (!json[key].is_string()) {
            at = key;
            *error = FileText::tr("'llm.%1' must be a string").arg(QString::fromLatin1(key));
            return false;
        }
        into = qs(json[key].get<std::string>());
        return true;
    };
    auto num = [&](const char *key, auto &into) {
        if (!json.contains(key))
            return true;
        if (!json[key].is_number() || json[key].get<double>() < 0) {
            at = key;
            *error = FileText::tr("'llm.%1' must be a number ≥ 0").arg(QString::fromLatin1(key));
            return false;
        }
        into = static_cast<std::remove_reference_t<decltype(into)>>(json[key].get<double>());
        return true;
    };
    if (json.contains("notes")) {
        if (!json["notes"].is_boolean())
            return fail("notes", FileText::tr("'llm.notes' must be true or false"));
        s.writeNotes = json["notes"].get<bool>();
    }
    if (json.contains("samples")) {
        const Json &n = json["samples"];
        if (!n.is_number_integer() || n.get<int>() < 1 || n.get<int>() > 16)
            return fail("samples",
                        FileText::tr("'llm.samples' must be a whole number from 1 to 16"));
        s.samples = n.get<int>();
    }
    QString provider = u"openai"_s;
    if (!str("provider", provider) || !str("base_url", s.baseUrl) || !str("model", s.model) ||
        !str("api_key_env", s.apiKeyEnv) || !str("keychain", s.keychainKey) ||
        !str("prompts", s.promptsDir) || !num("max_tokens", s.maxTokens) ||
        !num("temperature", s.temperature) || !num("retries", s.retries) ||
        !num("price_in", s.priceInPerMTok) || !num("price_out", s.priceOutPerMTok))
        return fail(at, *error);
    // A price table by model: the chosen model's entry wins over price_in/price_out.
    if (json.contains("prices")) {
        const Json &table = json["prices"];
        if (!table.is_object())
            return fail("prices", FileText::tr("'llm.prices' must be an object: model → [US$ in, "
                                               "US$ out] per million tokens"));
        for (const auto &[name, price] : table.items()) {
            const bool ok = price.is_array() && price.size() == 2 && price[0].is_number() &&
                            price[1].is_number() && price[0].get<double>() >= 0 &&
                            price[1].get<double>() >= 0;
            if (!ok) {
                std::string token = name; // a JSON pointer's token: ~ and / escaped
                for (size_t i = 0; (i = token.find_first_of("~/", i)) != std::string::npos; i += 2)
                    token.replace(i, 1, token[i] == '~' ? "~0" : "~1");
                return fail("prices/" + token,
                            FileText::tr("the price of model '%1' must be [US$ in, US$ out] per "
                                         "million tokens, two numbers ≥ 0")
                                .arg(qs(name)));
            }
            if (qs(name) == s.model) {
                s.priceInPerMTok = price[0].get<double>();
                s.priceOutPerMTok = price[1].get<double>();
            }
        }
    }
    double seconds = -1;
    if (!num("timeout_s", seconds))
        return fail(at, *error);
    if (seconds > 0)
        s.timeoutMs = int(seconds * 1000);
    if (provider == u"openai"_s) {
        s.provider = Provider::OpenAI;
    } else if (provider == u"anthropic"_s) {
        s.provider = Provider::Anthropic;
    } else if (provider == u"command"_s) {
        s.provider = Provider::Command;
        const Json &cmd = json.value("command", Json());
        if (!cmd.is_array() || cmd.empty())
            return fail(
                "command",
                FileText::tr(
                    "'llm.command' must be a non-empty array: the program and its arguments"));
        for (const Json &a : cmd)
            s.command << (a.is_string() ? qs(a.get<std::string>()) : qs(a.dump()));
    } else {
        return fail(
            "provider",
            FileText::tr(
                "'llm.provider' must be \"openai\", \"anthropic\" or \"command\", found \"%1\"")
                .arg(provider));
    }
    if (s.provider != Provider::Command && s.model.isEmpty())
        return fail("", FileText::tr("'llm.model' is required for the %1 provider").arg(provider));
    return s;
}

Json LlmSettings::toJson() const
{
    Json j = {{"provider", ss(providerName())},
              {"model", ss(model)},
              {"endpoint", ss(endpoint())},
              {"api_key_env", ss(keyVariable())},
              {"max_tokens", maxTokens},
              {"temperature", temperature},
              {"price_in", priceInPerMTok},
              {"price_out", priceOutPerMTok},
              {"notes", writeNotes},
              {"samples", samples}};
    if (!promptsDir.isEmpty())
        j["prompts"] = ss(promptsDir);
    return j;
}

} // namespace kwb
