// Evaluations as Slurm batch jobs on a real cluster: the ctest fixture
// (tests/slurm/slurm.sh) starts munged, slurmctld and two slurmd on
// 127.0.0.1 and stops them by PID. A batch is one job array (the cpu-cxx
// example too); pending then running; Stop cancels; a restarted runner
// follows the job it recorded instead of submitting it twice; a killed node
// is an infrastructure failure and the retry runs on the other; a missing
// partition is a clear error. The same for steps of a kept allocation.
// A partition of two node types is calibrated once per type, each on a node
// of its own, and a result takes the roofline of the node it ran on.
#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "remote/evalhost.h"
#include "remote/hostmodel.h"
#include "remote/slurm.h"
#include "remote/slurmstep.h"
#include "remote/sshconnection.h"
#include "run/evaluation.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

/// Runs a client command of the test cluster (squeue, sbatch, scancel) and
/// returns its stdout; empty when it fails.
QString slurm(const QStringList &argv)
{
    QProcess p;
    p.start(argv.first(), argv.mid(1));
    if (!p.waitForFinished(30'000) || p.exitCode() != 0)
        return {};
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

QString jobState(const QString &id)
{
    return slurm({u"squeue"_s, u"-h"_s, u"-r"_s, u"-t"_s, u"all"_s, u"-j"_s, id, u"-o"_s, u"%T"_s});
}

/// The ids of every kwb job (array task) the controller knows, ended ones too.
QStringList kwbJobIds()
{
    return slurm({u"squeue"_s, u"-h"_s, u"-r"_s, u"-t"_s, u"all"_s, u"-n"_s, u"kwb"_s, u"-o"_s,
                  u"%i"_s})
        .split(u'\n', Qt::SkipEmptyParts);
}

bool fixture(const QString &action, const QString &node)
{
    QProcess p;
    p.start(u"bash"_s, {QStringLiteral(KWB_SLURM_SCRIPT), action,
                        qEnvironmentVariable("KWB_SLURM_DIR"), node});
    return p.waitForFinished(120'000) && p.exitCode() == 0;
}

} // namespace

class TestSlurm : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_work;
    QString m_spec = u"slurm://local?partition=debug&time=00:05:00"_s;
    QStringList m_blockers;
    bool m_nodeTypes = false; ///< n1 has a feature n2 lacks (cleanup undoes it)

    /// A runner on the test cluster's partition.
    SlurmCommand *runner(QObject *parent, const QString &spec = {})
    {
        QString error;
        auto s = SlurmSpec::parse(spec.isEmpty() ? m_spec : spec, &error);
        if (!s)
            qFatal("%s", qPrintable(error));
        return new SlurmCommand(*s, {}, 100, parent);
    }

    /// A command that waits for DIR/go (the test's word) and then prints.
    static QStringList waitForGo(const QString &what)
    {
        return {u"sh"_s, u"-c"_s,
                u"while [ ! -f go ]; do sleep 0.1; done; echo "_s + what +
                    u"; echo progress >&2"_s};
    }

    void go() { QFile(m_work.path() + u"/go"_s).open(QIODevice::WriteOnly); }

    /// The tiny example's good kernel evaluated through `runner` in `dir`;
    /// its console in `lines`. An infrastructure failure when it never ends.
    EvalOutcome evaluateGood(const Workload &workload, const TargetProfile &target,
                             const Calibration &calibration, const QString &dir,
                             const RunnerFactory &runner, QStringList &lines)
    {
        QFile good(QFileInfo(QFINDTESTDATA("data/tiny/workload.json")).absolutePath() +
                   u"/good.cpp"_s);
        EvalOutcome outcome;
        outcome.infra = true;
        outcome.infraMessage = u"the evaluation did not finish in 3 minutes"_s;
        if (!good.open(QIODevice::ReadOnly))
            return outcome;
        Evaluator ev(workload, target, calibration, dir);
        ev.setRunnerFactory(runner);
        connect(&ev, &Evaluator::consoleLine, this,
                [&lines](const QString &line) { lines << line; });
        connect(&ev, &Evaluator::finished, this, [&outcome](const EvalOutcome &o) { outcome = o; });
        QSignalSpy done(&ev, &Evaluator::finished);
        ev.start(Candidate{
            QString::fromUtf8(good.readAll()), Origin::Human, Json::object(), u"good.cpp"_s, {}});
        done.wait(180'000);
        return outcome;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_work.isValid());
        const QString dir = qEnvironmentVariable("KWB_SLURM_DIR");
        if (dir.isEmpty() || !QFile::exists(dir + u"/slurm.conf"_s))
            QSKIP("no test cluster: the slurm_start fixture did not run or Slurm is not installed "
                  "(apt-get install slurmctld slurmd slurm-client munge)");
        qputenv("SLURM_CONF", (dir + u"/slurm.conf"_s).toUtf8());
        QCOMPARE(slurm({u"sinfo"_s, u"-h"_s, u"-p"_s, u"debug"_s, u"-o"_s, u"%T"_s}), u"idle"_s);
    }

    void init() { QFile::remove(m_work.path() + u"/go"_s); }

    void cleanup()
    {
        for (const QString &id : std::as_const(m_blockers))
            slurm({u"scancel"_s, id});
        m_blockers.clear();
        if (m_nodeTypes) // n1 as alike to n2 as it was
            slurm({u"scontrol"_s, u"update"_s, u"NodeName=n1"_s, u"AvailableFeatures="_s,
                   u"ActiveFeatures="_s});
        m_nodeTypes = false;
    }

    void nodeTypesFromSinfo()
    {
        // sinfo -N lists a node once per partition; a down or drained node
        // is counted in its type but never measured on.
        const QString sinfo = u"n1|big,nvlink|gpu:a100:4|64|down*\n"
                              "n2|(null)|(null)|32|mix\n"
                              "n3|big,nvlink|gpu:a100:4|64|idle\n"
                              "n3|big,nvlink|gpu:a100:4|64|idle\n"
                              "n4|big,nvlink|gpu:a100:4|64|alloc\n"
                              "n5|(null)|(null)|32|drain\n"_s;
        std::vector<SlurmNodeType> types = parseSlurmNodeTypes(sinfo, {});
        QCOMPARE(types.size(), size_t(2));
        QCOMPARE(types[0].key, u"cpus=64 features=big,nvlink gres=gpu:a100:4"_s);
        QCOMPARE(types[0].nodes, (QStringList{u"n1"_s, u"n3"_s, u"n4"_s}));
        QCOMPARE(types[0].pick, u"n3"_s);
        QCOMPARE(types[1].key, u"cpus=32 features=- gres=-"_s);
        QCOMPARE(types[1].nodes, (QStringList{u"n2"_s, u"n5"_s}));
        QCOMPARE(types[1].pick, u"n2"_s);
        // A constraint of features leaves out the nodes without them; one
        // kwb cannot read leaves every node in.
        QCOMPARE(parseSlurmNodeTypes(sinfo, u"big&nvlink"_s).size(), size_t(1));
        QCOMPARE(parseSlurmNodeTypes(sinfo, u"big|small"_s).size(), size_t(2));
        // Nowhere to measure: no pick (the type's results use another's peaks).
        QCOMPARE(
            parseSlurmNodeTypes(u"n9|a|(null)|1|down\nn8|a|(null)|1|idle*\n"_s, {}).front().pick,
            QString());
        // An idle node before one in use; a reserved one never.
        QCOMPARE(parseSlurmNodeTypes(u"n1|a|(null)|1|alloc\nn2|a|(null)|1|resv$\n"
                                     "n3|a|(null)|1|idle\n"_s,
                                     {})
                     .front()
                     .pick,
                 u"n3"_s);
        // No partition named: the default one's nodes only (sinfo's '*').
        const auto inDefault =
            parseSlurmNodeTypes(u"n1|a|(null)|1|idle|debug*\nn2|b|(null)|8|idle|big\n"_s, {});
        QCOMPARE(inDefault.size(), size_t(1));
        QCOMPARE(inDefault.front().nodes, QStringList{u"n1"_s});
        QVERIFY(parseSlurmNodeTypes(u"garbage\n"_s, {}).empty());
    }

    void specParsing()
    {
        QString error;
        auto s = SlurmSpec::parse(
            u"slurm://me@login:2222?partition=gpu&gres=gpu:1&time=00:10:00&account=proj&qos=high&constraint=h100&sbatch=--exclusive --mem=8G"_s,
            &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->login, u"me@login:2222"_s);
        QVERIFY(!s->isLocalLogin());
        QCOMPARE(s->jobOptions(),
                 QStringList({u"--partition=gpu"_s, u"--gres=gpu:1"_s, u"--constraint=h100"_s,
                              u"--qos=high"_s, u"--account=proj"_s, u"--time=00:10:00"_s,
                              u"--exclusive"_s, u"--mem=8G"_s}));
        QVERIFY(!SlurmSpec::parse(u"slurm://local?partiton=gpu"_s, &error));
        QVERIFY2(error.contains(u"unknown key 'partiton'"_s), qPrintable(error));
        QVERIFY(!SlurmSpec::parse(u"slurm://?partition=gpu"_s, &error));
        QVERIFY2(error.contains(u"login node"_s), qPrintable(error));
        // A workload naming a bad Slurm host fails to load at the host's line.
        QString message;
        auto host = makeHost(u"slurm://local?gpus=1"_s, u"w-0"_s, {}, &message);
        QVERIFY(!host);
        QVERIFY2(message.contains(u"unknown key 'gpus'"_s), qPrintable(message));
        // A kept allocation needs kwb on the login node (srun holds its connection).
        QVERIFY(
            !makeHost(u"slurm://me@login?partition=gpu&allocation=2"_s, u"w-0"_s, {}, &message));
        QVERIFY2(message.contains(u"needs kwb on the login node"_s), qPrintable(message));
    }

    void commandRunsAsAJob()
    {
        QObject owner;
        SlurmCommand *c = runner(&owner);
        QSignalSpy done(c, &CommandRunner::finished);
        QStringList lines;
        connect(c, &CommandRunner::stderrLine, this, [&](const QString &l) { lines << l; });
        c->start(
            m_work.path(),
            {u"sh"_s, u"-c"_s,
             u"echo \"out ${SLURM_ARRAY_JOB_ID}_$SLURM_ARRAY_TASK_ID\"; echo err >&2; exit 3"_s},
            60'000, 1 << 20);
        QVERIFY(done.wait(60'000));
        const auto o = done.first().first().value<CommandOutcome>();
        QVERIFY2(o.infraError.isEmpty(), qPrintable(o.infraError));
        QCOMPARE(o.exitCode, 3);
        QCOMPARE(QString::fromUtf8(o.stdoutData).trimmed(), u"out "_s + c->jobId());
        QVERIFY2(lines.contains(u"err"_s), qPrintable(lines.join(u'\n')));
        QVERIFY2(lines.filter(u"running on n"_s).size() == 1, qPrintable(lines.join(u'\n')));
        QVERIFY(o.queuedMs >= 0);
        // The job is over: its id is no longer recorded.
        QCOMPARE(QDir(m_work.path() + u"/slurm"_s).entryList({u"*.id"_s}), QStringList());
    }

    // Slurm's word that it ends the job at its time limit wins over the exit
    // status the job's script may still write as Slurm's signal kills the
    // command (seen once in CI): here the command says what slurmstepd says
    // and dies of the signal; without the line it stays a crash.
    void timeLimitWinsOverTheSignalsStatus()
    {
        const QString said =
            u"echo 'slurmstepd-n1: error: *** JOB 7 ON n1 CANCELLED AT 2026-11-27T23:26:58 DUE TO TIME LIMIT ***' >&2; "_s;
        for (const QString &line : {said, QString()}) {
            QObject owner;
            SlurmCommand *c = runner(&owner);
            QSignalSpy done(c, &CommandRunner::finished);
            c->start(m_work.path(), {u"sh"_s, u"-c"_s, line + u"kill -TERM $$"_s}, 60'000, 1 << 20);
            QVERIFY(done.wait(60'000));
            const auto o = done.first().first().value<CommandOutcome>();
            QVERIFY2(o.infraError.isEmpty(), qPrintable(o.infraError));
            if (line.isEmpty()) {
                QVERIFY(o.kernelFailure.isEmpty());
                QCOMPARE(o.exitCode, 143);
                QVERIFY(o.crashed);
            } else {
                QCOMPARE(o.kernelFailure, u"timeout"_s);
                QVERIFY2(o.kernelFailureMessage.contains(u"at its time limit"_s),
                         qPrintable(o.kernelFailureMessage));
            }
        }
    }

    void batchIsOneJobArray()
    {
        auto spec = SlurmSpec::parse(m_spec, nullptr);
        SlurmSubmitter submitter(*spec, {}, 300);
        QSignalSpy arrays(&submitter, &SlurmSubmitter::arraySubmitted);
        QObject owner;
        QList<SlurmCommand *> commands;
        QList<QSignalSpy *> done;
        for (const QString &word : {u"a"_s, u"b"_s, u"c"_s, u"withdrawn"_s}) {
            commands << new SlurmCommand(*spec, {}, 100, &owner, &submitter);
            done << new QSignalSpy(commands.last(), &CommandRunner::finished);
            commands.last()->start(m_work.path(), {u"echo"_s, word}, 60'000, 1 << 20);
        }
        commands.last()->cancel(); // before the batch went: it is not submitted
        for (QSignalSpy *spy : std::as_const(done))
            QVERIFY(!spy->isEmpty() || spy->wait(60'000));
        QCOMPARE(arrays.size(), 1);
        QCOMPARE(arrays.first().at(1).toInt(), 3);
        const QString array = arrays.first().first().toString();
        for (int i = 0; i < 3; ++i) {
            const auto o = done[i]->first().first().value<CommandOutcome>();
            QVERIFY2(o.infraError.isEmpty(), qPrintable(o.infraError));
            QCOMPARE(o.stdoutData.trimmed(), QByteArray(1, char('a' + i)));
            QCOMPARE(commands[i]->jobId(), array + u'_' + QString::number(i));
        }
        QCOMPARE(done.last()->first().first().value<CommandOutcome>().infraError, u"cancelled"_s);
        QCOMPARE(commands.last()->jobId(), QString());
        qDeleteAll(done);
    }

    void pendingThenRunning()
    {
        // Both one-CPU nodes busy: the evaluation waits in the queue.
        for (int i = 0; i < 2; ++i) {
            const QString id = slurm({u"sbatch"_s, u"--parsable"_s, u"-p"_s, u"debug"_s,
                                      u"--output=/dev/null"_s, u"--wrap"_s, u"sleep 600"_s});
            QVERIFY(!id.isEmpty());
            m_blockers << id;
        }
        QObject owner;
        SlurmCommand *c = runner(&owner);
        SlurmJobBoard board; // what the Hosts dock shows
        board.follow(c);
        QSignalSpy done(c, &CommandRunner::finished);
        QStringList states;
        connect(c, &SlurmCommand::jobStateChanged, this,
                [&](const QString &, const QString &state, qint64) { states << state; });
        c->start(m_work.path(), {u"echo"_s, u"queued"_s}, 60'000, 1 << 20);
        QTRY_VERIFY_WITH_TIMEOUT(states.contains(u"PENDING"_s), 30'000);
        QVERIFY(done.isEmpty());
        QCOMPARE(board.pending(), 1);
        QCOMPARE(board.running(), 0);
        cleanup(); // the blockers go: the job runs
        QVERIFY(done.wait(60'000));
        const auto o = done.first().first().value<CommandOutcome>();
        QVERIFY2(o.infraError.isEmpty(), qPrintable(o.infraError));
        QCOMPARE(o.stdoutData.trimmed(), QByteArray("queued"));
        QCOMPARE(states.first(), u"PENDING"_s);
        QVERIFY2(states.size() >= 2, qPrintable(states.join(u", "_s)));
        QVERIFY(o.queuedMs > 0);
        QCOMPARE(board.pending() + board.running(), 0);
        QCOMPARE(board.done(), 1);
        QCOMPARE(board.failed(), 0);
        QVERIFY(board.meanQueueMs() > 0);
        HostModel model;
        model.setHosts({u"slurm://local?partition=debug"_s, u"local"_s});
        model.setQueue(u"slurm://local?partition=debug"_s, board.pending(), board.running(),
                       board.done(), board.failed(), board.meanQueueMs());
        const QString shown = model.index(0, HostModel::LoadColumn).data().toString();
        QVERIFY2(shown.startsWith(u"0 pending · 0 running · 1 done · 0 failed · queue wait "_s),
                 qPrintable(shown));
        QCOMPARE(model.index(1, HostModel::LoadColumn).data().toString(), u"0 / 1"_s);
    }

    void stopCancelsTheJob()
    {
        QObject owner;
        SlurmCommand *c = runner(&owner);
        QSignalSpy done(c, &CommandRunner::finished);
        c->start(m_work.path(), waitForGo(u"never"_s), 60'000, 1 << 20);
        QTRY_VERIFY_WITH_TIMEOUT(jobState(c->jobId()) == u"RUNNING"_s, 30'000);
        const QString id = c->jobId();
        c->cancel();
        QVERIFY(done.wait(10'000));
        QCOMPARE(done.first().first().value<CommandOutcome>().infraError, u"cancelled"_s);
        // Nothing of it is left running.
        QTRY_COMPARE_WITH_TIMEOUT(jobState(id), u"CANCELLED"_s, 30'000);
    }

    void restartedRunnerFollowsItsJob()
    {
        const QStringList argv = waitForGo(u"once"_s);
        const QStringList before = kwbJobIds();
        QString id;
        {
            QObject owner;
            SlurmCommand *first = runner(&owner);
            first->start(m_work.path(), argv, 60'000, 1 << 20);
            QTRY_VERIFY_WITH_TIMEOUT(
                !first->jobId().isEmpty() && jobState(first->jobId()) == u"RUNNING"_s, 30'000);
            id = first->jobId();
        } // kwb gone (killed): the runner is destroyed without cancelling
        QCOMPARE(jobState(id), u"RUNNING"_s);
        QObject owner;
        SlurmCommand *second = runner(&owner);
        QSignalSpy done(second, &CommandRunner::finished);
        second->start(m_work.path(), argv, 60'000, 1 << 20);
        QCOMPARE(second->jobId(), id);
        go();
        QVERIFY(done.wait(60'000));
        const auto o = done.first().first().value<CommandOutcome>();
        QVERIFY2(o.infraError.isEmpty(), qPrintable(o.infraError));
        QCOMPARE(o.stdoutData.trimmed(), QByteArray("once"));
        // Exactly one job was ever submitted for it.
        QStringList added = kwbJobIds();
        added.removeIf([&](const QString &j) { return before.contains(j); });
        QCOMPARE(added, QStringList{id});
    }

    void missingPartitionIsAClearError()
    {
        QObject owner;
        SlurmCommand *c = runner(&owner, u"slurm://local?partition=nosuch"_s);
        QSignalSpy done(c, &CommandRunner::finished);
        c->start(m_work.path(), {u"true"_s}, 60'000, 1 << 20);
        QVERIFY(done.wait(30'000));
        const QString error = done.first().first().value<CommandOutcome>().infraError;
        QVERIFY2(error.startsWith(u"sbatch refused the job: "_s) &&
                     error.contains(u"invalid partition"_s, Qt::CaseInsensitive),
                 qPrintable(error));
        // And the check made before any job says so.
        auto spec = SlurmSpec::parse(u"slurm://local?partition=nosuch"_s, nullptr);
        QCOMPARE(spec->checks().size(), size_t(2));
        QString checked = u"not yet"_s;
        checkSlurm(
            *spec, [](QObject *parent) { return new LocalCommand(parent); }, m_work.path(), &owner,
            [&](const QString &e) { checked = e; });
        QTRY_VERIFY_WITH_TIMEOUT(checked != u"not yet"_s, 30'000);
        QVERIFY2(checked.startsWith(u"the cluster has no partition 'nosuch'"_s),
                 qPrintable(checked));
        spec = SlurmSpec::parse(m_spec, nullptr);
        checked = u"not yet"_s;
        checkSlurm(
            *spec, [](QObject *parent) { return new LocalCommand(parent); }, m_work.path(), &owner,
            [&](const QString &e) { checked = e; });
        QTRY_VERIFY_WITH_TIMEOUT(checked != u"not yet"_s, 30'000);
        QCOMPARE(checked, QString());
    }

    void calibrationOncePerNodeType()
    {
        // n1 gets a feature n2 lacks: the partition has two node types.
        m_nodeTypes = true;
        slurm({u"scontrol"_s, u"update"_s, u"NodeName=n1"_s, u"AvailableFeatures=kwbbig"_s,
               u"ActiveFeatures=kwbbig"_s});
        QTRY_COMPARE_WITH_TIMEOUT(slurm({u"sinfo"_s, u"-h"_s, u"-N"_s, u"-p"_s, u"debug"_s, u"-n"_s,
                                         u"n1"_s, u"-o"_s, u"%f"_s}),
                                  u"kwbbig"_s, 10'000);
        QTemporaryDir cache;
        const QByteArray cacheWas = qgetenv("XDG_CACHE_HOME");
        qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
        const auto restore = qScopeGuard([&] { qputenv("XDG_CACHE_HOME", cacheWas); });
        Diagnostic d;
        auto target = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QVERIFY2(target, qPrintable(d.toString()));
        QString error;
        auto host = makeHost(m_spec, u"nodetypes"_s, {}, &error);
        QVERIFY2(host, qPrintable(error));
        auto calibrate = [&](QStringList &console, std::optional<Calibration> &result) {
            HostCalibration calibration;
            bool done = false;
            connect(&calibration, &HostCalibration::consoleLine, this,
                    [&console](const QString &l) { console << l; });
            connect(&calibration, &HostCalibration::finished, this,
                    [&](const std::optional<Calibration> &c) {
                        result = c;
                        done = true;
                    });
            calibration.start(*target, host.get(), m_work.path() + u"/nodetypes"_s, false);
            QTRY_VERIFY_WITH_TIMEOUT(done, 240'000);
        };
        QStringList console;
        std::optional<Calibration> c;
        calibrate(console, c);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(c && c->isValid() && c->byNode, qPrintable(console.join(u'\n')));
        QCOMPARE(c->byNode->size(), size_t(2));
        const Calibration &big = c->forNode(u"n1"_s);
        const Calibration &plain = c->forNode(u"n2"_s);
        QCOMPARE(big.nodeType, u"cpus=1 features=kwbbig gres=-"_s);
        QCOMPARE(big.nodes, QStringList{u"n1"_s});
        QCOMPARE(plain.nodeType, u"cpus=1 features=- gres=-"_s);
        QVERIFY(big.isValid() && plain.isValid());
        QCOMPARE(c->forNode(u"n7"_s).nodeType, c->nodeType); // unknown node: the first type
        // Each type measured on a node of its own, at the same time.
        QVERIFY2(console.filter(QRegularExpression(u"job \\S+ running on n1"_s)).size() == 1 &&
                     console.filter(QRegularExpression(u"job \\S+ running on n2"_s)).size() == 1,
                 qPrintable(console.join(u'\n')));

        // Once: the next run reads both types from the cache, no job.
        const QStringList jobs = kwbJobIds();
        QStringList again;
        std::optional<Calibration> cached;
        calibrate(again, cached);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(cached && cached->byNode && cached->byNode->size() == 2);
        QVERIFY(cached->forNode(u"n1"_s).fromCache && cached->forNode(u"n2"_s).fromCache);
        QCOMPARE(cached->forNode(u"n1"_s).peakGflops, big.peakGflops);
        for (const QString &id : kwbJobIds())
            QVERIFY2(jobs.contains(id), qPrintable(u"a new job: "_s + id));

        // A result takes the roofline of the node it ran on: n1 (the first
        // type's) is kept busy, so the evaluation runs on n2.
        m_blockers << slurm({u"sbatch"_s, u"--parsable"_s, u"--output=/dev/null"_s,
                             u"--nodelist=n1"_s, u"--wrap"_s, u"sleep 600"_s});
        QTRY_COMPARE_WITH_TIMEOUT(jobState(m_blockers.last()), u"RUNNING"_s, 30'000);
        const QString path = QFINDTESTDATA("data/tiny/workload.json");
        const WorkloadLoad l = loadWorkload(path, &*target);
        QVERIFY2(l.workload, qPrintable(l.message()));
        QStringList lines;
        const EvalOutcome outcome =
            evaluateGood(*l.workload, *target, *c, m_work.path() + u"/nodetypes-eval"_s,
                         host->runnerFactory(), lines);
        QVERIFY2(!outcome.infra, qPrintable(outcome.infraMessage));
        const QStringList ran = lines.filter(QRegularExpression(u"job \\S+ running on n"_s));
        QVERIFY2(ran.size() == 1, qPrintable(lines.join(u'\n')));
        const QString node = ran.first().section(u' ', -1);
        QCOMPARE(node, u"n2"_s);
        QCOMPARE(QString::fromStdString(
                     outcome.result.document.at("calibration").at("node_type").get<std::string>()),
                 c->forNode(node).nodeType);
    }

    void arraysThroughAnSshLogin()
    {
        // kwb elsewhere, the login node over SSH (a private sshd whose
        // sessions see the test cluster): sbatch, squeue and the files go
        // through the one SSH connection and the host's mirror.
        if (!QFile::exists(u"/usr/sbin/sshd"_s))
            QSKIP("no sshd (apt-get install openssh-server): the SSH login path is untested");
        QTemporaryDir sshd;
        QVERIFY(sshd.isValid());
        QProcess start;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"KWB_SSHD_SETENV"_s, u"SLURM_CONF="_s + qEnvironmentVariable("SLURM_CONF"));
        start.setProcessEnvironment(env);
        start.start(u"bash"_s, {QStringLiteral(KWB_SSHD_SCRIPT), u"start"_s, sshd.path()});
        QVERIFY(start.waitForFinished(30'000) && start.exitCode() == 0);
        const auto stop = qScopeGuard([&] {
            QProcess::execute(u"bash"_s, {QStringLiteral(KWB_SSHD_SCRIPT), u"stop"_s, sshd.path()});
        });
        QFile portFile(sshd.path() + u"/port"_s);
        QVERIFY(portFile.open(QIODevice::ReadOnly));
        const QString port = QString::fromUtf8(portFile.readAll().trimmed());
        SshOptions options;
        options.knownHostsFile = sshd.path() + u"/known_hosts"_s;
        options.configFile = u"none"_s;
        options.identityFiles = {sshd.path() + u"/client_key"_s};
        const QString user = qEnvironmentVariable("USER", u"root"_s);
        const QString spec =
            u"slurm://"_s + user + u"@127.0.0.1:"_s + port + u"?partition=debug&time=00:05:00"_s;

        Diagnostic d;
        auto target = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QVERIFY2(target, qPrintable(d.toString()));
        const QString path = QFINDTESTDATA("data/tiny/workload.json");
        const WorkloadLoad l = loadWorkload(path, &*target);
        QVERIFY2(l.workload, qPrintable(l.message()));
        QString error;
        auto host = makeHost(spec, l.workload->workKey() + u"-ssh"_s, options, &error);
        QVERIFY2(host && host->connection, qPrintable(error));
        const SshResult connected =
            host->connection->wait(host->connection->connectToHost(), 15'000);
        QVERIFY2(connected.ok, qPrintable(connected.error));

        // The login node's checks answer over SSH.
        QString checked = u"not yet"_s;
        QObject owner;
        checkSlurm(*host->slurm, host->loginRunnerFactory(), m_work.path() + u"/ssh-check"_s,
                   &owner, [&](const QString &e) { checked = e; });
        QTRY_VERIFY_WITH_TIMEOUT(checked != u"not yet"_s, 60'000);
        QCOMPARE(checked, QString());

        Calibration calibration;
        calibration.peakGflops = 100;
        calibration.peakGbs = 10;
        QStringList lines;
        const EvalOutcome outcome =
            evaluateGood(*l.workload, *target, calibration, m_work.path() + u"/ssh-local"_s,
                         host->runnerFactory(), lines);
        QVERIFY2(!outcome.infra, qPrintable(outcome.infraMessage + u'\n' + lines.join(u'\n')));
        QVERIFY(outcome.result.correct.value_or(false));
        QVERIFY(outcome.result.latency);
        QVERIFY(outcome.queuedMs >= 0);
        const QStringList submitted = lines.filter(u"kwb: submitted Slurm job "_s);
        QVERIFY2(submitted.size() == 1, qPrintable(lines.join(u'\n')));
        const QString job = submitted.first().section(u' ', -1);
        QCOMPARE(jobState(job), u"COMPLETED"_s);
        // The job ran in the login's work folder (its home), not in this
        // process's local mirror of it.
        QVERIFY(QFile::exists(QDir::homePath() + u"/.cache/kernel-workbench/work/"_s +
                              l.workload->workKey() + u"-ssh/slurm/job-"_s + job + u".exit"_s));
        QVERIFY(!QFile::exists(m_work.path() + u"/ssh-local/slurm/job-"_s + job + u".exit"_s));
        QDir(QDir::homePath() + u"/.cache/kernel-workbench/work/"_s + l.workload->workKey() +
             u"-ssh"_s)
            .removeRecursively();
    }

    void cpuExampleEvaluatedAsAJob()
    {
        Diagnostic d;
        auto target = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QVERIFY2(target, qPrintable(d.toString()));
        const QString path = QFINDTESTDATA("data/tiny/workload.json");
        const WorkloadLoad l = loadWorkload(path, &*target);
        QVERIFY2(l.workload, qPrintable(l.message()));
        QFile good(QFileInfo(path).absolutePath() + u"/good.cpp"_s);
        QVERIFY(good.open(QIODevice::ReadOnly));
        QString error;
        auto host = makeHost(m_spec, l.workload->workKey(), {}, &error);
        QVERIFY2(host, qPrintable(error));
        QVERIFY(host->slurm);
        QCOMPARE(host->slots(1), 4);
        Calibration calibration;
        calibration.peakGflops = 100;
        calibration.peakGbs = 10;
        // Two candidates at once, as two of the loop's slots start them: one
        // job array, a task each.
        const QString source = QString::fromUtf8(good.readAll());
        std::vector<std::unique_ptr<Evaluator>> evaluators;
        std::vector<EvalOutcome> outcomes(2);
        std::vector<QStringList> consoles(2);
        QList<QSignalSpy *> done;
        for (int i = 0; i < 2; ++i) {
            evaluators.push_back(std::make_unique<Evaluator>(*l.workload, *target, calibration,
                                                             m_work.path() + u"/cpu"_s));
            Evaluator *ev = evaluators.back().get();
            ev->setRunnerFactory(host->runnerFactory());
            connect(ev, &Evaluator::finished, this,
                    [&outcomes, i](const EvalOutcome &o) { outcomes[i] = o; });
            connect(ev, &Evaluator::consoleLine, this,
                    [&consoles, i](const QString &line) { consoles[i] << line; });
            done << new QSignalSpy(ev, &Evaluator::finished);
        }
        for (int i = 0; i < 2; ++i)
            evaluators[i]->start(Candidate{source + u"\n// candidate "_s + QString::number(i),
                                           Origin::Human,
                                           Json::object(),
                                           u"good.cpp"_s,
                                           {}});
        QStringList tasks;
        for (int i = 0; i < 2; ++i) {
            QVERIFY(!done[i]->isEmpty() || done[i]->wait(180'000));
            const EvalOutcome &outcome = outcomes[i];
            QVERIFY2(!outcome.infra,
                     qPrintable(outcome.infraMessage + u'\n' + consoles[i].join(u'\n')));
            QVERIFY(outcome.result.correct.value_or(false));
            QVERIFY(outcome.result.latency);
            QVERIFY(outcome.queuedMs >= 0);
            const QStringList submitted = consoles[i].filter(u"kwb: submitted Slurm job "_s);
            QVERIFY2(submitted.size() == 1, qPrintable(consoles[i].join(u'\n')));
            tasks << submitted.first().section(u' ', -1);
        }
        qDeleteAll(done);
        // One array, tasks 0 and 1 (in either order).
        QCOMPARE(tasks[0].section(u'_', 0, 0), tasks[1].section(u'_', 0, 0));
        tasks.sort();
        QVERIFY2(tasks[0].endsWith(u"_0"_s) && tasks[1].endsWith(u"_1"_s),
                 qPrintable(tasks.join(u' ')));
    }

    void killedKwbResumesItsJobs()
    {
        const QString workload = QFINDTESTDATA("data/tiny/workload.json");
        const QString host = u"slurm://local?partition=debug"_s;
        auto kwb = [&](QProcess &p, const QStringList &args) {
            p.setProcessChannelMode(QProcess::MergedChannels);
            p.start(QStringLiteral(KWB_BINARY), args);
        };
        // A whole run through Slurm first (it also calibrates, once).
        QProcess warm;
        kwb(warm, {u"run"_s, workload, u"--host"_s, host, u"--session"_s, m_work.path() + u"/s0"_s,
                   u"--max-evals"_s, u"1"_s});
        QVERIFY(warm.waitForFinished(300'000));
        QVERIFY2(warm.exitCode() == 0, warm.readAll().constData());

        // The nodes busy, kwb's job waits; kwb is killed meanwhile.
        for (int i = 0; i < 2; ++i)
            m_blockers << slurm({u"sbatch"_s, u"--parsable"_s, u"--output=/dev/null"_s, u"--wrap"_s,
                                 u"sleep 600"_s});
        const QString session = m_work.path() + u"/s1"_s;
        QProcess first;
        kwb(first, {u"run"_s, workload, u"--host"_s, host, u"--session"_s, session,
                    u"--max-evals"_s, u"1"_s});
        auto kwbJobs = [] {
            return slurm({u"squeue"_s, u"-h"_s, u"-r"_s, u"-t"_s, u"all"_s, u"-o"_s, u"%j %T %i"_s})
                .split(u'\n')
                .filter(QRegularExpression(u"^kwb "_s));
        };
        const QStringList before = kwbJobs();
        QTRY_VERIFY_WITH_TIMEOUT(kwbJobs().size() == before.size() + 1 &&
                                     kwbJobs().filter(u"PENDING"_s).size() == 1,
                                 60'000);
        first.kill();
        QVERIFY(first.waitForFinished(10'000));

        // Resumed without --host: the session remembers the cluster and
        // follows the recorded job; the nodes free up and it runs.
        QProcess second;
        kwb(second, {u"run"_s, u"--session"_s, session, u"--max-evals"_s, u"1"_s});
        QTRY_VERIFY_WITH_TIMEOUT(
            QFile::exists(session + u"/logs"_s) || second.state() == QProcess::NotRunning, 30'000);
        cleanup();
        QVERIFY(second.waitForFinished(300'000));
        QVERIFY2(second.exitCode() == 0, second.readAll().constData());
        QFile log(session + u"/logs/1.log"_s);
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(log.readAll());
        QVERIFY2(text.contains(u"found Slurm job"_s), qPrintable(text));
        // No job lost and none submitted twice: the one job of the killed
        // run is the only one this evaluation ever had, and it completed.
        QStringList known;
        for (const QString &line : before)
            known << line.section(u' ', 2);
        QStringList added;
        for (const QString &line : kwbJobs()) {
            if (!known.contains(line.section(u' ', 2)))
                added << line;
        }
        QVERIFY2(added.size() == 1, qPrintable(added.join(u'|')));
        QVERIFY2(added.first().contains(u" COMPLETED "_s), qPrintable(added.first()));
    }

    void jobTimeLimitIsTheKernels()
    {
        // A kernel that never returns, under a one-minute job limit and a
        // harness limit far beyond it: Slurm ends the job, and that is the
        // kernel's timeout (a recorded result), not a lost host.
        Diagnostic d;
        auto target = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QVERIFY2(target, qPrintable(d.toString()));
        const QString path = QFINDTESTDATA("data/tiny/workload.json");
        WorkloadLoad l = loadWorkload(path, &*target);
        QVERIFY2(l.workload, qPrintable(l.message()));
        l.workload->benchmark.timeoutSeconds = 600;
        QFile hang(QFileInfo(path).absolutePath() + u"/hang.cpp"_s);
        QVERIFY(hang.open(QIODevice::ReadOnly));
        QString error;
        auto host =
            makeHost(u"slurm://local?partition=debug&time=1"_s, l.workload->workKey(), {}, &error);
        QVERIFY2(host, qPrintable(error));
        Calibration calibration;
        Evaluator ev(*l.workload, *target, calibration, m_work.path() + u"/hang"_s);
        ev.setRunnerFactory(host->runnerFactory());
        EvalOutcome outcome;
        connect(&ev, &Evaluator::finished, this, [&](const EvalOutcome &o) { outcome = o; });
        QSignalSpy done(&ev, &Evaluator::finished);
        ev.start(Candidate{
            QString::fromUtf8(hang.readAll()), Origin::Human, Json::object(), u"hang.cpp"_s, {}});
        QVERIFY(done.wait(240'000)); // Slurm enforces limits every 30 s or so
        QVERIFY2(!outcome.infra, qPrintable(outcome.infraMessage));
        QCOMPARE(outcome.result.failureClass, u"timeout"_s);
        QVERIFY2(outcome.result.failureMessage.contains(u"time limit (1)"_s),
                 qPrintable(outcome.result.failureMessage));
    }

    // Last: it takes a node down (the fixture brings it back).
    /// Steps of a kept allocation of both nodes: one kwb-session job, every
    /// step in it, released when the host goes.
    void allocationRunsStepsInOneJob()
    {
        QString error;
        QString id;
        {
            auto host = makeHost(m_spec + u"&allocation=2"_s, u"w-alloc"_s, {}, &error);
            QVERIFY2(host, qPrintable(error));
            const RunnerFactory factory = host->runnerFactory();
            QObject owner;
            QList<CommandRunner *> steps;
            QList<std::shared_ptr<QSignalSpy>> spies;
            for (int i = 0; i < 3; ++i) {
                steps << factory(&owner);
                spies << std::make_shared<QSignalSpy>(steps.last(), &CommandRunner::finished);
                steps.last()->start(
                    m_work.path(),
                    {u"sh"_s, u"-c"_s, u"echo $SLURM_JOB_ID.$SLURM_STEP_ID $SLURMD_NODENAME"_s},
                    60'000, 1 << 20);
            }
            QStringList allocations;
            for (const auto &spy : spies) {
                QVERIFY(spy->count() == 1 || spy->wait(90'000));
                const auto o = spy->first().first().value<CommandOutcome>();
                QVERIFY2(o.infraError.isEmpty(), qPrintable(o.infraError + u'\n' + o.stderrTail));
                QCOMPARE(o.exitCode, 0);
                QVERIFY(o.queuedMs >= 0);
                allocations << QString::fromUtf8(o.stdoutData).section(u'.', 0, 0);
            }
            id = host->allocation->id();
            QVERIFY(!id.isEmpty());
            QCOMPARE(allocations, QStringList({id, id, id}));
            QCOMPARE(jobState(id), u"RUNNING"_s);
            QCOMPARE(slurm({u"squeue"_s, u"-h"_s, u"-n"_s, u"kwb-session"_s, u"-o"_s, u"%i"_s}),
                     id);
            QVERIFY(QFile::exists(m_work.path() + u"/slurm/allocation.id"_s));
        }
        // The host went: so did its allocation and its record.
        QTRY_VERIFY_WITH_TIMEOUT(jobState(id) != u"RUNNING"_s, 30'000);
        QVERIFY(!QFile::exists(m_work.path() + u"/slurm/allocation.id"_s));
    }

    /// A kwb that dies keeps its allocation recorded; the next one uses it.
    void allocationFoundAgain()
    {
        QString error;
        const auto spec = SlurmSpec::parse(m_spec + u"&allocation=1"_s, &error);
        QVERIFY2(spec, qPrintable(error));
        auto first = std::make_unique<SlurmAllocation>(*spec, RunnerFactory{});
        QObject context;
        QString granted, refused;
        first->acquire(m_work.path(), &context, [&](const QString &id, const QString &why) {
            granted = id;
            refused = why;
        });
        QTRY_VERIFY_WITH_TIMEOUT(!granted.isEmpty() || !refused.isEmpty(), 60'000);
        QVERIFY2(refused.isEmpty(), qPrintable(refused));
        // As if that kwb were killed: nothing released. A second one reads the record.
        SlurmAllocation second(*spec, RunnerFactory{});
        QString again;
        second.acquire(m_work.path(), &context, [&](const QString &id, const QString &) {
            again = id.isEmpty() ? u"-"_s : id;
        });
        QTRY_VERIFY_WITH_TIMEOUT(!again.isEmpty(), 30'000);
        QCOMPARE(again, granted);
        QCOMPARE(slurm({u"squeue"_s, u"-h"_s, u"-n"_s, u"kwb-session"_s, u"-o"_s, u"%i"_s}),
                 granted);
        first->forget(); // the second owns it now
        first.reset();
        QCOMPARE(jobState(granted), u"RUNNING"_s);
        second.release();
        QTRY_VERIFY_WITH_TIMEOUT(jobState(granted) != u"RUNNING"_s, 30'000);
    }

    /// Stop on a running step: srun is told to stop and the step goes; the
    /// allocation stays for the next one.
    void allocationStepCancelled()
    {
        QString error;
        auto host = makeHost(m_spec + u"&allocation=1"_s, u"w-alloc"_s, {}, &error);
        QVERIFY2(host, qPrintable(error));
        QObject owner;
        CommandRunner *step = host->runnerFactory()(&owner);
        QSignalSpy done(step, &CommandRunner::finished);
        QStringList lines;
        connect(step, &CommandRunner::stderrLine, this, [&](const QString &l) { lines << l; });
        step->start(m_work.path(), waitForGo(u"never"_s), 60'000, 1 << 20);
        QTRY_VERIFY_WITH_TIMEOUT(!lines.filter(u"running on"_s).isEmpty(), 60'000);
        const QString id = host->allocation->id();
        QCOMPARE(slurm({u"squeue"_s, u"-h"_s, u"-s"_s, u"-j"_s, id, u"-o"_s, u"%j"_s}), u"kwb"_s);
        step->cancel();
        QVERIFY(done.count() == 1 || done.wait(30'000));
        QVERIFY(done.first().first().value<CommandOutcome>().cancelled);
        QTRY_VERIFY_WITH_TIMEOUT(
            slurm({u"squeue"_s, u"-h"_s, u"-s"_s, u"-j"_s, id, u"-o"_s, u"%j"_s}).isEmpty(),
            30'000);
        QCOMPARE(jobState(id), u"RUNNING"_s);
    }

    /// A node lost under a step: an infrastructure failure (not the
    /// kernel's), and the retry runs in the same allocation on the other node.
    void allocationLostNode()
    {
        QString error;
        auto host = makeHost(m_spec + u"&allocation=2"_s, u"w-alloc"_s, {}, &error);
        QVERIFY2(host, qPrintable(error));
        const RunnerFactory factory = host->runnerFactory();
        QObject owner;
        CommandRunner *step = factory(&owner);
        QSignalSpy done(step, &CommandRunner::finished);
        QStringList lines;
        connect(step, &CommandRunner::stderrLine, this, [&](const QString &l) { lines << l; });
        step->start(m_work.path(), waitForGo(u"lost"_s), 60'000, 1 << 20);
        QTRY_VERIFY_WITH_TIMEOUT(!lines.filter(u"running on"_s).isEmpty(), 60'000);
        const QString node = lines.filter(u"running on"_s).first().section(u' ', -1);
        QVERIFY2(node == u"n1"_s || node == u"n2"_s, qPrintable(node));
        QVERIFY(fixture(u"node-kill"_s, node));
        QVERIFY(done.wait(120'000));
        const auto o = done.first().first().value<CommandOutcome>();
        QVERIFY2(o.infraError.startsWith(u"Slurm ended step "_s), qPrintable(o.infraError));
        qInfo("lost node: %s", qPrintable(o.infraError));
        QVERIFY(o.kernelFailure.isEmpty());
        CommandRunner *retry = factory(&owner);
        QSignalSpy retried(retry, &CommandRunner::finished);
        QStringList again;
        connect(retry, &CommandRunner::stderrLine, this, [&](const QString &l) { again << l; });
        retry->start(m_work.path(), waitForGo(u"lost"_s), 60'000, 1 << 20);
        go();
        QVERIFY(retried.wait(90'000));
        const auto r = retried.first().first().value<CommandOutcome>();
        QVERIFY2(r.infraError.isEmpty(), qPrintable(r.infraError + u'\n' + again.join(u'\n')));
        QCOMPARE(r.stdoutData.trimmed(), QByteArray("lost"));
        const QString other = node == u"n1"_s ? u"n2"_s : u"n1"_s;
        QVERIFY2(!again.filter(u"running on "_s + other).isEmpty(), qPrintable(again.join(u'\n')));
        host.reset();
        QVERIFY(fixture(u"node-start"_s, node));
    }

    void lostNodeIsAnInfrastructureFailure()
    {
        QObject owner;
        SlurmCommand *c = runner(&owner);
        QSignalSpy done(c, &CommandRunner::finished);
        c->start(m_work.path(), waitForGo(u"lost"_s), 60'000, 1 << 20);
        QTRY_VERIFY_WITH_TIMEOUT(jobState(c->jobId()) == u"RUNNING"_s, 30'000);
        const QString node = slurm({u"squeue"_s, u"-h"_s, u"-j"_s, c->jobId(), u"-o"_s, u"%N"_s});
        QVERIFY(node == u"n1"_s || node == u"n2"_s);
        QVERIFY(fixture(u"node-kill"_s, node));
        // The controller notices within SlurmdTimeout and a ping or two.
        QVERIFY(done.wait(120'000));
        const auto o = done.first().first().value<CommandOutcome>();
        QVERIFY2(o.infraError.contains(u"NODE_FAIL"_s), qPrintable(o.infraError));
        QVERIFY(o.kernelFailure.isEmpty());
        // The loop retries it (an infrastructure failure): the same command
        // again runs on the node that is left.
        SlurmCommand *retry = runner(&owner);
        QSignalSpy retried(retry, &CommandRunner::finished);
        QStringList lines;
        connect(retry, &CommandRunner::stderrLine, this, [&](const QString &l) { lines << l; });
        retry->start(m_work.path(), waitForGo(u"lost"_s), 60'000, 1 << 20);
        go();
        QVERIFY(retried.wait(60'000));
        const auto again = retried.first().first().value<CommandOutcome>();
        QVERIFY2(again.infraError.isEmpty(), qPrintable(again.infraError));
        QCOMPARE(again.stdoutData.trimmed(), QByteArray("lost"));
        const QString other = node == u"n1"_s ? u"n2"_s : u"n1"_s;
        QVERIFY2(lines.filter(u"running on "_s + other).size() == 1, qPrintable(lines.join(u'\n')));
        QVERIFY(fixture(u"node-start"_s, node));
    }
};

QTEST_GUILESS_MAIN(TestSlurm)
#include "tst_slurm.moc"
