// The loop engine: phases and transitions, the gate, revert, stop, retries of
// infrastructure failures, the divergence guard, false-win re-verification
// and resume. Timings are synthetic here on purpose (a function of the knobs),
// so every rule is exercised exactly; tst_kwbcli runs the real thing.
#include "loop/evalbackend.h"
#include "loop/loop.h"
#include "planning/planner.h"
#include "run/workbench.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QtTest>
#include <cmath>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

EvalOutcome outcome(double medianMs, bool correct, const QString &failure = QString())
{
    EvalOutcome o;
    EvalResult &r = o.result;
    r.compiled = failure != u"compile"_s;
    r.stage = !r.compiled ? u"compile"_s : correct ? u"bench"_s : u"check"_s;
    r.correct = r.compiled ? std::optional<bool>(correct) : std::nullopt;
    Json doc{{"schema", "kwb.result/1"},
             {"stage", ss(r.stage)},
             {"compiled", r.compiled},
             {"correct", r.correct ? Json(*r.correct) : Json()},
             {"failure", Json()}};
    if (!correct) {
        r.failureClass = failure.isEmpty() ? u"incorrect"_s : failure;
        r.failureMessage = u"synthetic "_s + r.failureClass;
        doc["failure"] = Json{{"class", ss(r.failureClass)}, {"message", ss(r.failureMessage)}};
    } else {
        Latency l;
        l.medianMs = medianMs;
        l.minMs = l.q1Ms = medianMs * 0.99;
        l.q3Ms = l.p90Ms = medianMs * 1.01;
        l.samplesMs = {l.q1Ms, medianMs, l.q3Ms};
        r.latency = l;
        doc["latency"] =
            Json{{"median_ms", medianMs}, {"min_ms", l.minMs},
                 {"q1_ms", l.q1Ms},       {"q3_ms", l.q3Ms},
                 {"p90_ms", l.p90Ms},     {"samples_ms", Json::array({l.q1Ms, medianMs, l.q3Ms})}};
        doc["metrics"] = Json{{"median_ms", medianMs}, {"gflops", 1.0 / medianMs}};
        doc["bottleneck"] = Json{{"class", "underutilized"}, {"why", "synthetic"}};
    }
    r.document = doc;
    return o;
}

double knob(const Candidate &c, const char *name)
{
    return c.knobs.is_object() && c.knobs.contains(name) ? c.knobs[name].get<double>() : NAN;
}

// REPEAT r costs r ms, UNROLL has no effect, SKEW=1 is wrong; the starting
// kernel (no knobs) takes 10 ms.
EvalOutcome landscape(const Candidate &c, const EvalVariant &)
{
    if (std::isnan(knob(c, "REPEAT")))
        return outcome(10.0, true);
    if (knob(c, "SKEW") == 1)
        return outcome(0, false);
    return outcome(knob(c, "REPEAT") * (knob(c, "UNROLL") == 4 ? 1.001 : 1.0), true);
}

} // namespace

class TestLoop : public QObject
{
    Q_OBJECT

private:
    TargetProfile m_target;
    Workload m_workload;
    QTemporaryDir m_tmp;
    int m_sessions = 0;

    std::unique_ptr<SessionStore> newSession()
    {
        QString error;
        auto s = SessionStore::create(m_tmp.path() + u"/s"_s + QString::number(++m_sessions),
                                      m_workload, m_target, &error);
        if (!s)
            qWarning("%s", qPrintable(error));
        return s;
    }

    LoopOptions options()
    {
        LoopOptions o;
        o.retryDelayMs = 0;
        o.plateauRounds = 100;
        return o;
    }

