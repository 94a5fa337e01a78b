#pragma once

// A real HTTP/1.1 server on 127.0.0.1 for the LLM client tests (Debian 12's
// Qt 6.4 has no QHttpServer): each request gets the next scripted reply,
// written in the chunks the script gives (each flushed on its own), so a
// test controls exactly where the bytes split. Requests are kept for
// assertions (headers and body).

#include <QHostAddress>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <algorithm>
#include <deque>
#include <nlohmann/json.hpp>

struct ScriptedReply
{
    int status = 200;
    QByteArray contentType = "text/event-stream";
    QList<QPair<QByteArray, QByteArray>> headers;
    QList<QByteArray> chunks; ///< the body, written piece by piece
    bool silent = false;      ///< read the request, never answer (a timeout)
};

struct SeenRequest
{
    QByteArray method, path;
    QMap<QByteArray, QByteArray> headers; ///< lower-case names
    QByteArray body;
};

class HttpPeer : public QObject
{
public:
    HttpPeer()
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection())
                serve(s);
        });
        m_server.listen(QHostAddress::LocalHost, 0);
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    void push(const ScriptedReply &r) { m_script.push_back(r); }
    /// A reply for the next request whose body holds `marker` (before the
    /// general script): calls made in an order the test does not fix.
    void pushFor(const QByteArray &marker, const ScriptedReply &r)
    {
        m_routed.push_back({marker, r});
    }
    int pendingFor(const QByteArray &marker) const
    {
        return int(std::count_if(m_routed.begin(), m_routed.end(),
                                 [&](const auto &x) { return x.first == marker; }));
    }
    const QList<SeenRequest> &requests() const { return m_requests; }
    int pending() const { return int(m_script.size()); }

    // Reply bodies in each protocol's streaming format.
    static QList<QByteArray> openAiStream(const QString &text, int tokensIn = 11, int tokensOut = 7,
                                          int piece = 0)
    {
        QByteArray body;
        const QStringList parts = split(text, 5);
        for (const QString &p : parts)
            body +=
                event({{"choices", {{{"index", 0}, {"delta", {{"content", p.toStdString()}}}}}}});
        body += event({{"choices", nlohmann::json::array()},
                       {"usage", {{"prompt_tokens", tokensIn}, {"completion_tokens", tokensOut}}}});
        body += "data: [DONE]\n\n";
        return pieces(body, piece);
    }
    static QList<QByteArray> anthropicStream(const QString &text, int tokensIn = 13,
                                             int tokensOut = 9, int piece = 0)
    {
        QByteArray body;
        body += "event: message_start\n" +
                event({{"type", "message_start"},
                       {"message",
                        {{"id", "msg_1"},
                         {"usage", {{"input_tokens", tokensIn}, {"output_tokens", 1}}}}}});
        body += "event: content_block_start\n" +
                event({{"type", "content_block_start"},
                       {"index", 0},
                       {"content_block", {{"type", "text"}, {"text", ""}}}});
        for (const QString &p : split(text, 5))
            body += "event: content_block_delta\n" +
                    event({{"type", "content_block_delta"},
                           {"index", 0},
                           {"delta", {{"type", "text_delta"}, {"text", p.toStdString()}}}});
        body +=
            "event: content_block_stop\n" + event({{"type", "content_block_stop"}, {"index", 0}});
        body += "event: message_delta\n" + event({{"type", "message_delta"},
                                                  {"delta", {{"stop_reason", "end_turn"}}},
                                                  {"usage", {{"output_tokens", tokensOut}}}});
        body += "event: message_stop\n" + event({{"type", "message_stop"}});
        return pieces(body, piece);
    }
    static ScriptedReply stream(QList<QByteArray> chunks)
    {
        ScriptedReply r;
        r.chunks = std::move(chunks);
        return r;
    }
    static ScriptedReply json(int status, const nlohmann::json &body)
    {
        ScriptedReply r;
        r.status = status;
        r.contentType = "application/json";
        r.chunks = {QByteArray::fromStdString(body.dump())};
        return r;
    }

private:
    static QByteArray event(const nlohmann::json &j)
    {
        return "data: " + QByteArray::fromStdString(j.dump()) + "\n\n";
    }
    static QStringList split(const QString &text, int parts)
    {
        QStringList out;
        const qsizetype step = std::max<qsizetype>(1, text.size() / parts + 1);
        for (qsizetype i = 0; i < text.size(); i += step)
            out << text.mid(i, step);
        return out;
    }
    // The body cut every `size` bytes (0: one piece), also inside a line
    // or a UTF-8 character.
    static QList<QByteArray> pieces(const QByteArray &body, int size)
    {
        if (size <= 0)
            return {body};
        QList<QByteArray> out;
        for (qsizetype i = 0; i < body.size(); i += size)
            out << body.mid(i, size);
        return out;
    }

    void serve(QTcpSocket *socket)
    {
        QObject::connect(socket, &QTcpSocket::disconnected, socket, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
        QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
            QByteArray &buffer = m_buffers[socket];
            buffer += socket->readAll();
            const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
            if (headerEnd < 0)
                return;
            SeenRequest req;
            const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            req.method = first.value(0);
            req.path = first.value(1);
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines[i].indexOf(':');
                if (colon > 0)
                    req.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                       lines[i].mid(colon + 1).trimmed());
            }
            const qsizetype length = req.headers.value("content-length", "0").toLongLong();
            if (buffer.size() < headerEnd + 4 + length)
                return;
            req.body = buffer.mid(headerEnd + 4, length);
            buffer.clear();
            m_requests << req;
            ScriptedReply reply;
            const auto routed = std::find_if(m_routed.begin(), m_routed.end(), [&](const auto &x) {
                return req.body.contains(x.first);
            });
            if (routed != m_routed.end()) {
                reply = routed->second;
                m_routed.erase(routed);
            } else if (m_script.empty()) {
                reply = json(500, {{"error", {{"message", "the test's script is exhausted"}}}});
            } else {
                reply = m_script.front();
                m_script.pop_front();
            }
            answer(socket, reply);
        });
    }

    void answer(QTcpSocket *socket, const ScriptedReply &r)
    {
        if (r.silent)
            return;
        QByteArray head = "HTTP/1.1 " + QByteArray::number(r.status) +
                          " Scripted\r\nContent-Type: " + r.contentType +
                          "\r\nConnection: close\r\n";
        for (const auto &[name, value] : r.headers)
            head += name + ": " + value + "\r\n";
        if (r.contentType.contains("json"))
            head += "Content-Length: " + QByteArray::number(r.chunks.value(0).size()) + "\r\n";
        socket->write(head + "\r\n");
        socket->flush();
        // One chunk per event-loop turn, so they reach the client apart.
        auto queue = std::make_shared<std::deque<QByteArray>>(r.chunks.begin(), r.chunks.end());
        auto *timer = new QTimer(socket);
        timer->setInterval(1);
        QPointer<QTcpSocket> guard(socket);
        QObject::connect(timer, &QTimer::timeout, socket, [guard, timer, queue] {
            if (!guard)
                return;
            if (queue->empty()) {
                timer->stop();
                guard->disconnectFromHost();
                return;
            }
            guard->write(queue->front());
            guard->flush();
            queue->pop_front();
        });
        timer->start();
    }

    std::deque<ScriptedReply> m_script;
    std::deque<std::pair<QByteArray, ScriptedReply>> m_routed;
    QList<SeenRequest> m_requests;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QTcpServer m_server; // last: its sockets go first, while the rest is still there
};
