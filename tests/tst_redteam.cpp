// The red team against the Python targets: kernels from
// tests/data/redteam/triton/, one published cheat each around the same
// honest path, evaluated by the real supervisor and harness (kwbhost.py),
// on the triton target in Triton's interpreter and on the tilelang target
// on this host's CPU (it inherits the defences, never copies them).
// What must never happen is a kept figure the honest path cannot reach. And
// the sandbox: a kernel sees no secret outside its scratch folder and no
// network, and leaves nothing behind for a later evaluation; on the compiled
// targets (cpu-cxx, opencl on PoCL, cuda-cxx's compile) a source cannot
// include a file of the user's into the compiler's log.
#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "evaluatenow.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QScopeGuard>
#include <QStandardPaths>
#include <QTcpServer>
#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

class TestRedTeam : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    std::optional<LoadedWorkload> m_loaded;   // triton-tiny
    std::optional<LoadedWorkload> m_tilelang; // redteam/tilelang-tiny.json
    QString m_tritonMissing, m_tilelangMissing;
    QHash<QString, double> m_honestMs; // by target

    // The target's workload, or why its cases cannot run here.
    const LoadedWorkload *workloadOf(const QString &target, QString *missing) const
    {
        *missing = target == u"tilelang"_s ? m_tilelangMissing : m_tritonMissing;
        if (!missing->isEmpty())
            return nullptr;
        return target == u"tilelang"_s ? &*m_tilelang : &*m_loaded;
    }

    static QString data(const QString &rel) { return QStringLiteral(KWB_TEST_DATA) + u'/' + rel; }

    static QString read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    // One evaluation in its own session-like folder (root/work is the work folder).
    EvalOutcome evaluate(const QString &source, const QString &root)
    {
        return evaluate(*m_loaded, source, root);
    }

    EvalOutcome evaluate(const LoadedWorkload &loaded, const QString &source, const QString &root)
    {
        Evaluator ev(*loaded.workload, *loaded.target, Calibration{}, root + u"/work"_s);
        EvalOutcome outcome;
        connect(&ev, &Evaluator::finished, this, [&](const EvalOutcome &o) { outcome = o; });
        QSignalSpy done(&ev, &Evaluator::finished);
        ev.start(Candidate{source, Origin::Human, Json::object(), u"test"_s, {}});
        if (!done.wait(600'000))
            qWarning("the evaluation did not finish");
        return outcome;
    }

    // A kernel that includes a file of the user's (secret.h, holding
    // `bytes`), evaluated in a sandbox: it fails to compile, and the log
    // names the path, never the file's bytes.
    void includeFails(const EvalOutcome &inside, const QString &bytes)
    {
        QVERIFY2(!inside.infra, qPrintable(describe(inside)));
        QCOMPARE(inside.result.failureClass, u"compile"_s);
        QVERIFY(inside.result.document.at("sandbox").at("enabled").get<bool>());
        const QString log = inside.result.log(u"compile"_s);
        QVERIFY2(!log.contains(bytes), qPrintable(log.right(2000)));
        QVERIFY2(log.contains(u"secret.h"_s), qPrintable(log.right(2000))); // the path, not found
    }

    // A file of the user's beside the work folder (ROOT/work), as a
    // session's files are; its path, or "" when it cannot be written.
    static QString plantSecret(const QString &root, const QString &name, const QByteArray &bytes)
    {
        QFile f(root + u'/' + name);
        if (!QDir().mkpath(root) || !f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return {};
        return f.fileName();
    }

    static QStringList flagsOf(const EvalOutcome &o)
    {
        QStringList out;
        // The document is const: operator[] on a missing key is undefined
        // (a result without flags has none), so look it up.
        const auto flags = o.result.document.find("flags");
        if (flags != o.result.document.end() && flags->is_array())
            for (const Json &f : *flags)
                out << QString::fromStdString(f.value("id", std::string()));
        return out;
    }

    static QString describe(const EvalOutcome &o)
    {
        if (o.infra)
            return u"infrastructure: "_s + o.infraMessage;
        if (o.result.failed())
            return o.result.failureClass + u": "_s + o.result.failureMessage.left(300);
        return u"median "_s + QString::number(o.result.latency ? o.result.latency->medianMs : -1) +
               u" ms, flags ["_s + flagsOf(o).join(u", "_s) + u"]"_s;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_tilelangMissing = tilelangMissing();
        if (m_tilelangMissing.isEmpty()) {
            LoadedWorkload t = loadWorkloadAndTarget(data(u"redteam/tilelang-tiny.json"_s));
            QVERIFY(t.ok());
            m_tilelang = std::move(t);
        }
        m_tritonMissing = tritonMissing();
        if (!m_tritonMissing.isEmpty())
            return;                       // the triton cases skip, saying why
        qputenv("TRITON_INTERPRET", "1"); // triton's only: a tilelang evaluation ignores it
        LoadedWorkload l = loadWorkloadAndTarget(data(u"triton-tiny/workload.json"_s));
        QVERIFY(l.ok());
        m_loaded = std::move(l);
    }

    // A compiled target's source that includes a file of the user's gets a
    // compiler error naming the path, never the file's bytes: the compiler
    // runs in the sandbox, where the folder is hidden. Without the sandbox
    // the bytes are in the log the planner sends on.
    void compiledSourceCannotIncludeTheUsersFiles_data()
    {
        QTest::addColumn<QString>("workload");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("missing"); // why the target cannot run here, or ""
        QTest::newRow("cpu-cxx") << u"tiny/workload.json"_s << u"tiny/good.cpp"_s << QString();
        QTest::newRow("opencl (PoCL)")
            << u"opencl-tiny/workload.json"_s << u"opencl-tiny/start.cl"_s << openclMissing();
        const bool nvcc = !QStandardPaths::findExecutable(u"nvcc"_s).isEmpty() ||
                          QFileInfo::exists(u"/usr/local/cuda/bin/nvcc"_s);
        QTest::newRow("cuda-cxx (compile)")
            << u"cuda-tiny/workload.json"_s << u"cuda-tiny/axpy.cu"_s
            << (nvcc ? QString() : u"nvcc is not installed here"_s);
    }

    void compiledSourceCannotIncludeTheUsersFiles()
    {
        QFETCH(QString, workload);
        QFETCH(QString, kernel);
        QFETCH(QString, missing);
        if (!missing.isEmpty())
            QSKIP(qPrintable(missing));
        LoadedWorkload loaded = loadWorkloadAndTarget(data(workload));
        QVERIFY(loaded.ok());
        const QString root = m_tmp.path() + u"/include-"_s + loaded.target->id;
        const QString secret = plantSecret(root, u"secret.h"_s, "hunter2 leaked;\n");
        QVERIFY(!secret.isEmpty());
        const QString source = u"#include \""_s + secret + u"\"\n"_s + read(data(kernel));
        includeFails(evaluate(loaded, source, root), u"hunter2"_s);
        if (QTest::currentTestFailed())
            return;

        qputenv("KWB_SANDBOX", "off"); // in the same work folder: the harness is built once
        const EvalOutcome outside = evaluate(loaded, source, root);
        qunsetenv("KWB_SANDBOX");
        QVERIFY2(!outside.infra, qPrintable(describe(outside)));
        QCOMPARE(outside.result.failureClass, u"compile"_s);
        QVERIFY(!outside.result.document.at("sandbox").at("enabled").get<bool>());
        QVERIFY2(outside.result.log(u"compile"_s).contains(u"hunter2"_s),
                 qPrintable(outside.result.log(u"compile"_s).right(2000)));
    }

    // A home outside /home and /root (a build account's /var/lib/builder, a
    // cluster's /work/bob) is hidden as those are: a kernel that includes a
    // file of it gets the compiler's "not found", never the file's bytes.
    void aHomeAnywhereIsHidden()
    {
        QTemporaryDir home(u"/opt/kwb-home-XXXXXX"_s);
        if (!home.isValid())
            QSKIP("no home can be made outside /home, /root and /tmp here (a folder in /opt needs "
                  "root): a home elsewhere is untested");
        LoadedWorkload loaded = loadWorkloadAndTarget(data(u"tiny/workload.json"_s));
        QVERIFY(loaded.ok());
        const QString secret = plantSecret(home.path(), u"secret.h"_s, "hunter5 leaked;\n");
        QVERIFY(!secret.isEmpty());
        const QString source =
            u"#include \""_s + secret + u"\"\n"_s + read(data(u"tiny/good.cpp"_s));
        const QByteArray savedHome = qgetenv("HOME");
        qputenv("HOME", home.path().toUtf8());
        const auto restore = qScopeGuard([&] { qputenv("HOME", savedHome); });
        includeFails(evaluate(loaded, source, m_tmp.path() + u"/home-anywhere"_s), u"hunter5"_s);
    }

    // The honest path, twice: correct, timed, never flagged, in a sandbox.
    void honestIsNeverFlagged_data()
    {
        QTest::addColumn<QString>("target");
        QTest::newRow("triton") << u"triton"_s;
        QTest::newRow("tilelang") << u"tilelang"_s;
    }

    void honestIsNeverFlagged()
    {
        QFETCH(QString, target);
        QString missing;
        const LoadedWorkload *loaded = workloadOf(target, &missing);
        if (!loaded)
            QSKIP(qPrintable(missing));
        double &honestMs = m_honestMs[target];
        QList<qint64> drawnSeeds;
        for (int i = 0; i < 2; ++i) {
            const EvalOutcome o =
                evaluate(*loaded, read(data(u"redteam/triton/honest.py"_s)),
                         m_tmp.path() + u"/honest-"_s + target + QString::number(i));
            QVERIFY2(!o.infra && !o.result.failed(), qPrintable(describe(o)));
            QVERIFY(o.result.latency);
            QVERIFY2(flagsOf(o).isEmpty(), qPrintable(describe(o)));
            QVERIFY(o.result.document.at("sandbox").at("enabled").get<bool>());
            QVERIFY(o.result.document.at("outside_clock").at("available").get<bool>());
            // On a loaded host its figure may be bounded (raised), never flagged.
            QVERIFY2(o.result.document.at("outside_clock").at("per_call_ms").get<double>() > 0,
                     o.result.document.at("outside_clock").dump().c_str());
            // The verified calls bound the rest (boundByVerifiedSamples).
            QVERIFY2(findAt(o.result.document, {"verified_floor", "floor_ms"}),
                     o.result.document.dump().c_str());
            QVERIFY(!o.result.checks.empty());
            drawnSeeds << o.result.checks.back().seed;
            const double median = o.result.latency->medianMs;
            honestMs = honestMs > 0 ? std::min(honestMs, median) : median;
        }
        // The check's last seed is drawn for each evaluation.
        QVERIFY2(drawnSeeds[0] != drawnSeeds[1] && drawnSeeds[0] > 3,
                 qPrintable(u"%1, %2"_s.arg(drawnSeeds[0]).arg(drawnSeeds[1])));
        qInfo("%s honest path: %.3f ms per call (CPU time)", qPrintable(target), honestMs);
    }

    void cheatNeverBeatsItsHonestPath_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("file");
        // "failed", "flagged" (timing-tampered), "caught" (either), or "any"
        // (not faster than the honest path)
        QTest::addColumn<QString>("expect");
        for (const QString &target : {u"triton"_s, u"tilelang"_s}) {
            auto row = [&](const char *name) -> QTestData & {
                return QTest::newRow(qPrintable(target + u": "_s + QLatin1String(name))) << target;
            };
            row("forged protocol lines") << u"forge_protocol.py"_s << u"failed"_s;
            row("replay by identity") << u"replay_identity.py"_s << u"any"_s;
            row("replay by content") << u"replay_content.py"_s << u"any"_s;
            row("replay through files") << u"replay_file.py"_s << u"any"_s;
            row("answers from files") << u"steal_answers.py"_s << u"any"_s;
            row("patched clock") << u"clock_patch.py"_s << u"flagged"_s;
            row("work on a thread") << u"thread_defer.py"_s << u"any"_s;
            row("lazy tensor subclass") << u"lazy_tensor.py"_s << u"any"_s;
            row("stale allocator memory") << u"stale_memory.py"_s << u"failed"_s;
            row("digests the reference cannot read") << u"odd_digest.py"_s << u"failed"_s;
            // Failed on triton, where its float8 calls are the timed ones; on
            // tilelang's longer calls its first eight are all it makes.
            row("lower precision when timed")
                << u"lower_precision.py"_s << (target == u"triton"_s ? u"failed"_s : u"any"_s);
            // Triton's flags it; on tilelang's larger outputs the patched
            // replies also break the digests' shapes: failed.
            row("harness patched: early replies")
                << u"early_reply.py"_s << (target == u"triton"_s ? u"flagged"_s : u"caught"_s);
        }
        QTest::newRow("triton: stale answer")
            << u"triton"_s << u"../../triton-tiny/memo.py"_s << u"failed"_s;
    }

    void cheatNeverBeatsItsHonestPath()
    {
        QFETCH(QString, target);
        QFETCH(QString, file);
        QFETCH(QString, expect);
        QString missing;
        const LoadedWorkload *loaded = workloadOf(target, &missing);
        if (!loaded)
            QSKIP(qPrintable(missing));
        const double honestMs = m_honestMs.value(target);
        QVERIFY2(honestMs > 0, "the honest path was not measured");
        const QString root =
            m_tmp.path() + u"/cheat-"_s + target + u'-' + QFileInfo(file).baseName();
        // Cheats that look for what an earlier evaluation left run twice in one work folder.
        const int times = file.startsWith(u"replay_file"_s) || file.startsWith(u"steal"_s) ? 2 : 1;
        for (int i = 0; i < times; ++i) {
            const EvalOutcome o = evaluate(*loaded, read(data(u"redteam/triton/"_s + file)), root);
            qInfo("%s, evaluation %d: %s", qPrintable(file), i + 1, qPrintable(describe(o)));
            QVERIFY2(!o.infra, qPrintable(describe(o)));
            const bool failed = o.result.failed();
            const bool flagged = !flagsOf(o).isEmpty();
            // A cheat fails as the kernel's fault, never as the workload's reference's.
            QVERIFY2(o.result.failureClass != u"reference"_s, qPrintable(describe(o)));
            if (expect == u"failed"_s)
                QVERIFY2(failed, qPrintable(describe(o)));
            if (expect == u"flagged"_s)
                QVERIFY2(flagsOf(o).contains(u"timing-tampered"_s), qPrintable(describe(o)));
            if (expect == u"caught"_s)
                QVERIFY2(failed || flagsOf(o).contains(u"timing-tampered"_s),
                         qPrintable(describe(o)));
            if (!failed && !flagged) {
                QVERIFY(o.result.latency);
                // Interpreter times on a shared host: a third is far beyond the noise
                // and far above what any of these cheats reaches when it works.
                QVERIFY2(o.result.latency->medianMs >= honestMs / 3,
                         qPrintable(describe(o) + u", the honest path takes "_s +
                                    QString::number(honestMs) + u" ms"_s));
            }
        }
        QVERIFY2(!QFileInfo::exists(u"/tmp/kwb-redteam-replay"_s),
                 "a kernel wrote to the host's /tmp from its sandbox");
    }

    // What the kernel's process can reach: no file of the session or the
    // user's, no loopback port, no variable of kwb's environment but the
    // toolchains' and runtimes'. Without the sandbox (KWB_SANDBOX=off) it
    // reaches both, and the result says it ran without one.
    void sandboxHidesFilesAndNetwork()
    {
        if (!m_tritonMissing.isEmpty())
            QSKIP(qPrintable(m_tritonMissing));
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        int connections = 0;
        connect(&server, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *s = server.nextPendingConnection()) {
                ++connections;
                s->deleteLater();
            }
        });
        const QString root = m_tmp.path() + u"/probe"_s;
        const QString secret = plantSecret(root, u"secret.txt"_s, "hunter2\n");
        QVERIFY(!secret.isEmpty());
        QString source = read(data(u"redteam/triton/probe.py"_s));
        source.replace(u"@SECRET@"_s, secret)
            .replace(u"@PORT@"_s, QString::number(server.serverPort()));

        qputenv("KWB_REDTEAM_TOKEN", "hunter3"); // kwb's environment, as an API key would be
        const auto forget = qScopeGuard([] { qunsetenv("KWB_REDTEAM_TOKEN"); });
        const EvalOutcome inside = evaluate(source, root);
        QVERIFY2(!inside.infra && !inside.result.failed(), qPrintable(describe(inside)));
        const QString log = inside.result.log(u"compile"_s) + inside.result.log(u"bench"_s);
        QVERIFY2(log.contains(u"probe: secret=unreadable"_s), qPrintable(log.right(2000)));
        QVERIFY2(log.contains(u"net=refused"_s), qPrintable(log.right(2000)));
        QVERIFY2(!log.contains(u"hunter2"_s), qPrintable(log.right(2000)));
        QVERIFY2(log.contains(u"token=unset"_s), qPrintable(log.right(2000)));
        QCOMPARE(connections, 0);

        qputenv("KWB_SANDBOX", "off");
        const EvalOutcome outside = evaluate(source, root + u"-off"_s);
        qunsetenv("KWB_SANDBOX");
        QVERIFY2(!outside.infra && !outside.result.failed(), qPrintable(describe(outside)));
        QVERIFY(!outside.result.document.at("sandbox").at("enabled").get<bool>());
        QVERIFY(QString::fromStdString(
                    outside.result.document.at("sandbox").at("reason").get<std::string>())
                    .contains(u"KWB_SANDBOX=off"_s));
        const QString open = outside.result.log(u"compile"_s) + outside.result.log(u"bench"_s);
        QVERIFY2(open.contains(u"probe: secret=hunter2"_s), qPrintable(open.right(2000)));
        QVERIFY2(open.contains(u"net=connected"_s), qPrintable(open.right(2000)));
        QVERIFY2(open.contains(u"token=hunter3"_s), qPrintable(open.right(2000)));
        QTRY_VERIFY_WITH_TIMEOUT(connections > 0, 10'000);
    }

    // Beside its own session, the sessions of other runs: a kernel must not
    // read their records (their kernels, their figures, what an LLM wrote).
    // The folders lie in the build tree, outside every folder the sandbox
    // hides for other reasons (/tmp, homes).
    void sandboxHidesOtherSessions()
    {
        if (!m_tritonMissing.isEmpty())
            QSKIP(qPrintable(m_tritonMissing));
        QTemporaryDir sessions(QStringLiteral(QT_TESTCASE_BUILDDIR) + u"/sessions-XXXXXX"_s);
        QVERIFY(sessions.isValid());
        const QString other =
            plantSecret(sessions.path() + u"/other-run"_s, u"experiments.jsonl"_s, "hunter4\n");
        QVERIFY(!other.isEmpty());
        QString source = read(data(u"redteam/triton/probe.py"_s));
        source.replace(u"@SECRET@"_s, other).replace(u"@PORT@"_s, u"9"_s);
        const EvalOutcome o = evaluate(source, sessions.path() + u"/this-run"_s);
        QVERIFY2(!o.infra && !o.result.failed(), qPrintable(describe(o)));
        QVERIFY(o.result.document.at("sandbox").at("enabled").get<bool>());
        const QString log = o.result.log(u"compile"_s) + o.result.log(u"bench"_s);
        QVERIFY2(log.contains(u"probe: secret=unreadable"_s), qPrintable(log.right(2000)));
        QVERIFY2(!log.contains(u"hunter4"_s), qPrintable(log.right(2000)));
    }
};

QTEST_GUILESS_MAIN(TestRedTeam)
#include "tst_redteam.moc"
