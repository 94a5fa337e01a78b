#include "llmclient.h"

#include "secrets/keychain.h"
#include "util/logging.h"
#include "util/messages.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QProcess>
#include <QTimer>
#include <QUrl>
#include <algorithm>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

// A token count from a provider's reply: any JSON number, clamped so the
// cast cannot overflow.
qint64 tokenCount(double v)
{
    return std::isfinite(v) ? qint64(std::clamp(v, 0.0, 1e15)) : 0;
}

} // namespace

// ---------------------------------------------------------------- calls

struct LlmClient::Call
{
    int id = 0;
    LlmRequest request;
    LlmReply reply;
    QElapsedTimer clock;
    QPointer<QNetworkReply> http;
    QPointer<QProcess> process;
    QTimer hardTimer, idleTimer, retryTimer;
    QByteArray pending; ///< bytes of an event not yet complete
    QByteArray body;    ///< a non-streamed body (JSON, or an error)
    qint64 received = 0;
    bool streaming = false;
    bool done = false;  ///< the provider said the reply is complete
    bool ended = false; ///< this attempt is over
    QString sseEvent;   ///< Anthropic's event name of the current block
};

LlmClient::LlmClient(LlmSettings settings, QObject *parent)
    : QObject(parent), m_settings(std::move(settings)), m_net(new QNetworkAccessManager(this))
{
    m_net->setAutoDeleteReplies(true);
}

LlmClient::~LlmClient()
{
    for (const auto &c : std::as_const(m_calls)) {
        if (c->http)
            c->http->abort();
        if (c->process)
            c->process->kill();
    }
}

QString LlmClient::apiKey(QString *source) const
{
    const QString var = m_settings.keyVariable();
    QString fromEnv = qEnvironmentVariable(var.toLocal8Bit().constData());
    if (!fromEnv.isEmpty()) {
        if (source)
            *source = u"$"_s + var;
        return fromEnv;
    }
    if (!m_settings.keychainKey.isEmpty()) {
        QString secret;
        if (keychain::read(m_settings.keychainKey, &secret) && !secret.isEmpty()) {
            if (source)
                *source = u"the keychain entry "_s + m_settings.keychainKey;
            return secret;
        }
    }
    if (source)
        *source = u"$"_s + var + u" (unset)"_s;
    return {};
}

std::shared_ptr<LlmClient::Call> LlmClient::call(int id) const
{
    return m_calls.value(id);
}

int LlmClient::send(const LlmRequest &request)
{
    auto c = std::make_shared<Call>();
    c->id = m_nextId++;
    c->request = request;
    c->clock.start();
    m_calls.insert(c->id, c);
    c->hardTimer.setSingleShot(true);
    c->idleTimer.setSingleShot(true);
    c->retryTimer.setSingleShot(true);
    const int id = c->id;
    connect(&c->hardTimer, &QTimer::timeout, this, [this, id] {
        if (const std::shared_ptr<Call> k = call(id))
            endAttempt(*k, true,
                       u"no complete reply within "_s +
                           QString::number(m_settings.timeoutMs / 1000) + u" s"_s);
    });
    connect(&c->idleTimer, &QTimer::timeout, this, [this, id] {
        if (const std::shared_ptr<Call> k = call(id))
            endAttempt(*k, true,
                       u"no data for "_s + QString::number(m_settings.idleTimeoutMs / 1000) +
                           u" s"_s);
    });
    connect(&c->retryTimer, &QTimer::timeout, this, [this, id] {
        if (const std::shared_ptr<Call> k = call(id))
            attempt(*k);
    });
    // Started from the event loop, so a caller connects to the signals first.
    QMetaObject::invokeMethod(
        this,
        [this, id] {
            if (const std::shared_ptr<Call> k = call(id))
                attempt(*k);
        },
        Qt::QueuedConnection);
    return id;
}

void LlmClient::cancel(int id)
{
    const std::shared_ptr<Call> c = call(id);
    if (!c)
        return;
    c->ended = true;
    if (c->http)
        c->http->abort();
    if (c->process)
        c->process->kill();
    LlmReply r = c->reply;
    r.ok = false;
    r.cancelled = true;
    r.error = u"cancelled"_s;
    finish(id, r);
}

void LlmClient::cancelAll()
{
    const QList<int> ids = m_calls.keys();
    for (int id : ids)
        cancel(id);
}

void LlmClient::attempt(Call &c)
{
    ++c.reply.attempts;
    qCDebug(lcLlm) << "call" << c.id << "attempt" << c.reply.attempts;
    c.reply.text.clear();
    c.pending.clear();
    c.body.clear();
    c.received = 0;
    c.streaming = false;
    c.done = false;
    c.ended = false;
    c.hardTimer.start(m_settings.timeoutMs);
    c.idleTimer.start(m_settings.idleTimeoutMs);
    if (m_settings.provider == LlmSettings::Provider::Command)
        startCommand(c);
    else
        startHttp(c);
}

