// Measurements that cannot be faked, on cpu-cxx with the real compiler: a
// red team of kernels that cheat the benchmark, one technique each, every
// one caught with the right flag or failure; the honest kernels beside them
// never flagged; a result beyond the calibrated peak flagged; and a flagged
// result never kept by the loop's decision.
#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "evaluatenow.h"
#include "loop/evalbackend.h"
#include "loop/loop.h"
#include "planning/planner.h"
#include "rules/decision.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QScopeGuard>
#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

class TestTrust : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_work;
    TargetProfile m_target;
    Workload m_workload;
    Calibration m_calibration;

    static QString read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    EvalOutcome evaluate(const QString &source, const Workload &w,
                         const QString &origin = u"agent"_s)
    {
        return evaluateNow(
            w, m_target, m_calibration, m_work.path(),
            Candidate{source, originFromWord(origin), Json::object(), u"test"_s, {}});
    }

    static QStringList flagsOf(const EvalResult &r)
    {
        QStringList out;
        for (const Json &f : r.document.value("flags", Json::array()))
            out << qs(stringAt(f, {"id"})) + u": "_s + qs(stringAt(f, {"reason"}));
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_work.isValid());
        if (QStandardPaths::findExecutable(u"g++"_s).isEmpty())
            QSKIP("g++ is not installed; cpu-cxx cannot be tested");
        Diagnostic d;
        auto t = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QVERIFY2(t, qPrintable(d.toString()));
        m_target = *t;
        QVERIFY(m_target.audit.enabled());
        const WorkloadLoad l = loadWorkload(QFINDTESTDATA("data/tiny/workload.json"), &m_target);
        QVERIFY2(l.workload, qPrintable(l.message()));
        m_workload = *l.workload;
        // Far above what any one core reaches (a 4 GHz core with two
        // 16-lane FMA units: 512 GFLOP/s): at 100, the bundled example's
        // packed template, honest, passed the roofline on an AVX-512 core.
        m_calibration.peakGflops = 2000;
        m_calibration.peakGbs = 10;
    }

    void redTeam_data()
    {
        QTest::addColumn<QString>("file");
        // "flag <id>: <reason part>", "failure <class> <stage>: <message part>",
        // or "neutralised" (its trick cannot fire: it is measured on its honest path)
        QTest::addColumn<QString>("expected");
        QTest::newRow("reference through a pointer")
            << u"ref_pointer.cpp"_s
            << u"flag symbol-audit: the kernel calls the reference implementation fma1_reference"_s;
        QTest::newRow("reference through a macro")
            << u"ref_macro.cpp"_s
            << u"flag symbol-audit: the kernel calls the reference implementation fma1_reference"_s;
        QTest::newRow("reference through inline assembly")
            << u"ref_asm.cpp"_s
            << u"flag symbol-audit: the kernel calls the reference implementation fma1_reference"_s;
        QTest::newRow("reference through dlsym")
            << u"ref_dlsym.cpp"_s << u"flag symbol-audit: the kernel references dlsym"_s;
        QTest::newRow("own clock_gettime")
            << u"clock_gettime.cpp"_s
            << u"flag symbol-audit: the kernel replaces the C library's clock_gettime"_s;
        QTest::newRow("own gettimeofday")
            << u"gettimeofday.cpp"_s
            << u"flag symbol-audit: the kernel replaces the C library's gettimeofday"_s;
        QTest::newRow("own clock")
            << u"clock.cpp"_s << u"flag symbol-audit: the kernel replaces the C library's clock"_s;
        QTest::newRow("own time")
            << u"time.cpp"_s << u"flag symbol-audit: the kernel replaces the C library's time"_s;
        QTest::newRow("memoizes by call count")
            << u"memo_calls.cpp"_s
            << u"failure incorrect bench: correct when checked but not when timed"_s;
        QTest::newRow("memoizes by pointer")
            << u"memo_pointer.cpp"_s << u"failure incorrect check: differs from the reference"_s;
        // Every timed call's inputs are drawn afresh: it never finds one it saw.
        QTest::newRow("memoizes by input content") << u"memo_content.cpp"_s << u"neutralised"_s;
        QTest::newRow("learns a sample's length, skips all but its last call")
            << u"skips_learned.cpp"_s << u"neutralised"_s;
        QTest::newRow("computes every other call")
            << u"skip_calls.cpp"_s
            << u"failure incorrect bench: correct when checked but not when timed"_s;
        // A third of the elements just beyond the tolerance passes the sums;
        // the digest's probed elements do not.
        QTest::newRow("a lower precision when timed")
            << u"lower_precision.cpp"_s
            << u"failure incorrect bench: elements looked at are beyond the tolerance"_s;
        // Its static constructor writes a line of the harness's protocol
        // through /proc/self/fd, before the harness's own: there is no /proc
        // in the sandbox (protocolForgeriesOutsideTheSandbox: without one).
        QTest::newRow("forges a protocol line before main")
            << u"forge_protocol.cpp"_s << u"neutralised"_s;
        // Names the reference as the code running, through the same channel,
        // then crashes: the crash stays the kernel's.
        QTest::newRow("blames its crash on the reference")
            << u"blames_reference.cpp"_s
            << u"failure crash check: the check was killed by signal 6"_s;
        QTest::newRow("returns early once warmed up")
            << u"early_return.cpp"_s
            << u"failure incorrect bench: correct when checked but not when timed"_s;
        QTest::newRow("threads on a single-core workload")
            << u"threads.cpp"_s << u"flag symbol-audit: the kernel starts threads (std::thread"_s;
        QTest::newRow("writes outside its output")
            << u"write_outside.cpp"_s << u"failure crash check: wrote 4 bytes outside output y"_s;
        QTest::newRow("reads the harness's buffers")
            << u"read_harness.cpp"_s
            << u"failure incorrect bench: correct when checked but not when timed"_s;
        QTest::newRow("forks a helper")
            << u"fork.cpp"_s << u"flag symbol-audit: the kernel references fork"_s;
        QTest::newRow("talks to the kernel directly")
            << u"syscall.cpp"_s << u"flag symbol-audit: the kernel references syscall"_s;
        QTest::newRow("own std::chrono::steady_clock")
            << u"steady_clock.cpp"_s
            << u"flag symbol-audit: the kernel replaces the C++ runtime's std::chrono::_V2::steady_clock::now()"_s;
        QTest::newRow("a system call from inline assembly")
            << u"raw_syscall.cpp"_s
            << u"flag symbol-audit: the kernel executes the syscall instruction itself"_s;
        // Honest only on the workload's seeds: one of the check's is drawn per
        // evaluation (before that, the timed calls' verification caught it).
        QTest::newRow("computes only the calls it predicts are verified")
            << u"knows_bench_inputs.cpp"_s
            << u"failure incorrect check: the kernel's output differs from the reference"_s;
        QTest::newRow("a helper with external linkage")
            << u"helper_global.cpp"_s
            << u"flag symbol-audit: the kernel defines the global symbol fused(float, float)"_s;
    }

    void redTeam()
    {
        QFETCH(QString, file);
        QFETCH(QString, expected);
        const EvalOutcome o = evaluate(read(QFINDTESTDATA(u"data/redteam/"_s + file)), m_workload);
        QVERIFY2(!o.infra, qPrintable(o.infraMessage)); // a cheat is the kernel's, never the host's
        const EvalResult &r = o.result;
        const QStringList flags = flagsOf(r);
        if (expected == u"neutralised"_s) {
            QVERIFY2(!r.failed() && flags.isEmpty() && r.latency,
                     qPrintable(u"flags: "_s + flags.join(u" | "_s) + u"; failure: "_s +
                                r.failureMessage));
            return;
        }
        if (expected.startsWith(u"flag "_s)) {
            const QString want = expected.mid(5);
            QVERIFY2(std::any_of(flags.begin(), flags.end(),
                                 [&](const QString &f) { return f.contains(want); }),
                     qPrintable(u"flags: "_s + flags.join(u" | "_s) + u"; failure: "_s +
                                r.failureMessage));
            if (want.startsWith(u"symbol-audit"_s)) // never linked, never run
                QVERIFY(!r.latency && r.checks.empty());
        } else {
            const QString cls = expected.section(u' ', 1, 1),
                          stage = expected.section(u' ', 2, 2).chopped(1);
            const QString part = expected.section(u": "_s, 1);
            QCOMPARE(r.failureClass, cls);
            QCOMPARE(r.failureStage, stage);
            QVERIFY2(r.failureMessage.contains(part), qPrintable(r.failureMessage));
        }
        // Whatever it is, the loop never keeps it.
        Latency slow;
        slow.medianMs = slow.q1Ms = slow.q3Ms = 1000;
        QCOMPARE(decide(r, slow, DecisionRules{}).kind, Decision::Kind::Failed);
    }

    // Where no sandbox hides /proc (a host without bubblewrap, or
    // KWB_SANDBOX=off), a kernel reaches the protocol's pipe through
    // /proc/self/fd; what it writes there is still caught: a line the
    // harness prints once, seen twice, and a reference's phase after the
    // kernel's first call.
    void protocolForgeriesOutsideTheSandbox()
    {
        qputenv("KWB_SANDBOX", "off");
        const auto restore = qScopeGuard([] { qunsetenv("KWB_SANDBOX"); });
        const EvalOutcome forged =
            evaluate(read(QFINDTESTDATA("data/redteam/forge_protocol.cpp")), m_workload);
        QVERIFY2(!forged.infra, qPrintable(forged.infraMessage));
        const QStringList flags = flagsOf(forged.result);
        QVERIFY2(std::any_of(flags.begin(), flags.end(),
                             [](const QString &f) {
                                 return f.contains(
                                     u"timing-tampered: the benchmark's protocol holds"_s);
                             }),
                 qPrintable(flags.join(u" | "_s)));
        const EvalOutcome blamed =
            evaluate(read(QFINDTESTDATA("data/redteam/blames_reference.cpp")), m_workload);
        QVERIFY2(!blamed.infra, qPrintable(blamed.infraMessage));
        QCOMPARE(blamed.result.failureClass, u"crash"_s);
        QVERIFY2(blamed.result.failureMessage.contains(
                     u"the kernel wrote a line of the harness's protocol naming the reference"_s),
                 qPrintable(blamed.result.failureMessage));
    }

    // Finds the benchmark's command line above its stack frames and computes
    // only the samples it bets are verified (2 of 5). Told nothing of what
    // is verified, it is caught when the supervisor picks a sample it
    // skipped; when both picks are samples it computed, every skipped sample
    // counts as 90 % of the fastest verified one: never a median its honest
    // calls cannot reach.
    void samplesItSkipsNeverCount()
    {
        int caught = 0, bounded = 0;
        for (int run = 0; run < 3; ++run) {
            const EvalOutcome o =
                evaluate(read(QFINDTESTDATA("data/redteam/reads_argv.cpp")), m_workload);
            QVERIFY2(!o.infra, qPrintable(o.infraMessage));
            const EvalResult &r = o.result;
            if (r.failed()) {
                QCOMPARE(r.failureClass, u"incorrect"_s);
                QCOMPARE(r.failureStage, u"bench"_s);
                QVERIFY2(r.failureMessage.contains(u"elements unwritten or not finite"_s),
                         qPrintable(r.failureMessage));
                ++caught;
                continue;
            }
            // Its three skipped samples were raised to the floor, which is
            // then the median.
            const double floor = numberAt(r.document, {"verified_floor", "floor_ms"}, NAN);
            QCOMPARE(numberAt(r.document, {"verified_floor", "raised"}, 0), 3.0);
            QVERIFY(r.latency && r.latency->medianMs >= floor);
            ++bounded;
        }
        QCOMPARE(caught + bounded, 3);
    }

    // The honest side: kernels of the tiny problem, and a baseline calling a
    // library, are never flagged (a baseline is not audited).
    void honestKernelsAreNeverFlagged_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("origin");
        for (const char *f : {"good.cpp", "slow.cpp"})
            QTest::newRow(f) << u"data/tiny/"_s + QLatin1String(f) << u"agent"_s;
    }

    void honestKernelsAreNeverFlagged()
    {
        QFETCH(QString, file);
        QFETCH(QString, origin);
        for (int run = 0; run < 2; ++run) {
            const EvalOutcome o = evaluate(read(QFINDTESTDATA(file)), m_workload, origin);
            QVERIFY2(!o.infra, qPrintable(o.infraMessage));
            QVERIFY2(!o.result.failed(), qPrintable(o.result.failureMessage));
            QVERIFY2(flagsOf(o.result).isEmpty(), qPrintable(flagsOf(o.result).join(u" | "_s)));
            const Json &clock = o.result.document.at("outside_clock");
            QVERIFY(clock.value("available", false));
            QVERIFY(clock.value("explained", 0.0) > 0.25);
            // Two timed samples picked by the supervisor, verified right.
            const Json &verified = o.result.document.at("verified");
            QCOMPARE(verified.size(), size_t(2));
            QVERIFY(verified[0].value("sample", -1) != verified[1].value("sample", -1));
            for (const Json &v : verified)
                QVERIFY(v.value("ok", false));
        }
    }

    // The bundled example's kernels and an instance of its template.
    void bundledExampleIsNeverFlagged()
    {
        LoadedWorkload l = loadWorkloadAndTarget(QStringLiteral(KWB_SOURCE_DIR) +
                                                 u"/examples/matmul-cpu/workload.json"_s);
        QVERIFY(l.ok());
        Workload w = *l.workload;
        // A small shape: the audit and the timed-call checks do not depend on it.
        auto small = reshaped(w, {96, 128, 64}, nullptr);
        QVERIFY(small);
        const QString dir = QStringLiteral(KWB_SOURCE_DIR) + u"/examples/matmul-cpu/"_s;
        const KnobConfig config =
            *w.knobs.parseAssignments({u"MR=4"_s, u"NV=3"_s, u"KC=64"_s, u"PF=4"_s}, nullptr);
        QString error;
        const QString packed = instantiateTemplate(w, m_target, config, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        for (const QString &source : {read(dir + u"naive.cpp"_s), packed}) {
            const EvalOutcome o = evaluate(source, *small);
            QVERIFY2(!o.infra, qPrintable(o.infraMessage));
            QVERIFY2(!o.result.failed(), qPrintable(o.result.failureMessage));
            QVERIFY2(flagsOf(o.result).isEmpty(), qPrintable(flagsOf(o.result).join(u" | "_s)));
        }
        // The other bundled example's kernel.
        LoadedWorkload softmax = loadWorkloadAndTarget(QStringLiteral(KWB_SOURCE_DIR) +
                                                       u"/examples/softmax-cpu/workload.json"_s);
        QVERIFY(softmax.ok());
        auto smallSoftmax = reshaped(*softmax.workload, {64, 1024}, nullptr);
        QVERIFY(smallSoftmax);
        const EvalOutcome sm = evaluate(read(softmax.workload->kernelPath), *smallSoftmax);
        QVERIFY2(!sm.infra && !sm.result.failed(),
                 qPrintable(sm.infraMessage + sm.result.failureMessage));
        QVERIFY2(flagsOf(sm.result).isEmpty(), qPrintable(flagsOf(sm.result).join(u" | "_s)));
        // The reference as a baseline defines a second global; baselines are not audited.
        const EvalOutcome baseline = evaluate(
            referenceAsKernel(*small, read(dir + u"reference.cpp"_s)), *small, u"baseline"_s);
        QVERIFY2(
            !baseline.result.failed() && flagsOf(baseline.result).isEmpty(),
            qPrintable(baseline.result.failureMessage + flagsOf(baseline.result).join(u" | "_s)));
    }

    // A time faster than the hardware allows (a calibration that says so) is
    // flagged; within the margin it is not.
    void beyondTheRoofline()
    {
        EvalResult r;
        r.stage = u"bench"_s;
        r.compiled = true;
        r.correct = true;
        r.metrics = {{u"median_ms"_s, 1.0}};
        r.document = Json{{"latency", {{"cold_cache", false}}}};
        Workload w;
        w.flops = 2e9; // 2 TFLOP/s at 1 ms
        w.bytes = 1e6;
        Calibration c;
        c.peakGflops = 100;
        c.peakGbs = 10;
        enrichResult(r, w, m_target, c);
        const QStringList flags = flagsOf(r);
        QCOMPARE(flags.size(), 1);
        QVERIFY2(flags[0].startsWith(
                     u"beyond-roofline: 2000% of the calibrated peak FLOP/s (100 GFLOP/s)"_s),
                 qPrintable(flags[0]));
        // Four threads allowed: four single cores' peaks.
        EvalResult honest;
        honest.stage = u"bench"_s;
        honest.compiled = true;
        honest.correct = true;
        honest.metrics = {{u"median_ms"_s, 6.0}}; // 333 GFLOP/s
        honest.document = Json::object();
        w.threads = 4;
        enrichResult(honest, w, m_target, c);
        QVERIFY2(flagsOf(honest).isEmpty(), qPrintable(flagsOf(honest).join(u" | "_s)));
        w.threads = 1;
        enrichResult(honest, w, m_target, c);
        QCOMPARE(flagsOf(honest).size(), 1);
    }

    // A session kept a result that is now beyond the roofline (an old
    // version kept it): on resume it is neither the incumbent nor the best.
    void resumedSessionRechecksWhatItKept()
    {
        QTemporaryDir dir;
        QString error;
        auto session = SessionStore::create(dir.path() + u"/s"_s, m_workload, m_target, &error);
        QVERIFY2(session, qPrintable(error));
        auto kept = [&](double medianMs, double pctPeak, const QStringList &flags = {}) {
            ExperimentRecord r;
            r.flags = flags;
            r.round = 0;
            r.origin = Origin::Human;
            r.sourceHash = QString::number(medianMs);
            r.decision = Verdict::Kept;
            r.result = Json{{"schema", "kwb.result/1"},
                            {"stage", "bench"},
                            {"compiled", true},
                            {"correct", true},
                            {"latency",
                             {{"median_ms", medianMs},
                              {"min_ms", medianMs},
                              {"p90_ms", medianMs},
                              {"q1_ms", medianMs},
                              {"q3_ms", medianMs},
                              {"samples_ms", {medianMs}}}},
                            {"metrics", {{"median_ms", medianMs}, {"pct_peak_flops", pctPeak}}},
                            {"calibration", {{"threads", 1}}}};
            QVERIFY(session->storeKernel(r.sourceHash, u"// kernel "_s + r.sourceHash, &error));
            QVERIFY(session->append(r, &error));
        };
        kept(10.0, 40.0);                // #1, honest
        kept(0.01, 40000.0);             // #2, impossible: 400× the peak
        kept(5.0, 80.0, {u"flagged"_s}); // #3, plausible, but flagged (the outside clock, say)
        QVERIFY(session->setLoopState(Json{{"incumbent", 3}, {"best", 3}}, &error));
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Random, 1);
        FunctionEvalBackend backend(
            [](const Candidate &, const EvalVariant &) { return EvalOutcome{}; }, 1);
        OptimizationLoop loop(m_workload, *session, planner, backend, LoopOptions{});
        QStringList console;
        connect(&loop, &OptimizationLoop::consoleLine, this,
                [&](int, const QString &l) { console << l; });
        loop.start();
        QVERIFY(loop.incumbent());
        QCOMPARE(loop.incumbent()->id, 1);
        QVERIFY2(console.join(u'\n').contains(
                     u"kwb: #2 is no longer trusted and will not be built on: 40000% of the "
                     "calibrated peak FLOP/s, beyond the roofline"_s),
                 qPrintable(console.join(u'\n')));
        QVERIFY2(console.join(u'\n').contains(u"kwb: #3 is no longer trusted and will not be "
                                              "built on: its record is marked flagged"_s),
                 qPrintable(console.join(u'\n')));
        loop.stop();
        QTRY_VERIFY_WITH_TIMEOUT(loop.isFinished(), 10'000);
    }

    // KWB_TRUST=off: no audit, no verification (bench/trust measures the cost).
    void defencesCanBeSwitchedOff()
    {
        qputenv("KWB_TRUST", "off");
        const EvalOutcome o = evaluate(read(QFINDTESTDATA("data/redteam/clock.cpp")), m_workload);
        qunsetenv("KWB_TRUST");
        QVERIFY2(flagsOf(o.result).isEmpty(), qPrintable(flagsOf(o.result).join(u" | "_s)));
    }
};

QTEST_GUILESS_MAIN(TestTrust)
#include "tst_trust.moc"
