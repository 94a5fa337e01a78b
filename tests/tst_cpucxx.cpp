// The cpu-cxx target end to end on a tiny problem, with the real compiler:
// correct, not compiling, wrong, crashing and hanging kernels, and the
// infrastructure failures that must never count against a kernel.
#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "evaluatenow.h"
#include "remote/localcommand.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

// `ps`'s view of the processes `pids` names (pgrep's output), and of
// their parents.
QByteArray processTable(const QByteArray &pids)
{
    QStringList list;
    for (const QByteArray &pid : pids.split('\n')) {
        if (pid.isEmpty())
            continue;
        list << QString::fromLatin1(pid);
        QFile stat(u"/proc/"_s + QString::fromLatin1(pid) + u"/stat"_s);
        // The parent: the fourth field, after the name in parentheses.
        if (stat.open(QIODevice::ReadOnly)) {
            const QByteArray text = stat.readAll();
            const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
            if (fields.size() > 1)
                list << QString::fromLatin1(fields[1]);
        }
    }
    if (list.isEmpty())
        return {};
    QProcess ps;
    ps.start(u"ps"_s,
             {u"-o"_s, u"pid,ppid,pgid,sid,stat,etime,wchan:24,args"_s, u"-p"_s, list.join(u',')});
    ps.waitForFinished();
    return ps.readAllStandardOutput();
}

} // namespace