void LlmClient::startHttp(Call &c)
{
    const bool anthropic = m_settings.provider == LlmSettings::Provider::Anthropic;
    QNetworkRequest req{QUrl(m_settings.endpoint())};
    req.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    req.setRawHeader("Accept", "text/event-stream, application/json");
    const QString key = apiKey();
    Json body;
    if (anthropic) {
        if (!key.isEmpty())
            req.setRawHeader("x-api-key", key.toUtf8());
        req.setRawHeader("anthropic-version", "2023-06-01");
        body = {{"model", ss(m_settings.model)},
                {"max_tokens", m_settings.maxTokens},
                {"temperature", m_settings.temperature},
                {"stream", true},
                {"messages", Json::array({{{"role", "user"}, {"content", ss(c.request.prompt)}}})}};
        if (!c.request.system.isEmpty())
            body["system"] = ss(c.request.system);
    } else {
        if (!key.isEmpty())
            req.setRawHeader("Authorization", "Bearer " + key.toUtf8());
        Json messages = Json::array();
        if (!c.request.system.isEmpty())
            messages.push_back({{"role", "system"}, {"content", ss(c.request.system)}});
        messages.push_back({{"role", "user"}, {"content", ss(c.request.prompt)}});
        body = {{"model", ss(m_settings.model)},
                {"messages", messages},
                {"max_tokens", m_settings.maxTokens},
                {"temperature", m_settings.temperature},
                {"stream", true},
                {"stream_options", {{"include_usage", true}}}};
    }
    QNetworkReply *reply = m_net->post(req, QByteArray::fromStdString(body.dump()));
    c.http = reply;
    const int id = c.id;
    connect(reply, &QNetworkReply::metaDataChanged, this, [this, id, reply] {
        const std::shared_ptr<Call> k = call(id);
        if (!k || k->http != reply)
            return;
        k->reply.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        k->streaming = reply->header(QNetworkRequest::ContentTypeHeader)
                           .toString()
                           .contains(u"event-stream"_s);
    });
    connect(reply, &QIODevice::readyRead, this, [this, id, reply] {
        const std::shared_ptr<Call> k = call(id);
        if (!k || k->http != reply || k->ended)
            return;
        onBytes(*k, reply->readAll());
    });
    connect(reply, &QNetworkReply::finished, this, [this, id, reply] {
        const std::shared_ptr<Call> k = call(id);
        if (!k || k->http != reply || k->ended)
            return;
        onBytes(*k, reply->readAll());
        if (k->ended)
            return;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        k->reply.httpStatus = status;
        if (status == 0 || (reply->error() != QNetworkReply::NoError && status < 400))
            return endAttempt(*k, true, u"connection failed: "_s + reply->errorString());
        if (status >= 400) {
            QString message = QString::fromUtf8(k->body.left(400)).trimmed();
            try {
                const Json j = Json::parse(k->body.toStdString());
                if (const Json *m = findAt(j, {"error", "message"}); m && m->is_string())
                    message = qs(m->get<std::string>());
            } catch (const Json::exception &) {
            }
            const QString what = u"HTTP "_s + QString::number(status) + u": "_s + message;
            if (status == 401 || status == 403)
                return endAttempt(*k, false,
                                  u"authentication refused ("_s + what + u"); check the key in "_s +
                                      m_settings.keyVariable());
            if (status == 429) {
                int waitMs = -1;
                const QByteArray after = reply->rawHeader("Retry-After");
                bool ok = false;
                const double s = after.toDouble(&ok);
                if (ok)
                    waitMs = int(s * 1000);
                return endAttempt(*k, true, u"rate limited ("_s + what + u')', waitMs);
            }
            return endAttempt(*k, status >= 500 || status == 408, what);
        }
        complete(*k);
    });
}