    // Runs until finished(); returns the reason.
    StopReason runToEnd(OptimizationLoop &loop)
    {
        StopReason reason = StopReason::Error;
        QSignalSpy done(&loop, &OptimizationLoop::finished);
        connect(&loop, &OptimizationLoop::finished, this, [&](StopReason r) { reason = r; });
        loop.start();
        if (!done.wait(30'000))
            qWarning("the loop did not finish");
        return reason;
    }

    // Starts `loop` with every candidate waiting for approval; `waiting`
    // gets each proposal as it comes.
    void startGated(OptimizationLoop &loop, QList<Proposal> &waiting)
    {
        loop.setMode(LoopMode::ApproveEach);
        connect(&loop, &OptimizationLoop::awaitingApproval, this,
                [&waiting](const Proposal &p) { waiting << p; });
        loop.start();
    }

    // ... and approves the starting kernel: true once the next proposal waits.
    bool startGatedPastTheStart(OptimizationLoop &loop, QList<Proposal> &waiting)
    {
        startGated(loop, waiting);
        return QTest::qWaitFor([&] { return !waiting.isEmpty(); }, 5000) &&
               loop.approve(waiting[0].id) &&
               QTest::qWaitFor([&] { return waiting.size() >= 2; }, 5000);
    }

private Q_SLOTS:
    void oneRuleChoosesThePlanner()
    {
        // kwb run and the window both ask choosePlanner(): the same workload
        // and options give the same planner, or the same error.
        Workload w;
        RunOptions o;
        QString error;
        auto choice = choosePlanner(w, o, &error);
        QVERIFY2(choice, qPrintable(error));
        QCOMPARE(choice->name, u"search"_s);
        o.planner = u"llm"_s; // asked for, and no settings: an error, never a silent search
        QVERIFY(!choosePlanner(w, o, &error));
        QVERIFY2(error.contains(u"not usable"_s), qPrintable(error));
        o.planner.clear();
        o.llmAlways = true; // the window's "always": falls back to the search, and says why
        choice = choosePlanner(w, o, &error);
        QVERIFY(choice);
        QCOMPARE(choice->name, u"search"_s);
        QVERIFY2(choice->note.contains(u"incomplete"_s), qPrintable(choice->note));
        o.llmLayer = [](const Json &) { return Json{{"provider", "anthropic"}, {"model", "m"}}; };
        choice = choosePlanner(w, o, &error);
        QVERIFY2(choice, qPrintable(error));
        QCOMPARE(choice->name, u"llm"_s);
        QCOMPARE(choice->llm->model, u"m"_s);
        w.planner = u"manual"_s; // validated once, then run as the search by the window
        QVERIFY(!choosePlanner(w, RunOptions{}, &error));
        QVERIFY2(error.contains(u"unknown planner 'manual'"_s), qPrintable(error));
    }

    void initTestCase()
    {
        Diagnostic d;
        m_target = *TargetRegistry::load(u"cpu-cxx"_s, &d);
        const WorkloadLoad l = loadWorkload(QFINDTESTDATA("data/tiny/search.json"), &m_target);
        QVERIFY2(l.workload, qPrintable(l.message()));
        m_workload = *l.workload;
    }

    void autopilotRunsEveryPhaseToTheEnd()
    {
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(landscape, 1);
        OptimizationLoop loop(m_workload, *session, planner, backend, options());
        QList<LoopPhase> phases;
        connect(&loop, &OptimizationLoop::phaseChanged, this, [&](LoopPhase p) { phases << p; });
        int reflections = 0;
        connect(&loop, &OptimizationLoop::reflectionAdded, this, [&] { ++reflections; });

        QCOMPARE(runToEnd(loop), StopReason::Exhausted);
        const QList<LoopPhase> round = {
            LoopPhase::Profile,   LoopPhase::Plan,     LoopPhase::Gate,
            LoopPhase::Ship,      LoopPhase::Evaluate, LoopPhase::Decide,
            LoopPhase::Summarize, LoopPhase::Reflect,  LoopPhase::Profile};
        QCOMPARE(phases.mid(0, round.size()), round);
        QCOMPARE(phases.last(), LoopPhase::Done);

        const auto &records = session->experiments();
        QCOMPARE(records.size(), size_t(1 + 16)); // the starting kernel, then the whole space
        QCOMPARE(records[0].origin, Origin::Human);
        QCOMPARE(records[0].decision, Verdict::Kept);
        QCOMPARE(reflections, 17);
        QCOMPARE(qs(loop.best()->knobs.dump()), u"{\"REPEAT\":1,\"UNROLL\":1,\"SKEW\":0}"_s);
        int failed = 0, discarded = 0, kept = 0;
        for (const ExperimentRecord &r : records) {
            failed += r.decision == Verdict::Failed;
            discarded += r.decision == Verdict::Discarded;
            kept += r.decision == Verdict::Kept;
            if (r.id > 1) {
                QVERIFY(r.parent.has_value()); // lineage: every candidate names its parent
                QVERIFY(!r.cause.isEmpty());
            }
        }
        QCOMPARE(failed, 8);     // every SKEW=1
        QVERIFY(discarded >= 3); // UNROLL=4 changes nothing measurable
        QVERIFY(kept >= 4);
        QVERIFY(session->memory().size() >= 3); // slow→fast pairs of the improvements
        QCOMPARE(session->reflections().size(), size_t(17));
        QCOMPARE(session->info()["status"].get<std::string>(), std::string("finished"));
        QCOMPARE(session->loopState()["best"].get<int>(), loop.best()->id);
    }

    // The start takes 10 ms; REPEAT=1 takes 1 ms, a 10× speedup the workload
    // says cannot happen: flagged, never kept; 2 ms (5×) is fine.
    void aSpeedupBeyondTheWorkloadsBoundIsFlagged()
    {
        Workload w = m_workload;
        w.maxSpeedup = 6;
        QString error;
        auto session = SessionStore::create(m_tmp.path() + u"/bound"_s, w, m_target, &error);
        QVERIFY2(session, qPrintable(error));
        SearchPlanner planner(w, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(landscape, 1);
        OptimizationLoop loop(w, *session, planner, backend, options());
        QCOMPARE(runToEnd(loop), StopReason::Exhausted);
        int flagged = 0;
        for (const ExperimentRecord &r : session->experiments()) {
            const double ms = r.result.medianMs();
            if (ms > 0 && ms < 10.0 / 6) {
                QCOMPARE(r.decision, Verdict::Failed);
                QVERIFY(r.flags.contains(u"flagged"_s));
                QVERIFY2(r.cause.startsWith(
                             u"flagged beyond-bound: 10× over the start, more than the workload's "
                             "max_speedup 6"_s),
                         qPrintable(r.cause));
                ++flagged;
            }
        }
        QCOMPARE(flagged, 2); // REPEAT=1 with UNROLL 1 and 4
        QVERIFY(loop.best());
        QVERIFY(std::abs(loop.best()->result.medianMs() - 2.0) < 0.01);
    }

    // Where no roofline bounds a result (an interpreter, no calibration),
    // the run's fastest baseline does: the baseline takes 10 ms and the
    // bound is 4×, so REPEAT=1 and 2 (10× and 5×) are checked again, then
    // flagged. With a share of the calibrated peak in the result the
    // roofline bounds it instead; the reference run as a baseline bounds
    // nothing (beating it by far is the point).
    void aSpeedupBeyondTheRunsBaselineIsFlaggedWithoutACalibration_data()
    {
        QTest::addColumn<bool>("calibrated");
        QTest::addColumn<bool>("referenceOnly");
        QTest::newRow("no calibration") << false << false;
        QTest::newRow("calibrated") << true << false;
        QTest::newRow("only the reference as a baseline") << false << true;
    }

    void aSpeedupBeyondTheRunsBaselineIsFlaggedWithoutACalibration()
    {
        QFETCH(bool, calibrated);
        QFETCH(bool, referenceOnly);
        Workload w = m_workload;
        w.baselines.push_back(
            {u"copy"_s, referenceOnly ? u"@reference"_s : w.kernelPath, {}, false});
        w.maxSpeedupOverBaseline = 4;
        QString error;
        auto session =
            SessionStore::create(m_tmp.path() + u"/baseline-bound"_s + QString::number(calibrated) +
                                     QString::number(referenceOnly),
                                 w, m_target, &error);
        QVERIFY2(session, qPrintable(error));
        SearchPlanner planner(w, m_target, SearchStrategy::Exhaustive, 1);
        int evaluations = 0;
        FunctionEvalBackend backend(
            [&](const Candidate &c, const EvalVariant &v) {
                ++evaluations;
                EvalOutcome o = landscape(c, v);
                if (calibrated && o.result.latency) {
                    o.result.document["calibration"] = Json{{"peak_gflops", 100}};
                    o.result.metrics.push_back({u"pct_peak_flops"_s, 1.0});
                }
                return o;
            },
            1);
        OptimizationLoop loop(w, *session, planner, backend, options());
        QCOMPARE(runToEnd(loop), StopReason::Exhausted);
        int flagged = 0, candidates = 0;
        for (const ExperimentRecord &r : session->experiments()) {
            if (r.origin == Origin::Baseline || r.origin == Origin::Human)
                continue;
            ++candidates;
            const double ms = r.result.medianMs();
            const bool beyond = ms > 0 && ms < 10.0 / 4;
            const bool bounded = !calibrated && !referenceOnly;
            QCOMPARE(r.cause.contains(u"beyond-bound"_s), beyond && bounded);
            if (beyond && bounded) {
                QCOMPARE(r.decision, Verdict::Failed);
                QVERIFY(r.flags.contains(u"flagged"_s));
                QVERIFY(r.flags.contains(u"reverified"_s)); // checked again first
                QVERIFY2(r.cause.contains(u"faster than the run's fastest baseline (#2)"_s),
                         qPrintable(r.cause));
                ++flagged;
            }
        }
        const bool bounded = !calibrated && !referenceOnly;
        QCOMPARE(flagged, bounded ? 4 : 0); // REPEAT 1 and 2, UNROLL 1 and 4
        QCOMPARE(candidates, 16);
        QVERIFY(evaluations >= 2 + 16);
        const double best = loop.best()->result.medianMs();
        QVERIFY2(std::abs(best - (bounded ? 4.0 : 1.0)) < 0.01, qPrintable(QString::number(best)));
    }

    void stopsAtTheGoalPlateauRoundLimitAndTime_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<int>("reason");
        QTest::addColumn<int>("records");
        // REPEAT r costs r ms (gflops = 1/r): exhaustive order tries REPEAT=8
        // first, and REPEAT=1 (1 GFLOP/s) after 12 candidates.
        QTest::newRow("goal") << u"goal"_s << int(StopReason::Goal) << 1 + 13;
        QTest::newRow("plateau") << u"plateau"_s << int(StopReason::Plateau) << 1 + 2;
        QTest::newRow("round limit") << u"rounds"_s << int(StopReason::RoundLimit) << 1 + 5;
        QTest::newRow("time limit") << u"time"_s << int(StopReason::TimeLimit) << 0;
    }

    void stopsAtTheGoalPlateauRoundLimitAndTime()
    {
        QFETCH(QString, what);
        QFETCH(int, reason);
        QFETCH(int, records);
        Workload w = m_workload;
        LoopOptions o = options();
        FunctionEvalBackend::Function f = landscape;
        if (what == u"goal"_s)
            w.goal.target = 0.9;
        if (what == u"plateau"_s) {
            o.plateauRounds = 2; // nothing beats the start: it stops after two rounds
            f = [](const Candidate &, const EvalVariant &) { return outcome(10.0, true); };
        }
        if (what == u"rounds"_s)
            w.rounds = 5;
        if (what == u"time"_s)
            o.timeLimitS = 1e-9; // spent before anything starts
        auto session = newSession();
        SearchPlanner planner(w, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(f, 1);
        OptimizationLoop loop(w, *session, planner, backend, o);
        QCOMPARE(int(runToEnd(loop)), reason);
        QCOMPARE(int(session->experiments().size()), records);
    }

    void stepAdvancesOnePhaseAtATime()
    {
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(landscape, 1);
        OptimizationLoop loop(m_workload, *session, planner, backend, options());
        loop.setMode(LoopMode::StepEachPhase);
        QSignalSpy pausedSpy(&loop, &OptimizationLoop::paused);
        loop.start();
        QCOMPARE(loop.phase(), LoopPhase::Profile);
        QVERIFY(loop.isPaused());
        for (LoopPhase expected :
             {LoopPhase::Plan, LoopPhase::Gate, LoopPhase::Ship, LoopPhase::Evaluate,
              LoopPhase::Decide, LoopPhase::Summarize, LoopPhase::Reflect, LoopPhase::Profile}) {
            const int before = int(pausedSpy.count());
            loop.step();
            QTRY_COMPARE_WITH_TIMEOUT(int(pausedSpy.count()), before + 1, 5000);
            QCOMPARE(loop.phase(), expected);
        }
        QCOMPARE(session->experiments().size(), size_t(1)); // exactly one round went through
        loop.stop();
        QTRY_VERIFY_WITH_TIMEOUT(loop.isFinished(), 5000);
    }

    void gateApprovesRejectsAndTakesEdits()
    {
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(landscape, 1);
        OptimizationLoop loop(m_workload, *session, planner, backend, options());
        QList<Proposal> waiting;
        startGated(loop, waiting);
        QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 1, 5000);
        QCOMPARE(waiting[0].origin, Origin::Human); // the starting kernel waits too
        QVERIFY(loop.approve(waiting[0].id));
        QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 2, 5000);
        QVERIFY(!loop.approve(999)); // no such candidate
        QVERIFY(loop.reject(waiting[1].id));
        QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 3, 5000);
        QVERIFY(loop.approveEdited(waiting[2].id, waiting[2].source + u"\n// tuned by hand\n"_s));
        QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 4, 5000);
        loop.stop();
        QTRY_VERIFY_WITH_TIMEOUT(loop.isFinished(), 5000);

