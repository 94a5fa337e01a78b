// The red team against the triton target, in Triton's interpreter: kernels
// from tests/data/redteam/triton/, one published cheat each around the same
// honest path, evaluated by the real supervisor and harness (kwbhost.py).
// What must never happen is a kept figure the honest path cannot reach. And
// the sandbox: a kernel sees no secret outside its scratch folder and no
// network, and leaves nothing behind for a later evaluation.
#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "evaluatenow.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QTcpServer>
#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

class TestRedTeam : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    std::optional<LoadedWorkload> m_loaded;
    double m_honestMs = 0;

    static QString data(const QString &rel) { return QStringLiteral(KWB_TEST_DATA) + u'/' + rel; }

    static QString read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    // One evaluation in its own session-like folder (root/work is the work folder).
    EvalOutcome evaluate(const QString &source, const QString &root)
    {
        Evaluator ev(*m_loaded->workload, *m_loaded->target, Calibration{}, root + u"/work"_s);
        EvalOutcome outcome;
        connect(&ev, &Evaluator::finished, this, [&](const EvalOutcome &o) { outcome = o; });
        QSignalSpy done(&ev, &Evaluator::finished);
        ev.start(Candidate{source, u"human"_s, Json::object(), u"test"_s, {}});
        if (!done.wait(600'000))
            qWarning("the evaluation did not finish");
        return outcome;
    }

    static QStringList flagsOf(const EvalOutcome &o)
    {
        QStringList out;
        const Json &flags = o.result.document["flags"];
        if (flags.is_array())
            for (const Json &f : flags)
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
        if (const QString why = tritonMissing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        qputenv("TRITON_INTERPRET", "1");
        LoadedWorkload l = loadWorkloadAndTarget(data(u"triton-tiny/workload.json"_s));
        QVERIFY(l.ok());
        m_loaded = std::move(l);
    }

    // The honest path, twice: correct, timed, never flagged, in a sandbox.
    void honestIsNeverFlagged()
    {
        for (int i = 0; i < 2; ++i) {
            const EvalOutcome o = evaluate(read(data(u"redteam/triton/honest.py"_s)),
                                           m_tmp.path() + u"/honest"_s + QString::number(i));
            QVERIFY2(!o.infra && !o.result.failed(), qPrintable(describe(o)));
            QVERIFY(o.result.latency);
            QVERIFY2(flagsOf(o).isEmpty(), qPrintable(describe(o)));
            QVERIFY(o.result.document["sandbox"]["enabled"].get<bool>());
            QVERIFY(o.result.document["outside_clock"]["available"].get<bool>());
            // On a loaded host its figure may be bounded (raised), never flagged.
            QVERIFY(o.result.document["outside_clock"]["per_call_ms"].get<double>() > 0);
            const double median = o.result.latency->medianMs;
            m_honestMs = m_honestMs > 0 ? std::min(m_honestMs, median) : median;
        }
        qInfo("honest path: %.3f ms per call (interpreter host, CPU time)", m_honestMs);
    }

    void cheatNeverBeatsItsHonestPath_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>(
            "expect"); // "failed", "flagged", or "any" (not faster than the honest path)
        QTest::newRow("forged protocol lines") << u"forge_protocol.py"_s << u"failed"_s;
        QTest::newRow("replay by identity") << u"replay_identity.py"_s << u"any"_s;
        QTest::newRow("replay by content") << u"replay_content.py"_s << u"any"_s;
        QTest::newRow("replay through files") << u"replay_file.py"_s << u"any"_s;
        QTest::newRow("answers from files") << u"steal_answers.py"_s << u"any"_s;
        QTest::newRow("patched clock") << u"clock_patch.py"_s << u"flagged"_s;
        QTest::newRow("work on a thread") << u"thread_defer.py"_s << u"any"_s;
        QTest::newRow("harness patched: early replies") << u"early_reply.py"_s << u"flagged"_s;
        QTest::newRow("stale answer") << u"../../triton-tiny/memo.py"_s << u"failed"_s;
    }

    void cheatNeverBeatsItsHonestPath()
    {
        QFETCH(QString, file);
        QFETCH(QString, expect);
        QVERIFY2(m_honestMs > 0, "the honest path was not measured");
        const QString root = m_tmp.path() + u"/cheat-"_s + QFileInfo(file).baseName();
        // Cheats that look for what an earlier evaluation left run twice in one work folder.
        const int times = file.startsWith(u"replay_file"_s) || file.startsWith(u"steal"_s) ? 2 : 1;
        for (int i = 0; i < times; ++i) {
            const EvalOutcome o = evaluate(read(data(u"redteam/triton/"_s + file)), root);
            qInfo("%s, evaluation %d: %s", qPrintable(file), i + 1, qPrintable(describe(o)));
            QVERIFY2(!o.infra, qPrintable(describe(o)));
            const bool failed = o.result.failed();
            const bool flagged = !flagsOf(o).isEmpty();
            if (expect == u"failed"_s)
                QVERIFY2(failed, qPrintable(describe(o)));
            if (expect == u"flagged"_s)
                QVERIFY2(flagsOf(o).contains(u"timing-tampered"_s), qPrintable(describe(o)));
            if (!failed && !flagged) {
                QVERIFY(o.result.latency);
                // Interpreter times on a shared host: a third is far beyond the noise
                // and far above what any of these cheats reaches when it works.
                QVERIFY2(o.result.latency->medianMs >= m_honestMs / 3,
                         qPrintable(describe(o) + u", the honest path takes "_s +
                                    QString::number(m_honestMs) + u" ms"_s));
            }
        }
        QVERIFY2(!QFileInfo::exists(u"/tmp/kwb-redteam-replay"_s),
                 "a kernel wrote to the host's /tmp from its sandbox");
    }

    // What the kernel's process can reach: no file of the session or the
    // user's, no loopback port. Without the sandbox (KWB_SANDBOX=off) it
    // reaches both, and the result says it ran without one.
    void sandboxHidesFilesAndNetwork()
    {
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
        QVERIFY(QDir().mkpath(root));
        const QString secret =
            root + u"/secret.txt"_s; // beside the work folder, as a session's files are
        {
            QFile f(secret);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("hunter2\n");
        }
        QString source = read(data(u"redteam/triton/probe.py"_s));
        source.replace(u"@SECRET@"_s, secret)
            .replace(u"@PORT@"_s, QString::number(server.serverPort()));

        const EvalOutcome inside = evaluate(source, root);
        QVERIFY2(!inside.infra && !inside.result.failed(), qPrintable(describe(inside)));
        const QString log = inside.result.log(u"compile"_s) + inside.result.log(u"bench"_s);
        QVERIFY2(log.contains(u"probe: secret=unreadable"_s), qPrintable(log.right(2000)));
        QVERIFY2(log.contains(u"net=refused"_s), qPrintable(log.right(2000)));
        QVERIFY2(!log.contains(u"hunter2"_s), qPrintable(log.right(2000)));
        QCOMPARE(connections, 0);

        qputenv("KWB_SANDBOX", "off");
        const EvalOutcome outside = evaluate(source, root + u"-off"_s);
        qunsetenv("KWB_SANDBOX");
        QVERIFY2(!outside.infra && !outside.result.failed(), qPrintable(describe(outside)));
        QVERIFY(!outside.result.document["sandbox"]["enabled"].get<bool>());
        QVERIFY(
            QString::fromStdString(outside.result.document["sandbox"]["reason"].get<std::string>())
                .contains(u"KWB_SANDBOX=off"_s));
        const QString open = outside.result.log(u"compile"_s) + outside.result.log(u"bench"_s);
        QVERIFY2(open.contains(u"probe: secret=hunter2"_s), qPrintable(open.right(2000)));
        QVERIFY2(open.contains(u"net=connected"_s), qPrintable(open.right(2000)));
        QTRY_VERIFY_WITH_TIMEOUT(connections > 0, 10'000);
    }
};

QTEST_GUILESS_MAIN(TestRedTeam)
#include "tst_redteam.moc"
