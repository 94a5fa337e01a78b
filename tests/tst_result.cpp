// The kwb.result/1 validator: valid, truncated, wrong types, huge output.
#include "eval/result.h"
#include "targets/targetprofile.h"

#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

const char *kValid =
    R"({"schema":"kwb.result/1","stage":"bench","compiled":true,"correct":true,"failure":null,
"checks":[{"seed":1,"output":"C","ok":true,"rel_l2":1e-7,"max_abs":2e-5,"mismatches":0,"nonfinite":0}],
"latency":{"min_ms":1.0,"median_ms":1.5,"p90_ms":2.0,"q1_ms":1.2,"q3_ms":1.8,"samples_ms":[1.0,1.5,2.0],"calls_per_sample":8},
"metrics":{"median_ms":1.5,"min_ms":1.0},"counters":{"available":false,"reason":"no perf"},
"timings":{"compile_ms":10},"log":{"compile":"ok"}})";

} // namespace

class TestResult : public QObject
{
    Q_OBJECT

private:
    TargetProfile m_target;

private Q_SLOTS:
    void initTestCase()
    {
        Diagnostic d;
        auto t = TargetRegistry::load(u"cpu-cxx"_s, &d);
        QVERIFY(t);
        m_target = *t;
    }

    void valid()
    {
        QString error;
        auto r = parseResult(QByteArray(kValid) + "\n", m_target, &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->stage, u"bench"_s);
        QVERIFY(r->compiled);
        QCOMPARE(r->correct, std::optional<bool>(true));
        QVERIFY(!r->failed());
        QCOMPARE(r->checks.size(), size_t(1));
        QCOMPARE(r->checks[0].relL2, 1e-7);
        QCOMPARE(r->latency->medianMs, 1.5);
        QCOMPARE(r->latency->samplesMs.size(), size_t(3));
        QCOMPARE(r->latency->callsPerSample, 8);
        QCOMPARE(r->latency->spreadPct(), 100.0 * 0.6 / 1.5);
        QCOMPARE(*r->metric(u"min_ms"_s), 1.0);
        QCOMPARE(r->countersReason, u"no perf"_s);
        QCOMPARE(r->log(u"compile"_s), u"ok"_s);
    }

    // What kwb reports but a harness need not give is read into types once,
    // leniently: an ill-typed part reads as absent and fails nothing.
    void annotationsAreTypedAndLenient()
    {
        Json doc = Json::parse(kValid);
        doc["latency"]["clock"] = "interpreter";
        doc["latency"]["cold_cache"] = true;
        doc["flags"] = {{{"id", "outside-clock"}, {"reason", "the clocks disagree"}}, 5};
        doc["calibration"] = {{"device", "NVIDIA H200"},
                              {"peak_gflops", 60000},
                              {"peak_gbs", 4000},
                              {"threads", 132}};
        doc["gpu_conditions"] = {{"samples", 3},
                                 {"sm_clock_mhz", {{"min", 1400}, {"max", 1500}}},
                                 {"slowed_by", Json::array()}};
        doc["profile"] = {{"main_stall", "long scoreboard"}};
        doc["outside_clock"] = {{"available", true},
                                {"timed_section_ms", 120.5},
                                {"explained", 0.93},
                                {"bounded", false}};
        QString error;
        auto r = parseResult(QByteArray::fromStdString(doc.dump()), m_target, &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->flags.size(), size_t(2)); // a flag without words is still a flag
        QCOMPARE(r->flags[0].id, u"outside-clock"_s);
        QCOMPARE(r->flags[0].reason, u"the clocks disagree"_s);
        QVERIFY(r->flags[1].id.isEmpty());
        QVERIFY(r->flagged());
        QCOMPARE(r->stageMs.at(u"compile"_s), 10.0);
        QCOMPARE(r->clock, u"interpreter"_s);
        QVERIFY(r->coldCache);
        QVERIFY(r->calibration);
        QCOMPARE(r->calibration->device, u"NVIDIA H200"_s);
        QCOMPARE(r->calibration->peakGbs, 4000.0);
        QCOMPARE(r->calibration->threads, 132);
        QVERIFY(r->conditions);
        QCOMPARE(r->conditions->smClockMhz->max, 1500.0);
        QVERIFY(!r->conditions->powerW);
        QVERIFY(r->conditions->slowedBy && r->conditions->slowedBy->isEmpty()); // never slowed
        QCOMPARE(r->mainStall, u"long scoreboard"_s);
        QVERIFY(r->outsideClock && r->outsideClock->available && !r->outsideClock->bounded);
        QCOMPARE(r->outsideClock->timedSectionMs, 120.5);
        QCOMPARE(r->outsideClock->explained, 0.93);

        // Each part of the wrong kind: the document is still a valid result.
        doc["flags"] = "x";
        doc["calibration"] = 7;
        doc["gpu_conditions"] = {{"sm_clock_mhz", 1400}, {"slowed_by", "thermal"}};
        doc["profile"] = Json::array();
        doc["latency"]["clock"] = 3;
        r = parseResult(QByteArray::fromStdString(doc.dump()), m_target, &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY(!r->flagged());
        QVERIFY(!r->calibration);
        QVERIFY(r->conditions && !r->conditions->smClockMhz && !r->conditions->slowedBy);
        QVERIFY(r->mainStall.isEmpty() && r->clock.isEmpty());

        // A flag added later is in both the typed result and its document.
        r->addFlag(u"beyond-bound"_s, u"40000× over the start"_s);
        QVERIFY(r->flagged());
        QCOMPARE(flagsIn(r->document).size(), size_t(1));
        QCOMPARE(flagsIn(r->document).front().id, u"beyond-bound"_s);
    }

    void failedKernelIsAValidResult()
    {
        QString error;
        auto r = parseResult(
            R"({"schema":"kwb.result/1","stage":"compile","compiled":false,"correct":null,
            "failure":{"class":"compile","stage":"compile","message":"does not compile"},"log":{"compile":"x.cpp:1: error"}})",
            m_target, &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY(r->failed());
        QCOMPARE(r->failureClass, u"compile"_s);
        QVERIFY(!r->correct.has_value());
    }

