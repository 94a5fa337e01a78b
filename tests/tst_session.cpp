// The session store: round trip, torn-line recovery, the hash cache.
#include "memory/reflection.h"
#include "session/compare.h"
#include "session/htmlreport.h"
#include "session/runstats.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "util/durablefile.h"
#include "workload/workload.h"

#include <QLoggingCategory>
#include <QtTest>
#include <sys/stat.h>
#include <unistd.h>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

class TestSession : public QObject
{
    Q_OBJECT

private:
    Workload m_workload;
    TargetProfile m_target;

    // A new session of the test workload on the cpu-cxx target, in `dir`.
    static std::unique_ptr<SessionStore> cpuSession(const QString &dir, const Workload &w)
    {
        Diagnostic d;
        const auto target = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QString error;
        auto s = target ? SessionStore::create(dir + u"/s"_s, w, *target, &error) : nullptr;
        if (!s)
            qWarning("%s", qPrintable(target ? error : d.toString()));
        return s;
    }

    ExperimentRecord record(const QString &hash, const QString &decision = u"evaluated"_s)
    {
        ExperimentRecord r;
        r.origin = Origin::Human;
        r.sourceHash = hash;
        r.result = Json{{"schema", "kwb.result/1"}, {"stage", "bench"}};
        r.decision = verdictFromWord(decision);
        r.host = u"local"_s;
        return r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const WorkloadLoad l = loadWorkload(QFINDTESTDATA("data/workloads/valid.json"));
        QVERIFY2(l.workload, qPrintable(l.message()));
        m_workload = *l.workload;
        m_target.id = u"cpu-cxx"_s;
    }

    void normalizedHash()
    {
        const QString a = u"int f() {\n  return 1;\n}\n"_s;
        QCOMPARE(SessionStore::sourceHash(a),
                 SessionStore::sourceHash(u"int f() {  \r\n  return 1;\t\r\n}\r\n\r\n\n"_s));
        QVERIFY(SessionStore::sourceHash(a) !=
                SessionStore::sourceHash(u"int f() {\n  return 2;\n}\n"_s));
        QVERIFY(SessionStore::sourceHash(a) !=
                SessionStore::sourceHash(u"int f() {\nreturn 1;\n}\n"_s)); // indentation counts
        QCOMPARE(SessionStore::sourceHash(a).size(), 64);
    }

    void loggingCategoriesAreSwitchable()
    {
        // The subsystems log under kwb.<name>, quiet below warnings until
        // QT_LOGGING_RULES (or these filter rules) turn debug on.
        static QStringList heard;
        heard.clear();
        const QtMessageHandler previous =
            qInstallMessageHandler([](QtMsgType, const QMessageLogContext &c, const QString &m) {
                heard << QString::fromLatin1(c.category) + u": "_s + m;
            });
        auto restore = qScopeGuard([&] {
            qInstallMessageHandler(previous);
            QLoggingCategory::setFilterRules(QString());
        });
        QTemporaryDir tmp;
        QString error;
        auto s = SessionStore::create(tmp.path() + u"/s"_s, m_workload, m_target, &error);
        QVERIFY2(s, qPrintable(error));
        ExperimentRecord quiet = record(u"quiet"_s);
        QVERIFY(s->append(quiet, &error));
        QVERIFY2(heard.filter(u"kwb.session"_s).isEmpty(), qPrintable(heard.join(u'\n')));
        QLoggingCategory::setFilterRules(u"kwb.session.debug=true"_s);
        ExperimentRecord loud = record(u"loud"_s);
        QVERIFY(s->append(loud, &error));
        QCOMPARE(heard.filter(u"kwb.session: "_s).size(), 1);
        QVERIFY2(heard.filter(u"kwb.session: "_s).first().contains(u"appends # 2"_s),
                 qPrintable(heard.join(u'\n')));
    }

