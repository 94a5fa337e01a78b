// The noise-aware decision rule on synthetic timings, and every search
// strategy on a small synthetic space it can enumerate.
#include "eval/result.h"
#include "planning/knobsearch.h"
#include "planning/simulation.h"
#include "planning/tunercache.h"
#include "rules/decision.h"

#include <QtTest>
#include <cmath>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

EvalResult timed(double median, double q1, double q3)
{
    EvalResult r;
    r.stage = u"bench"_s;
    r.compiled = true;
    r.correct = true;
    Latency l;
    l.medianMs = median;
    l.minMs = q1;
    l.q1Ms = q1;
    l.q3Ms = q3;
    l.p90Ms = q3;
    r.latency = l;
    return r;
}

Latency lat(double median, double q1, double q3)
{
    return *timed(median, q1, q3).latency;
}

KnobSpace space()
{
    Diagnostic d;
    auto doc =
        JsonText::parse(R"({"knobs": {"A": {"range": [1, 8]}, "B": {"range": [1, 8]}, "C": [0, 1],
                                   "P": {"permutation": ["x", "y"]}},
                                   "constraints": ["A + B <= 12"]})",
                        u"s.json"_s, &d);
    QList<Diagnostic> diags;
    return KnobSpace::fromJson(*doc, {}, {}, &diags);
}

// A smooth landscape with its optimum at A=5 B=3 C=0 P=xy; A=8 fails.
double timeOf(const KnobSpace &s, const KnobConfig &c)
{
    const double a = s.knobs()[0].values[size_t(c[0])].number,
                 b = s.knobs()[1].values[size_t(c[1])].number;
    if (a == 8)
        return NAN;
    return 1.0 + (a - 5) * (a - 5) + (b - 3) * (b - 3) + 2.0 * c[2] + 0.5 * c[3];
}

// The synthetic space measured exhaustively, as a recording would hold it.
TunerCache recordAll(const KnobSpace &s)
{
    TunerCache cache;
    cache.deviceName = u"synthetic"_s;
    cache.kernelName = u"bowl"_s;
    cache.problemSize = {8, 8};
    s.forEachValid([&](const KnobConfig &c) {
        TunerCacheEntry e;
        e.config = c;
        const double t = timeOf(s, c);
        if (std::isnan(t)) {
            e.failure = u"CompilationFailedConfig"_s;
            e.failureClass = u"compile"_s;
        } else {
            e.timeMs = t;
            e.timesMs = {t, t * 1.01};
            e.bottleneck = u"memory-bound"_s;
        }
        e.timestamp = u"2026-11-21T00:00:00Z"_s;
        cache.entries[c] = e;
        return true;
    });
    return cache;
}

} // namespace

class TestSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decisionRule_data()
    {
        QTest::addColumn<double>("median");
        QTest::addColumn<double>("q1");
        QTest::addColumn<double>("q3");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("cause");
        // The incumbent: median 10 ms, IQR [9.8, 10.2].
        QTest::newRow("clearly faster")
            << 8.0 << 7.9 << 8.1 << u"kept"_s
            << u"faster by 20.0%, beyond the run-to-run spread (candidate q3 8.1 ms < incumbent q1 9.8 ms)"_s;
        QTest::newRow("faster but the ranges overlap")
            << 9.7 << 9.5 << 9.9 << u"discarded"_s
            << u"faster by 3.0% but within the run-to-run spread"_s;
        QTest::newRow("clear of the noise but under 1%")
            << 9.93 << 9.7 << 9.75 << u"discarded"_s
            << u"faster by 0.7% but within the run-to-run spread"_s;
        QTest::newRow("slower, inside the threshold")
            << 11.0 << 10.9 << 11.1 << u"discarded"_s << u"slower by 10.0%"_s;
        QTest::newRow("regression past the threshold")
            << 13.1 << 13.0 << 13.2 << u"reverted"_s << u"regression +31.0%"_s;
    }

    void decisionRule()
    {
        QFETCH(double, median);
        QFETCH(double, q1);
        QFETCH(double, q3);
        QFETCH(QString, kind);
        QFETCH(QString, cause);
        const Decision d = decide(timed(median, q1, q3), lat(10.0, 9.8, 10.2), DecisionRules{});
        QCOMPARE(Decision::kindName(d.kind), kind);
        QCOMPARE(d.cause, cause);
        QVERIFY(!d.needsReverify);
    }

    void failuresAndFirstKernel()
    {
        EvalResult broken;
        broken.stage = u"compile"_s;
        broken.failureClass = u"compile"_s;
        Decision d = decide(broken, lat(10, 9, 11), DecisionRules{});
        QCOMPARE(d.kind, Decision::Kind::Failed);
        QCOMPARE(d.cause, u"compile"_s);
        d = decide(timed(50, 49, 51), std::nullopt, DecisionRules{});
        QCOMPARE(d.kind, Decision::Kind::Kept); // nothing to beat yet
    }

    void tooGoodToBeTrueIsReverified()
    {
        const Decision d = decide(timed(0.5, 0.49, 0.51), lat(10, 9.9, 10.1), DecisionRules{});
        QCOMPARE(d.kind, Decision::Kind::Kept);
        QCOMPARE(d.speedup, 20.0);
        QVERIFY(d.needsReverify);
    }

    void strategies_data()
    {
        QTest::addColumn<QString>("strategy");
        for (const char *s : {"exhaustive", "random", "coordinate", "model"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }

    void strategies()
    {
        QFETCH(QString, strategy);
        const KnobSpace s = space();
        const qint64 valid = s.forEachValid([](const KnobConfig &) { return true; });
        QCOMPARE(valid,
                 qint64((8 * 8 - 10) * 2 * 2)); // A + B > 12 removes 10 of the 64 (A, B) pairs
        KnobSearch search(s, *parseStrategy(strategy), 42);
        std::set<KnobConfig> proposed;
        double best = INFINITY;
        int evaluations = 0, evaluationsToOptimum = -1;
        for (;;) {
            const auto batch = search.propose(3);
            QVERIFY(batch.size() <= 3); // respects the budget it is given
            if (batch.empty())
                break;
            for (const KnobProposal &p : batch) {
                QVERIFY2(s.isValid(p.config), qPrintable(s.describe(p.config))); // never invalid
                QVERIFY2(proposed.insert(p.config).second,
                         qPrintable(u"duplicate "_s + s.describe(p.config)));
                QVERIFY(!p.reason.isEmpty());
                const double t = timeOf(s, p.config);
                search.observe(p.config, t);
                ++evaluations;
                if (t < best) {
                    best = t;
                    if (t == 1.0)
                        evaluationsToOptimum = evaluations;
                }
            }
        }
        QCOMPARE(qint64(proposed.size()), valid); // ran the whole space, then said so
        QCOMPARE(best, 1.0);                      // and found the optimum
        QVERIFY(evaluationsToOptimum > 0);
        QCOMPARE(s.describe(*search.best()), u"A=5 B=3 C=0 P=xy"_s);
        qInfo("%s reached the optimum after %d of %lld evaluations", qPrintable(strategy),
              evaluationsToOptimum, valid);
    }

    void coordinateSweepsTheKnobsTheBottleneckImplicates()
    {
        const KnobSpace s = space();
        KnobSearch search(s, SearchStrategy::Coordinate, 1);
        search.setBottleneckKnobs({{u"memory-bound"_s, {u"C"_s, u"B"_s}}});
        const auto first = search.propose(1, u"memory-bound"_s);
        QCOMPARE(first.size(), size_t(1));
        QCOMPARE(first[0].reason, u"coordinate start at the defaults"_s);
        search.observe(first[0].config, 5.0);
        const auto next = search.propose(1, u"memory-bound"_s);
        QCOMPARE(next[0].reason, u"sweep C around the best (memory-bound)"_s);
        QCOMPARE(next[0].config[2], 1);
        search.observe(next[0].config, 6.0);
        const auto after = search.propose(1, u"memory-bound"_s);
        QCOMPARE(after[0].reason, u"sweep B around the best (memory-bound)"_s);
    }

    void repairUsesTheValidityReport()
    {
        const KnobSpace s = space();
        KnobSearch search(s, SearchStrategy::Random, 1);
        QStringList errors;
        const KnobConfig bad = *s.parseAssignments({u"A=8"_s, u"B=8"_s}, &errors);
        QVERIFY(!s.isValid(bad));
        const auto fixed = search.repair(bad, /*keep A*/ 0);
        QVERIFY(fixed);
        QVERIFY(s.isValid(*fixed));
        QCOMPARE((*fixed)[0], bad[0]); // the knob being explored is kept
        QCOMPARE(s.describe(*fixed), u"A=8 B=4 C=0 P=xy"_s);
    }

    void tunerCacheRoundTrips()
    {
        const KnobSpace s = space();
        const TunerCache cache = recordAll(s);
        const QByteArray text = cache.toText(s);
        // Kernel Tuner's layout: comma-joined values as keys, times in ms,
        // failures as strings.
        QVERIFY(text.contains(R"("tune_params_keys": ["A","B","C","P"])"));
        QVERIFY(text.contains(R"("5,3,0,xy": {"A":5,"B":3,"C":0,"P":"xy","time":1.0,)"));
        QVERIFY(text.contains(R"("time":"CompilationFailedConfig")"));
        Diagnostic d;
        auto doc = JsonText::parse(text, u"cache.json"_s, &d);
        QVERIFY2(doc, qPrintable(d.toString()));
        QList<Diagnostic> diags;
        auto back = TunerCache::fromJson(*doc, s, &diags);
        QVERIFY(back);
        QVERIFY(diags.isEmpty());
        QCOMPARE(back->entries.size(), cache.entries.size());
        QCOMPARE(back->deviceName, u"synthetic"_s);
        QCOMPARE(back->problemSize, (std::vector<qint64>{8, 8}));
        for (const auto &[c, e] : cache.entries) {
            const TunerCacheEntry *b = back->find(c);
            QVERIFY(b);
            QCOMPARE(b->ok(), e.ok());
            QCOMPARE(b->failure, e.failure);
            QCOMPARE(b->failureClass, e.failureClass);
            if (e.ok()) {
                QCOMPARE(b->timeMs, e.timeMs);
                QCOMPARE(b->timesMs, e.timesMs);
                QCOMPARE(b->bottleneck, e.bottleneck);
            }
        }
        QCOMPARE(s.describe(back->best()->config), u"A=5 B=3 C=0 P=xy"_s);
    }

    void tunerCacheFromOtherToolsAndItsErrors()
    {
        const KnobSpace s = space();
        // Parameters in another order, values only in the key, a value
        // outside the space, Kernel Tuner's InvalidConfig marker.
        const QByteArray other = R"({
  "tune_params_keys": ["P", "C", "B", "A"],
  "cache": {
    "xy,0,3,5": {"time": 2.5},
    "yx,1,2,9": {"time": 1.0},
    "xy,0,4,5": {"time": "InvalidConfig"}
  }
})";
        Diagnostic d;
        QList<Diagnostic> diags;
        auto cache = TunerCache::fromJson(*JsonText::parse(other, u"kt.json"_s, &d), s, &diags);
        QVERIFY(cache);
        QCOMPARE(cache->entries.size(), size_t(1));
        QCOMPARE(s.describe(cache->entries.begin()->first), u"A=5 B=3 C=0 P=xy"_s);
        QCOMPARE(cache->entries.begin()->second.timeMs, 2.5);
        QCOMPARE(diags.size(), 1); // the entry outside the space, as a warning with its line
        QCOMPARE(diags[0].severity, Diagnostic::Severity::Warning);
        QCOMPARE(diags[0].pos.line, 5);

        diags.clear();
        const QByteArray unknown = "{\n  \"tune_params_keys\": [\"A\", \"Z\"],\n  \"cache\": {}\n}";
        QVERIFY(!TunerCache::fromJson(*JsonText::parse(unknown, u"kt.json"_s, &d), s, &diags));
        QCOMPARE(diags.size(), 1);
        QCOMPARE(diags[0].toString(),
                 u"kt.json:2:29: parameter 'Z' is not a knob of this workload"_s);

        diags.clear();
        const QByteArray badTime = R"({"tune_params_keys": ["A","B","C","P"],
  "cache": {"5,3,0,xy": {"time": [1]}}})";
        QVERIFY(!TunerCache::fromJson(*JsonText::parse(badTime, u"kt.json"_s, &d), s, &diags));
        QCOMPARE(diags[0].pos.line, 2);
        QVERIFY(diags[0].message.contains(u"milliseconds"_s));

        diags.clear();
        QVERIFY(!TunerCache::fromJson(*JsonText::parse("[]", u"kt.json"_s, &d), s, &diags));
        QVERIFY(diags[0].message.contains(u"not an array"_s));
    }

    void simulationReplaysTheRecording()
    {
        const KnobSpace s = space();
        const TunerCache cache = recordAll(s);
        const double optimum = cache.best()->timeMs;
        for (SearchStrategy strategy : {SearchStrategy::Exhaustive, SearchStrategy::Random,
                                        SearchStrategy::Coordinate, SearchStrategy::Model}) {
            const SimulationRun run = simulateSearch(s, cache, strategy, 3, {}, 0);
            QCOMPARE(run.missing, 0);
            QCOMPARE(run.bestSoFarMs.size(), cache.entries.size()); // until nothing is left
            QCOMPARE(run.bestSoFarMs.back(), optimum);
            QVERIFY(std::is_sorted(run.bestSoFarMs.rbegin(),
                                   run.bestSoFarMs.rend())); // never gets worse
            const auto to95 = run.evaluationsToReach(optimum, 0.95);
            QVERIFY(to95);
            QCOMPARE(run.bestSoFarMs[size_t(*to95 - 1)],
                     optimum); // 1.0 is the only time within 95% here
            QVERIFY(*to95 == 1 || run.bestSoFarMs[size_t(*to95 - 2)] > optimum / 0.95);
            // Stopping early at the target ends the replay there.
            const SimulationRun early =
                simulateSearch(s, cache, strategy, 3, {}, 0, optimum / 0.95);
            QCOMPARE(int(early.bestSoFarMs.size()), *to95);
        }
        // A budget caps the replay; a recording with holes counts them.
        TunerCache holes = cache;
        holes.entries.erase(cache.best()->config);
        const SimulationRun capped =
            simulateSearch(s, holes, SearchStrategy::Exhaustive, 1, {}, 400);
        QCOMPARE(capped.bestSoFarMs.size(), size_t(216));
        QCOMPARE(capped.missing, 1);
        QVERIFY(!capped.evaluationsToReach(optimum, 0.95));
    }

    void summaryOfReplays()
    {
        const SimulationSummary s =
            summarizeEvaluations({1, 2, 3, 4, 5, 6, 7, 8, 9, std::nullopt}, 100);
        QCOMPARE(s.median, 5.5);
        QCOMPARE(s.p90, 9.0 + 0.1 * 91); // the unreached run counts as the whole budget
        QCOMPARE(s.unreached, 1);
    }

    void seedsMakeRunsRepeatable()
    {
        const KnobSpace s = space();
        KnobSearch a(s, SearchStrategy::Random, 7), b(s, SearchStrategy::Random, 7);
        for (int i = 0; i < 10; ++i)
            QCOMPARE(a.propose(1)[0].config, b.propose(1)[0].config);
    }
};

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