    void invalid_data()
    {
        QTest::addColumn<QByteArray>("output");
        QTest::addColumn<QString>("error");
        const QByteArray valid(kValid);
        QTest::newRow("empty") << QByteArray("  \n")
                               << u"the harness printed no result document on stdout"_s;
        QTest::newRow("truncated")
            << valid.left(60)
            << u"result document:1:61: malformed JSON: syntax error while parsing object key - invalid string: missing closing quote; last read: '\"co'; expected string literal"_s;
        QTest::newRow("two documents")
            << valid + "\n{\"schema\":\"kwb.result/1\"}"
            << u"result document:6:1: malformed JSON: syntax error while parsing value - unexpected '{'; expected end of input (stdout must hold exactly one JSON document)"_s;
        QTest::newRow("console noise before the document")
            << "compiling...\n" + valid
            << u"result document:1:1: malformed JSON: syntax error while parsing value - invalid literal; last read: 'c'"_s;
        QTest::newRow("not an object")
            << QByteArray("[1]") << u"result document: must be a JSON object, found an array"_s;
        QTest::newRow("wrong schema")
            << QByteArray(R"({"schema":"kwb.result/0"})")
            << u"result document:1:11: 'schema' must be \"kwb.result/1\", found \"kwb.result/0\""_s;
        QTest::newRow("unknown stage")
            << QByteArray(R"({"schema":"kwb.result/1","stage":"run","compiled":true})")
            << u"result document:1:34: 'stage' must be one of compile, check, bench, profile"_s;
        QTest::newRow("compiled is a string")
            << QByteArray(R"({"schema":"kwb.result/1","stage":"check","compiled":"yes"})")
            << u"result document:1:53: 'compiled' must be a boolean, found a string"_s;
        QTest::newRow("past compile without compiling")
            << QByteArray(R"({"schema":"kwb.result/1","stage":"check","compiled":false})")
            << u"result document:1:34: 'stage' cannot be past 'compile' when 'compiled' is false"_s;
        QByteArray s = valid;
        QTest::newRow("median is a string")
            << QByteArray(s).replace("\"median_ms\":1.5,\"p90", "\"median_ms\":\"fast\",\"p90")
            << u"result document:3:37: 'latency.median_ms' must be a number, found a string"_s;
        QTest::newRow("negative sample")
            << QByteArray(s).replace("[1.0,1.5,2.0]", "[1.0,-1.5,2.0]")
            << u"result document:3:96: 'latency.samples_ms.1' must be a finite non-negative number"_s;
        QTest::newRow("unknown metric")
            << QByteArray(s).replace("\"min_ms\":1.0}", "\"joy\":1.0}")
            << u"result document:4:34: 'metrics.joy' is not in the cpu-cxx metric catalog"_s;
        QTest::newRow("misspelt metric")
            << QByteArray(s).replace("\"min_ms\":1.0}", "\"gflop\":1.0}")
            << u"result document:4:36: 'metrics.gflop' is not in the cpu-cxx metric catalog "
               u"(did you mean 'gflops'?)"_s;
        QTest::newRow("correct but a failed check")
            << QByteArray(s).replace("\"ok\":true", "\"ok\":false")
            << u"result document:2:39: 'checks.0.ok' is false while 'correct' is true"_s;
        QTest::newRow("unknown failure class")
            << QByteArray(
                   R"({"schema":"kwb.result/1","stage":"compile","compiled":false,"failure":{"class":"gremlins","message":"?"}})")
            << u"result document:1:80: 'failure.class' must be one of compile, incorrect, crash, timeout, reference"_s;
        QTest::newRow("bench without latency")
            << QByteArray(
                   R"({"schema":"kwb.result/1","stage":"bench","compiled":true,"correct":true,"checks":[{"seed":1,"ok":true,"rel_l2":0,"max_abs":0,"mismatches":0,"nonfinite":0}]})")
            << u"result document:1:1: 'latency' is required once the bench stage succeeded"_s;
    }

    void invalid()
    {
        QFETCH(QByteArray, output);
        QFETCH(QString, error);
        QString got;
        QVERIFY(!parseResult(output, m_target, &got));
        QCOMPARE(got, error);
    }

    void hugeOutputIsCapped()
    {
        QByteArray huge(kMaxResultBytes + 1, ' ');
        QString error;
        QVERIFY(!parseResult(huge, m_target, &error));
        QCOMPARE(error, u"result document exceeds the 4 MiB cap (4194305 bytes on stdout)"_s);
    }
};

QTEST_GUILESS_MAIN(TestResult)
#include "tst_result.moc"