class TestCpuCxx : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_work;
    TargetProfile m_target;
    Workload m_workload;
    Calibration m_calibration;
    QString m_dir;

    QString source(const QString &file)
    {
        QFile f(m_dir + u'/' + file);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    EvalOutcome evaluate(const QString &file, const TargetProfile *target = nullptr)
    {
        Evaluator ev(m_workload, target ? *target : m_target, m_calibration, m_work.path());
        EvalOutcome outcome;
        QObject::connect(&ev, &Evaluator::finished, this,
                         [&](const EvalOutcome &o) { outcome = o; });
        QSignalSpy done(&ev, &Evaluator::finished);
        ev.start(Candidate{source(file), Origin::Human, Json::object(), file, {}});
        const bool finished = done.wait(120'000);
        if (!finished)
            qWarning("evaluation of %s did not finish", qPrintable(file));
        return outcome;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_work.isValid());
        Diagnostic d;
        auto t = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QVERIFY2(t, qPrintable(d.toString()));
        m_target = *t;
        const QString path = QFINDTESTDATA("data/tiny/workload.json");
        m_dir = QFileInfo(path).absolutePath();
        const WorkloadLoad l = loadWorkload(path, &m_target);
        QVERIFY2(l.workload, qPrintable(l.message()));
        m_workload = *l.workload;
        // Fixed ceilings keep these tests independent of the machine.
        m_calibration.peakGflops = 100;
        m_calibration.peakGbs = 10;
        if (QStandardPaths::findExecutable(u"g++"_s).isEmpty())
            QSKIP("g++ is not installed; cpu-cxx cannot be tested");
    }

    void problemHeaderDeclaresTheSignature()
    {
        const QString h = problemHeader(m_workload);
        QVERIFY(h.contains(u"void fma1(const float *x, const float *w, float *y, int64_t N);"_s));
        QVERIFY(h.contains(
            u"void fma1_reference(const float *x, const float *w, float *y, int64_t N);"_s));
        QVERIFY(h.contains(u"{\"y\", F32, 4096LL, -1, 1}"_s));
    }

    void correctKernel()
    {
        const EvalOutcome o = evaluate(u"good.cpp"_s);
        QVERIFY2(!o.infra, qPrintable(o.infraMessage));
        const EvalResult &r = o.result;
        QVERIFY2(!r.failed(), qPrintable(r.failureMessage + u'\n' + o.console));
        QVERIFY(r.compiled);
        QCOMPARE(r.correct, std::optional<bool>(true));
        // The workload's 3 seeds, the last drawn for this evaluation.
        QCOMPARE(r.checks.size(), size_t(3));
        QCOMPARE(r.checks[1].seed, 2);
        QVERIFY(r.checks[2].seed > 3 && r.checks[2].seed < (qint64(1) << 53));
        for (const SeedCheck &c : r.checks) {
            QVERIFY(c.ok);
            QVERIFY(c.relL2 < 1e-6);
        }
        QVERIFY(r.stage == u"bench"_s || r.stage == u"profile"_s);
        QVERIFY(r.latency);
        QVERIFY(r.latency->samplesMs.size() >= 3);
        QVERIFY(r.latency->minMs <= r.latency->medianMs);
        QVERIFY(r.latency->callsPerSample >
                1); // a 4096-element kernel is far below the clock's resolution
        QVERIFY(*r.metric(u"gflops"_s) > 0);
        QVERIFY(r.metric(u"pct_peak_flops"_s));
        QVERIFY(!r.bottleneck.isEmpty());
        QVERIFY(r.bottleneck != u"failing"_s);
        if (!r.countersAvailable)
            QVERIFY(!r.countersReason.isEmpty());         // said plainly, not silently absent
        QVERIFY(o.console.contains(u"kwb: compiling"_s)); // streamed console output was kept
    }

    void failures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("failureClass");
        QTest::addColumn<QString>("stage");
        QTest::addColumn<QString>("evidence"); // in the message or the stage's log
        QTest::newRow("does not compile")
            << u"nocompile.cpp"_s << u"compile"_s << u"compile"_s << u"kernel.cpp:5:"_s;
        QTest::newRow("signature differs from the workload")
            << u"badsig.cpp"_s << u"compile"_s << u"compile"_s << u"conflicting declaration"_s;
        QTest::newRow("wrong result")
            << u"wrong.cpp"_s << u"incorrect"_s << u"check"_s << u"beyond atol/rtol"_s;
        QTest::newRow("unwritten element")
            << u"unwritten.cpp"_s << u"incorrect"_s << u"check"_s << u"beyond atol/rtol"_s;
        QTest::newRow("segfault") << u"segfault.cpp"_s << u"crash"_s << u"check"_s << u"SIGSEGV"_s;
        QTest::newRow("hang") << u"hang.cpp"_s << u"timeout"_s << u"check"_s << u"ran past 4 s"_s;
    }

    void failures()
    {
        QFETCH(QString, file);
        QFETCH(QString, failureClass);
        QFETCH(QString, stage);
        QFETCH(QString, evidence);
        QElapsedTimer clock;
        clock.start();
        const EvalOutcome o = evaluate(file);
        // A failing kernel is a recorded result, never an infrastructure error.
        QVERIFY2(!o.infra, qPrintable(o.infraMessage));
        const EvalResult &r = o.result;
        QCOMPARE(r.failureClass, failureClass);
        QCOMPARE(r.failureStage, stage);
        QVERIFY2(QString(r.failureMessage + r.log(stage)).contains(evidence),
                 qPrintable(r.failureMessage + u'\n' + r.log(stage)));
        QCOMPARE(r.bottleneck, u"failing"_s);
        QVERIFY(!r.latency);
        if (failureClass == u"incorrect"_s) {
            QCOMPARE(r.correct, std::optional<bool>(false));
            QVERIFY(std::any_of(r.checks.begin(), r.checks.end(),
                                [](const SeedCheck &c) { return c.mismatches == 1; }));
        }
        if (file == u"unwritten.cpp"_s)
            QVERIFY(std::all_of(r.checks.begin(), r.checks.end(),
                                [](const SeedCheck &c) { return c.nonfinite == 1; }));
        if (failureClass == u"timeout"_s)
            QVERIFY2(clock.elapsed() < 60'000,
                     "a hanging kernel was not cut off by its stage timeout");
    }

    void malformedHarnessOutputIsInfra()
    {
        Diagnostic d;
        auto garbage =
            TargetRegistry::loadFile(QFINDTESTDATA("data/targets/garbage/target.json"), &d);
        QVERIFY2(garbage, qPrintable(d.toString()));
        const EvalOutcome o = evaluate(u"good.cpp"_s, &*garbage);
        QVERIFY(o.infra);
        QCOMPARE(o.infraMessage,
                 u"the harness produced a malformed result: result document:1:2: malformed JSON: "
                 u"syntax error while parsing value - invalid literal; last read: 'th'"_s);
        QCOMPARE(o.console, u"compiling...\n"_s);
    }

    void floodOfOutputIsCappedAsInfra()
    {
        Diagnostic d;
        auto flood = TargetRegistry::loadFile(QFINDTESTDATA("data/targets/flood/target.json"), &d);
        QVERIFY2(flood, qPrintable(d.toString()));
        const EvalOutcome o = evaluate(u"good.cpp"_s, &*flood);
        QVERIFY(o.infra);
        QCOMPARE(o.infraMessage,
                 u"the command printed more than 4 MiB on stdout and was stopped"_s);
    }

    void cancelStopsTheProcessGroup()
    {
        Evaluator ev(m_workload, m_target, m_calibration, m_work.path());
        EvalOutcome outcome;
        connect(&ev, &Evaluator::finished, this, [&](const EvalOutcome &o) { outcome = o; });
        connect(&ev, &Evaluator::consoleLine, this, [&](const QString &line) {
            if (line.contains(u"checking"_s))
                ev.cancel(); // the hanging kernel is running now
        });
        QSignalSpy done(&ev, &Evaluator::finished);
        QElapsedTimer clock;
        clock.start();
        ev.start(Candidate{source(u"hang.cpp"_s), Origin::Human, Json::object(), u"hang"_s, {}});
        QVERIFY(done.wait(60'000));
        QVERIFY(outcome.infra);
        QCOMPARE(outcome.infraMessage, u"cancelled"_s);
        QVERIFY2(clock.elapsed() < 4000,
                 "cancel waited for the stage timeout instead of killing the group");
        // No process of the evaluation survives: the supervisor runs the
        // candidate's programs as "cand-<hash>/check …" (in bubblewrap) in
        // a group of its own.
        const QString pattern =
            u"cand-"_s + SessionStore::sourceHash(source(u"hang.cpp"_s)).left(16) + u"/"_s;
        // Only this test's: tst_slurm evaluates the same hang.cpp, and under
        // the parallel sanitizer pass its processes match the pattern too.
        const QString work = QFileInfo(m_work.path()).canonicalFilePath();
        auto survivors = [&] {
            QProcess pgrep;
            pgrep.start(u"pgrep"_s, {u"-f"_s, pattern});
            pgrep.waitForFinished();
            QByteArray mine;
            for (const QByteArray &pid : pgrep.readAllStandardOutput().split('\n')) {
                const QString cwd =
                    QFileInfo(u"/proc/"_s + QString::fromLatin1(pid.trimmed()) + u"/cwd"_s)
                        .symLinkTarget();
                if (!pid.trimmed().isEmpty() && (cwd.isEmpty() || cwd.startsWith(work)))
                    mine += pid.trimmed() + '\n';
            }
            return mine;
        };
        // The hanging kernel runs until something kills it. Once, under
        // AddressSanitizer on a loaded 2-core host, a process of the group
        // was still there 14 s after the cancel (cause not found yet): the
        // bound allows for that; a kernel the cancel misses for good still
        // fails here. A survivor past 3 s is described (its parent, group,
        // session, state and age) so that teardown can be explained.
        QElapsedTimer since;
        since.start();
        QByteArray left = survivors();
        bool described = false;
        while (!left.isEmpty() && since.elapsed() < 30'000) {
            if (!described && since.elapsed() > 3'000) {
                described = true;
                qWarning("still there %lld ms after the cancel:\n%s", qint64(since.elapsed()),
                         processTable(left).constData());
            }
            QTest::qWait(50);
            left = survivors();
        }
        QVERIFY2(left.isEmpty(), processTable(left).constData());
    }

    void buildsAreSharedByEveryWorkFolderOfTheHost()
    {
        // A new session is a new work folder: it copies the host's supervisor
        // and the problem's harness objects from the user's cache instead of
        // compiling them again (a quarter of a minute on two cores).
        QTemporaryDir cache, first, second;
        const QByteArray previous = qgetenv("XDG_CACHE_HOME");
        qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
        const auto restore = qScopeGuard([&] { qputenv("XDG_CACHE_HOME", previous); });
        const Candidate good{source(u"good.cpp"_s), Origin::Human, Json::object(), u"good"_s, {}};
        const EvalOutcome built =
            evaluateNow(m_workload, m_target, m_calibration, first.path(), good);
        QVERIFY2(!built.infra && !built.result.failed(),
                 qPrintable(built.infraMessage + built.console));
        QVERIFY2(built.console.contains(u"building the evaluation supervisor"_s),
                 qPrintable(built.console));
        QVERIFY2(built.console.contains(u"building the harness"_s), qPrintable(built.console));
        QCOMPARE(
            QDir(cache.path() + u"/kernel-workbench/supervisors"_s).entryList(QDir::Files).size(),
            1);
        // The harness objects (check, bench, answer) and the reference.
        QCOMPARE(QDir(cache.path() + u"/kernel-workbench/builds"_s).entryList(QDir::Files).size(),
                 4);
        // The answer program has no kernel in it: linked once for the
        // problem, not for each candidate.
        const QDir objects(first.path() + u"/obj"_s);
        const QStringList answers = objects.entryList({u"answer-*"_s}, QDir::Files);
        QCOMPARE(answers.size(), 1);
        const QFileInfo answer(objects.filePath(answers.front()));
        QVERIFY(answer.isExecutable());
        const QDateTime linked = answer.lastModified();
        const Candidate other{source(u"good.cpp"_s) + u"\n// another candidate\n"_s,
                              Origin::Human,
                              Json::object(),
                              u"other"_s,
                              {}};
        const EvalOutcome again =
            evaluateNow(m_workload, m_target, m_calibration, first.path(), other);
        QVERIFY2(!again.infra && !again.result.failed(),
                 qPrintable(again.infraMessage + again.console));
        QCOMPARE(objects.entryList({u"answer-*"_s}, QDir::Files), answers);
        QCOMPARE(QFileInfo(objects.filePath(answers.front())).lastModified(), linked);

        const EvalOutcome copied =
            evaluateNow(m_workload, m_target, m_calibration, second.path(), good);
        QVERIFY2(!copied.infra && !copied.result.failed(),
                 qPrintable(copied.infraMessage + copied.console));
        QCOMPARE(copied.result.correct, std::optional<bool>(true));
        QVERIFY2(!copied.console.contains(u"building"_s), qPrintable(copied.console));
        QVERIFY(QFileInfo(second.path() + u"/.kwb-supervisor"_s).isExecutable());

        // The shared harness is gone: that work folder builds it again (and
        // shares it), the supervisor still comes from the cache.
        for (const QString &f :
             QDir(cache.path() + u"/kernel-workbench/builds"_s).entryList(QDir::Files))
            QVERIFY(QFile::remove(cache.path() + u"/kernel-workbench/builds/"_s + f));
        QTemporaryDir third;
        const EvalOutcome rebuilt =
            evaluateNow(m_workload, m_target, m_calibration, third.path(), good);
        QVERIFY2(!rebuilt.infra && !rebuilt.result.failed(),
                 qPrintable(rebuilt.infraMessage + rebuilt.console));
        QVERIFY2(!rebuilt.console.contains(u"building the evaluation supervisor"_s),
                 qPrintable(rebuilt.console));
        QVERIFY2(rebuilt.console.contains(u"building the harness"_s), qPrintable(rebuilt.console));
        QCOMPARE(QDir(cache.path() + u"/kernel-workbench/builds"_s).entryList(QDir::Files).size(),
                 4);
    }

    void calibrationIsMeasuredOnceAndCached()
    {
        QTemporaryDir cache;
        const QByteArray previous = qgetenv("XDG_CACHE_HOME");
        qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
        auto run = [&](bool force) -> std::optional<Calibration> {
            Calibrator c;
            std::optional<Calibration> got;
            QString failure;
            connect(&c, &Calibrator::finished, this, [&](const Calibration &cal) { got = cal; });
            connect(&c, &Calibrator::failed, this, [&](const QString &e) { failure = e; });
            QSignalSpy finished(&c, &Calibrator::finished), failed(&c, &Calibrator::failed);
            c.start(m_target, u"local"_s, m_work.path() + u"/calibration"_s, force);
            if (!finished.wait(120'000) && failed.isEmpty())
                return std::nullopt;
            if (!failure.isEmpty())
                qWarning("%s", qPrintable(failure));
            return got;
        };
        const auto first = run(false);
        QVERIFY(first);
        QVERIFY(!first->fromCache);
        QVERIFY(first->peakGflops > 0.1);
        QVERIFY(first->peakGbs > 0.1);
        QVERIFY(QFileInfo::exists(calibrationCachePath(u"local"_s, u"cpu-cxx"_s)));
        QVERIFY(calibrationCachePath(u"local"_s, u"cpu-cxx"_s).startsWith(cache.path()));
        const auto second = run(false);
        QVERIFY(second);
        QVERIFY(second->fromCache);
        QCOMPARE(second->peakGflops, first->peakGflops);
        qputenv("XDG_CACHE_HOME", previous);
    }
};

QTEST_GUILESS_MAIN(TestCpuCxx)
#include "tst_cpucxx.moc"