void LlmClient::startCommand(Call &c)
{
    auto *p = new QProcess(this);
    c.process = p;
    c.streaming = false;
    const int id = c.id;
    connect(p, &QProcess::readyReadStandardOutput, this, [this, id, p] {
        const std::shared_ptr<Call> k = call(id);
        if (!k || k->process != p || k->ended)
            return;
        const QByteArray bytes = p->readAllStandardOutput();
        k->received += bytes.size();
        k->idleTimer.start(m_settings.idleTimeoutMs);
        if (k->received > m_settings.maxReplyBytes)
            return endAttempt(*k, false,
                              u"the reply exceeds "_s + QString::number(m_settings.maxReplyBytes) +
                                  u" bytes"_s);
        k->body += bytes;
        // Whole UTF-8 sequences only: a character may straddle two reads.
        qsizetype cut = k->body.size();
        while (cut > 0 && (uchar(k->body[cut - 1]) & 0xC0) == 0x80)
            --cut;
        if (cut > 0 && uchar(k->body[cut - 1]) >= 0xC0)
            --cut;
        const QString text = QString::fromUtf8(k->body.left(cut));
        k->body.remove(0, cut);
        k->reply.text += text;
        Q_EMIT delta(id, text);
    });
    connect(p, &QProcess::finished, this, [this, id, p](int code, QProcess::ExitStatus status) {
        p->deleteLater();
        const std::shared_ptr<Call> k = call(id);
        if (!k || k->process != p || k->ended)
            return;
        k->reply.text += QString::fromUtf8(k->body);
        k->body.clear();
        if (status != QProcess::NormalExit || code != 0) {
            const QString err = QString::fromUtf8(p->readAllStandardError()).trimmed().right(400);
            return endAttempt(*k, false,
                              m_settings.command.value(0) + u" exited with "_s +
                                  QString::number(code) +
                                  (err.isEmpty() ? QString() : u": "_s + err));
        }
        k->done = true;
        complete(*k);
    });
    connect(p, &QProcess::errorOccurred, this, [this, id, p](QProcess::ProcessError e) {
        const std::shared_ptr<Call> k = call(id);
        if (e != QProcess::FailedToStart || !k || k->process != p || k->ended)
            return;
        endAttempt(*k, false,
                   u"cannot start "_s + m_settings.command.value(0) + u": "_s + p->errorString());
    });
    p->start(m_settings.command.value(0), m_settings.command.mid(1));
    QString input = c.request.system.isEmpty() ? c.request.prompt
                                               : c.request.system + u"\n\n"_s + c.request.prompt;
    p->write(input.toUtf8());
    p->closeWriteChannel();
}

void LlmClient::onBytes(Call &c, const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return;
    c.received += bytes.size();
    c.idleTimer.start(m_settings.idleTimeoutMs);
    if (c.received > m_settings.maxReplyBytes) {
        return endAttempt(c, false,
                          u"the reply exceeds "_s + QString::number(m_settings.maxReplyBytes) +
                              u" bytes; cut off"_s);
    }
    if (!c.streaming || c.reply.httpStatus >= 400) {
        c.body += bytes;
        return;
    }
    c.pending += bytes;
    c.pending.replace("\r\n", "\n");
    // One event per blank line; a partial event waits for the next bytes.
    for (qsizetype end = c.pending.indexOf("\n\n"); end >= 0 && !c.ended;
         end = c.pending.indexOf("\n\n")) {
        const QByteArray block = c.pending.left(end);
        c.pending.remove(0, end + 2);
        QByteArray event, data;
        for (const QByteArray &line : block.split('\n')) {
            if (line.startsWith("event:"))
                event = line.mid(6).trimmed();
            else if (line.startsWith("data:"))
                data += (data.isEmpty() ? QByteArray() : QByteArray("\n")) + line.mid(5).trimmed();
        }
        if (!data.isEmpty())
            onEvent(c, event, data);
    }
}

void LlmClient::onEvent(Call &c, const QByteArray &event, const QByteArray &data)
{
    if (data == "[DONE]") {
        c.done = true;
        return;
    }
    Json j;
    try {
        j = Json::parse(data.toStdString());
    } catch (const Json::exception &e) {
        return endAttempt(c, false,
                          u"malformed event from the provider ("_s + QString::fromUtf8(e.what()) +
                              u"): "_s + QString::fromUtf8(data.left(120)));
    }
    QString text;
    if (m_settings.provider == LlmSettings::Provider::Anthropic) {
        const std::string type =
            j.contains("type") ? stringAt(j, {"type"}) : std::string(event.constData());
        if (type == "content_block_delta") {
            text = qs(stringAt(j, {"delta", "text"}));
        } else if (type == "message_start") {
            c.reply.tokensIn = tokenCount(numberAt(j, {"message", "usage", "input_tokens"}, 0));
            c.reply.tokensOut = tokenCount(numberAt(j, {"message", "usage", "output_tokens"}, 0));
        } else if (type == "message_delta") {
            c.reply.tokensOut =
                tokenCount(numberAt(j, {"usage", "output_tokens"}, double(c.reply.tokensOut)));
        } else if (type == "message_stop") {
            c.done = true;
        } else if (type == "error") {
            const QString kind = qs(stringAt(j, {"error", "type"}));
            return endAttempt(c, kind == u"overloaded_error"_s || kind == u"api_error"_s,
                              u"the provider reported "_s + kind + u": "_s +
                                  qs(stringAt(j, {"error", "message"})));
        }
    } else {
        if (const Json *choices = findAt(j, {"choices"});
            choices && choices->is_array() && !choices->empty()) {
            text = qs(stringAt((*choices)[0], {"delta", "content"}));
        }
        if (const Json *u = findAt(j, {"usage"}); u && u->is_object()) {
            // Some compatible servers send null here.
            c.reply.tokensIn = tokenCount(numberAt(*u, {"prompt_tokens"}, 0));
            c.reply.tokensOut = tokenCount(numberAt(*u, {"completion_tokens"}, 0));
        }
        if (const Json *e = findAt(j, {"error"}); e && e->is_object()) {
            return endAttempt(c, false,
                              u"the provider reported: "_s + qs(stringAt(*e, {"message"})));
        }
    }
    if (!text.isEmpty()) {
        c.reply.text += text;
        Q_EMIT delta(c.id, text);
    }
}