    // The session's writes: the bytes are there when the call returns, a
    // replacement is whole or absent, and the syncs run off the thread.
    void filesAreWrittenWholeAndSyncedInTheBackground()
    {
        QTemporaryDir tmp;
        const QString path = tmp.path() + u"/state.json"_s;
        QString reason;
        QVERIFY2(replaceFile(path, "first\n", Durability::Durable, &reason), qPrintable(reason));
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0600) == 0);
        QVERIFY2(replaceFile(path, "second\n", Durability::Scratch, &reason), qPrintable(reason));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("second\n"));
        QCOMPARE(
            QFileInfo(path).permissions().toInt(),
            (QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser).toInt());
        const QString log = tmp.path() + u"/log.jsonl"_s;
        QVERIFY2(appendToFile(log, "a\n", &reason), qPrintable(reason));
        QVERIFY2(appendToFile(log, "b\n", &reason), qPrintable(reason));
        QFile l(log);
        QVERIFY(l.open(QIODevice::ReadOnly));
        QCOMPARE(l.readAll(), QByteArray("a\nb\n"));
        syncPending();
        QCOMPARE(takeSyncError(), QString());
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden).size(),
                 2); // no temporary left (they are hidden files)

        // A folder that is not there: a reason, and nothing written.
        const QString missing = tmp.path() + u"/no/such/state.json"_s;
        QVERIFY(!replaceFile(missing, "x", Durability::Durable, &reason));
        QVERIFY2(reason.contains(u"No such file"_s), qPrintable(reason));
        QVERIFY(!appendToFile(missing, "x", &reason));
        QVERIFY(!QFileInfo::exists(missing));
        // A read-only folder (root may write anyway: then nothing to check).
        QDir(tmp.path()).mkdir(u"ro"_s);
        const QString ro = tmp.path() + u"/ro"_s;
        QVERIFY(::chmod(QFile::encodeName(ro).constData(), 0500) == 0);
        if (::access(QFile::encodeName(ro).constData(), W_OK) != 0) {
            QVERIFY(!replaceFile(ro + u"/x"_s, "x", Durability::Durable, &reason));
            QVERIFY2(reason.contains(u"ermission"_s), qPrintable(reason));
        }
        ::chmod(QFile::encodeName(ro).constData(), 0700);
    }

    void roundTrip()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.path() + u"/s"_s;
        QString error;
        auto s = SessionStore::create(dir, m_workload, m_target, &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(
            !SessionStore::create(dir, m_workload, m_target, &error)); // never overwrites a session
        QCOMPARE(error, u"a session already exists in "_s + dir);

        ExperimentRecord a = record(u"aaa"_s);
        a.knobs = Json{{"BM", 64}};
        a.parent = 7;
        QVERIFY(s->append(a, &error));
        QCOMPARE(a.id, 1);
        ExperimentRecord b = record(u"bbb"_s);
        QVERIFY(s->append(b, &error));
        QCOMPARE(b.id, 2);
        QVERIFY(s->storeKernel(u"aaa"_s, u"// kernel a\n"_s, u"cpp"_s, &error));
        QVERIFY(s->writeLog(1, u"compiling\n"_s, &error));
        QVERIFY(s->setStatus(u"finished"_s, &error));

        auto reopened = SessionStore::open(dir, &error);
        QVERIFY2(reopened, qPrintable(error));
        QVERIFY(reopened->warnings().isEmpty());
        QCOMPARE(reopened->experiments().size(), size_t(2));
        const ExperimentRecord &r = reopened->experiments()[0];
        QCOMPARE(r.toJson(), a.toJson());
        QCOMPARE(r.parent, std::optional<int>(7));
        QCOMPARE(reopened->info()["status"].get<std::string>(), std::string("finished"));
        QCOMPARE(reopened->info()["workload"], m_workload.snapshot);
        QVERIFY(reopened->matchesWorkload(m_workload, nullptr));
        QFile k(reopened->kernelPath(u"aaa"_s));
        QVERIFY(k.open(QIODevice::ReadOnly));
        QCOMPARE(k.readAll(), QByteArray("// kernel a\n"));
        QCOMPARE(reopened->nextId(), 3);
    }

    // A false win's figures appear nowhere as a candidate's: not in the
    // HTML report (summary, roofline, goal chart), not in a comparison,
    // not through the record's trusted figures. Its row keeps its verdict.
    // What a stored result says is read in one place (record.h), the same
    // way by the loop, the planners, the reports and the views.
    void recordAnswersWhatItsResultSays()
    {
        ExperimentRecord failed = record(u"f"_s, u"failed"_s);
        Json doc = failed.result.document();
        doc["compiled"] = true;
        doc["correct"] = false;
        doc["failure"] = {{"class", "incorrect"}, {"message", "out differs"}};
        doc["timings"] = {{"compile_ms", 1200.0}, {"bench_ms", 30.0}};
        doc["log"] = {{"check", "seed 1: 3 mismatches"}, {"compile", ""}};
        doc["calibration"] = {{"cpu", "AMD EPYC"}, {"device", "NVIDIA H200"}};
        failed.result = doc;
        QCOMPARE(failureClassOf(failed), u"incorrect"_s);
        QCOMPARE(failureMessageOf(failed), u"out differs"_s);
        QVERIFY(compiledPerResult(failed) && !correctPerResult(failed));
        QCOMPARE(stageMs(failed, u"compile"_s), 1200.0);
        QCOMPARE(stageMs(failed, u"check"_s), 0.0);
        QCOMPARE(stageLogs(failed).size(), size_t(1)); // the empty compile log is left out
        QCOMPARE(stageLogs(failed).front().first, u"check"_s);
        QCOMPARE(calibratedDeviceOf(failed), u"NVIDIA H200"_s);
        const EvalResult verdict = storedVerdictOf(failed);
        QVERIFY(verdict.compiled && verdict.correct == false && !verdict.latency);
        QCOMPARE(verdict.failureClass, u"incorrect"_s);

        ExperimentRecord timed = record(u"t"_s, u"kept"_s);
        doc = timed.result.document();
        doc["compiled"] = true;
        doc["correct"] = true;
        doc["latency"] = {
            {"median_ms", 2.0}, {"q1_ms", 1.9}, {"q3_ms", 2.2}, {"samples_ms", {1.9, 2.0, 2.2}}};
        doc["bottleneck"] = {{"class", "memory-bound"}, {"why", "82% of bandwidth"}};
        timed.result = doc;
        QCOMPARE(bottleneckOf(timed), u"memory-bound"_s);
        QCOMPARE(bottleneckWhyOf(timed), u"82% of bandwidth"_s);
        QCOMPARE(recordedLatency(timed)->q3Ms, 2.2);
        QCOMPARE(recordedSamplesMs(timed), (std::vector<double>{1.9, 2.0, 2.2}));
        QCOMPARE(trustedMedianMs(timed), 2.0);
        QCOMPARE(storedVerdictOf(timed).latency->medianMs, 2.0);
        timed.flags << u"flagged"_s; // flagged: its time is no longer a figure
        QVERIFY(std::isnan(trustedMedianMs(timed)));
        QCOMPARE(recordedMedianMs(timed), 2.0); // what it claimed, for its row
    }

    // A stored result is read once into typed fields, leniently: what is
    // missing or of the wrong kind reads as absent, and the document is kept
    // as it was, so the session writes back what it read.
    void recordedResultIsReadLenientlyAndKeptWhole()
    {
        const Json stored = Json::parse(R"({
            "schema": "kwb.result/1", "stage": "bench", "compiled": true, "correct": "yes",
            "latency": {"median_ms": -1, "samples_ms": [1, "x"]},
            "metrics": {"gflops": "a lot", "median_ms": 2.5, "ipc": null},
            "roles": {"flop_rate": "tflops"},
            "timings": {"compile_ms": "slow", "bench_ms": 40},
            "log": "not an object",
            "calibration": {"peak_gflops": "many"},
            "from_a_newer_version": {"z": [3, 2, 1]}
        })");
        const RecordedResult r(stored);
        QVERIFY(r.exists() && r.compiled());
        QVERIFY(!r.correct());        // "yes" is no verdict
        QCOMPARE(r.medianMs(), -1.0); // what it claimed, for its row
        QVERIFY(!r.latency());        // but nothing is timed by it
        QCOMPARE(r.metric(u"median_ms"_s), 2.5);
        QVERIFY(!r.metric(u"gflops"_s) && !r.metric(u"ipc"_s));
        QCOMPARE(r.metricName(MetricRole::FlopRate), u"tflops"_s); // its own roles
        QVERIFY(!r.metric(MetricRole::FlopRate));
        QCOMPARE(r.stageMs(u"bench"_s), 40.0);
        QCOMPARE(r.stageMs(u"compile"_s), 0.0);
        QVERIFY(r.stageLogs().empty() && !r.ceilings());

        ExperimentRecord rec = record(u"h"_s);
        rec.id = 7;
        rec.result = stored;
        const Json line = rec.toJson();
        QCOMPARE(line["result"].dump(), stored.dump()); // byte for byte
        QString error;
        const auto back = ExperimentRecord::fromJson(line, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->toJson().dump(), line.dump());
        QVERIFY(RecordedResult().isNull() && !RecordedResult().exists());
    }

    // A run's summary figures: trusted times only, the untrusted kept named,
    // the host's losses apart from the evaluations, time per stage.
    void runStatsCountWhatTheRunDid()
    {
        auto timed = [&](int id, Origin origin, const char *decision, double ms) {
            ExperimentRecord r = record(QString::number(id), QString::fromLatin1(decision));
            r.id = id;
            r.origin = origin;
            r.result =
                Json{{"schema", "kwb.result/1"},
                     {"stage", "bench"},
                     {"compiled", true},
                     {"correct", true},
                     {"latency", {{"median_ms", ms}}},
                     {"timings", {{"compile_ms", 1000}, {"check_ms", 200}, {"bench_ms", 300}}}};
            return r;
        };
        std::vector<ExperimentRecord> rs;
        rs.push_back(timed(1, Origin::Human, "kept", 10));
        rs.back().flags << u"flagged"_s; // the start, flagged
        rs.push_back(timed(2, Origin::Search, "kept", 0.01));
        rs.back().flags << u"false-win"_s;
        rs.push_back(timed(3, Origin::Baseline, "evaluated", 4));
        rs.push_back(timed(4, Origin::Search, "discarded", 12));
        rs.back().flags << u"fixing"_s;
        ExperimentRecord broken = record(u"5"_s, u"failed"_s);
        broken.id = 5;
        broken.origin = Origin::Search;
        broken.result = Json{{"schema", "kwb.result/1"},
                             {"compiled", false},
                             {"failure", {{"class", "compile"}, {"message", "x"}}}};
        rs.push_back(broken);
        ExperimentRecord lost = record(u"6"_s, u"infra"_s);
        lost.id = 6;
        lost.result = RecordedResult();
        rs.push_back(lost);

        RunStats st = runStats(rs, 1, 2);
        QVERIFY(st.start && st.start->id == 1);
        QVERIFY(std::isnan(st.startMs)); // flagged: no figure
        QVERIFY(!st.best);               // a false win is never the best
        QVERIFY(std::isnan(st.speedup()));
        QCOMPARE(st.untrustedKept.size(), size_t(2));
        QCOMPARE(st.untrustedKept[1]->id, 2);
        QCOMPARE(st.baselines.size(), size_t(1));
        QCOMPARE(st.evaluated, 5);
        QCOMPARE(st.infra, 1);
        QCOMPARE(st.sentBack, 1);
        QCOMPARE(st.failures.size(), size_t(1));
        QCOMPARE(st.failures.at(u"compile"_s), 1);
        QCOMPARE(st.compileMs, 4000.0); // the four timed ones; the broken one gave none
        QCOMPARE(st.benchMs, 1200.0);

        st = runStats(rs, 4, 4); // a trusted start and best
        QCOMPARE(st.startMs, 12.0);
        QCOMPARE(st.bestMs, 12.0);
        QCOMPARE(st.speedup(), 1.0);

        // The HTML report says the same: the start's flags for its time, and
        // why there is no best.
        QTemporaryDir tmp;
        const auto s = cpuSession(tmp.path(), m_workload);
        QVERIFY(s);
        QString error;
        for (ExperimentRecord r : rs)
            QVERIFY2(s->append(r, &error), qPrintable(error));
        const QString html = htmlReport(*s);
        QVERIFY2(html.contains(u"<dt>start</dt><dd>#1 , [flagged]</dd>"_s), qPrintable(html));
        QVERIFY2(
            html.contains(u"no trusted kernel yet (untrusted: #1 [flagged], #2 [false-win])"_s),
            qPrintable(html));
        QVERIFY(!html.contains(u"nan"_s));
    }

    void falseWinFiguresAppearNowhere()
    {
        Diagnostic d;
        const auto target = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QVERIFY2(target, qPrintable(d.toString()));
        QTemporaryDir tmp;
        QString error;
        auto s = SessionStore::create(tmp.path() + u"/s"_s, m_workload, *target, &error);
        QVERIFY2(s, qPrintable(error));
        auto timed = [&](double ms, double gflops) {
            ExperimentRecord r = record(QString::number(ms), u"kept"_s);
            Json doc = r.result.document();
            doc["correct"] = true;
            doc["latency"] = {{"median_ms", ms}, {"q1_ms", ms}, {"q3_ms", ms}};
            doc["metrics"] = {{"median_ms", ms},
                              {"gflops", gflops},
                              {"intensity", 10.0},
                              {"pct_peak_flops", gflops / 2}};
            doc["roles"] = target->roleNames();
            doc["calibration"] = {
                {"schema", "kwb.calibration/1"}, {"peak_gflops", 200.0}, {"peak_gbs", 20.0}};
            r.result = doc;
            return r;
        };
        ExperimentRecord honest = timed(10, 150.5);
        ExperimentRecord cheat = timed(0.01, 4321.5);
        cheat.decision = Verdict::Failed;
        cheat.flags << u"false-win"_s;
        cheat.cause = u"false win: wrong on re-check"_s;
        QVERIFY(s->append(honest, &error) && s->append(cheat, &error));

        QCOMPARE(honest.trustedMetric(MetricRole::FlopRate), 150.5);
        QVERIFY(!cheat.trustedMetric(MetricRole::FlopRate));
        QVERIFY(!cheat.trustedMetric(u"gflops"_s));
        QCOMPARE(cheat.metric(MetricRole::FlopRate), 4321.5); // what it claimed, for its row
        // The roofline a record was measured against, read in one place.
        QCOMPARE(honest.ceilings().value_or(ExperimentRecord::Ceilings{}).peakGflops, 200.0);
        QCOMPARE(honest.ceilings().value_or(ExperimentRecord::Ceilings{}).peakGbs, 20.0);
        QVERIFY(!record(u"none"_s, u"kept"_s).ceilings());

        const QString html = htmlReport(*s);
        QVERIFY(html.contains(u"150.5"_s)); // the honest one's figure is shown
        for (const QString &figure : {u"4321"_s, u"4322"_s, u"2161"_s, u"2160.7"_s})
            QVERIFY2(!html.contains(figure), qPrintable(figure));
        const Comparison c = compareRecords(honest, cheat, *target);
        for (const MetricComparison &m : c.metrics)
            QVERIFY2(std::isnan(m.b), qPrintable(m.metric));
        QVERIFY(c.verdict.contains(u"cannot be compared"_s));
        // The optimization memory the planner reads: what the cheat claimed is
        // no "before", so no speedup is learned from it.
        const Json memory = memoryRecord(cheat, honest);
        QVERIFY2(!memory["before"].contains("median_ms") && !memory["before"].contains("gflops"),
                 memory.dump().c_str());
        QCOMPARE(memory["after"].value("gflops", 0.0), 150.5);
        QCOMPARE(memory.value("speedup", -1.0), 0.0);
    }

    void cacheIgnoresInfraFailures()
    {
        QTemporaryDir tmp;
        QString error;
        auto s = SessionStore::create(tmp.path() + u"/s"_s, m_workload, m_target, &error);
        ExperimentRecord lost = record(u"h"_s, u"infra"_s);
        lost.result = Json();
        lost.infraError = u"host went away"_s;
        QVERIFY(s->append(lost, &error));
        QVERIFY(!s->findBySourceHash(u"h"_s)); // a lost host says nothing about the kernel
        // Nor do a false win and a flagged result: what they claim is no
        // answer. The harness's flag in the result counts where the record
        // has none (a baseline, kwb eval's records, an older session).
        for (const QString &flag : {u"false-win"_s, u"flagged"_s, u"in the result"_s}) {
            ExperimentRecord untrusted = record(u"h"_s);
            if (flag == u"in the result"_s) {
                Json doc = untrusted.result.document();
                doc["correct"] = true;
                doc["latency"] = {{"median_ms", 0.5}};
                doc["flags"] = {{{"id", "outside-clock"}, {"reason", "the clocks disagree"}}};
                untrusted.result = doc;
                QVERIFY(untrusted.untrusted());
                QVERIFY(std::isnan(trustedMedianMs(untrusted)));
                QCOMPARE(recordedMedianMs(untrusted), 0.5);
            } else {
                untrusted.flags << flag;
            }
            QVERIFY(s->append(untrusted, &error));
            QVERIFY2(!s->findBySourceHash(u"h"_s), qPrintable(flag));
        }
        ExperimentRecord done = record(u"h"_s);
        QVERIFY(s->append(done, &error));
        QCOMPARE(s->findBySourceHash(u"h"_s)->id, done.id);
    }

    void tornLastLineIsIgnoredAndSetAside()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.path() + u"/s"_s;
        QString error;
        {
            auto s = SessionStore::create(dir, m_workload, m_target, &error);
            ExperimentRecord a = record(u"aaa"_s);
            QVERIFY(s->append(a, &error));
        }
        // A crash in the middle of the second write.
        QFile f(dir + u"/experiments.jsonl"_s);
        QVERIFY(f.open(QIODevice::Append));
        f.write("{\"id\":2,\"source_hash\":\"bb");
        f.close();

        auto s = SessionStore::open(dir, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->experiments().size(), size_t(1));
        QCOMPARE(s->warnings().size(), 1);
        QCOMPARE(
            s->warnings()[0],
            dir +
                u"/experiments.jsonl:2: ignored a torn last line (25 bytes without a newline; left by an interrupted write)"_s);

        ExperimentRecord c = record(u"ccc"_s);
        QVERIFY(s->append(c, &error));
        QCOMPARE(c.id, 2);

        auto again = SessionStore::open(dir, &error);
        QVERIFY(again->warnings().isEmpty()); // the file is whole again
        QCOMPARE(again->experiments().size(), size_t(2));
        QCOMPARE(again->experiments()[1].sourceHash, u"ccc"_s);
        QFile side(dir + u"/experiments.jsonl.torn"_s);
        QVERIFY(side.open(QIODevice::ReadOnly)); // nothing lost
        QCOMPARE(side.readAll(), QByteArray("{\"id\":2,\"source_hash\":\"bb") + '\n');
    }

    void malformedMiddleLineIsSkippedWithPosition()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.path() + u"/s"_s;
        QString error;
        {
            auto s = SessionStore::create(dir, m_workload, m_target, &error);
            QFile f(dir + u"/experiments.jsonl"_s);
            QVERIFY(f.open(QIODevice::Append));
            f.write("{\"id\":1,\"source_hash\":\"a\"}\n{\"id\":2,,}\n{\"id\":3,\"source_hash\":"
                    "\"c\"}\n");
        }
        auto s = SessionStore::open(dir, &error);
        QCOMPARE(s->experiments().size(), size_t(2));
        QCOMPARE(s->warnings().size(), 1);
        QVERIFY2(s->warnings()[0].startsWith(
                     dir + u"/experiments.jsonl:2:9: skipped a malformed record"_s),
                 qPrintable(s->warnings()[0]));
    }

    void workloadMismatchIsReported()
    {
        QTemporaryDir tmp;
        QString error;
        auto s = SessionStore::create(tmp.path() + u"/s"_s, m_workload, m_target, &error);
        Workload other = m_workload;
        other.snapshot["dims"]["N"] = 128;
        QString diff;
        QVERIFY(!s->matchesWorkload(other, &diff));
        QCOMPARE(diff, u"differs at /dims/N"_s);
    }

    void notASession()
    {
        QTemporaryDir tmp;
        QString error;
        QVERIFY(!SessionStore::open(tmp.path(), &error));
        QCOMPARE(error, tmp.path() + u" is not a session (no session.json)"_s);
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
