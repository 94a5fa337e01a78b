// kwb as a user runs it: exit codes, summaries, --json, sessions and cache.
#include <QtTest>

#include <nlohmann/json.hpp>

#include <csignal>

using namespace Qt::Literals::StringLiterals;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestKwbCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_tiny;

    Run kwb(const QStringList &args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"XDG_CACHE_HOME"_s, m_tmp.path() + u"/cache"_s);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(KWB_BINARY), args);
        if (!p.waitForFinished(300'000))
            return {};
        return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
    }

    int recordCount(const QString &session)
    {
        QFile f(session + u"/experiments.jsonl"_s);
        return f.open(QIODevice::ReadOnly) ? int(f.readAll().count('\n')) : -1;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_tiny = QFINDTESTDATA("data/tiny/workload.json");
        QVERIFY(!m_tiny.isEmpty());
    }

    void version()
    {
        const Run r = kwb({u"--version"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(u"kwb 0."_s), qPrintable(r.out));
    }

    void unknownCommand()
    {
        const Run r = kwb({u"frobnicate"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(u"unknown command 'frobnicate'"_s));
    }

    void evalRecordsAndAnswersFromTheCache()
    {
        const QString session = m_tmp.path() + u"/session"_s;
        const Run first = kwb({u"eval"_s, m_tiny, u"--session"_s, session, u"--json"_s});
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        const auto doc = nlohmann::json::parse(first.out.toStdString(), nullptr, false);
        QVERIFY2(!doc.is_discarded(), qPrintable(first.out)); // --json prints exactly the document
        QCOMPARE(doc["schema"].get<std::string>(), std::string("kwb.result/1"));
        QCOMPARE(doc["correct"].get<bool>(), true);
        QVERIFY(doc["metrics"].contains("pct_peak_flops")); // calibrated on first use
        QVERIFY(doc["bottleneck"].contains("class"));
        QCOMPARE(recordCount(session), 1);
        QVERIFY(QFileInfo::exists(session + u"/session.json"_s));
        QVERIFY(QFileInfo::exists(session + u"/logs/1.log"_s));
        QCOMPARE(QDir(session + u"/kernels"_s).entryList(QDir::Files).size(), 1);

        const Run again = kwb({u"eval"_s, m_tiny, u"--session"_s, session});
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(again.out.contains(u"answered from the session cache: candidate #1"_s), qPrintable(again.out));
        QCOMPARE(recordCount(session), 1); // nothing re-measured

        const Run broken = kwb({u"eval"_s, m_tiny, u"--session"_s, session, u"--kernel"_s,
                                QFileInfo(m_tiny).absolutePath() + u"/nocompile.cpp"_s});
        QCOMPARE(broken.exitCode, 1); // a failing kernel is a result, not a usage error
        QVERIFY2(broken.out.contains(u"compiled     no: the kernel does not compile"_s), qPrintable(broken.out));
        QVERIFY(broken.out.contains(u"kernel.cpp:5:34: error: expected"_s)); // the compiler's log is shown
        QCOMPARE(recordCount(session), 2);
    }

    void summaryIsReadable()
    {
        const Run r = kwb({u"eval"_s, m_tiny, u"--quiet"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        for (const QString &label : {u"compiled"_s, u"correct"_s, u"latency"_s, u"throughput"_s, u"bandwidth"_s,
                                     u"counters"_s, u"bottleneck"_s})
            QVERIFY2(r.out.contains(u"  "_s + label), qPrintable(label + u" missing in:\n"_s + r.out));
        QVERIFY(r.out.contains(u"3/3 checks"_s));
        QVERIFY(r.out.contains(u"% of measured peak"_s));
    }

    void badWorkloadExitsTwo()
    {
        const Run r = kwb({u"eval"_s, QFINDTESTDATA("data/workloads/missing.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(u"missing required names: kernel, reference"_s));
        QVERIFY(r.out.isEmpty());
    }

    void invalidKnobsAreRefusedBeforeAnythingRuns()
    {
        const Run r = kwb({u"eval"_s, QStringLiteral(KWB_SOURCE_DIR) + u"/examples/matmul-cpu/workload.json"_s,
                           u"--knob"_s, u"BK=512"_s, u"--knob"_s, u"BN=1024"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"constraint 'BK * BN * 4 <= 512 * 1024' fails for BN=1024 BK=512: change BN to 256 or BK to 128"_s),
                 qPrintable(r.err));
        QVERIFY(!r.err.contains(u"compiling"_s));
    }

    void sessionOfAnotherWorkloadIsRefused()
    {
        const QString session = m_tmp.path() + u"/other"_s;
        QVERIFY(kwb({u"eval"_s, m_tiny, u"--session"_s, session, u"--quiet"_s}).exitCode == 0);
        const Run r = kwb({u"eval"_s, QStringLiteral(KWB_SOURCE_DIR) + u"/examples/softmax-cpu/workload.json"_s,
                           u"--session"_s, session});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"was made for another version of this workload"_s), qPrintable(r.err));
    }

    void runRecordsEveryCandidateAndReports()
    {
        const QString session = m_tmp.path() + u"/run"_s;
        const QString search = QFINDTESTDATA("data/tiny/search.json");
        const Run r = kwb({u"run"_s, search, u"--session"_s, session, u"--max-evals"_s, u"5"_s, u"--quiet"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QVERIFY2(r.out.contains(u"evaluation budget: 5 evaluations"_s), qPrintable(r.out));
        for (const QString &label : {u"start"_s, u"best"_s, u"speedup"_s, u"evaluations"_s, u"time"_s})
            QVERIFY2(r.out.contains(u"\n  "_s + label), qPrintable(label + u" missing in\n"_s + r.out));
        QCOMPARE(recordCount(session), 5);
        // One progress line per candidate: id, round, origin, …, decision.
        QCOMPARE(r.out.count(QRegularExpression(u"^\\s+\\d+\\s+\\d+ (human|search) "_s, QRegularExpression::MultilineOption)), 5);

        const Run table = kwb({u"report"_s, session});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains(u"starting kernel"_s));
        const Run csv = kwb({u"report"_s, session, u"--csv"_s});
        QCOMPARE(csv.out.count(u'\n'), 1 + 5);
        QVERIFY(csv.out.startsWith(u"id,round,parent,origin,plan"_s));
        const Run json = kwb({u"report"_s, session, u"--json"_s});
        const auto doc = nlohmann::json::parse(json.out.toStdString(), nullptr, false);
        QVERIFY(!doc.is_discarded());
        QCOMPARE(doc["experiments"].size(), size_t(5));
    }

    void killedRunResumesWithoutRepeating()
    {
        const QString session = m_tmp.path() + u"/killed"_s;
        const QString search = QFINDTESTDATA("data/tiny/search.json");
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"XDG_CACHE_HOME"_s, m_tmp.path() + u"/cache"_s);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(KWB_BINARY), {u"run"_s, search, u"--session"_s, session, u"--strategy"_s, u"exhaustive"_s,
                                             u"--plateau"_s, u"100"_s});
        QVERIFY(p.waitForStarted());
        // Kill it hard once three candidates are on record.
        QTRY_VERIFY_WITH_TIMEOUT(recordCount(session) >= 3, 120'000);
        p.kill();
        p.waitForFinished();
        const int before = recordCount(session);

        const Run resumed = kwb({u"run"_s, u"--session"_s, session, u"--strategy"_s, u"exhaustive"_s, u"--plateau"_s,
                                 u"100"_s, u"--quiet"_s});
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err + resumed.out));
        QVERIFY2(resumed.out.startsWith(u"resuming "_s), qPrintable(resumed.out));
        QVERIFY(resumed.out.contains(u"nothing left to try"_s));
        QFile f(session + u"/experiments.jsonl"_s);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QSet<QByteArray> hashes;
        int lines = 0, starts = 0;
        for (const QByteArray &line : f.readAll().split('\n')) {
            if (line.isEmpty())
                continue;
            ++lines;
            const auto rec = nlohmann::json::parse(line.toStdString());
            const QByteArray hash = QByteArray::fromStdString(rec["source_hash"].get<std::string>());
            QVERIFY2(!hashes.contains(hash), "a candidate was evaluated twice");
            hashes.insert(hash);
            starts += rec["origin"] == "human";
        }
        QVERIFY(lines >= before);           // every finished candidate is still there
        QCOMPARE(lines, 1 + 16);            // and the space was finished, each once
        QCOMPARE(starts, 1);
    }

    void ctrlCStopsCleanly()
    {
        const QString session = m_tmp.path() + u"/interrupted"_s;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"XDG_CACHE_HOME"_s, m_tmp.path() + u"/cache"_s);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(KWB_BINARY), {u"run"_s, QFINDTESTDATA("data/tiny/search.json"), u"--session"_s, session});
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(recordCount(session) >= 2, 120'000);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(120'000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(out.contains(u"stopped: stopped by the engineer"_s), qPrintable(out));
        QVERIFY(out.contains(u"resume with: kwb run --session"_s));
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains(u"stopping after the running candidate"_s));
        QFile info(session + u"/session.json"_s);
        QVERIFY(info.open(QIODevice::ReadOnly));
        QCOMPARE(nlohmann::json::parse(info.readAll().toStdString())["status"].get<std::string>(), std::string("stopped"));
        QFile log(session + u"/experiments.jsonl"_s);
        QVERIFY(log.open(QIODevice::ReadOnly));
        QVERIFY(log.readAll().endsWith('\n')); // no torn record
    }

    void validateDescribesTheKnobSpace()
    {
        const Run r = kwb({u"validate"_s, QStringLiteral(KWB_SOURCE_DIR) + u"/examples/matmul-cpu/workload.json"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(u"knobs: 7, 17280 configurations, 13368 valid under 3 constraint(s)"_s), qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestKwbCli)
#include "tst_kwbcli.moc"