void LlmClient::complete(Call &c)
{
    if (!c.streaming && m_settings.provider != LlmSettings::Provider::Command) {
        // A server that does not stream answers with one JSON document.
        Json j;
        try {
            j = Json::parse(c.body.toStdString());
        } catch (const Json::exception &e) {
            return endAttempt(c, false,
                              u"malformed reply from the provider ("_s +
                                  QString::fromUtf8(e.what()) + u"): "_s +
                                  QString::fromUtf8(c.body.left(120)));
        }
        if (m_settings.provider == LlmSettings::Provider::Anthropic) {
            if (const Json *content = findAt(j, {"content"}); content && content->is_array()) {
                for (const Json &block : *content)
                    c.reply.text += qs(stringAt(block, {"text"}));
            }
            c.reply.tokensIn = tokenCount(numberAt(j, {"usage", "input_tokens"}, 0));
            c.reply.tokensOut = tokenCount(numberAt(j, {"usage", "output_tokens"}, 0));
        } else {
            if (const Json *ch = findAt(j, {"choices"}); ch && ch->is_array() && !ch->empty())
                c.reply.text = qs(stringAt((*ch)[0], {"message", "content"})); // null for a refusal
            c.reply.tokensIn = tokenCount(numberAt(j, {"usage", "prompt_tokens"}, 0));
            c.reply.tokensOut = tokenCount(numberAt(j, {"usage", "completion_tokens"}, 0));
        }
        if (c.reply.text.isEmpty())
            return endAttempt(c, false,
                              u"the provider's reply holds no text: "_s +
                                  QString::fromUtf8(c.body.left(120)));
        Q_EMIT delta(c.id, c.reply.text);
        c.done = true;
    }
    if (!c.done)
        return endAttempt(c, true, u"the stream ended before the reply was complete"_s);
    c.ended = true;
    LlmReply r = c.reply;
    r.ok = true;
    if (r.tokensIn == 0 && r.tokensOut == 0) {
        r.tokensEstimated = true;
        r.tokensIn = (c.request.system.size() + c.request.prompt.size()) / 4;
        r.tokensOut = r.text.size() / 4;
    }
    finish(c.id, r);
}

void LlmClient::endAttempt(Call &c, bool transient, const QString &error, int retryAfterMs)
{
    if (c.ended)
        return;
    c.ended = true;
    c.hardTimer.stop();
    c.idleTimer.stop();
    if (c.http) {
        QNetworkReply *r = c.http;
        c.http = nullptr;
        r->abort();
    }
    if (c.process) {
        QProcess *p = c.process;
        c.process = nullptr;
        p->kill();
    }
    if (transient && c.reply.attempts <= m_settings.retries) {
        int waitMs = m_settings.retryBaseMs * (1 << std::min(c.reply.attempts - 1, 10));
        if (retryAfterMs >= 0)
            waitMs = retryAfterMs;
        waitMs = std::min(waitMs, m_settings.maxRetryWaitMs);
        Q_EMIT retrying(c.id, c.reply.attempts, waitMs, error);
        c.retryTimer.start(waitMs);
        return;
    }
    LlmReply r = c.reply;
    r.ok = false;
    r.error = error + (c.reply.attempts > 1
                           ? u" (after "_s + QString::number(c.reply.attempts) + u" attempts)"_s
                           : QString());
    finish(c.id, r);
}

void LlmClient::finish(int id, LlmReply reply)
{
    auto keep = m_calls.take(id); // alive until the signal is out
    if (!keep)
        return;
    qCDebug(lcLlm).noquote() << "call" << id << (reply.ok ? "ok" : "failed") << reply.tokensIn
                             << "tokens in" << reply.tokensOut << "out" << reply.error;
    keep->hardTimer.stop();
    keep->idleTimer.stop();
    keep->retryTimer.stop();
    reply.ms = keep->clock.elapsed();
    reply.cost = (double(reply.tokensIn) * m_settings.priceInPerMTok +
                  double(reply.tokensOut) * m_settings.priceOutPerMTok) /
                 1e6;
    Q_EMIT finished(id, reply);
}

} // namespace kwb
