// Hostile input: files written to break the readers (numbers beyond a
// double, documents nested 50,000 deep, values of the wrong type, byte
// order marks, duplicate keys, sizes nobody can allocate, names that would
// be pasted into generated code, damaged sessions and Kernel Tuner caches).
// Each is refused or repaired with a message that names file, line and
// column; none aborts, none is half-used.
#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "eval/result.h"
#include "fuzztargets.h"
#include "loop/evalbackend.h"
#include "loop/loop.h"
#include "planning/planner.h"
#include "planning/tunercache.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QScopeGuard>
#include <QtTest>
#include <csignal>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

class TestHostile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    TargetProfile m_target;
    int m_tinies = 0;

    QString write(const QString &name, const QByteArray &text)
    {
        QFile f(m_dir.path() + u'/' + name);
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
            return {};
        return f.fileName();
    }

    // A valid workload's text with `from` replaced by `to`.
    static QByteArray workload(const QByteArray &from = {}, const QByteArray &to = {})
    {
        QByteArray text = R"({
  "name": "tiny",
  "target": "cpu-cxx",
  "kernel": "k.cpp",
  "template": "k.cpp",
  "reference": "ref.cpp",
  "entry": {"kernel": "f", "reference": "g"},
  "dims": {"N": 64},
  "inputs": {"x": {"shape": ["N"], "dtype": "float32"}},
  "outputs": {"y": {"shape": ["N"], "dtype": "float32"}},
  "hosts": ["local"],
  "goal": {"metric": "gflops", "target": 10},
  "knobs": {"B": {"values": [1, 2], "description": "block"}},
  "correctness": {"seeds": 3}
}
)";
        if (!from.isEmpty())
            text.replace(from, to);
        return text;
    }

    QString diagnostics(const QString &path)
    {
        const WorkloadLoad l = loadWorkload(path, &m_target);
        QStringList out;
        for (const Diagnostic &d : l.errors + l.warnings)
            out << d.toString().remove(m_dir.path() + u'/');
        return out.join(u'\n');
    }

    // The tiny problem (y = x·w + 1) with `reference` as its reference.
    static QByteArray goodReference()
    {
        return "#include <cstdint>\nextern \"C\" void fma1_reference(const float *x, const float "
               "*w, float *y, int64_t N)\n"
               "{ for (int64_t i = 0; i < N; ++i) y[i] = float(double(x[i]) * double(w[i]) + 1.0); "
               "}\n";
    }

    // `trust` false: the symbol audit off (KWB_TRUST=off), as for a kernel
    // that needs what the audit refuses.
    EvalOutcome evaluateTiny(const QByteArray &kernel,
                             const QByteArray &reference = goodReference(), double timeoutS = 20,
                             bool trust = true)
    {
        if (!trust)
            qputenv("KWB_TRUST", "off");
        const auto restore = qScopeGuard([] { qunsetenv("KWB_TRUST"); });
        const QString dir = m_dir.path() + u"/tiny-"_s + QString::number(++m_tinies);
        QDir().mkpath(dir);
        auto put = [&](const QString &name, const QByteArray &text) {
            QFile f(dir + u'/' + name);
            return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
        };
        const QByteArray wl =
            R"({"name": "tiny", "target": "cpu-cxx", "kernel": "k.cpp", "reference": "ref.cpp",
  "entry": {"kernel": "fma1", "reference": "fma1_reference"}, "dims": {"N": 4096},
  "inputs": {"x": {"shape": ["N"], "dtype": "float32"}, "w": {"shape": ["N"], "dtype": "float32"}},
  "outputs": {"y": {"shape": ["N"], "dtype": "float32"}}, "hosts": ["local"],
  "goal": {"metric": "gflops", "target": 10}, "correctness": {"seeds": 2},
  "benchmark": {"warmup": 1, "iters": 5, "max_seconds": 1, "timeout_s": TIMEOUT}})";
        if (!put(u"k.cpp"_s, kernel) || !put(u"ref.cpp"_s, reference) ||
            !put(u"w.json"_s, QByteArray(wl).replace("TIMEOUT", QByteArray::number(timeoutS))))
            return {};
        const LoadedWorkload l = loadWorkloadAndTarget(dir + u"/w.json"_s);
        if (!l.ok()) {
            qWarning("%s", qPrintable(l.errors.front().toString()));
            return {};
        }
        Evaluator ev(*l.workload, *l.target, Calibration{}, m_dir.path() + u"/work"_s);
        EvalOutcome outcome;
        connect(&ev, &Evaluator::finished, this, [&](const EvalOutcome &o) { outcome = o; });
        QSignalSpy done(&ev, &Evaluator::finished);
        ev.start(
            Candidate{QString::fromUtf8(kernel), Origin::Agent, Json::object(), u"test"_s, {}});
        if (!done.wait(int(timeoutS * 4 * 1000) + 60'000))
            qWarning("the evaluation did not finish");
        return outcome;
    }

    static QByteArray goodKernel()
    {
        return "#include <cstdint>\nextern \"C\" void fma1(const float *x, const float *w, float "
               "*y, int64_t N)\n"
               "{ for (int64_t i = 0; i < N; ++i) y[i] = x[i] * w[i] + 1.0f; }\n";
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        Diagnostic d;
        auto t = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QVERIFY2(t, qPrintable(d.toString()));
        m_target = *t;
        QVERIFY(write(u"k.cpp"_s, "// k\n").size() > 0);
        QVERIFY(write(u"ref.cpp"_s, "// ref\n").size() > 0);
        // The skeleton itself is valid: every case below fails for its own reason.
        const QString base = write(u"base.json"_s, workload());
        QCOMPARE(diagnostics(base), QString());
    }

    void workloads_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected"); // a part of the diagnostics
        QTest::newRow("number beyond a double") << workload("\"N\": 64", "\"N\": 1e400")
                                                << u"w.json:8:17: number out of range: 1e400"_s;
        QTest::newRow("negative number beyond a double")
            << workload("\"target\": 10", "\"target\": -1e999")
            << u"w.json:12:42: number out of range: -1e999"_s;
        QTest::newRow("knob description not a string")
            << workload("\"description\": \"block\"", "\"description\": 5")
            << u"w.json:13:52: knob 'B': 'description' must be a string, found an integer"_s;
        QTest::newRow("divisor bound not a number")
            << workload("\"B\": {\"values\": [1, 2], \"description\": \"block\"}",
                        "\"B\": {\"divisors\": \"N\", \"min\": \"2\"}")
            << u"'min' must be a number, found a string"_s;
        QTest::newRow("byte order mark")
            << QByteArray("\xEF\xBB\xBF") + workload("\"hosts\": [\"local\"]", "\"hosts\": 5")
            << u"w.json:11:12:"_s;
        QTest::newRow("duplicate key")
            << workload("\"kernel\": \"k.cpp\",", "\"kernel\": \"k.cpp\", \"kernel\": \"k.cpp\",")
            << u"w.json:4:22: warning: duplicate key 'kernel' (first at line 4, column 3); the last one counts"_s;
        QTest::newRow("300 million seeds") << workload("\"seeds\": 3", "\"seeds\": 300000000")
                                           << u"must be at most 1000, found 300000000"_s;
        QTest::newRow("2^63 seeds") << workload("\"seeds\": 3", "\"seeds\": 9223372036854775808")
                                    << u"must be at most 1000, found 9223372036854775808"_s;
        QTest::newRow("4.4 TB of tensors")
            << workload("\"shape\": [\"N\"], \"dtype\": \"float32\"}},\n  \"outputs\"",
                        "\"shape\": [\"N\", \"N\"], \"dtype\": \"float32\"}},\n  \"outputs\"")
                   .replace("\"N\": 64", "\"N\": 1048576")
            << u"the tensors take 4.4e+03 GB, more than the 68.7 GB"_s;
        QTest::newRow("a dim past 2^40") << workload("\"N\": 64", "\"N\": 2199023255552")
                                         << u"dim 'N' is 2199023255552, more than 2^40"_s;
        QTest::newRow("code in a tensor name")
            << workload("\"inputs\": {\"x\"", "\"inputs\": {\"A; int x\"")
            << u"'inputs' entry 'A; int x': a tensor name must be an identifier"_s;
        QTest::newRow("code in a dim name")
            << workload("\"dims\": {\"N\": 64}", "\"dims\": {\"N\": 64, \"M\\n#define\": 2}")
            << u"dim name 'M\n#define' must be an identifier"_s;
        QTest::newRow("a line break in the name")
            << workload("\"name\": \"tiny\"", "\"name\": \"tiny\\n#define f g\"")
            << u"'name' must not hold control characters"_s;
        QTest::newRow("code in a knob name")
            << workload("\"B\": {\"values\"", "\"B 1\\n#define x\": {\"values\"")
            << u"knob name 'B 1\n#define x' must be an identifier"_s;
        QTest::newRow("a line break in a knob value")
            << workload("[1, 2]", "[1, \"2\\n#include <x>\"]")
            << u"knob 'B': a value must be one line of text"_s;
        QTest::newRow("a target outside the targets")
            << workload("\"target\": \"cpu-cxx\"", "\"target\": \"../../../etc\"") << QString();
    }

    void workloads()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const QString path = write(u"w.json"_s, text);
        if (expected.isEmpty()) { // refused through loadWorkloadAndTarget
            const LoadedWorkload l = loadWorkloadAndTarget(path);
            QVERIFY(!l.ok());
            QVERIFY2(l.errors.front().toString().contains(u"unknown target '../../../etc'"_s),
                     qPrintable(l.errors.front().toString()));
            return;
        }
        const QString got = diagnostics(path);
        QVERIFY2(got.contains(expected), qPrintable(u"got:\n"_s + got));
    }

    // Nested 50,000 deep: refused before anything walks it, at the bracket
    // that goes one level too deep.
    void deepNesting()
    {
        const QByteArray deep =
            "{\"name\": " + QByteArray(50'000, '[') + QByteArray(50'000, ']') + "}";
        Diagnostic d;
        QVERIFY(!JsonText::parse(deep, u"deep.json"_s, &d));
        QCOMPARE(d.toString(), u"deep.json:1:265: nested deeper than 256 levels"_s);
        // Brackets inside strings and comments are not nesting.
        QByteArray quoted =
            "{\"a\": \"" + QByteArray(1000, '[') + "\" /* " + QByteArray(1000, '{') + " */}";
        QVERIFY2(JsonText::parse(quoted, u"q.json"_s, &d), qPrintable(d.toString()));
    }

    void tunerCaches_data()
    {
        QTest::addColumn<QByteArray>("entry");
        QTest::addColumn<QString>("expected");
        QTest::newRow("negative time")
            << QByteArray(R"("time": -3)")
            << u"'time' must be a positive number of milliseconds, found -3"_s;
        QTest::newRow("zero time")
            << QByteArray(R"("time": 0)")
            << u"'time' must be a positive number of milliseconds, found 0"_s;
        QTest::newRow("a word for a time")
            << QByteArray(R"("time": "fast")")
            << u"'time' names no failure Kernel Tuner records ('fast'"_s;
        QTest::newRow("a time beyond a double")
            << QByteArray(R"("time": 1e400)") << u"number out of range: 1e400"_s;
        QTest::newRow("a recorded failure")
            << QByteArray(R"("time": "RuntimeFailedConfig")") << QString();
    }

    void tunerCaches()
    {
        QFETCH(QByteArray, entry);
        QFETCH(QString, expected);
        const LoadedWorkload l = loadWorkloadAndTarget(write(u"kt-workload.json"_s, workload()));
        QVERIFY(l.ok());
        const QByteArray text =
            R"({"tune_params_keys": ["B"], "tune_params": {"B": [1, 2]}, "cache": {
  "1": {"B": 1, "time": 2.5},
  "2": {"B": 2, )" +
            entry + "}}}\n";
        Diagnostic syntax;
        auto doc = JsonText::parse(text, u"kt.json"_s, &syntax);
        if (!doc) {
            QVERIFY2(syntax.toString().contains(expected), qPrintable(syntax.toString()));
            return;
        }
        QList<Diagnostic> ds;
        auto cache = TunerCache::fromJson(*doc, l.workload->knobs, &ds);
        if (expected.isEmpty()) {
            QVERIFY(cache);
            QCOMPARE(cache->best()->timeMs, 2.5); // a failure is never the optimum
            return;
        }
        QVERIFY(!cache);
        QVERIFY2(ds.size() == 1 && ds.front().toString().startsWith(u"kt.json:3:"_s) &&
                     ds.front().toString().contains(expected),
                 qPrintable(ds.isEmpty() ? u"no diagnostic"_s : ds.front().toString()));
    }

    // A recording of another problem size is refused by import (its times
    // belong to another problem) and warned about by simulate.
    void tunerCacheOfAnotherSize()
    {
        const QString wl = write(u"size-workload.json"_s, workload());
        const QString cache =
            write(u"size.cache.json"_s, R"({"tune_params_keys": ["B"], "problem_size": [4096],
  "cache": {"1": {"B": 1, "time": 2.5}, "2": {"B": 2, "time": 3.0}}})");
        QProcess kwb;
        kwb.start(QStringLiteral(KWB_BINARY),
                  {u"import"_s, cache, wl, u"--session"_s, m_dir.path() + u"/size-session"_s});
        QVERIFY(kwb.waitForFinished(60'000));
        QCOMPARE(kwb.exitCode(), 2);
        QVERIFY2(
            QString::fromUtf8(kwb.readAllStandardError())
                .contains(
                    u"the recording's problem_size [4096] is not this workload's problem (N=64)"_s),
            "no reason given");
        QVERIFY(!QFileInfo::exists(m_dir.path() + u"/size-session/experiments.jsonl"_s));
    }

    // A session's records, damaged in every way we know: each bad line is
    // skipped with file:line and the reason, the good ones are kept, and
    // nothing aborts.
    void damagedRecords()
    {
        const LoadedWorkload l = loadWorkloadAndTarget(write(u"s-workload.json"_s, workload()));
        QVERIFY(l.ok());
        const QString dir = m_dir.path() + u"/session"_s;
        QString error;
        {
            auto s = SessionStore::create(dir, *l.workload, *l.target, &error);
            QVERIFY2(s, qPrintable(error));
        }
        QFile f(dir + u"/experiments.jsonl"_s);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"id": 1, "source_hash": "a", "round": 0, "decision": "kept"})"
                "\n"
                R"({"id": 2, "source_hash": "b", "result": {"latency": {"median_ms": 1e400}}})"
                "\n"
                R"({"id": 3, "source_hash": "c", "round": "one"})"
                "\n"
                R"({"id": 4, "source_hash": "d", "plan": 5})"
                "\n"
                R"({"id": 1, "source_hash": "e"})"
                "\n"
                R"({"id": 5, "source_hash": "f", "result": "fast"})"
                "\n"
                R"({"id": 6, "source_hash": "g", "knobs": null, "flags": ["x", 5]})"
                "\n");
        f.close();
        auto s = SessionStore::open(dir, &error);
        QVERIFY2(s, qPrintable(error));
        QList<int> ids;
        for (const ExperimentRecord &r : s->experiments())
            ids << r.id;
        QCOMPARE(ids, QList<int>({1, 6}));
        QCOMPARE(s->experiments().back().flags, QStringList({u"x"_s}));
        const QString warnings = s->warnings().join(u'\n');
        for (
            const QString &want :
            {u"experiments.jsonl:2:67: skipped a malformed record: number out of range: 1e400"_s,
             u"experiments.jsonl:3:1: skipped a malformed record: 'round' must be an integer, found a string"_s,
             u"experiments.jsonl:4:1: skipped a malformed record: 'plan' must be a string, found an integer"_s,
             u"experiments.jsonl:5:1: skipped a record whose id 1 is already taken (by the record on line 1)"_s,
             u"experiments.jsonl:6:1: skipped a malformed record: 'result' must be an object, found a string"_s})
            QVERIFY2(warnings.contains(want),
                     qPrintable(u"missing: "_s + want + u"\ngot:\n"_s + warnings));
    }

    // session.json naming a failed candidate as the incumbent, a kept one
    // whose kernel file is gone, and a loop state that is not an object:
    // the loop resumes from the best kernel it can build on, and says why.
    void damagedLoopState()
    {
        const LoadedWorkload l = loadWorkloadAndTarget(write(u"l-workload.json"_s, workload()));
        QVERIFY(l.ok());
        QTemporaryDir dir;
        QString error;
        auto session = SessionStore::create(dir.path() + u"/s"_s, *l.workload, *l.target, &error);
        QVERIFY2(session, qPrintable(error));
        auto add = [&](const QString &decision, double ms, bool storeKernel) {
            ExperimentRecord r;
            r.round = 0;
            r.origin = Origin::Human;
            r.sourceHash = decision + QString::number(ms);
            r.decision = verdictFromWord(decision);
            r.result =
                Json{{"schema", "kwb.result/1"},
                     {"stage", "bench"},
                     {"compiled", true},
                     {"correct", true},
                     {"latency",
                      {{"median_ms", ms}, {"min_ms", ms}, {"p90_ms", ms}, {"samples_ms", {ms}}}}};
            if (storeKernel)
                QVERIFY(session->storeKernel(r.sourceHash, u"// "_s + r.sourceHash, &error));
            QVERIFY(session->append(r, &error));
        };
        add(u"kept"_s, 10, true);  // #1: what the loop should build on
        add(u"kept"_s, 5, false);  // #2: faster, but its kernel is gone
        add(u"failed"_s, 1, true); // #3: never an incumbent
        QVERIFY(session->setLoopState(Json{{"incumbent", 3}, {"best", 2}}, &error));
        SearchPlanner planner(*l.workload, *l.target, SearchStrategy::Random, 1);
        FunctionEvalBackend backend(
            [](const Candidate &, const EvalVariant &) { return EvalOutcome{}; }, 1);
        OptimizationLoop loop(*l.workload, *session, planner, backend, LoopOptions{});
        QStringList console;
        connect(&loop, &OptimizationLoop::consoleLine, this,
                [&](int, const QString &line) { console << line; });
        loop.start();
        QVERIFY(loop.incumbent());
        QCOMPARE(loop.incumbent()->id, 1);
        QVERIFY2(console.join(u'\n').contains(
                     u"kwb: session.json names #3 as the incumbent, but it was failed, not kept"_s),
                 qPrintable(console.join(u'\n')));
        loop.stop();
        QTRY_VERIFY_WITH_TIMEOUT(loop.isFinished(), 10'000);

        // A loop state that is not an object reads as none.
        QVERIFY(session->setLoopState(Json::array({1, 2}), &error));
        QCOMPARE(session->loopId("incumbent"), 0);
    }

    // What a harness prints, with values of the wrong kind where the reader
    // once assumed one.
    void resultDocuments_data()
    {
        QTest::addColumn<QByteArray>("document");
        QTest::addColumn<QString>("expected");
        const QByteArray head =
            R"({"schema": "kwb.result/1", "stage": "compile", "compiled": false, )";
        QTest::newRow("timings a number")
            << head + R"("timings": 5})" << u"'timings' must be an object"_s;
        QTest::newRow("a timing a string") << head + R"("timings": {"compile_ms": "x"}})"
                                           << u"'timings.compile_ms' must be a number"_s;
        QTest::newRow("failure stage a number")
            << head + R"("failure": {"class": "compile", "message": "m", "stage": 3}})"
            << u"'failure.stage' must be one of compile, check, bench, profile"_s;
        QTest::newRow("counters of the wrong kind")
            << head + R"("counters": {"available": 1, "reason": 2}})" << QString();
    }

    void resultDocuments()
    {
        QFETCH(QByteArray, document);
        QFETCH(QString, expected);
        QString error;
        auto r = parseResult(document, m_target, &error);
        if (expected.isEmpty()) {
            QVERIFY2(r, qPrintable(error));
            QVERIFY(!r->countersAvailable);
            return;
        }
        QVERIFY(!r);
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void calibrationOfTheWrongKind()
    {
        QString error;
        auto c = Calibration::fromJson(Json{{"schema", "kwb.calibration/1"},
                                            {"peak_gflops", 10},
                                            {"peak_gbs", 5},
                                            {"cpu", nullptr},
                                            {"threads", "four"},
                                            {"precision", 3}},
                                       &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->threads, 1);
        QVERIFY(c->cpu.isEmpty());
    }

    // ---- the host side: the right party blamed, nothing left running ----

    void brokenReferencesAreTheWorkloads_data()
    {
        QTest::addColumn<QByteArray>("reference");
        QTest::addColumn<QString>("message");
        QTest::newRow("segfaults")
            << QByteArray(
                   "#include <cstdint>\nextern \"C\" void fma1_reference(const float *x, "
                   "const float *w, float *y, int64_t N) { volatile int *p = nullptr; *p = 1; }\n")
            << u"the reference was killed by signal 11 (SIGSEGV"_s;
        QTest::newRow("never returns")
            << QByteArray("#include <cstdint>\nextern \"C\" void fma1_reference(const float *x, "
                          "const float *w, float *y, int64_t N) { for (volatile int i = 0;; i = i "
                          "+ 1) {} }\n")
            << u"the reference ran past 3 s while the kernel was being checked (seed=1)"_s;
    }

    void brokenReferencesAreTheWorkloads()
    {
        if (QStandardPaths::findExecutable(u"g++"_s).isEmpty())
            QSKIP("g++ is not installed; cpu-cxx cannot be tested");
        QFETCH(QByteArray, reference);
        QFETCH(QString, message);
        const EvalOutcome o = evaluateTiny(goodKernel(), reference, 3);
        QVERIFY2(!o.infra, qPrintable(o.infraMessage));
        QCOMPARE(o.result.failureClass, u"reference"_s);
        QVERIFY2(o.result.failureMessage.contains(message), qPrintable(o.result.failureMessage));
    }

    // A kernel (the audit off, as for a baseline or KWB_TRUST=off) whose
    // helper leaves its process group with setsid and sleeps: killed when
    // the evaluation ends, not left running. Run without the sandbox, whose
    // PID namespace would end it anyway (and hide the file it reports to):
    // the leftover sweep is what a host without bubblewrap relies on.
    void nothingOutlivesAnEvaluation()
    {
        qputenv("KWB_SANDBOX", "off");
        const auto restore = qScopeGuard([] { qunsetenv("KWB_SANDBOX"); });
        if (QStandardPaths::findExecutable(u"g++"_s).isEmpty())
            QSKIP("g++ is not installed; cpu-cxx cannot be tested");
        const QString pidFile = m_dir.path() + u"/helper.pid"_s;
        const QByteArray kernel =
            "#include <cstdint>\n#include <cstdio>\n#include <sys/wait.h>\n#include <unistd.h>\n"
            "extern \"C\" void fma1(const float *x, const float *w, float *y, int64_t N) {\n"
            "  static bool started = false;\n"
            "  if (!started) { started = true; const pid_t c = fork(); if (c == 0) { setsid();\n"
            "    const pid_t g = fork(); if (g == 0) { sleep(600); _exit(0); }\n"
            "    if (FILE *f = fopen(\"" +
            pidFile.toUtf8() +
            "\", \"a\")) { fprintf(f, \"%d\\n\", (int)g); fclose(f); }\n"
            "    _exit(0); }\n"
            "    waitpid(c, nullptr, 0); }\n"
            "  for (int64_t i = 0; i < N; ++i) y[i] = x[i] * w[i] + 1.0f; }\n";
        const EvalOutcome o = evaluateTiny(kernel, goodReference(), 20, false);
        QVERIFY2(!o.infra && !o.result.failed(),
                 qPrintable(o.infraMessage + o.result.failureMessage));
        QFile f(pidFile);
        QVERIFY2(f.open(QIODevice::ReadOnly), "the helper never started");
        const QList<QByteArray> pids = f.readAll().split('\n');
        int checked = 0;
        for (const QByteArray &pid : pids) {
            if (pid.trimmed().isEmpty())
                continue;
            ++checked;
            // Gone, or at most a zombie on its way out.
            QFile stat(u"/proc/"_s + QString::fromLatin1(pid.trimmed()) + u"/stat"_s);
            const QByteArray text = stat.open(QIODevice::ReadOnly) ? stat.readAll() : QByteArray();
            QVERIFY2(text.isEmpty() || text.contains(") Z "),
                     qPrintable(u"still running: "_s + QString::fromLatin1(text)));
        }
        QVERIFY(checked >=
                2); // one from the check, one from the bench (written before the kernel returns)

        // In the sandbox the same helper cannot report (the folder is
        // hidden), and nothing of it is left: no process works in the folder.
        qunsetenv("KWB_SANDBOX");
        const EvalOutcome boxed = evaluateTiny(kernel, goodReference(), 20, false);
        QVERIFY2(!boxed.infra && !boxed.result.failed(),
                 qPrintable(boxed.infraMessage + boxed.result.failureMessage));
        QVERIFY(boxed.result.document.at("sandbox").at("enabled").get<bool>());
        QCOMPARE(processesIn(m_dir.path()), QList<int>());
    }

    // The processes whose working folder lies under `dir`.
    static QList<int> processesIn(const QString &dir)
    {
        QList<int> out;
        const auto entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &e : entries) {
            bool number = false;
            const int pid = e.toInt(&number);
            if (number &&
                QFileInfo(u"/proc/"_s + e + u"/cwd"_s).canonicalFilePath().startsWith(dir))
                out << pid;
        }
        return out;
    }

    // kwb killed with SIGKILL while a candidate is checked: its supervisor
    // and the harness die with it, instead of going on beside a resumed run.
    void nothingOutlivesAKilledKwb()
    {
        if (QStandardPaths::findExecutable(u"g++"_s).isEmpty())
            QSKIP("g++ is not installed; cpu-cxx cannot be tested");
        const QString dir = m_dir.path() + u"/killed"_s;
        QVERIFY(QDir().mkpath(dir + u"/cache"_s));
        const QString canonical = QFileInfo(dir).canonicalFilePath();
        auto put = [&](const QString &name, const QByteArray &text) {
            QFile f(dir + u'/' + name);
            return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
        };
        // A kernel that computes for minutes (and nothing the audit refuses).
        QVERIFY(put(u"k.cpp"_s,
                    "#include <cstdint>\nextern \"C\" void fma1(const float *x, const float *w, "
                    "float *y, int64_t N)\n"
                    "{ for (volatile long i = 0; i < 400000000000L; i = i + 1) {}\n"
                    "  for (int64_t i = 0; i < N; ++i) y[i] = x[i] * w[i] + 1.0f; }\n"));
        QVERIFY(put(u"ref.cpp"_s, goodReference()));
        QVERIFY(
            put(u"w.json"_s,
                R"({"name": "slow", "target": "cpu-cxx", "kernel": "k.cpp", "reference": "ref.cpp",
  "entry": {"kernel": "fma1", "reference": "fma1_reference"}, "dims": {"N": 64},
  "inputs": {"x": {"shape": ["N"], "dtype": "float32"}, "w": {"shape": ["N"], "dtype": "float32"}},
  "outputs": {"y": {"shape": ["N"], "dtype": "float32"}}, "hosts": ["local"],
  "goal": {"metric": "gflops", "target": 10}, "benchmark": {"timeout_s": 600}})"));
        QProcess kwb;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"XDG_CACHE_HOME"_s, dir + u"/cache"_s);
        kwb.setProcessEnvironment(env);
        kwb.start(QStringLiteral(KWB_BINARY), {u"eval"_s, dir + u"/w.json"_s, u"--quiet"_s});
        QVERIFY(kwb.waitForStarted());
        // Until the check runs: a process under the work folder other than the supervisor.
        QElapsedTimer clock;
        clock.start();
        bool checking = false;
        while (!checking && clock.elapsed() < 120'000 && kwb.state() == QProcess::Running) {
            for (int pid : processesIn(canonical)) {
                QFile cmd(u"/proc/"_s + QString::number(pid) + u"/cmdline"_s);
                if (cmd.open(QIODevice::ReadOnly) && cmd.readAll().contains("/check\0check"))
                    checking = true;
            }
            if (!checking)
                QTest::qWait(100);
        }
        QVERIFY2(checking, qPrintable(QString::fromUtf8(kwb.readAllStandardError())));
        ::kill(pid_t(kwb.processId()), SIGKILL);
        QVERIFY(kwb.waitForFinished(10'000));
        QTRY_VERIFY_WITH_TIMEOUT(processesIn(canonical).isEmpty(), 10'000);
    }

    // A kernel printing without end (the audit off): stopped, and said so.
    void endlessOutputIsStopped()
    {
        if (QStandardPaths::findExecutable(u"g++"_s).isEmpty())
            QSKIP("g++ is not installed; cpu-cxx cannot be tested");
        const QByteArray kernel =
            "#include <cstdint>\n#include <cstdio>\n"
            "extern \"C\" void fma1(const float *x, const float *w, float *y, int64_t N) {\n"
            "  static char line[1 << 20]; for (auto &c : line) c = 'x';\n"
            "  for (int k = 0; k < 400; ++k) fwrite(line, 1, sizeof line, stderr);\n"
            "  for (int64_t i = 0; i < N; ++i) y[i] = x[i] * w[i] + 1.0f; }\n";
        const EvalOutcome o = evaluateTiny(kernel, goodReference(), 20, false);
        QVERIFY2(!o.infra, qPrintable(o.infraMessage));
        QCOMPARE(o.result.failureClass, u"crash"_s);
        QVERIFY2(o.result.failureMessage.contains(u"printed more than 256 MiB and was stopped"_s),
                 qPrintable(o.result.failureMessage));
    }

    // Every input that once broke a reader under libFuzzer (make fuzz), and
    // the seeds, replayed through the same functions in this build.
    void fuzzFindingsStayFixed()
    {
        using Reader = void (*)(const uint8_t *, size_t);
        const std::pair<const char *, Reader> readers[] = {
            {"jsontext", fuzz::jsonText},
            {"workload", fuzz::workload},
            {"targetprofile", fuzz::targetProfile},
            {"tunercache", fuzz::tunerCache},
            {"sessionrecords", fuzz::sessionRecords},
            {"resultdocument", fuzz::resultDocument}};
        const QString root = QFileInfo(QFINDTESTDATA("data/fuzz")).absoluteFilePath();
        QVERIFY(!root.isEmpty());
        int replayed = 0;
        for (const auto &[name, read] : readers) {
            for (const QString &dir : {QString(root + u'/' + QLatin1String(name)),
                                       QString(root + u"/seeds/"_s + QLatin1String(name))}) {
                const auto files = QDir(dir).entryInfoList(QDir::Files);
                for (const QFileInfo &file : files) {
                    QFile f(file.absoluteFilePath());
                    QVERIFY(f.open(QIODevice::ReadOnly));
                    const QByteArray data = f.readAll();
                    read(reinterpret_cast<const uint8_t *>(data.constData()), size_t(data.size()));
                    ++replayed;
                }
            }
        }
        QVERIFY(replayed >= 5); // at least the seeds
    }

    // The installed kwb on the same files: a clear error and exit status 2,
    // never an abort.
    void kwbValidateNeverAborts()
    {
        const QString deep = write(u"deep.json"_s, "{\"name\": " + QByteArray(50'000, '[') +
                                                       QByteArray(50'000, ']') + "}");
        const QString big = write(u"big.json"_s, workload("\"N\": 64", "\"N\": 1e400"));
        // Three knobs of a million values: validate samples the space.
        const QString huge =
            write(u"huge.json"_s,
                  workload("\"B\": {\"values\": [1, 2], \"description\": \"block\"}",
                           "\"A\": {\"range\": [1, 1000000]}, \"B\": {\"range\": [1, 1000000]}, "
                           "\"C\": {\"range\": [1, 1000000]}")
                      .replace("\"correctness\"",
                               "\"constraints\": [\"A * B <= C\"],\n  \"correctness\""));
        QProcess validate;
        QElapsedTimer clock;
        clock.start();
        validate.start(QStringLiteral(KWB_BINARY), {u"validate"_s, huge});
        QVERIFY(validate.waitForFinished(60'000));
        const QString said =
            QString::fromUtf8(validate.readAllStandardOutput() + validate.readAllStandardError());
        QVERIFY2(validate.exitCode() == 0 && said.contains(u"1e+18 configurations, ≈"_s),
                 qPrintable(said));
        QVERIFY2(clock.elapsed() < 30'000, qPrintable(QString::number(clock.elapsed())));
        // The model strategy on that space: sampled, never walked (it spent a
        // million checks per knob on every proposal).
        QByteArray entries;
        for (int i = 1; i <= 30; ++i)
            entries += QByteArray(i > 1 ? ", " : "") + "\"" + QByteArray::number(i) + ",2," +
                       QByteArray::number(1000 * i) +
                       "\": {\"time\": " + QByteArray::number(1.0 + i % 7) + "}";
        const QString recording =
            write(u"huge.cache.json"_s,
                  "{\"tune_params_keys\": [\"A\", \"B\", \"C\"], \"cache\": {" + entries + "}}");
        QProcess simulate;
        clock.restart();
        simulate.start(QStringLiteral(KWB_BINARY),
                       {u"simulate"_s, huge, u"--cache"_s, recording, u"--seeds"_s, u"1"_s,
                        u"--strategies"_s, u"model"_s, u"--budget"_s, u"60"_s});
        QVERIFY(simulate.waitForFinished(120'000));
        const QString replayed =
            QString::fromUtf8(simulate.readAllStandardOutput() + simulate.readAllStandardError());
        QVERIFY2(simulate.exitCode() == 0 &&
                     replayed.contains(
                         QRegularExpression(u"^model +\\d"_s, QRegularExpression::MultilineOption)),
                 qPrintable(replayed));
        for (const QString &file : {deep, big}) {
            QProcess kwb;
            kwb.start(QStringLiteral(KWB_BINARY), {u"validate"_s, file});
            QVERIFY(kwb.waitForFinished(60'000));
            QCOMPARE(kwb.exitStatus(), QProcess::NormalExit);
            QCOMPARE(kwb.exitCode(), 2);
            const QString text =
                QString::fromUtf8(kwb.readAllStandardError() + kwb.readAllStandardOutput());
            QVERIFY2(text.contains(u"nested deeper than 256 levels"_s) ||
                         text.contains(u"number out of range: 1e400"_s),
                     qPrintable(text));
        }
    }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
