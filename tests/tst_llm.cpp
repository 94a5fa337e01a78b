// The LLM planner against a real HTTP server on 127.0.0.1 (tests/httppeer.h)
// that speaks the OpenAI and Anthropic protocols with scripted replies:
// plain, streamed, split anywhere, 429 with Retry-After, 500 then success,
// silence, a cut stream, malformed JSON, no code block, two code blocks, a
// huge reply, an authentication error; a local command as the provider;
// guards; and the loop end to end on the tiny cpu-cxx workload, compiling
// for real: an improvement, a compile error fixed through error feedback,
// a reference call caught by the guard, and no key in any session file.
#include "eval/calibration.h"
#include "httppeer.h"
#include "llm/codeblocks.h"
#include "llm/llmclient.h"
#include "llm/prompts.h"
#include "loop/evalbackend.h"
#include "loop/loop.h"
#include "planning/guards.h"
#include "planning/llmplanner.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QDirIterator>
#include <QProcess>
#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

const QString kKey = u"sk-kwb-test-7f3a9c1e5b"_s; // a key that must never reach a file

QString readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QString fenced(const QString &code, const QString &lang = u"cpp"_s)
{
    return u"```"_s + lang + u'\n' + code + u"```\n"_s;
}

} // namespace

class TestLlm : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    TargetProfile m_target;
    Workload m_workload;

    LlmSettings settings(const HttpPeer &peer,
                         LlmSettings::Provider provider = LlmSettings::Provider::OpenAI)
    {
        LlmSettings s;
        s.provider = provider;
        s.baseUrl = peer.url();
        s.model = u"scripted-model"_s;
        s.apiKeyEnv = u"KWB_TEST_LLM_KEY"_s;
        s.retryBaseMs = 10;
        s.idleTimeoutMs = 2'000;
        s.timeoutMs = 20'000;
        s.priceInPerMTok = 3;
        s.priceOutPerMTok = 15;
        return s;
    }

    // A session of `w` in `dir` with the LLM planner talking to `peer`, the
    // real evaluator, and the loop on autopilot; no session: `error` says why.
    struct LlmRun
    {
        std::unique_ptr<SessionStore> session;
        std::unique_ptr<LlmPlanner> planner;
        std::unique_ptr<PoolEvalBackend> backend;
        std::unique_ptr<OptimizationLoop> loop;
        QString error;
    };
    // The LLM's notes (memory records, reflexions) are off unless `tweak`
    // turns them on: those runs script the planner's and executor's calls only.
    LlmRun llmRun(const Workload &w, const QString &dir, const HttpPeer &peer,
                  const LoopOptions &options = {},
                  const std::function<void(LlmSettings &)> &tweak = {})
    {
        LlmRun run;
        run.session = SessionStore::create(dir, w, m_target, &run.error);
        if (!run.session)
            return run;
        LlmSettings s = settings(peer);
        s.writeNotes = false;
        if (tweak)
            tweak(s);
        run.planner = std::make_unique<LlmPlanner>(w, m_target, *run.session, s);
        run.backend =
            std::make_unique<PoolEvalBackend>(w, m_target, Calibration{}, dir + u"/work"_s, 1);
        run.loop = std::make_unique<OptimizationLoop>(w, *run.session, *run.planner, *run.backend,
                                                      options);
        run.loop->setMode(LoopMode::Autopilot);
        return run;
    }

    // Runs `run`'s loop to its end: the prompts it sent ("purpose: text"),
    // and why it stopped (`finished` false when it did not within timeoutMs).
    struct RunEnd
    {
        QStringList prompts;
        bool finished = false;
        StopReason reason = StopReason::Error;
        QString detail;
    };
    RunEnd runToEnd(LlmRun &run, int timeoutMs)
    {
        RunEnd end;
        QMetaObject::Connection c =
            connect(run.planner.get(), &LlmPlanner::callStarted, this,
                    [&end](int, const QString &purpose, const QString &, const QString &p) {
                        end.prompts << purpose + u": "_s + p;
                    });
        QSignalSpy finished(run.loop.get(), &OptimizationLoop::finished);
        run.loop->start();
        end.finished = finished.wait(timeoutMs);
        disconnect(c);
        if (end.finished) {
            end.reason = finished.first().at(0).value<StopReason>();
            end.detail = finished.first().at(1).toString();
        }
        return end;
    }

    // Sends one request and waits for its end.
    LlmReply call(LlmClient &client, QStringList *deltas = nullptr, QList<int> *waits = nullptr)
    {
        QSignalSpy done(&client, &LlmClient::finished);
        QMetaObject::Connection d =
            connect(&client, &LlmClient::delta, this, [deltas](int, const QString &t) {
                if (deltas)
                    *deltas << t;
            });
        QMetaObject::Connection r = connect(&client, &LlmClient::retrying, this,
                                            [waits](int, int, int ms, const QString &) {
                                                if (waits)
                                                    *waits << ms;
                                            });
        client.send({u"planner"_s, u"You are a test."_s, u"Say something."_s});
        const bool ok = done.wait(30'000);
        disconnect(d);
        disconnect(r);
        if (!ok)
            return LlmReply{false, false, {}, u"no answer within 30 s"_s};
        return done.first().at(1).value<LlmReply>();
    }

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<LlmReply>();
        qputenv("KWB_TEST_LLM_KEY", kKey.toUtf8());
        Diagnostic d;
        m_target = *TargetRegistry::load(u"cpu-cxx"_s, &d);
        const WorkloadLoad l = loadWorkload(QFINDTESTDATA("data/tiny/llm.json"), &m_target);
        QVERIFY2(l.workload, qPrintable(l.message()));
        m_workload = *l.workload;
        QCOMPARE(m_workload.planner, u"llm"_s);
    }

    // ---------------------------------------------------------- the client

    void openAiPlainJson()
    {
        HttpPeer peer;
        peer.push(HttpPeer::json(
            200,
            {{"choices", {{{"message", {{"role", "assistant"}, {"content", "plain answer"}}}}}},
             {"usage", {{"prompt_tokens", 100}, {"completion_tokens", 20}}}}));
        LlmClient client(settings(peer));
        const LlmReply r = call(client);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.text, u"plain answer"_s);
        QCOMPARE(r.tokensIn, 100);
        QCOMPARE(r.tokensOut, 20);
        QVERIFY(qAbs(r.cost - (100 * 3 + 20 * 15) / 1e6) < 1e-12);
        // What went out: the endpoint, the key as a bearer token, the model, streaming asked for.
        QCOMPARE(peer.requests().size(), 1);
        const SeenRequest &req = peer.requests().first();
        QCOMPARE(req.path, QByteArray("/chat/completions"));
        QCOMPARE(req.headers.value("authorization"), "Bearer " + kKey.toUtf8());
        const auto body = nlohmann::json::parse(req.body.toStdString());
        QCOMPARE(body["model"].get<std::string>(), std::string("scripted-model"));
        QVERIFY(body["stream"].get<bool>());
        QCOMPARE(body["messages"][0]["role"].get<std::string>(), std::string("system"));
    }

    void openAiStreamed()
    {
        HttpPeer peer;
        peer.push(HttpPeer::stream(HttpPeer::openAiStream(u"streamed in several deltas"_s, 40, 6)));
        LlmClient client(settings(peer));
        QStringList deltas;
        const LlmReply r = call(client, &deltas);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.text, u"streamed in several deltas"_s);
        QVERIFY(deltas.size() >= 4);
        QCOMPARE(deltas.join(QString()), r.text);
        QCOMPARE(r.tokensIn, 40);
        QCOMPARE(r.tokensOut, 6);
        QVERIFY(!r.tokensEstimated);
    }

    void anthropicStreamed()
    {
        HttpPeer peer;
        peer.push(HttpPeer::stream(HttpPeer::anthropicStream(u"Anthropic's events"_s, 321, 45)));
        LlmClient client(settings(peer, LlmSettings::Provider::Anthropic));
        QStringList deltas;
        const LlmReply r = call(client, &deltas);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.text, u"Anthropic's events"_s);
        QVERIFY(deltas.size() >= 4);
        QCOMPARE(r.tokensIn, 321);
        QCOMPARE(r.tokensOut, 45);
        const SeenRequest &req = peer.requests().first();
        QCOMPARE(req.path, QByteArray("/v1/messages"));
        QCOMPARE(req.headers.value("x-api-key"), kKey.toUtf8());
        QCOMPARE(req.headers.value("anthropic-version"), QByteArray("2023-06-01"));
        QVERIFY(!req.headers.contains("authorization"));
        const auto body = nlohmann::json::parse(req.body.toStdString());
        QCOMPARE(body["system"].get<std::string>(), std::string("You are a test."));
    }

    // Every 3 bytes its own write: events, lines and a multi-byte UTF-8
    // character straddle the boundaries.
    void splitAcrossChunkBoundaries_data()
    {
        QTest::addColumn<bool>("anthropic");
        QTest::newRow("openai") << false;
        QTest::newRow("anthropic") << true;
    }
    void splitAcrossChunkBoundaries()
    {
        QFETCH(bool, anthropic);
        const QString text = u"µ-kernels: 速いカーネル ✓ — tiled"_s;
        HttpPeer peer;
        peer.push(HttpPeer::stream(anthropic ? HttpPeer::anthropicStream(text, 5, 5, 3)
                                             : HttpPeer::openAiStream(text, 5, 5, 3)));
        LlmClient client(settings(peer, anthropic ? LlmSettings::Provider::Anthropic
                                                  : LlmSettings::Provider::OpenAI));
        const LlmReply r = call(client);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.text, text);
    }

    void rateLimitHonoursRetryAfter()
    {
        HttpPeer peer;
        ScriptedReply limited = HttpPeer::json(429, {{"error", {{"message", "slow down"}}}});
        limited.headers << qMakePair(QByteArray("Retry-After"), QByteArray("1"));
        peer.push(limited);
        peer.push(HttpPeer::stream(HttpPeer::openAiStream(u"after the wait"_s)));
        LlmClient client(settings(peer));
        QList<int> waits;
        const LlmReply r = call(client, nullptr, &waits);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.text, u"after the wait"_s);
        QCOMPARE(r.attempts, 2);
        QCOMPARE(waits, QList<int>{1000}); // Retry-After, not the 10 ms backoff
    }

    void serverErrorThenSuccess()
    {
        HttpPeer peer;
        peer.push(HttpPeer::json(500, {{"error", {{"message", "internal"}}}}));
        peer.push(HttpPeer::json(503, {{"error", {{"message", "overloaded"}}}}));
        peer.push(HttpPeer::stream(HttpPeer::openAiStream(u"third time"_s)));
        LlmClient client(settings(peer));
        QList<int> waits;
        const LlmReply r = call(client, nullptr, &waits);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.attempts, 3);
        QCOMPARE(waits, (QList<int>{10, 20})); // doubling backoff
    }

    void authErrorIsNotRetried()
    {
        HttpPeer peer;
        peer.push(HttpPeer::json(401, {{"error", {{"message", "invalid x-api-key"}}}}));
        peer.push(HttpPeer::stream(HttpPeer::openAiStream(u"never sent"_s)));
        LlmClient client(settings(peer));
        const LlmReply r = call(client);
        QVERIFY(!r.ok);
        QCOMPARE(r.attempts, 1);
        QCOMPARE(r.httpStatus, 401);
        QVERIFY2(r.error.contains(u"authentication refused"_s) &&
                     r.error.contains(u"KWB_TEST_LLM_KEY"_s) &&
                     r.error.contains(u"invalid x-api-key"_s),
                 qPrintable(r.error));
        QVERIFY(!r.error.contains(kKey));
        QCOMPARE(peer.pending(), 1);
    }

    void silenceTimesOutAndIsRetried()
    {
        HttpPeer peer;
        ScriptedReply silent;
        silent.silent = true;
        peer.push(silent);
        peer.push(HttpPeer::stream(HttpPeer::openAiStream(u"awake"_s)));
        LlmSettings s = settings(peer);
        s.idleTimeoutMs = 300;
        LlmClient client(s);
        const LlmReply r = call(client);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.text, u"awake"_s);
        QCOMPARE(r.attempts, 2);
    }

    void truncatedStreamFails()
    {
        HttpPeer peer;
        for (int i = 0; i < 2; ++i) {
            QList<QByteArray> chunks = HttpPeer::openAiStream(u"cut off before the end"_s);
            QByteArray body = chunks.join();
            body.truncate(body.indexOf("\"usage\"") - 20); // no usage, no [DONE]
            peer.push(HttpPeer::stream({body}));
        }
        LlmSettings s = settings(peer);
        s.retries = 1;
        LlmClient client(s);
        const LlmReply r = call(client);
        QVERIFY(!r.ok);
        QCOMPARE(r.attempts, 2);
        QVERIFY2(r.error.contains(u"the stream ended before the reply was complete"_s),
                 qPrintable(r.error));
    }

    void malformedJsonFails()
    {
        HttpPeer peer;
        peer.push(HttpPeer::stream({"data: {\"choices\": [{\"delta\": {\"content\": \"ok\"}}]}\n\n",
                                    "data: {not json\n\n"}));
        LlmClient client(settings(peer));
        const LlmReply r = call(client);
        QVERIFY(!r.ok);
        QCOMPARE(r.attempts, 1);
        QVERIFY2(r.error.contains(u"malformed event"_s) && r.error.contains(u"{not json"_s),
                 qPrintable(r.error));
    }

    void hugeReplyIsCut()
    {
        HttpPeer peer;
        peer.push(HttpPeer::stream(HttpPeer::openAiStream(QString(200'000, u'x'), 1, 1, 4096)));
        LlmSettings s = settings(peer);
        s.maxReplyBytes = 50'000;
        LlmClient client(s);
        const LlmReply r = call(client);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(u"exceeds 50000 bytes"_s), qPrintable(r.error));
        QVERIFY(r.text.size() <= 50'000);
    }

    void cancelEndsTheCall()
    {
        HttpPeer peer;
        ScriptedReply silent;
        silent.silent = true;
        peer.push(silent);
        LlmClient client(settings(peer));
        QSignalSpy done(&client, &LlmClient::finished);
        const int id = client.send({u"planner"_s, {}, u"hello"_s});
        QTRY_COMPARE_WITH_TIMEOUT(peer.requests().size(), 1, 10'000); // it is in flight
        client.cancel(id);
        QCOMPARE(done.size(), 1);
        const LlmReply r = done.first().at(1).value<LlmReply>();
        QVERIFY(r.cancelled);
        QVERIFY(!r.ok);
        QCOMPARE(client.inFlight(), 0);
    }

    void localCommandProvider()
    {
        LlmSettings s;
        s.provider = LlmSettings::Provider::Command;
        // Answers with the prompt's last line, read from stdin: the prompt arrived.
        s.command = {u"sh"_s, u"-c"_s, u"tail -n 1 | sed 's/^/echo: /'"_s};
        LlmClient client(s);
        QSignalSpy done(&client, &LlmClient::finished);
        client.send({u"planner"_s, u"system text"_s, u"first line\nthe last line"_s});
        QVERIFY(done.wait(10'000));
        const LlmReply r = done.first().at(1).value<LlmReply>();
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.text.trimmed(), u"echo: the last line"_s);
        QVERIFY(r.tokensEstimated);

        s.command = {u"sh"_s, u"-c"_s, u"cat >/dev/null; echo 'model not found' >&2; exit 3"_s};
        LlmClient failing(s);
        QSignalSpy failed(&failing, &LlmClient::finished);
        failing.send({u"planner"_s, {}, u"x"_s});
        QVERIFY(failed.wait(10'000));
        const LlmReply f = failed.first().at(1).value<LlmReply>();
        QVERIFY(!f.ok);
        QVERIFY2(f.error.contains(u"exited with 3"_s) && f.error.contains(u"model not found"_s),
                 qPrintable(f.error));
    }

    void settingsFromJson()
    {
        QString error;
        QVERIFY(!LlmSettings::fromJson(Json{{"provider", "gemini"}, {"model", "x"}}, &error));
        QVERIFY(error.contains(u"llm.provider"_s));
        QVERIFY(!LlmSettings::fromJson(Json{{"provider", "openai"}}, &error));
        QVERIFY(error.contains(u"llm.model"_s));
        QVERIFY(!LlmSettings::fromJson(Json{{"provider", "command"}}, &error));
        auto s = LlmSettings::fromJson(
            Json{{"provider", "anthropic"}, {"model", "claude"}, {"price_in", 3}}, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->keyVariable(), u"ANTHROPIC_API_KEY"_s);
        QCOMPARE(s->priceInPerMTok, 3.0);
        QVERIFY(s->writeNotes); // the LLM writes the notes unless told not to
        QVERIFY(!LlmSettings::fromJson(
            Json{{"provider", "openai"}, {"model", "m"}, {"notes", "no"}}, &error));
        QVERIFY(error.contains(u"llm.notes"_s));
        s = LlmSettings::fromJson(Json{{"provider", "openai"}, {"model", "m"}, {"notes", false}},
                                  &error);
        QVERIFY(s && !s->writeNotes);
        // A workload naming a bad provider: refused with file, line and column.
        QString text = readAll(QFINDTESTDATA("data/tiny/llm.json"));
        const QString tiny = QFileInfo(QFINDTESTDATA("data/tiny/llm.json")).absolutePath();
        text.replace(u"\"provider\": \"openai\""_s, u"\"provider\": \"gemini\""_s)
            .replace(u"\"slow.cpp\""_s, u'"' + tiny + u"/slow.cpp\""_s)
            .replace(u"\"reference.cpp\""_s, u'"' + tiny + u"/reference.cpp\""_s);
        QFile f(m_tmp.path() + u"/bad-llm.json"_s);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text.toUtf8());
        f.close();
        const WorkloadLoad bad = loadWorkload(f.fileName(), &m_target);
        QVERIFY(!bad.workload);
        const QString line = text.split(u'\n').value(17);
        const QString where =
            u"bad-llm.json:18:"_s + QString::number(line.indexOf(u"\"gemini\""_s) + 1) + u':';
        QVERIFY2(bad.message().contains(where) && bad.message().contains(u"gemini"_s),
                 qPrintable(bad.message()));

        // Samples are a whole number; the prompt folder is relative to the
        // workload and must exist; a misspelt member is named with a suggestion.
        QVERIFY(!LlmSettings::fromJson(Json{{"provider", "openai"}, {"model", "m"}, {"samples", 0}},
                                       &error));
        QVERIFY(error.contains(u"llm.samples"_s));
        QVERIFY(!LlmSettings::fromJson(
            Json{{"provider", "openai"}, {"model", "m"}, {"samples", 1.5}}, &error));
        s = LlmSettings::fromJson(
            Json{{"provider", "openai"}, {"model", "m"}, {"samples", 3}, {"prompts", "p"}}, &error);
        QVERIFY(s && s->samples == 3 && s->promptsDir == u"p"_s);
        QCOMPARE(s->toJson().value("samples", 0), 3);
        // Prices per model: the chosen model's entry wins over price_in/price_out.
        const Json table = {{"gpt-x", {2.0, 8.0}}, {"org/model", {0.5, 1.5}}};
        s = LlmSettings::fromJson(
            Json{
                {"provider", "openai"}, {"model", "org/model"}, {"price_in", 9}, {"prices", table}},
            &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->priceInPerMTok, 0.5);
        QCOMPARE(s->priceOutPerMTok, 1.5);
        s = LlmSettings::fromJson(
            Json{{"provider", "openai"}, {"model", "other"}, {"price_in", 9}, {"prices", table}},
            &error);
        QVERIFY(s && s->priceInPerMTok == 9 && s->priceOutPerMTok == 0);
        std::string member;
        QVERIFY(!LlmSettings::fromJson(
            Json{{"provider", "openai"}, {"model", "m"}, {"prices", {{"org/m~1", {1}}}}}, &error,
            &member));
        QCOMPARE(member,
                 std::string("prices/org~1m~01")); // a JSON pointer, for the line and column
        QVERIFY2(error.contains(u"org/m~1"_s), qPrintable(error));
        QDir().mkpath(m_tmp.path() + u"/my-prompts"_s);
        auto loadWith = [&](const QString &llm) {
            QString t = readAll(QFINDTESTDATA("data/tiny/llm.json"));
            t.replace(u"\"price_out\": 15.0}"_s, u"\"price_out\": 15.0, "_s + llm + u'}')
                .replace(u"\"slow.cpp\""_s, u'"' + tiny + u"/slow.cpp\""_s)
                .replace(u"\"reference.cpp\""_s, u'"' + tiny + u"/reference.cpp\""_s);
            QFile out(m_tmp.path() + u"/llm-prompts.json"_s);
            if (!out.open(QIODevice::WriteOnly))
                return WorkloadLoad{};
            out.write(t.toUtf8());
            out.close();
            return loadWorkload(out.fileName(), &m_target);
        };
        const WorkloadLoad relative = loadWith(u"\"prompts\": \"my-prompts\", \"smaples\": 2"_s);
        QVERIFY2(relative.workload, qPrintable(relative.message()));
        QCOMPARE(relative.workload->llm.value("prompts", std::string()),
                 QString(m_tmp.path() + u"/my-prompts"_s).toStdString());
        QVERIFY2(relative.message().contains(u"llm-prompts.json:18:"_s) &&
                     relative.message().contains(u"'smaples'"_s) &&
                     relative.message().contains(u"samples"_s),
                 qPrintable(relative.message()));
        const WorkloadLoad missing = loadWith(u"\"prompts\": \"nowhere\""_s);
        QVERIFY(!missing.workload);
        QVERIFY2(missing.message().contains(u"llm-prompts.json:18:"_s) &&
                     missing.message().contains(u"nowhere"_s),
                 qPrintable(missing.message()));
    }

    // ---------------------------------------------------------- replies → kernels

    void codeExtraction()
    {
        const QStringList cpp = {u"cpp"_s, u"c++"_s};
        const QString kernel = u"extern \"C\" void fma1(const float *x) {}\n"_s;
        ExtractedCode none = extractKernel(u"I would tile the loop."_s, cpp, u"fma1"_s);
        QVERIFY(none.source.isEmpty());
        QVERIFY2(none.error.contains(u"no fenced code block"_s), qPrintable(none.error));
        ExtractedCode one =
            extractKernel(u"Here:\n"_s + fenced(kernel) + u"Done."_s, cpp, u"fma1"_s);
        QCOMPARE(one.source, kernel);
        // Two blocks: the one that defines the entry, whatever the order.
        ExtractedCode two = extractKernel(
            fenced(u"g++ -O3 kernel.cpp\n"_s, u"sh"_s) + fenced(kernel), cpp, u"fma1"_s);
        QCOMPARE(two.blocks, 2);
        QCOMPARE(two.source, kernel);
        ExtractedCode neither = extractKernel(fenced(u"a\n"_s) + fenced(u"b\n"_s), cpp, u"fma1"_s);
        QVERIFY(neither.source.isEmpty());
        QVERIFY2(neither.error.contains(u"2 code blocks and none defines fma1()"_s),
                 qPrintable(neither.error));
        // A reply cut off inside its block still yields what it has; ~~~ fences too.
        QCOMPARE(extractKernel(u"```cpp\n"_s + kernel, cpp, u"fma1"_s).source, kernel);
        QCOMPARE(extractKernel(u"~~~c++\n"_s + kernel + u"~~~\n"_s, cpp, u"fma1"_s).source, kernel);
    }

    void guards_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("flagged");
        const QString head =
            u"#include <cstdint>\nextern \"C\" void fma1(const float *x, const float *w, float *y, int64_t N)\n{\n"_s;
        QTest::newRow("clean")
            << head + u"    for (int64_t i = 0; i < N; ++i) y[i] = x[i] * w[i] + 1.0f;\n}\n"_s
            << QString();
        QTest::newRow("reference")
            << u"extern \"C\" void fma1_reference(const float *, const float *, float *, int64_t);\n"_s +
                   head + u"    fma1_reference(x, w, y, N);\n}\n"_s
            << u"calls-reference"_s;
        QTest::newRow("blas") << head + u"    cblas_saxpy(N, 1.0f, x, 1, y, 1);\n}\n"_s
                              << u"library-call"_s;
        QTest::newRow("file") << head + u"    FILE *f = fopen(\"/tmp/answer\", \"r\");\n}\n"_s
                              << u"file-access"_s;
        QTest::newRow("shape") << head + u"    if (N == 65536) { /* fast path */ }\n}\n"_s
                               << u"shape-special-case"_s;
        QTest::newRow("only in a comment")
            << head + u"    // not fma1_reference(x, w, y, N); and not fopen(\n}\n"_s << QString();
        QTest::newRow("only in a string")
            << head + u"    const char *s = \"fopen(\"; (void)s;\n}\n"_s << QString();
    }
    void guards()
    {
        QFETCH(QString, source);
        QFETCH(QString, flagged);
        const QList<GuardFinding> found = checkGuards(source, m_target, m_workload);
        if (flagged.isEmpty()) {
            QVERIFY2(found.isEmpty(), qPrintable(found.value(0).toString()));
        } else {
            QCOMPARE(found.size(), 1);
            QCOMPARE(found.first().id, flagged);
            QVERIFY(found.first().line >= 1);
            QVERIFY(source.split(u'\n')
                        .value(found.first().line - 1)
                        .trimmed()
                        .startsWith(found.first().excerpt));
        }
    }

    void promptsAreOverridable()
    {
        QTemporaryDir session;
        PromptTemplate t;
        QString error;
        QVERIFY2(
            loadPrompt(u"executor"_s, promptSearchPath(session.path(), u"cpu-cxx"_s), &t, &error),
            qPrintable(error));
        QCOMPARE(t.path, u":/kwb/prompts/cpu-cxx/executor.md"_s);
        QVERIFY(
            loadPrompt(u"planner"_s, promptSearchPath(session.path(), u"cpu-cxx"_s), &t, &error));
        QCOMPARE(t.path, u":/kwb/prompts/default/planner.md"_s); // no cpu-cxx one: the default
        // The settings' folder: its <target>/ first, then itself, before the built-in ones.
        QTemporaryDir user;
        QDir().mkpath(user.path() + u"/cpu-cxx"_s);
        for (const QString &name :
             {u"/cpu-cxx/executor.md"_s, u"/planner.md"_s, u"/executor.md"_s}) {
            QFile mine(user.path() + name);
            QVERIFY(mine.open(QIODevice::WriteOnly));
            mine.write("Mine.\n=== prompt ===\n{{plan}}\n");
        }
        QVERIFY(loadPrompt(u"executor"_s,
                           promptSearchPath(session.path(), u"cpu-cxx"_s, user.path()), &t,
                           &error));
        QCOMPARE(t.path, user.path() + u"/cpu-cxx/executor.md"_s);
        QVERIFY(loadPrompt(
            u"planner"_s, promptSearchPath(session.path(), u"cpu-cxx"_s, user.path()), &t, &error));
        QCOMPARE(t.path, user.path() + u"/planner.md"_s);
        QCOMPARE(t.system, u"Mine."_s);
        QDir().mkpath(session.path() + u"/prompts"_s);
        QFile own(session.path() + u"/prompts/planner.md"_s);
        QVERIFY(own.open(QIODevice::WriteOnly));
        own.write("Be brief.\n=== prompt ===\nImprove {{workload}} ({{unknown}}).\n");
        own.close();
        QVERIFY(loadPrompt(
            u"planner"_s, promptSearchPath(session.path(), u"cpu-cxx"_s, user.path()), &t, &error));
        QCOMPARE(t.system, u"Be brief."_s); // the session's own wins
        QStringList missing;
        QCOMPARE(renderPrompt(t.user, {{u"workload"_s, u"tiny {{x}}"_s}}, &missing),
                 u"Improve tiny {{x}} ().\n"_s);
        QCOMPARE(missing, QStringList{u"unknown"_s});
        QFile broken(session.path() + u"/prompts/executor.md"_s);
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("no separator\n");
        broken.close();
        QVERIFY(
            !loadPrompt(u"executor"_s, promptSearchPath(session.path(), u"cpu-cxx"_s), &t, &error));
        QVERIFY2(error.contains(u"=== prompt ==="_s) && error.contains(u"executor.md:1:1"_s),
                 qPrintable(error));
    }

    // ---------------------------------------------------------- the loop, for real

    void loopEndToEnd_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("improves") << u"improves"_s;
        QTest::newRow("compile error fixed by feedback") << u"fixes"_s;
        QTest::newRow("reference call caught by the guard") << u"guard"_s;
    }
    void loopEndToEnd()
    {
        QFETCH(QString, scenario);
        const QString good = readAll(QFINDTESTDATA("data/tiny/good.cpp"));
        const QString broken = readAll(QFINDTESTDATA("data/tiny/nocompile.cpp"));
        const QString cheat =
            u"#include <cstdint>\nextern \"C\" void fma1_reference(const float *, const float *, "
            u"float *, int64_t);\n"
            "extern \"C\" void fma1(const float *x, const float *w, float *y, int64_t N)\n{\n"
            "    fma1_reference(x, w, y, N);\n}\n"_s;
        HttpPeer peer;
        auto plan = [&](const QString &text) {
            peer.push(HttpPeer::stream(HttpPeer::openAiStream(text, 900, 60)));
        };
        auto code = [&](const QString &src) {
            peer.push(HttpPeer::stream(
                HttpPeer::openAiStream(u"Here is the kernel.\n"_s + fenced(src), 1200, 300)));
        };
        Workload w = m_workload;
        if (scenario == u"improves"_s) {
            plan(
                u"## Drop the seven redundant passes\nThe kernel recomputes y eight times; once is enough."_s);
            code(good);
        } else if (scenario == u"fixes"_s) {
            w.rounds = 2;
            plan(u"Drop the redundant passes"_s);
            code(broken); // fails to compile
            code(good);   // the fix, asked with the compiler's error
        } else {
            plan(u"Let the reference do the work"_s);
            code(cheat);
        }
        const QString dir = m_tmp.path() + u"/loop-"_s + scenario;
        LoopOptions options;
        options.plateauRounds = 0;
        LlmRun run = llmRun(w, dir, peer, options);
        QVERIFY2(run.session, qPrintable(run.error));
        SessionStore *session = run.session.get();
        LlmPlanner &planner = *run.planner;
        const RunEnd end = runToEnd(run, 120'000);
        QVERIFY(end.finished);
        QCOMPARE(end.reason, StopReason::RoundLimit);
        const QStringList &prompts = end.prompts;
        QCOMPARE(peer.pending(), 0); // every scripted reply was asked for

        const auto &records = session->experiments();
        QVERIFY(records.size() >= 2);
        QCOMPARE(records[0].decision, Verdict::Kept); // the slow start
        // The planner prompt carried the incumbent's source, metrics and bottleneck.
        QVERIFY(prompts.first().startsWith(u"planner: "_s));
        QVERIFY(prompts.first().contains(u"for (int r = 0; r < 8; ++r)"_s));
        QVERIFY(prompts.first().contains(u"median_ms = "_s));
        QVERIFY(prompts.first().contains(u"Bottleneck: "_s));
        QVERIFY(prompts.value(1).startsWith(u"executor: "_s));
        QVERIFY(prompts.value(1).contains(
            u"void fma1(const float *x, const float *w, float *y, int64_t N)"_s));
        const ExperimentRecord &last = records.back();
        if (scenario == u"improves"_s) {
            QCOMPARE(records.size(), size_t(2));
            QCOMPARE(last.origin, Origin::Agent);
            QCOMPARE(last.decision, Verdict::Kept);
            QCOMPARE(last.plan, u"Drop the seven redundant passes"_s);
        } else if (scenario == u"fixes"_s) {
            QCOMPARE(records.size(), size_t(3));
            QCOMPARE(records[1].decision, Verdict::Failed);
            QCOMPARE(ss(records[1].result.failureClass()), std::string("compile"));
            QCOMPARE(prompts.size(), 3); // plan, code, fix: no second plan
            QVERIFY(prompts[2].startsWith(u"executor: "_s));
            const QString feedback = prompts[2].mid(prompts[2].indexOf(u"# Error feedback"_s));
            QVERIFY2(feedback.contains(u"failed: compile"_s) &&
                         feedback.contains(u"error: expected"_s),
                     qPrintable(feedback));
            QCOMPARE(last.decision, Verdict::Kept);
            QVERIFY(last.plan.contains(u"(fix 1/3 of #2)"_s));
            QVERIFY(last.flags.contains(u"fix"_s));
        } else {
            QCOMPARE(records.size(), size_t(2));
            QCOMPARE(last.decision, Verdict::Rejected);
            QVERIFY2(
                last.cause.startsWith(u"rejected by a guard: calls the reference implementation"_s),
                qPrintable(last.cause));
            QVERIFY(last.flags.contains(u"guard:calls-reference"_s));
            QVERIFY(last.result.isNull()); // it never ran
        }
        // The ledger and transcripts: every call, its tokens and cost.
        const LedgerTotals t = session->ledgerTotals();
        QCOMPARE(t.calls, prompts.size());
        QVERIFY(t.tokensIn > 0 && t.tokensOut > 0);
        QVERIFY(qAbs(planner.cost() - t.cost) < 1e-12);
        QVERIFY(t.cost > 0);
        QCOMPARE(QDir(dir + u"/transcripts"_s).entryList(QDir::Files).size(), prompts.size());
    }

    // The bundled example (examples/matmul-cpu, at 128³ so it runs in
    // seconds) through three rounds: a kernel that does not compile, its fix
    // through error feedback (kept, faster than the naive start), and a
    // kernel that calls the reference (rejected by the guard, never run).
    void bundledExampleEndToEnd()
    {
        const WorkloadLoad l = loadWorkload(
            QStringLiteral(KWB_SOURCE_DIR "/examples/matmul-cpu/workload.json"), &m_target);
        QVERIFY2(l.workload, qPrintable(l.message()));
        QString error;
        std::optional<Workload> w = reshaped(*l.workload, {128, 128, 128}, &error);
        QVERIFY2(w, qPrintable(error));
        w->planner = u"llm"_s;
        w->rounds = 3;
        // The rounds end the run, never the goal: the i-k-j kernel reached
        // the example's 60 GFLOP/s at 128³ on a fast moment of a CI machine.
        w->goal.target = 1e9;
        const QString ikj =
            u"#include <cstdint>\n"
            "extern \"C\" void matmul(const float *A, const float *B, float *C, int64_t M, int64_t "
            "N, int64_t K)\n{\n"
            "    for (int64_t i = 0; i < M; ++i) {\n"
            "        float *c = C + i * N;\n"
            "        for (int64_t j = 0; j < N; ++j)\n            c[j] = 0.0f;\n"
            "        for (int64_t k = 0; k < K; ++k) {\n"
            "            const float a = A[i * K + k];\n"
            "            const float *b = B + k * N;\n"
            "            for (int64_t j = 0; j < N; ++j)\n                c[j] += a * b[j];\n"
            "        }\n    }\n}\n"_s;
        QString broken = ikj;
        broken.replace(u"c[j] = 0.0f;"_s, u"c[j] = 0.0f"_s);
        const QString cheat = u"#include <cstdint>\n"
                              "extern \"C\" void matmul_reference(const float *, const float *, "
                              "float *, int64_t, int64_t, int64_t);\n"
                              "extern \"C\" void matmul(const float *A, const float *B, float *C, "
                              "int64_t M, int64_t N, int64_t K)\n{\n"
                              "    matmul_reference(A, B, C, M, N, K);\n}\n"_s;
        HttpPeer peer;
        auto reply = [&](const QString &text) {
            peer.push(HttpPeer::stream(HttpPeer::openAiStream(text)));
        };
        reply(
            u"Reorder the loops to i-k-j\nThe inner loop then walks B and C contiguously and vectorizes."_s);
        reply(fenced(broken));
        reply(u"Here is the fixed kernel.\n"_s + fenced(ikj));
        reply(u"Let the reference compute C"_s);
        reply(fenced(cheat));
        // The notes, by the LLM: the start's reflexion comes after the
        // baseline is recorded, before any plan (the records have moved).
        for (int i = 0; i < 8; ++i) {
            peer.pushFor(
                "You reflect on one experiment",
                HttpPeer::stream(HttpPeer::openAiStream(
                    u"{\"tried\": \"t\", \"expected\": \"e\", \"observed\": \"o\", \"lesson\": \"contiguous inner loops\", \"avoid\": [], \"try\": []}"_s)));
        }
        peer.pushFor("You keep the optimization memory",
                     HttpPeer::stream(HttpPeer::openAiStream(
                         u"{\"change\": \"i-k-j\", \"why\": \"contiguous\"}"_s)));
        LoopOptions options;
        options.plateauRounds = 0;
        const QString dir = m_tmp.path() + u"/matmul-llm"_s;
        LlmRun run = llmRun(*w, dir, peer, options, [](LlmSettings &s) { s.writeNotes = true; });
        QVERIFY2(run.session, qPrintable(run.error));
        const RunEnd end = runToEnd(run, 300'000);
        QVERIFY(end.finished);
        QVERIFY2(end.reason == StopReason::RoundLimit, qPrintable(end.detail));
        QCOMPARE(peer.pending(), 0);
        const QStringList work = end.prompts.filter(QRegularExpression(u"^(planner|executor): "_s));
        QCOMPARE(work.size(), 5); // plan, kernel, fix, plan, kernel
        const std::vector<Json> reflections = run.session->reflections();
        QVERIFY(!reflections.empty());
        QCOMPARE(reflections[0].value("candidate", 0), run.loop->startRecord()->id);
        QCOMPARE(reflections[0].value("by", std::string()), std::string("llm"));
        QCOMPARE(run.session->memory()[0].value("by", std::string()), std::string("llm"));

        std::vector<ExperimentRecord> agent;
        for (const ExperimentRecord &r : run.session->experiments()) {
            if (r.origin == Origin::Agent)
                agent.push_back(r);
        }
        QCOMPARE(agent.size(), size_t(3));
        QCOMPARE(agent[0].decision, Verdict::Failed);
        QCOMPARE(ss(agent[0].result.failureClass()), std::string("compile"));
        QVERIFY(agent[0].flags.contains(u"fixing"_s));
        QVERIFY(work[2].contains(u"# Error feedback"_s) && work[2].contains(u"error: expected"_s));
        QCOMPARE(agent[1].decision, Verdict::Kept);
        QCOMPARE(agent[1].plan, u"Reorder the loops to i-k-j (fix 1/3 of #"_s +
                                    QString::number(agent[0].id) + u')');
        const ExperimentRecord *start = run.loop->startRecord();
        QVERIFY(start);
        const double speedup = start->result.medianMs() / agent[1].result.medianMs();
        QVERIFY2(speedup > 1.5, qPrintable(QString::number(speedup)));
        QCOMPARE(agent[2].decision, Verdict::Rejected);
        QVERIFY2(agent[2].cause.contains(u"calls the reference implementation"_s),
                 qPrintable(agent[2].cause));
        QVERIFY(agent[2].result.isNull());
        QCOMPARE(run.loop->best()->id, agent[1].id);
    }

    // A kernel that fails is sent back to the executor with its error; the
    // candidate counts as failed (toward the divergence streak) only once
    // the fixes are spent. With one failure allowed in a row, a revert
    // comes after the third fix, not after the first failure.
    void fixesCountOnlyWhenSpent()
    {
        const QString broken = readAll(QFINDTESTDATA("data/tiny/nocompile.cpp"));
        HttpPeer peer;
        const QByteArray planner = "Propose ONE optimization",
                         executor = "Rewrite the kernel below";
        peer.pushFor(planner,
                     HttpPeer::stream(HttpPeer::openAiStream(u"Drop the redundant passes"_s)));
        for (int attempt = 0; attempt < 4; ++attempt) // the kernel and its three fixes, all broken
            peer.pushFor(executor,
                         HttpPeer::stream(HttpPeer::openAiStream(fenced(
                             broken + u"// attempt "_s + QString::number(attempt) + u'\n'))));
        peer.pushFor(planner, HttpPeer::stream(HttpPeer::openAiStream(u"Compute y once"_s)));
        peer.pushFor(executor, HttpPeer::stream(HttpPeer::openAiStream(
                                   fenced(readAll(QFINDTESTDATA("data/tiny/good.cpp"))))));
        Workload w = m_workload;
        w.rounds = 5;
        w.divergence.maxFailures = 1;
        LoopOptions options;
        options.plateauRounds = 0;
        const QString dir = m_tmp.path() + u"/fixes-spent"_s;
        LlmRun run = llmRun(w, dir, peer, options);
        QVERIFY2(run.session, qPrintable(run.error));
        QList<int> revertedAfter; // the number of records when each revert came
        connect(run.loop.get(), &OptimizationLoop::reverted, this,
                [&] { revertedAfter << int(run.session->experiments().size()); });
        const RunEnd end = runToEnd(run, 180'000);
        QVERIFY(end.finished);
        QVERIFY2(end.reason == StopReason::RoundLimit, qPrintable(end.detail));
        const QStringList &prompts = end.prompts;
        QCOMPARE(peer.pendingFor(planner), 0);
        QCOMPARE(peer.pendingFor(executor), 0);

        const auto &records = run.session->experiments();
        QCOMPARE(records.size(), size_t(6));
        for (int i = 1; i <= 4; ++i) {
            const ExperimentRecord &r = records[size_t(i)];
            QCOMPARE(r.decision, Verdict::Failed);
            QCOMPARE(ss(r.result.failureClass()), std::string("compile"));
            if (i > 1)
                QVERIFY2(r.plan.endsWith(u"(fix "_s + QString::number(i - 1) + u"/3 of #2)"_s),
                         qPrintable(r.plan));
            if (i < 4) { // sent back: not counted yet
                QVERIFY(r.flags.contains(u"fixing"_s));
                QVERIFY2(r.cause.endsWith(u"sent back to the executor (fix "_s +
                                          QString::number(i) + u"/3)"_s),
                         qPrintable(r.cause));
            } else { // the fixes are spent: a failure
                QVERIFY(!r.flags.contains(u"fixing"_s));
                QVERIFY2(!r.cause.contains(u"sent back"_s), qPrintable(r.cause));
            }
        }
        QCOMPARE(revertedAfter,
                 QList<int>{5}); // once, after the last fix; none for the three sent back
        QCOMPARE(records[5].decision, Verdict::Kept);
        QCOMPARE(records[5].plan, u"Compute y once"_s);
        // Each fix was asked with the latest attempt's error, and no new plan came in between.
        const QStringList purposes = [&] {
            QStringList p;
            for (const QString &x : prompts)
                p << x.section(u':', 0, 0);
            return p;
        }();
        QCOMPARE(purposes, (QStringList{u"planner"_s, u"executor"_s, u"executor"_s, u"executor"_s,
                                        u"executor"_s, u"planner"_s, u"executor"_s}));
        QVERIFY(prompts[4].contains(u"Your previous kernel (candidate #4) failed: compile"_s));
        QVERIFY(prompts[4].contains(u"// attempt 2"_s));
        QVERIFY(prompts[4].contains(u"error: expected"_s));
    }

    // A round of three candidates with two samples per plan: two plans, the
    // first carried out twice, each executor told which sample it writes.
    void samplesPerPlan()
    {
        const QString good = readAll(QFINDTESTDATA("data/tiny/good.cpp"));
        HttpPeer peer;
        const QByteArray planner = "Propose ONE optimization",
                         executor = "Rewrite the kernel below";
        peer.pushFor(planner,
                     HttpPeer::stream(HttpPeer::openAiStream(u"Drop the redundant passes"_s)));
        peer.pushFor(planner,
                     HttpPeer::stream(HttpPeer::openAiStream(u"Drop the redundant passes too"_s)));
        for (int sample = 0; sample < 3; ++sample)
            peer.pushFor(executor, HttpPeer::stream(HttpPeer::openAiStream(fenced(
                                       good + u"// take "_s + QString::number(sample) + u'\n'))));
        Workload w = m_workload;
        w.batch = 3;
        LoopOptions options;
        options.plateauRounds = 0;
        LlmRun run = llmRun(w, m_tmp.path() + u"/samples"_s, peer, options,
                            [](LlmSettings &s) { s.samples = 2; });
        QVERIFY2(run.session, qPrintable(run.error));
        const RunEnd end = runToEnd(run, 180'000);
        QVERIFY(end.finished);
        QCOMPARE(peer.pendingFor(planner), 0);
        QCOMPARE(peer.pendingFor(executor), 0);
        const QStringList plans = end.prompts.filter(QRegularExpression(u"^planner: "_s));
        const QStringList executors = end.prompts.filter(QRegularExpression(u"^executor: "_s));
        QCOMPARE(plans.size(), 2);
        QCOMPARE(executors.size(), 3);
        QVERIFY(plans[0].contains(u"one of 2 plans of the round"_s));
        QCOMPARE(executors.filter(u"This is sample 1 of 2 for this plan"_s).size(), 1);
        QCOMPARE(executors.filter(u"This is sample 2 of 2 for this plan"_s).size(), 1);
        QCOMPARE(executors.filter(u"This is sample"_s).size(),
                 2); // the second plan has one sample: no note

        const auto &records = run.session->experiments();
        QCOMPARE(records.size(), size_t(4));
        QStringList recorded;
        for (size_t i = 1; i < records.size(); ++i) {
            recorded << records[i].plan;
            QCOMPARE(records[i].round, 1);
            QCOMPARE(records[i].flags.contains(u"sample"_s),
                     records[i].plan.contains(u"(sample"_s));
        }
        // Which plan came first is the network's choice: one of them has two samples.
        const QStringList sampled = recorded.filter(u" (sample "_s);
        QCOMPARE(sampled.size(), 2);
        const QString plan = sampled[0].section(u" (sample "_s, 0, 0);
        QCOMPARE(QSet<QString>(sampled.begin(), sampled.end()),
                 (QSet<QString>{plan + u" (sample 1/2)"_s, plan + u" (sample 2/2)"_s}));
        recorded.removeAll(sampled[0]);
        recorded.removeAll(sampled[1]);
        QCOMPARE(recorded.size(), 1);
        QVERIFY(recorded[0] != plan && recorded[0].startsWith(u"Drop the redundant passes"_s));
    }

    // With notes on, the LLM words the memory record of a keep and the
    // reflexion on each candidate; an answer that does not validate is asked
    // again with the reason, then the rules' record stays.
    void notesWrittenByTheLlm()
    {
        HttpPeer peer;
        const QByteArray summarizer = "optimization memory of a kernel-tuning session";
        const QByteArray reflexion = "You reflect on one experiment";
        peer.push(HttpPeer::stream(HttpPeer::openAiStream(u"Drop the seven redundant passes"_s)));
        peer.push(HttpPeer::stream(
            HttpPeer::openAiStream(fenced(readAll(QFINDTESTDATA("data/tiny/good.cpp"))))));
        peer.pushFor(summarizer, HttpPeer::stream(HttpPeer::openAiStream(
                                     u"```json\n{\"change\": \"compute y once instead of eight "
                                     u"times\", \"why\": \"less work per element\", "
                                     "\"speedup\": 1000}\n```"_s)));
        // The start's reflexion: no JSON, then a valid answer.
        peer.pushFor(reflexion, HttpPeer::stream(HttpPeer::openAiStream(u"The kernel is slow."_s)));
        peer.pushFor(
            reflexion,
            HttpPeer::stream(HttpPeer::openAiStream(
                u"Sure: {\"tried\": \"the start\", \"expected\": \"a baseline\", \"observed\": "
                u"\"slow\", "
                "\"lesson\": \"it loops eight times\", \"avoid\": [], \"try\": [\"drop the loop\"]}"_s)));
        // #2's: 'try' missing three times (the first answer and two retries): the rules' record
        // stays.
        for (int i = 0; i < 3; ++i) {
            peer.pushFor(
                reflexion,
                HttpPeer::stream(HttpPeer::openAiStream(
                    u"{\"tried\": \"x\", \"expected\": \"y\", \"observed\": \"z\", \"lesson\": \"w\", \"avoid\": []}"_s)));
        }
        const QString dir = m_tmp.path() + u"/notes"_s;
        LoopOptions options;
        options.plateauRounds = 0;
        LlmRun run =
            llmRun(m_workload, dir, peer, options, [](LlmSettings &s) { s.writeNotes = true; });
        QVERIFY2(run.session, qPrintable(run.error));
        const RunEnd end = runToEnd(run, 120'000);
        QVERIFY(end.finished);
        QCOMPARE(end.reason, StopReason::RoundLimit);
        const QStringList &prompts = end.prompts;
        QCOMPARE(peer.pending(), 0);
        QCOMPARE(peer.pendingFor(summarizer), 0);
        QCOMPARE(peer.pendingFor(reflexion), 0);

        const auto &records = run.session->experiments();
        QCOMPARE(records.size(), size_t(2));
        QCOMPARE(records[1].decision, Verdict::Kept);
        // The memory record: the LLM's words, the benchmark's figures.
        const Json memory = run.session->memory();
        QCOMPARE(memory.size(), size_t(1));
        QCOMPARE(memory[0].value("by", std::string()), std::string("llm"));
        QCOMPARE(memory[0].value("change", std::string()),
                 std::string("compute y once instead of eight times"));
        QCOMPARE(memory[0].value("why", std::string()), std::string("less work per element"));
        // The speedup is the benchmark's, the start's median over the kept
        // one's, never the LLM's 1000 (how large it is depends on the load
        // on the machine: speed is the benchmarks' business).
        const double before = recordedMedianMs(records[0]), after = recordedMedianMs(records[1]);
        QVERIFY2(before > after && after > 0, qPrintable(u"%1 %2"_s.arg(before).arg(after)));
        QCOMPARE(memory[0].value("from", 0), records[0].id);
        QCOMPARE(memory[0].value("speedup", 0.0), before / after);
        QCOMPARE(memory[0].value("to", 0), records[1].id);
        // The reflexions: #1 by the LLM after one retry, #2 by the rules.
        const std::vector<Json> reflections = run.session->reflections();
        QCOMPARE(reflections.size(), size_t(2));
        QCOMPARE(reflections[0].value("candidate", 0), records[0].id);
        QCOMPARE(reflections[0].value("by", std::string()), std::string("llm"));
        QCOMPARE(reflections[0].value("lesson", std::string()),
                 std::string("it loops eight times"));
        QCOMPARE(reflections[0]["try"], Json::array({"drop the loop"}));
        QCOMPARE(reflections[0].value("outcome", std::string()),
                 std::string("kept")); // the rules' fields stay
        QCOMPARE(reflections[1].value("candidate", 0), records[1].id);
        QCOMPARE(reflections[1].value("by", std::string()), std::string("rules"));
        // The retry told the model what was wrong.
        const QStringList retries = prompts.filter(u"# Your last answer could not be used"_s);
        QCOMPARE(retries.size(), 3);
        QVERIFY(retries[0].contains(u"holds no JSON object"_s));
        QVERIFY(retries[1].contains(u"try (an array of strings)"_s));
        // Every call is in the ledger and has its transcript.
        QCOMPARE(prompts.size(), 8); // planner, executor, summarizer, 2 + 3 reflexions
        QCOMPARE(run.session->ledgerTotals().calls, 8);
        QCOMPARE(
            QDir(dir + u"/transcripts"_s).entryList({u"*-summarizer.json"_s}, QDir::Files).size(),
            1);
        QCOMPARE(
            QDir(dir + u"/transcripts"_s).entryList({u"*-reflexion.json"_s}, QDir::Files).size(),
            5);
    }

    // The planner's prompt shows the incumbent's figures only when they can
    // be trusted: a flagged or false-win record's claims never reach the LLM.
    void plannerNeverSeesUntrustedFigures()
    {
        HttpPeer peer;
        QString error;
        auto session = SessionStore::create(m_tmp.path() + u"/untrusted-incumbent"_s, m_workload,
                                            m_target, &error);
        QVERIFY2(session, qPrintable(error));
        LlmPlanner planner(m_workload, m_target, *session, settings(peer));
        QStringList prompts;
        connect(&planner, &LlmPlanner::callStarted, this,
                [&prompts](int, const QString &, const QString &, const QString &prompt) {
                    prompts << prompt;
                });
        ExperimentRecord claim;
        claim.id = 1;
        claim.decision = Verdict::Kept;
        claim.result = Json{{"correct", true},
                            {"latency", {{"median_ms", 0.00123}}},
                            {"metrics", {{"median_ms", 0.00123}, {"gflops", 98765.4}}},
                            {"roles", m_target.roleNames()}};
        for (const QString &flag : {QString(), u"flagged"_s, u"false-win"_s}) {
            ScriptedReply silent;
            silent.silent = true;
            peer.push(silent);
            claim.flags = flag.isEmpty() ? QStringList() : QStringList{flag};
            const qsizetype before = prompts.size();
            planner.proposeLater(1, &claim, QString(),
                                 [](std::vector<Proposal>, const QString &) {});
            QTRY_COMPARE_WITH_TIMEOUT(prompts.size(), before + 1, 10'000);
            planner.cancel();
            const QString &prompt = prompts.last();
            if (flag.isEmpty()) { // trusted: its figures are the planner's facts
                QVERIFY2(prompt.contains(u"gflops = 9.877e+04"_s), qPrintable(prompt));
                continue;
            }
            QVERIFY2(!prompt.contains(u"9.877e+04"_s) && !prompt.contains(u"0.00123"_s),
                     qPrintable(flag + u": "_s + prompt));
            QVERIFY2(prompt.contains(u"(no measurements yet)"_s), qPrintable(prompt));
        }
    }

    // Stop while the planner waits for the LLM: the call is cancelled and the loop ends.
    void stopCancelsTheCall()
    {
        HttpPeer peer;
        ScriptedReply silent;
        silent.silent = true;
        peer.push(silent);
        LlmRun run = llmRun(m_workload, m_tmp.path() + u"/stopped"_s, peer);
        QVERIFY(run.session);
        LlmPlanner &planner = *run.planner;
        OptimizationLoop &loop = *run.loop;
        QSignalSpy finished(&loop, &OptimizationLoop::finished);
        loop.start();
        QTRY_COMPARE_WITH_TIMEOUT(peer.requests().size(), 1, 60'000); // the planner call is out
        loop.stop(); // the cancelled call's (empty) answer ends the loop, maybe at once
        QVERIFY(finished.size() == 1 || finished.wait(10'000));
        QCOMPARE(finished.first().at(0).value<StopReason>(), StopReason::Stopped);
        QCOMPARE(planner.client().inFlight(), 0);
    }

    void costBudgetStopsTheLoop()
    {
        HttpPeer peer;
        // One round's calls cost (10^6·3 + 10^5·15)/10^6 = US$ 4.5 > the budget of 1.
        peer.push(
            HttpPeer::stream(HttpPeer::openAiStream(u"Drop the passes"_s, 1'000'000, 100'000)));
        peer.push(HttpPeer::stream(
            HttpPeer::openAiStream(fenced(readAll(QFINDTESTDATA("data/tiny/good.cpp"))), 10, 10)));
        Workload w = m_workload;
        w.rounds = 5;
        LoopOptions options;
        options.maxCost = 1.0;
        LlmRun run = llmRun(w, m_tmp.path() + u"/budget"_s, peer, options);
        QVERIFY(run.session);
        OptimizationLoop &loop = *run.loop;
        QSignalSpy finished(&loop, &OptimizationLoop::finished);
        loop.start();
        QVERIFY(finished.wait(120'000));
        QCOMPARE(finished.first().at(0).value<StopReason>(), StopReason::CostBudget);
        QCOMPARE(peer.requests().size(), 2); // no third call after the budget ran out
        QVERIFY2(finished.first().at(1).toString().contains(u"US$ 4.5"_s),
                 qPrintable(finished.first().at(1).toString()));
    }

    // A whole session through kwb with the key set: the key went to the
    // server, and no file of the session nor kwb's output holds it.
    void keyNeverLandsOnDisk()
    {
        HttpPeer peer;
        peer.push(HttpPeer::stream(HttpPeer::openAiStream(u"Drop the passes"_s)));
        peer.push(HttpPeer::stream(
            HttpPeer::openAiStream(fenced(readAll(QFINDTESTDATA("data/tiny/good.cpp"))))));
        // The notes: the memory record of the keep, a reflexion on each candidate.
        peer.pushFor(
            "You keep the optimization memory",
            HttpPeer::stream(HttpPeer::openAiStream(u"{\"change\": \"c\", \"why\": \"w\"}"_s)));
        for (int i = 0; i < 2; ++i) {
            peer.pushFor(
                "You reflect on one experiment",
                HttpPeer::stream(HttpPeer::openAiStream(
                    u"{\"tried\": \"t\", \"expected\": \"e\", \"observed\": \"o\", \"lesson\": \"l\", \"avoid\": [], \"try\": []}"_s)));
        }
        const QString dir = m_tmp.path() + u"/secret"_s;
        QProcess kwb;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"OPENAI_API_KEY"_s, kKey);
        env.insert(u"XDG_CACHE_HOME"_s, m_tmp.path() + u"/cache"_s);
        kwb.setProcessEnvironment(env);
        kwb.start(QStringLiteral(KWB_BINARY), {u"run"_s, QFINDTESTDATA("data/tiny/llm.json"),
                                               u"--session"_s, dir, u"--base-url"_s, peer.url()});
        QTRY_VERIFY_WITH_TIMEOUT(kwb.state() == QProcess::NotRunning, 120'000);
        const QByteArray said = kwb.readAllStandardOutput() + kwb.readAllStandardError();
        QVERIFY2(kwb.exitCode() == 0, said.constData());
        QCOMPARE(peer.requests().size(), 5);
        for (const SeenRequest &r : peer.requests())
            QCOMPARE(r.headers.value("authorization"), "Bearer " + kKey.toUtf8());
        QVERIFY(!said.contains(kKey.toUtf8()));
        int files = 0;
        for (QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
             it.hasNext();) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(!f.readAll().contains(kKey.toUtf8()), qPrintable(f.fileName()));
            ++files;
        }
        QVERIFY(files > 5); // session.json, experiments, kernels, logs, transcripts, ledger
        QVERIFY(QFile::exists(dir + u"/llm-ledger.jsonl"_s));
        QVERIFY(said.contains("llm planner:") || said.contains("llm plan:"));
    }
};

QTEST_MAIN(TestLlm)
#include "tst_llm.moc"