        const auto &records = session->experiments();
        QCOMPARE(records.size(), size_t(3)); // the pending fourth was never shipped
        QCOMPARE(records[1].decision, Verdict::Rejected);
        QVERIFY(records[1].result.isNull()); // nothing ran
        QCOMPARE(records[2].origin, Origin::Human);
        QVERIFY(records[2].flags.contains(u"human-edited"_s));
        // Not the configuration it was edited from: no knobs, and the plan
        // names where it came from.
        QVERIFY(!waiting[2].knobs.empty());
        QVERIFY(records[2].knobs.empty());
        QCOMPARE(records[2].plan, u"edited by the engineer from "_s + knobsText(waiting[2].knobs));
        QFile edited(session->kernelPath(records[2].sourceHash));
        QVERIFY(edited.open(QIODevice::ReadOnly));
        QVERIFY(edited.readAll().contains(
            "// tuned by hand")); // the edit itself was shipped and stored
    }

    void revertBranchesFromAnEarlierCandidate()
    {
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(landscape, 1);
        OptimizationLoop loop(m_workload, *session, planner, backend, options());
        loop.setMode(LoopMode::StepEachPhase);
        loop.start();
        // Step through two rounds.
        while (session->experiments().size() < 3) {
            loop.step();
            QTRY_VERIFY_WITH_TIMEOUT(loop.isPaused(), 5000);
        }
        const int start = session->experiments()[0].id;
        QVERIFY(loop.incumbent()->id != start);
        QString error;
        QVERIFY(!loop.revertTo(session->experiments()[1].id + 100, &error));
        QSignalSpy reverted(&loop, &OptimizationLoop::reverted);
        QVERIFY(loop.revertTo(start, &error));
        QCOMPARE(reverted.count(), 1);
        QCOMPARE(reverted[0][1].toInt(), start);
        QCOMPARE(reverted[0][2].toString(), u"engineer reverted to #"_s + QString::number(start));
        QList<Proposal> next;
        connect(&loop, &OptimizationLoop::proposed, this, [&](const Proposal &p) { next << p; });
        loop.setMode(LoopMode::Autopilot);
        loop.resume();
        QTRY_VERIFY_WITH_TIMEOUT(!next.isEmpty(), 5000);
        QCOMPARE(next[0].parent, std::optional<int>(start)); // the lineage branches at the revert
        loop.stop();
        QTRY_VERIFY_WITH_TIMEOUT(loop.isFinished(), 5000);
    }

    // Each evaluation is faster than the one before (10 ms, 5, 3.3, …), so
    // every candidate would be kept against its own parent.
    static FunctionEvalBackend::Function fasterEachTime()
    {
        auto calls = std::make_shared<int>(0);
        return [calls](const Candidate &, const EvalVariant &) {
            return outcome(10.0 / double(++*calls), true);
        };
    }

    void revertDropsWhatWasProposedFromTheOldIncumbent()
    {
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(fasterEachTime(), 1);
        OptimizationLoop loop(m_workload, *session, planner, backend, options());
        QList<Proposal> waiting;
        QVERIFY(startGatedPastTheStart(loop, waiting)); // the start, 10 ms
        QVERIFY(loop.approve(waiting[1].id));           // 5 ms: kept
        QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 3, 5000);
        const int start = waiting[0].id, second = waiting[1].id, pending = waiting[2].id;
        QCOMPARE(loop.incumbent()->id, second);
        QCOMPARE(waiting[2].parent, std::optional(second));

        QString error;
        QVERIFY2(loop.revertTo(start, &error), qPrintable(error));
        // The candidate proposed from #2 is dropped, and the next is planned from the start.
        QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 4, 5000);
        QCOMPARE(waiting[3].parent, std::optional(start));
        QCOMPARE(loop.incumbent()->id, start);
        const ExperimentRecord *dropped = loop.record(pending);
        QVERIFY(dropped);
        QCOMPARE(dropped->decision, Verdict::Rejected);
        QVERIFY2(dropped->cause.startsWith(u"dropped: proposed from #"_s),
                 qPrintable(dropped->cause));
        QVERIFY(dropped->result.isNull()); // it never ran
        loop.stop();
        QTRY_VERIFY_WITH_TIMEOUT(loop.isFinished(), 5000);
    }

    void aCandidateRunningAtARevertStaysOffTheBranch()
    {
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(fasterEachTime(), 1);
        LoopOptions o = options();
        o.maxEvals = 5;
        OptimizationLoop loop(m_workload, *session, planner, backend, o);
        int start = 0, running = 0;
        QList<Proposal> later;
        connect(&loop, &OptimizationLoop::evaluationStarted, this, [&](const Proposal &p) {
            if (!start)
                start = p.id;
            else if (running)
                later << p;
            else if (p.parent != std::optional(start)) { // proposed from #2, the new incumbent
                running = p.id;
                QString error;
                QVERIFY2(loop.revertTo(start, &error), qPrintable(error));
            }
        });
        QSignalSpy incumbents(&loop, &OptimizationLoop::incumbentChanged);
        QCOMPARE(runToEnd(loop), StopReason::EvalBudget);
        QVERIFY(running > 0);
        const ExperimentRecord *r = loop.record(running);
        QVERIFY(r);
        // Faster than its parent, but the engineer had branched away from it.
        QCOMPARE(r->decision, Verdict::Discarded);
        QVERIFY2(r->cause.contains(u"off the branch"_s), qPrintable(r->cause));
        for (const QList<QVariant> &args : incumbents)
            QVERIFY(args[0].value<ExperimentRecord>().id != running);
        QVERIFY(!later.isEmpty());
        QCOMPARE(later[0].parent, std::optional(start)); // the branch continues from the start
        // The memory learned gains only, never a slowdown as one.
        const Json memory = session->memory();
        for (const Json &m : memory.is_array() ? memory : Json::array())
            QVERIFY2(numberAt(m, {"speedup"}, 0) >= 1.0, m.dump().c_str());
    }

    // Every candidate is 1.5 % faster than the start, within the ±1 %
    // spread of both: a close call, re-timed against the incumbent
    // alternately (incumbent first). Kept when it wins every re-timing; a
    // first run that was merely lucky (slower when re-timed) is discarded.
    void aCloseCallIsDecidedByAlternateRetimings_data()
    {
        QTest::addColumn<double>("retimedMs");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<QString>("cause");
        QTest::newRow("faster every time")
            << 9.85 << int(Verdict::Kept)
            << u"faster in 2 of 2 alternate re-timings (median gain 1.5%) against #1"_s;
        QTest::newRow("lucky once")
            << 10.05 << int(Verdict::Discarded)
            << u"a close call: faster in 0 of 2 alternate re-timings (median gain -0.5%) "
               u"against #1"_s;
    }

    void aCloseCallIsDecidedByAlternateRetimings()
    {
        QFETCH(double, retimedMs);
        QFETCH(int, verdict);
        QFETCH(QString, cause);
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        QStringList order; // who ran, in order: "start", "cand"
        FunctionEvalBackend backend(
            [&](const Candidate &c, const EvalVariant &) {
                const bool start = std::isnan(knob(c, "REPEAT"));
                order << (start ? u"start"_s : u"cand"_s);
                if (start)
                    return outcome(10.0, true);
                return outcome(order.count(u"cand"_s) == 1 ? 9.85 : retimedMs, true);
            },
            1);
        LoopOptions o = options();
        o.maxEvals = 2; // the start and one candidate
        OptimizationLoop loop(m_workload, *session, planner, backend, o);
        QCOMPARE(runToEnd(loop), StopReason::EvalBudget);
        QCOMPARE(order, QStringList(
                            {u"start"_s, u"cand"_s, u"start"_s, u"cand"_s, u"start"_s, u"cand"_s}));
        QCOMPARE(session->experiments().size(), size_t(2)); // re-timings are no records
        const ExperimentRecord &r = session->experiments().back();
        QCOMPARE(int(r.decision), verdict);
        QCOMPARE(r.cause, cause);
        QVERIFY(r.flags.contains(u"retimed"_s));
        QCOMPARE(recordedMedianMs(r), 9.85); // the record keeps its own measurement

        // Without re-timings the same close call is discarded at once.
        order.clear();
        auto plain = newSession();
        SearchPlanner again(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        o.rules.closeCallRetimings = 0;
        OptimizationLoop once(m_workload, *plain, again, backend, o);
        QCOMPARE(runToEnd(once), StopReason::EvalBudget);
        QCOMPARE(order, QStringList({u"start"_s, u"cand"_s}));
        QVERIFY2(plain->experiments().back().cause.contains(u"within the run-to-run spread"_s),
                 qPrintable(plain->experiments().back().cause));
    }

    // Two candidates of one batch: A (9.85 ms, a tight spread) is kept over
    // the start outright; B (9.70 ms, ±3 %) is a close call against the
    // start and is re-timed against it. By the time B is judged, A is the
    // incumbent: B's re-timings against the start must not decide it.
    void retimingsAgainstAFormerIncumbentDecideNothing()
    {
        Workload w = m_workload;
        w.batch = 2;
        QString error;
        auto session =
            SessionStore::create(m_tmp.path() + u"/retimed-batch"_s, w, m_target, &error);
        QVERIFY2(session, qPrintable(error));
        SearchPlanner planner(w, m_target, SearchStrategy::Exhaustive, 1);
        int candidates = 0;
        FunctionEvalBackend backend(
            [&](const Candidate &c, const EvalVariant &) {
                if (std::isnan(knob(c, "REPEAT")))
                    return outcome(10.0, true);
                const bool a = ++candidates == 1;
                EvalOutcome o = outcome(a ? 9.85 : 9.70, true);
                Latency &l = *o.result.latency;
                l.q1Ms = l.medianMs * (a ? 1.0 : 0.97);
                l.q3Ms = l.medianMs * (a ? 1.0 : 1.03);
                o.result.document["latency"]["q1_ms"] = l.q1Ms;
                o.result.document["latency"]["q3_ms"] = l.q3Ms;
                return o;
            },
            1);
        LoopOptions o = options();
        o.maxEvals = 3; // the start, then one batch of two
        OptimizationLoop loop(w, *session, planner, backend, o);
        QCOMPARE(runToEnd(loop), StopReason::EvalBudget);
        QCOMPARE(candidates, 2 + 2); // A, B, then B's two re-timings
        const auto &records = session->experiments();
        QCOMPARE(records.size(), size_t(3));
        QCOMPARE(records[1].decision, Verdict::Kept);
        QCOMPARE(records[2].decision, Verdict::Discarded);
        QVERIFY2(records[2].cause.contains(u"within the run-to-run spread"_s),
                 qPrintable(records[2].cause));
        QVERIFY(!records[2].flags.contains(u"retimed"_s));
    }

    void aRevertToADiscardedCandidateSurvivesReopening()
    {
        auto session = newSession();
        const QString dir = session->dir();
        int target = 0;
        {
            SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
            FunctionEvalBackend backend(landscape, 1);
            LoopOptions o = options();
            o.maxEvals = 8;
            OptimizationLoop loop(m_workload, *session, planner, backend, o);
            connect(&loop, &OptimizationLoop::candidateFinished, this,
                    [&](const ExperimentRecord &r) {
                        if (!target && r.decision == Verdict::Discarded && timedAndCorrect(r))
                            target = r.id;
                    });
            QCOMPARE(runToEnd(loop), StopReason::EvalBudget);
            QVERIFY2(target > 0, "the landscape gave no discarded candidate to revert to");
            QString error;
            QVERIFY2(loop.revertTo(target, &error), qPrintable(error)); // as the last act
        }
        QString error;
        auto reopened = SessionStore::open(dir, &error);
        QVERIFY2(reopened, qPrintable(error));
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(landscape, 1);
        OptimizationLoop loop(m_workload, *reopened, planner, backend, options());
        QList<Proposal> next;
        connect(&loop, &OptimizationLoop::proposed, this, [&](const Proposal &p) {
            next << p;
            loop.stop();
        });
        QCOMPARE(runToEnd(loop), StopReason::Stopped);
        QVERIFY(!next.isEmpty());
        QCOMPARE(next[0].parent, std::optional(target)); // still the engineer's branch
    }

    void aResumedRunHasItsOwnPlateau()
    {
        auto session = newSession();
        LoopOptions o = options();
        o.plateauRounds = 2;
        {
            SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
            FunctionEvalBackend backend(landscape, 1);
            OptimizationLoop loop(m_workload, *session, planner, backend, o);
            QCOMPARE(runToEnd(loop), StopReason::Plateau);
        }
        // Continued with a budget: it runs, rather than stopping at once on
        // the plateau of the run before.
        const size_t before = session->experiments().size();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(landscape, 1);
        o.maxEvals = 2;
        OptimizationLoop loop(m_workload, *session, planner, backend, o);
        QCOMPARE(runToEnd(loop), StopReason::EvalBudget);
        QCOMPARE(session->experiments().size(), before + 2);
    }

    void aSessionStoppedInRoundZeroMeasuresItsBaselinesOnResume()
    {
        Workload w = m_workload;
        w.baselines.push_back({u"copy"_s, w.kernelPath, {}, false});
        w.baselines.push_back({u"reference"_s, u"@reference"_s, {}, false});
        QString error;
        const QString dir = m_tmp.path() + u"/round0"_s;
        {
            auto session = SessionStore::create(dir, w, m_target, &error);
            QVERIFY2(session, qPrintable(error));
            SearchPlanner planner(w, m_target, SearchStrategy::Exhaustive, 1);
            FunctionEvalBackend backend(landscape, 1);
            OptimizationLoop loop(w, *session, planner, backend, options());
            connect(&loop, &OptimizationLoop::evaluationStarted, this, [&](const Proposal &p) {
                if (p.origin == Origin::Human)
                    loop.stop(); // the baselines are still queued
            });
            QCOMPARE(runToEnd(loop), StopReason::Stopped);
            QCOMPARE(session->experiments().size(), size_t(1)); // the start alone
        }
        auto session = SessionStore::open(dir, &error);
        QVERIFY2(session, qPrintable(error));
        SearchPlanner planner(w, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(landscape, 1);
        LoopOptions o = options();
        o.maxEvals = 3;
        OptimizationLoop loop(w, *session, planner, backend, o);
        QCOMPARE(runToEnd(loop), StopReason::EvalBudget);
        const auto &records = session->experiments();
        QStringList baselines;
        for (const ExperimentRecord &r : records) {
            if (r.origin == Origin::Baseline) {
                baselines << r.plan;
                QCOMPARE(r.round, 0);
            }
        }
        QCOMPARE(baselines, (QStringList{u"baseline: copy"_s, u"baseline: reference"_s}));
        QCOMPARE(std::count_if(records.begin(), records.end(),
                               [](const ExperimentRecord &r) { return r.origin == Origin::Human; }),
                 1);                                     // the start was not measured again
        QCOMPARE(records.back().origin, Origin::Search); // then the search went on
    }

    void infrastructureFailuresAreRetriedNotCounted()
    {
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        QHash<QString, int> calls;
        FunctionEvalBackend backend(
            [&](const Candidate &c, const EvalVariant &variant) {
                const QString key = qs(c.knobs.dump());
                const int n = ++calls[key];
                // REPEAT=8 UNROLL=1 SKEW=0: the host drops twice, then answers.
                // REPEAT=8 UNROLL=4 SKEW=0: the host never answers.
                if ((knob(c, "REPEAT") == 8 && knob(c, "UNROLL") == 1 && knob(c, "SKEW") == 0 &&
                     n <= 2) ||
                    (knob(c, "REPEAT") == 8 && knob(c, "UNROLL") == 4 && knob(c, "SKEW") == 0)) {
                    EvalOutcome lost;
                    lost.infra = true;
                    lost.infraMessage = u"connection reset"_s;
                    return lost;
                }
                return landscape(c, variant);
            },
            1);
        LoopOptions o = options();
        o.maxEvals = 6;
        OptimizationLoop loop(m_workload, *session, planner, backend, o);
        QSignalSpy retries(&loop, &OptimizationLoop::infraRetry);
        QCOMPARE(runToEnd(loop), StopReason::EvalBudget);
        QCOMPARE(retries.count(), 2 + 3); // two for the flaky host, three for the dead one
        const auto &r = session->experiments();
        QCOMPARE(r[1].decision, Verdict::Kept);  // answered on the third attempt: a normal result
        QCOMPARE(r[3].decision, Verdict::Infra); // given up on, but not a kernel failure
        QVERIFY(r[3].result.isNull());
        QVERIFY(r[3].cause.contains(u"connection reset"_s));
        QCOMPARE(loop.evaluationsThisRun(), 6); // the lost one did not use the budget
    }

    void failuresInARowRevertToTheBest()
    {
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(
            [](const Candidate &c, const EvalVariant &variant) {
                return std::isnan(knob(c, "REPEAT")) ? landscape(c, variant)
                                                     : outcome(0, false, u"crash"_s);
            },
            1);
        LoopOptions o = options();
        o.maxEvals = 1 + m_workload.divergence.maxFailures;
        OptimizationLoop loop(m_workload, *session, planner, backend, o);
        QSignalSpy reverted(&loop, &OptimizationLoop::reverted);
        runToEnd(loop);
        QCOMPARE(reverted.count(), 1);
        QCOMPARE(reverted[0][2].toString(), QString::number(m_workload.divergence.maxFailures) +
                                                u" failures in a row: back to the best, #1"_s);
        QCOMPARE(session->experiments().back().cause, u"crash"_s); // each failure records its class
    }

    void aRegressionFromTheBestMovesNothing()
    {
        // Every candidate after the start is 5× slower: regressions past the
        // divergence threshold ("reverted"), but the incumbent is the best
        // throughout, so the loop never goes back and no revert is shown.
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(
            [](const Candidate &c, const EvalVariant &variant) {
                return std::isnan(knob(c, "REPEAT")) ? landscape(c, variant) : outcome(50, true);
            },
            1);
        LoopOptions o = options();
        o.maxEvals = 4;
        OptimizationLoop loop(m_workload, *session, planner, backend, o);
        QSignalSpy reverted(&loop, &OptimizationLoop::reverted);
        runToEnd(loop);
        const auto &r = session->experiments();
        QCOMPARE(r.size(), size_t(4));
        for (size_t i = 1; i < r.size(); ++i)
            QCOMPARE(r[i].decision, Verdict::Reverted);
        QCOMPARE(reverted.count(), 0);
        QCOMPARE(session->loopId("incumbent"), r[0].id);
        QVERIFY(findAt(session->loopState(), {"reverts"})->empty());
        QCOMPARE(verdictLabel(Verdict::Reverted), u"regressed"_s); // shown as what happened
    }

    void tooGoodToBeTrueIsCheckedWithFreshSeeds_data()
    {
        QTest::addColumn<bool>("holdsUp");
        QTest::addColumn<bool>("secondShape");
        QTest::addColumn<bool>("rightOnFreshSeeds");
        QTest::newRow("a real win") << true << false << true;
        QTest::newRow("a false win") << false << false << false;
        QTest::newRow("a real win, two shapes") << true << true << true;
        QTest::newRow("special-cases the benchmark shape") << false << true << true;
    }

    void tooGoodToBeTrueIsCheckedWithFreshSeeds()
    {
        QFETCH(bool, holdsUp);
        QFETCH(bool, secondShape);
        QFETCH(bool, rightOnFreshSeeds);
        Workload w = m_workload;
        if (secondShape) {
            QString error;
            w.verifyDimValues = {1000};
            QVERIFY2(reshaped(w, w.verifyDimValues, &error), qPrintable(error));
        }
        auto session = newSession();
        SearchPlanner planner(w, m_target, SearchStrategy::Exhaustive, 1);
        std::vector<EvalVariant> seen;
        FunctionEvalBackend backend(
            [&](const Candidate &c, const EvalVariant &variant) {
                if (std::isnan(knob(c, "REPEAT")))
                    return landscape(c, variant);
                seen.push_back(variant);
                // 0.2 ms against the start's 10 ms: 50×. Right only on the
                // workload's own seeds and shape unless it really holds up.
                const bool right =
                    variant.seeds.empty() || holdsUp || (rightOnFreshSeeds && !variant.otherShape);
                return outcome(0.2, right);
            },
            1);
        LoopOptions o = options();
        o.maxEvals = 2;
        OptimizationLoop loop(w, *session, planner, backend, o);
        runToEnd(loop);
        QCOMPARE(seen.size(), size_t(2)); // evaluated, then re-checked
        QVERIFY(seen[0].seeds.empty());
        QVERIFY(!seen[0].otherShape);
        QCOMPARE(seen[1].seeds.size(), w.correctness.seeds.size());
        QVERIFY(seen[1].seeds != w.correctness.seeds); // fresh seeds
        QCOMPARE(seen[1].otherShape, secondShape);     // and the second shape where declared
        const ExperimentRecord &r = session->experiments().back();
        if (holdsUp) {
            QCOMPARE(r.decision, Verdict::Kept);
            QVERIFY(r.flags.contains(u"reverified"_s));
            QCOMPARE(r.flags.contains(u"second-shape"_s), secondShape);
        } else {
            QCOMPARE(r.decision, Verdict::Failed);
            QVERIFY(r.flags.contains(u"false-win"_s));
            QCOMPARE(r.cause,
                     secondShape
                         ? u"false win: 50.0× but wrong on fresh seeds or the second shape"_s
                         : u"false win: 50.0× but wrong on fresh seeds"_s);
            QCOMPARE(loop.best()->id, 1);
        }
    }

    void aFalseWinIsNeverAnsweredFromTheSession()
    {
        // A false win's source, proposed again (an LLM repeating itself, an
        // engineer's edit), is measured and checked again: the session's
        // record of it says "correct, 50× faster" in its result, and only
        // its flags say otherwise.
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        QString cheat;
        int evaluations = 0;
        FunctionEvalBackend backend(
            [&](const Candidate &c, const EvalVariant &variant) {
                ++evaluations;
                if (std::isnan(knob(c, "REPEAT")) && c.source != cheat)
                    return landscape(c, variant);
                if (cheat.isEmpty())
                    cheat = c.source;
                return outcome(0.2, variant.seeds.empty()); // wrong on fresh seeds
            },
            1);
        {
            LoopOptions o = options();
            o.maxEvals = 2;
            OptimizationLoop loop(m_workload, *session, planner, backend, o);
            runToEnd(loop);
        }
        QCOMPARE(session->experiments().size(), size_t(2));
        QVERIFY(session->experiments().back().flags.contains(u"false-win"_s));
        QCOMPARE(evaluations, 3); // the start, the cheat and its re-check

        OptimizationLoop loop(m_workload, *session, planner, backend, options());
        QList<Proposal> waiting;
        startGated(loop, waiting);
        QTRY_COMPARE_WITH_TIMEOUT(waiting.size(), 1, 5000);
        QVERIFY(loop.approveEdited(waiting[0].id, cheat));
        QTRY_COMPARE_WITH_TIMEOUT(session->experiments().size(), size_t(3), 5000);
        loop.stop();
        QTRY_VERIFY_WITH_TIMEOUT(loop.isFinished(), 5000);
        const ExperimentRecord &again = session->experiments().back();
        QCOMPARE(again.sourceHash, session->experiments()[1].sourceHash);
        QVERIFY2(!again.flags.contains(u"cached"_s),
                 qPrintable(verdictWord(again.decision) + u": "_s + again.cause + u" ["_s +
                            again.flags.join(u' ') + u']'));
        QCOMPARE(again.decision, Verdict::Failed);
        QVERIFY(again.flags.contains(u"false-win"_s));
        QCOMPARE(evaluations, 5); // measured and re-checked again
        QCOMPARE(loop.best()->id, 1);
    }

    void anAnswerTooGoodToBeTrueIsMeasuredAndChecked()
    {
        // kwb eval recorded a source at 50× the start, which nothing re-checked
        // (no loop ran it). Proposed in the loop, it is measured again and
        // checked on fresh seeds, not kept from the record.
        auto session = newSession();
        const QString cheat = u"// fast, and right on the workload's own seeds only\n"_s;
        ExperimentRecord once;
        once.round = 1;
        once.origin = Origin::Agent;
        once.decision = Verdict::Evaluated;
        once.sourceHash = SessionStore::sourceHash(cheat);
        once.result = outcome(0.2, true).result.document;
        QString error;
        QVERIFY2(session->append(once, &error), qPrintable(error));
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        std::vector<EvalVariant> cheats;
        FunctionEvalBackend backend(
            [&](const Candidate &c, const EvalVariant &variant) {
                if (c.source != cheat)
                    return landscape(c, variant);
                cheats.push_back(variant);
                return outcome(0.2, variant.seeds.empty());
            },
            1);
        OptimizationLoop loop(m_workload, *session, planner, backend, options());
        QList<Proposal> waiting;
        QVERIFY(startGatedPastTheStart(loop, waiting)); // the start, 10 ms
        QVERIFY(loop.approveEdited(waiting[1].id, cheat));
        QTRY_COMPARE_WITH_TIMEOUT(session->experiments().size(), size_t(3), 5000);
        loop.stop();
        QTRY_VERIFY_WITH_TIMEOUT(loop.isFinished(), 5000);
        const ExperimentRecord &again = session->experiments().back();
        QVERIFY2(!again.flags.contains(u"cached"_s),
                 qPrintable(verdictWord(again.decision) + u": "_s + again.cause));
        QCOMPARE(cheats.size(), size_t(2)); // measured, then re-checked on fresh seeds
        QCOMPARE(again.decision, Verdict::Failed);
        QVERIFY(again.flags.contains(u"false-win"_s));
    }

    void stopFinishesAndRecordsTheRunningCandidate()
    {
        auto session = newSession();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Exhaustive, 1);
        FunctionEvalBackend backend(landscape, 1);
        OptimizationLoop loop(m_workload, *session, planner, backend, options());
        int stoppedDuring = 0;
        connect(&loop, &OptimizationLoop::evaluationStarted, this, [&](const Proposal &p) {
            if (p.round == 2 && !stoppedDuring) {
                stoppedDuring = p.id;
                loop.stop();
            }
        });
        QCOMPARE(runToEnd(loop), StopReason::Stopped);
        QVERIFY(stoppedDuring > 0);
        QCOMPARE(session->experiments().back().id, stoppedDuring); // recorded, not lost
        QCOMPARE(session->info()["status"].get<std::string>(), std::string("stopped"));
    }

    void resumeContinuesWithoutRepeating()
    {
        auto session = newSession();
        const QString dir = session->dir();
        {
            SearchPlanner planner(m_workload, m_target, SearchStrategy::Random, 3);
            FunctionEvalBackend backend(landscape, 1);
            LoopOptions o = options();
            o.maxEvals = 6;
            OptimizationLoop loop(m_workload, *session, planner, backend, o);
            QCOMPARE(runToEnd(loop), StopReason::EvalBudget);
        }
        QString error;
        auto reopened = SessionStore::open(dir, &error);
        QVERIFY(reopened);
        const size_t before = reopened->experiments().size();
        const int bestBefore = reopened->loopState()["best"].get<int>();
        SearchPlanner planner(m_workload, m_target, SearchStrategy::Random, 99);
        FunctionEvalBackend backend(landscape, 1);
        OptimizationLoop loop(m_workload, *reopened, planner, backend, options());
        QCOMPARE(runToEnd(loop), StopReason::Exhausted);
        const auto &records = reopened->experiments();
        QCOMPARE(records.size(), size_t(1 + 16)); // nothing measured twice, nothing lost
        QSet<QString> hashes;
        for (const ExperimentRecord &r : records)
            QVERIFY2(!hashes.contains(r.sourceHash) || r.decision == Verdict::Infra,
                     qPrintable(r.plan));
        QCOMPARE(records[0].round, 0);
        QVERIFY(records[before].round > records[before - 1].round); // rounds continue
        QVERIFY(loop.best()->id >= bestBefore);
        QCOMPARE(records.front().origin, Origin::Human); // the start was not re-evaluated
        QCOMPARE(std::count_if(records.begin(), records.end(),
                               [](const ExperimentRecord &r) { return r.origin == Origin::Human; }),
                 1);
    }
};

QTEST_GUILESS_MAIN(TestLoop)
#include "tst_loop.moc"
