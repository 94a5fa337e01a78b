// kwb as a user runs it: exit codes, summaries, --json, sessions and cache.
#include <QtTest>
#include <cmath>
#include <csignal>
#include <nlohmann/json.hpp>
#include <set>

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
        return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }

    int recordCount(const QString &session)
    {
        QFile f(session + u"/experiments.jsonl"_s);
        return f.open(QIODevice::ReadOnly) ? int(f.readAll().count('\n')) : -1;
    }

    // A record whose decision quotes several lines (an infrastructure
    // failure with the host's stderr, a plan over lines) stays one row of
    // `kwb report`'s table, every line of it still there.
    void tableKeepsOneLinePerRecord(const QString &session)
    {
        const QString copy = m_tmp.path() + u"/multiline"_s;
        QVERIFY(QDir().mkpath(copy));
        for (const QString &name : {u"session.json"_s, u"experiments.jsonl"_s})
            QVERIFY(QFile::copy(session + u'/' + name, copy + u'/' + name));
        QFile log(copy + u"/experiments.jsonl"_s);
        QVERIFY(log.open(QIODevice::ReadWrite));
        const QList<QByteArray> lines = log.readAll().trimmed().split('\n');
        nlohmann::json lost = nlohmann::json::parse(lines.last().toStdString());
        const int records = int(lines.size()) + 1;
        lost["id"] = records;
        lost["plan"] = "first line of the plan\nsecond line";
        lost["decision"] = "infra";
        lost["cause"] = "the target's command failed (exit status 3): \nptxas info: 0 bytes\n"
                        "kwb: no usable CUDA device\n";
        lost["result"] = nullptr;
        log.write(QByteArray::fromStdString(lost.dump()) + '\n');
        log.close();
        const Run table = kwb({u"report"_s, copy});
        QCOMPARE(table.exitCode, 0);
        const QStringList rows = table.out.split(u'\n').filter(
            QRegularExpression(u"^\\s+\\d+\\s+\\d+ (human|search|baseline) "_s));
        QCOMPARE(rows.size(), records);
        QVERIFY2(rows.last().contains(
                     u"(exit status 3): · ptxas info: 0 bytes · kwb: no usable CUDA device"_s),
                 qPrintable(table.out));
        QVERIFY2(rows.last().contains(u"first line of the plan · second…"_s) ||
                     rows.last().contains(u"first line of the plan · second line"_s),
                 qPrintable(rows.last()));
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
        // The supervisor's own clock over the timed section, beside the latency.
        QVERIFY2(again.out.contains(QRegularExpression(
                     u"clock check  the supervisor timed the section at [0-9.]+ ms; the "
                     u"reported times explain [0-9.]+% of it\n"_s)),
                 qPrintable(again.out));
        QVERIFY2(again.out.contains(u"answered from the session cache: candidate #1"_s),
                 qPrintable(again.out));
        QCOMPARE(recordCount(session), 1); // nothing re-measured

        // A GPU's conditions during the benchmark (nvsmi.h's "gpu_conditions")
        // get a row of their own.
        QFile log(session + u"/experiments.jsonl"_s);
        QVERIFY(log.open(QIODevice::ReadOnly));
        nlohmann::json record = nlohmann::json::parse(log.readAll().trimmed().toStdString());
        log.close();
        record["result"]["gpu_conditions"] = {{"samples", 42},
                                              {"sm_clock_mhz", {{"min", 1410}, {"max", 1500}}},
                                              {"sm_clock_top_mhz", 1980},
                                              {"power_w", {{"min", 680}, {"max", 694}}},
                                              {"power_limit_w", 700},
                                              {"slowed_by", {"sw_power_cap"}}};
        QVERIFY(log.open(QIODevice::WriteOnly | QIODevice::Truncate));
        log.write(QByteArray::fromStdString(record.dump()) + '\n');
        log.close();
        const Run conditions = kwb({u"eval"_s, m_tiny, u"--session"_s, session});
        QVERIFY2(conditions.out.contains(u"conditions   SM clock 1410–1500 MHz (of 1980), power "
                                         u"680–694 W of its 700 W limit, slowed by sw power cap "
                                         u"(42 samples)"_s),
                 qPrintable(conditions.out));

        const Run broken = kwb({u"eval"_s, m_tiny, u"--session"_s, session, u"--kernel"_s,
                                QFileInfo(m_tiny).absolutePath() + u"/nocompile.cpp"_s});
        QCOMPARE(broken.exitCode, 1); // a failing kernel is a result, not a usage error
        QVERIFY2(broken.out.contains(u"compiled     no: the kernel does not compile"_s),
                 qPrintable(broken.out));
        QVERIFY(broken.out.contains(
            u"kernel.cpp:5:34: error: expected"_s)); // the compiler's log is shown
        QCOMPARE(recordCount(session), 2);

        // A record the loop found to be a false win is no answer: its figures
        // are never printed as the kernel's, which is evaluated again.
        QVERIFY(log.open(QIODevice::ReadOnly));
        QList<QByteArray> lines = log.readAll().trimmed().split('\n');
        log.close();
        nlohmann::json wrong = nlohmann::json::parse(lines.first().toStdString());
        wrong["flags"] = {"false-win"};
        lines.first() = QByteArray::fromStdString(wrong.dump());
        QVERIFY(log.open(QIODevice::WriteOnly | QIODevice::Truncate));
        log.write(lines.join('\n') + '\n');
        log.close();
        const Run distrusted = kwb({u"eval"_s, m_tiny, u"--session"_s, session});
        QCOMPARE(distrusted.exitCode, 0);
        QVERIFY2(!distrusted.out.contains(u"answered from the session cache"_s),
                 qPrintable(distrusted.out));
        QCOMPARE(recordCount(session), 3);
    }

    void summaryIsReadable()
    {
        const Run r = kwb({u"eval"_s, m_tiny, u"--quiet"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        for (const QString &label : {u"compiled"_s, u"correct"_s, u"latency"_s, u"throughput"_s,
                                     u"bandwidth"_s, u"counters"_s, u"bottleneck"_s})
            QVERIFY2(r.out.contains(u"  "_s + label),
                     qPrintable(label + u" missing in:\n"_s + r.out));
        QVERIFY2(r.out.contains(u"3/3 checks"_s), qPrintable(r.out)); // 3 seeds, the last drawn
        QVERIFY(r.out.contains(u"% of measured peak"_s));
    }

    void badWorkloadExitsTwo()
    {
        const Run r = kwb({u"eval"_s, QFINDTESTDATA("data/workloads/missing.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(u"missing required names: kernel, reference"_s));
        QVERIFY(r.out.isEmpty());
    }

    // kwb targets lists every bundled target with its name and what a host
    // needs for it, and says how to ask a host.
    void targetsListsEveryTargetAndItsNeeds()
    {
        const Run r = kwb({u"targets"_s});
        QCOMPARE(r.exitCode, 0);
        for (const QString &id : {u"cpu-cxx"_s, u"cuda-cxx"_s, u"hip"_s, u"nki"_s, u"opencl"_s,
                                  u"tilelang"_s, u"triton"_s}) {
            static const QRegularExpression needs(u"needs: [^\n]*bubblewrap"_s);
            const qsizetype at = r.out.indexOf(
                QRegularExpression(u"^"_s + id + u"\\s"_s, QRegularExpression::MultilineOption));
            QVERIFY2(at >= 0, qPrintable(id + u" missing in\n"_s + r.out));
            QVERIFY2(needs.match(r.out, at).hasMatch(), qPrintable(r.out.mid(at, 400)));
        }
        QVERIFY2(r.out.contains(u"TileLang (Python; C backend on the CPU, CUDA or HIP on a GPU)"_s),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(u"kwb hosts check WORKLOAD"_s), qPrintable(r.out));
    }

    void invalidKnobsAreRefusedBeforeAnythingRuns()
    {
        const Run r = kwb({u"eval"_s,
                           QStringLiteral(KWB_SOURCE_DIR) + u"/examples/matmul-cpu/workload.json"_s,
                           u"--knob"_s, u"MR=14"_s, u"--knob"_s, u"NV=2"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(
            r.err.contains(u"constraint 'MR * NV + NV + 1 <= 16' fails for MR=14 NV=2: change MR "
                           u"to 6 or NV to 1"_s),
            qPrintable(r.err));
        QVERIFY(!r.err.contains(u"compiling"_s));
    }

    void sessionOfAnotherWorkloadIsRefused()
    {
        const QString session = m_tmp.path() + u"/other"_s;
        QVERIFY(kwb({u"eval"_s, m_tiny, u"--session"_s, session, u"--quiet"_s}).exitCode == 0);
        const Run r = kwb(
            {u"eval"_s, QStringLiteral(KWB_SOURCE_DIR) + u"/examples/softmax-cpu/workload.json"_s,
             u"--session"_s, session});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"was made for another version of this workload"_s),
                 qPrintable(r.err));
    }

    void runRecordsEveryCandidateAndReports()
    {
        const QString session = m_tmp.path() + u"/run"_s;
        const QString search = QFINDTESTDATA("data/tiny/search.json");
        const Run r = kwb(
            {u"run"_s, search, u"--session"_s, session, u"--max-evals"_s, u"5"_s, u"--quiet"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QVERIFY2(r.out.contains(u"evaluation budget: 5 evaluations"_s), qPrintable(r.out));
        for (const QString &label :
             {u"start"_s, u"best"_s, u"speedup"_s, u"evaluations"_s, u"time"_s})
            QVERIFY2(r.out.contains(u"\n  "_s + label),
                     qPrintable(label + u" missing in\n"_s + r.out));
        QCOMPARE(recordCount(session), 5);
        // One progress line per candidate: id, round, origin, …, decision.
        QCOMPARE(r.out.count(QRegularExpression(u"^\\s+\\d+\\s+\\d+ (human|search) "_s,
                                                QRegularExpression::MultilineOption)),
                 5);

        const Run table = kwb({u"report"_s, session});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains(u"starting kernel"_s));
        tableKeepsOneLinePerRecord(session);
        const Run csv = kwb({u"report"_s, session, u"--csv"_s});
        QCOMPARE(csv.out.count(u'\n'), 1 + 5);
        QVERIFY(csv.out.startsWith(u"id,round,parent,origin,plan"_s));
        const Run json = kwb({u"report"_s, session, u"--json"_s});
        const auto doc = nlohmann::json::parse(json.out.toStdString(), nullptr, false);
        QVERIFY(!doc.is_discarded());
        QCOMPARE(doc["experiments"].size(), size_t(5));

        // One self-contained HTML file: summary, charts, every decision and
        // the best kernel's diff against the start; nothing fetched.
        const QString html = m_tmp.path() + u"/report.html"_s;
        const Run page = kwb({u"report"_s, session, u"--html"_s, html});
        QVERIFY2(page.exitCode == 0, qPrintable(page.err));
        QFile f(html);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY(text.startsWith(u"<!DOCTYPE html>"_s));
        QCOMPARE(text.count(u"<svg "_s), 3); // timeline, goal metric, roofline
        QCOMPARE(text.count(u"<tr><td class=\"n\">"_s), 5);
        for (const char *section :
             {"Summary", "Timeline", "Roofline", "Decisions", "The best kernel against the start"})
            QVERIFY2(text.contains(u"<h2>"_s + QLatin1String(section)), section);
        // The goal metric by the catalog's label, as the window names it.
        QVERIFY(text.contains(u"<h2>Goal metric: GFLOP/s</h2>"_s));
        const QRegularExpression external(u"src=|href=|<link|<script|@import|url\\("_s);
        QVERIFY2(!text.contains(external), qPrintable(external.match(text).captured()));
        QVERIFY(text.contains(u"starting kernel"_s));
        // A best other than the start shows its changed lines.
        QVERIFY(text.contains(u"(start) → #"_s) ? text.contains(u"<ins>+ "_s)
                                                : text.contains(u"The start is the best so far"_s));
        QCOMPARE(kwb({u"report"_s, session, u"--html"_s, m_tmp.path() + u"/no/such/dir/r.html"_s})
                     .exitCode,
                 2);
    }

    void aFinishedRunContinuesWithANewGoalOrBudget()
    {
        const QString session = m_tmp.path() + u"/continue"_s;
        const QString search = QFINDTESTDATA("data/tiny/search.json");
        const Run first =
            kwb({u"run"_s, search, u"--session"_s, session, u"--goal"_s, u"1e-9"_s, u"--quiet"_s});
        QVERIFY2(first.exitCode == 0, qPrintable(first.err + first.out));
        QVERIFY2(first.out.contains(u"goal reached: "_s), qPrintable(first.out));
        const int before = recordCount(session);
        QVERIFY(before >= 1);
        // The same session, further: a goal out of reach and a budget.
        const Run more = kwb({u"run"_s, u"--session"_s, session, u"--goal"_s, u"1e12"_s,
                              u"--max-evals"_s, u"2"_s, u"--quiet"_s});
        QVERIFY2(more.exitCode == 0, qPrintable(more.err + more.out));
        QVERIFY2(more.out.contains(u"evaluation budget: 2 evaluations"_s), qPrintable(more.out));
        QCOMPARE(recordCount(session), before + 2);
        const Run bad = kwb({u"run"_s, u"--session"_s, session, u"--goal"_s, u"fast"_s});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains(u"--goal takes a number"_s), qPrintable(bad.err));
    }

    void falseWinIsNeverTheBest()
    {
        // A session whose fastest times are a false win (wrong on the
        // re-check) and a result the harness flagged: `kwb report` shows
        // their times but no speedup and never names them best, and the
        // Kernel Tuner export records them as failures.
        const QString search = QFINDTESTDATA("data/tiny/search.json");
        const QString session = m_tmp.path() + u"/falsewin"_s;
        Run r = kwb(
            {u"run"_s, search, u"--session"_s, session, u"--max-evals"_s, u"3"_s, u"--quiet"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QFile f(session + u"/experiments.jsonl"_s);
        QVERIFY(f.open(QIODevice::ReadWrite | QIODevice::Append));
        QFile read(f.fileName());
        QVERIFY(read.open(QIODevice::ReadOnly));
        std::vector<nlohmann::json> records;
        for (const QByteArray &line : read.readAll().split('\n')) {
            if (!line.isEmpty())
                records.push_back(nlohmann::json::parse(line.toStdString()));
        }
        QCOMPARE(records.size(), size_t(3));
        double bestMs = INFINITY;
        int bestId = 0;
        std::set<std::string> present;
        for (const auto &rec : records) {
            present.insert(rec["knobs"].dump());
            if (rec["decision"] == "kept" && rec["result"]["latency"]["median_ms"] < bestMs) {
                bestMs = rec["result"]["latency"]["median_ms"];
                bestId = rec["id"];
            }
        }
        QVERIFY(bestId > 0);
        // Two configurations the run did not measure.
        std::vector<nlohmann::json> fresh;
        for (int repeat : {8, 4, 2, 1}) {
            for (int unroll : {1, 4}) {
                const nlohmann::json knobs = {{"REPEAT", repeat}, {"UNROLL", unroll}, {"SKEW", 0}};
                if (!present.count(knobs.dump()) && fresh.size() < 2)
                    fresh.push_back(knobs);
            }
        }
        QCOMPARE(fresh.size(), size_t(2));
        auto cheat = [&](int id, const nlohmann::json &knobs, const char *decision,
                         const char *flag, double ms) {
            nlohmann::json rec = records.back();
            rec["id"] = id;
            rec["knobs"] = knobs;
            rec["source_hash"] = "cheat" + std::to_string(id);
            rec["decision"] = decision;
            rec["flags"] = nlohmann::json::array({flag});
            rec["result"]["correct"] = true;
            rec["result"]["latency"]["median_ms"] = ms;
            rec["result"]["latency"]["min_ms"] = ms;
            rec["result"]["latency"]["p90_ms"] = ms;
            f.write(QByteArray::fromStdString(rec.dump()) + '\n');
        };
        cheat(4, fresh[0], "failed", "false-win", bestMs / 50);
        cheat(5, fresh[1], "kept", "flagged", bestMs / 40);
        f.close();

        const Run table = kwb({u"report"_s, session});
        QCOMPARE(table.exitCode, 0);
        QVERIFY2(table.out.contains(u"best: #"_s + QString::number(bestId) + u' '),
                 qPrintable(table.out));
        for (const QString &id : {u"4"_s, u"5"_s}) {
            const QRegularExpression row(u"^\\s+"_s + id + u"\\s.*$"_s,
                                         QRegularExpression::MultilineOption);
            const QString line = row.match(table.out).captured(0);
            QVERIFY2(!line.isEmpty(), qPrintable(table.out));
            QVERIFY2(!line.contains(u'×'), qPrintable(u"a speedup for a cheat: "_s + line));
        }

        // The CSV export: the cheats' rows keep their flags, not their times.
        const Run csv = kwb({u"report"_s, session, u"--csv"_s});
        QCOMPARE(csv.exitCode, 0);
        auto csvRow = [&csv](int id) {
            const QRegularExpression row(u"^"_s + QString::number(id) + u",.*$"_s,
                                         QRegularExpression::MultilineOption);
            return row.match(csv.out).captured(0);
        };
        QVERIFY2(csvRow(bestId).contains(QString::number(bestMs, 'g', 9)), qPrintable(csv.out));
        for (const auto &[id, ms] : {std::pair{4, bestMs / 50}, {5, bestMs / 40}}) {
            const QString row = csvRow(id);
            QVERIFY2(row.contains(u"false-win"_s) || row.contains(u"flagged"_s), qPrintable(row));
            QVERIFY2(!row.contains(QString::number(ms, 'g', 9)), qPrintable(row));
        }

        const QString cacheFile = m_tmp.path() + u"/falsewin.cache.json"_s;
        r = kwb({u"export"_s, session, u"-o"_s, cacheFile});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile exported(cacheFile);
        QVERIFY(exported.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::json::parse(exported.readAll().toStdString());
        for (const auto &knobs : fresh) {
            const std::string key = std::to_string(knobs["REPEAT"].get<int>()) + ',' +
                                    std::to_string(knobs["UNROLL"].get<int>()) + ",0";
            QVERIFY2(doc["cache"].contains(key), key.c_str());
            QVERIFY2(doc["cache"][key]["time"].is_string(), doc["cache"][key].dump().c_str());
        }
    }

    void flaggedStartAndBaselineGiveNoFigures()
    {
        // The tiny search with a baseline, its files named by absolute path.
        QFile in(QFINDTESTDATA("data/tiny/search.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        auto w = nlohmann::json::parse(in.readAll().toStdString(), nullptr, true, true);
        const std::string data = QFileInfo(in).absolutePath().toStdString() + '/';
        for (const char *key : {"kernel", "template", "reference"})
            w[key] = data + w[key].get<std::string>();
        w["baselines"] = {{{"name", "slow one"}, {"kernel", data + "slow.cpp"}}};
        const QString dir = m_tmp.path() + u"/flaggedstart"_s;
        QVERIFY(QDir().mkpath(dir));
        QFile workload(dir + u"/search.json"_s);
        QVERIFY(workload.open(QIODevice::WriteOnly));
        workload.write(QByteArray::fromStdString(w.dump()));
        workload.close();
        const QString session = dir + u"/s"_s;
        const Run first = kwb({u"run"_s, workload.fileName(), u"--session"_s, session,
                               u"--max-evals"_s, u"3"_s, u"--quiet"_s});
        QVERIFY2(first.exitCode == 0, qPrintable(first.err + first.out));
        QVERIFY2(first.out.contains(u"over the start"_s), qPrintable(first.out));
        QVERIFY2(first.out.contains(u"slow one "_s), qPrintable(first.out));

        // The start and the baseline are flagged afterwards, with times that
        // would make anything look slow.
        QFile f(session + u"/experiments.jsonl"_s);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray edited;
        int marked = 0;
        for (const QByteArray &line : f.readAll().split('\n')) {
            if (line.isEmpty())
                continue;
            auto rec = nlohmann::json::parse(line.toStdString());
            if (rec["origin"] == "human" || rec["origin"] == "baseline") {
                // The baseline's flag only where the harness writes it, in
                // its result (a baseline's record has none of its own).
                if (rec["origin"] == "human")
                    rec["flags"].push_back("flagged");
                else
                    rec["result"]["flags"] = {{{"id", "clock"}, {"reason", "the clocks disagree"}}};
                rec["result"]["latency"]["median_ms"] = 0.000777;
                rec["result"]["latency"]["min_ms"] = 0.000777;
                ++marked;
            }
            edited += QByteArray::fromStdString(rec.dump()) + '\n';
        }
        f.close();
        QCOMPARE(marked, 2);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(edited);
        f.close();

        const Run more =
            kwb({u"run"_s, u"--session"_s, session, u"--max-evals"_s, u"1"_s, u"--quiet"_s});
        QVERIFY2(more.exitCode == 0, qPrintable(more.err + more.out));
        const int summary = more.out.lastIndexOf(u"evaluation budget"_s);
        QVERIFY2(summary >= 0, qPrintable(more.out));
        const QString tail = more.out.mid(summary);
        QVERIFY2(tail.contains(u"#1 starting kernel, [flagged]"_s), qPrintable(tail));
        QVERIFY2(tail.contains(u"slow one [flagged]"_s), qPrintable(tail));
        QVERIFY2(!tail.contains(u"0.777"_s) && !tail.contains(u"over the start"_s) &&
                     !tail.contains(u"as fast"_s),
                 qPrintable(tail));
        const Run csv = kwb({u"report"_s, session, u"--csv"_s});
        QVERIFY2(!csv.out.contains(u"0.000777"_s), qPrintable(csv.out));
    }

    void batchesRunInParallel()
    {
        const QString session = m_tmp.path() + u"/parallel"_s;
        const Run r = kwb({u"run"_s, QFINDTESTDATA("data/tiny/search.json"), u"--session"_s,
                           session, u"--batch"_s, u"4"_s, u"--parallel"_s, u"2"_s, u"--max-evals"_s,
                           u"9"_s, u"--quiet"_s, u"--strategy"_s, u"random"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QFile f(session + u"/experiments.jsonl"_s);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QHash<int, int> perRound;
        std::vector<std::pair<QDateTime, QDateTime>> round1;
        for (const QByteArray &line : f.readAll().split('\n')) {
            if (line.isEmpty())
                continue;
            const auto j = nlohmann::json::parse(line.toStdString());
            const int round = j["round"].get<int>();
            ++perRound[round];
            if (round == 1)
                round1.emplace_back(QDateTime::fromString(
                                        QString::fromStdString(j["started_at"].get<std::string>()),
                                        Qt::ISODateWithMs),
                                    QDateTime::fromString(
                                        QString::fromStdString(j["finished_at"].get<std::string>()),
                                        Qt::ISODateWithMs));
        }
        QCOMPARE(perRound.value(0), 1); // the starting kernel
        QCOMPARE(perRound.value(1), 4); // a batch of four
        QCOMPARE(perRound.value(2), 4); // the budget counts every evaluation
        // Two slots: some candidates of the batch ran at the same time.
        bool overlap = false;
        for (size_t a = 0; a < round1.size(); ++a) {
            for (size_t b = a + 1; b < round1.size(); ++b)
                overlap |= round1[a].first < round1[b].second && round1[b].first < round1[a].second;
        }
        QVERIFY(overlap);
        QVERIFY(kwb({u"run"_s, QFINDTESTDATA("data/tiny/search.json"), u"--session"_s,
                     session + u"2"_s, u"--batch"_s, u"0"_s})
                    .exitCode == 2);
    }

    void exportImportAndSimulate()
    {
        // Measure the whole tiny space, export it in Kernel Tuner's format,
        // replay the strategies against it, import it into a new session.
        const QString search = QFINDTESTDATA("data/tiny/search.json");
        const QString recorded = m_tmp.path() + u"/recorded"_s;
        Run r = kwb({u"run"_s, search, u"--session"_s, recorded, u"--strategy"_s, u"exhaustive"_s,
                     u"--plateau"_s, u"0"_s, u"--quiet"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QVERIFY2(r.out.contains(u"nothing left to try"_s), qPrintable(r.out));
        const QString cacheFile = m_tmp.path() + u"/tiny.cache.json"_s;
        r = kwb({u"export"_s, recorded, u"-o"_s, cacheFile});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile f(cacheFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::json::parse(f.readAll().toStdString());
        QCOMPARE(doc["schema_version"], "1.1.0");
        QCOMPARE(doc["tune_params_keys"], nlohmann::json::parse(R"(["REPEAT","UNROLL","SKEW"])"));
        QCOMPARE(doc["objective"], "time");
        QCOMPARE(doc["cache"].size(), size_t(16));
        int failed = 0;
        for (const auto &[key, entry] : doc["cache"].items()) {
            for (const char *field :
                 {"time", "times", "compile_time", "verification_time", "benchmark_time",
                  "strategy_time", "framework_time", "timestamp"})
                QVERIFY2(entry.contains(field), field);
            if (entry["time"].is_string()) {
                QCOMPARE(entry["time"], "RuntimeFailedConfig"); // SKEW=1 computes the wrong thing
                QCOMPARE(entry["SKEW"], 1);
                ++failed;
            }
        }
        QCOMPARE(failed, 8);

        r = kwb({u"simulate"_s, search, u"--cache"_s, cacheFile, u"--seeds"_s, u"20"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(u"16 configurations (8 failed) of 16 valid"_s), qPrintable(r.out));
        for (const QString &s : {u"exhaustive"_s, u"random"_s, u"coordinate"_s, u"model"_s})
            QVERIFY2(r.out.contains(QRegularExpression(u"^"_s + s + u" +\\d"_s,
                                                       QRegularExpression::MultilineOption)),
                     qPrintable(s + u" row missing:\n"_s + r.out));

        const QString imported = m_tmp.path() + u"/imported"_s;
        r = kwb({u"import"_s, cacheFile, search, u"--session"_s, imported});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(u"imported 16 of 16"_s), qPrintable(r.out));
        r = kwb({u"import"_s, cacheFile, u"--session"_s, imported});
        QVERIFY2(r.out.contains(u"imported 0 of 16"_s), qPrintable(r.out)); // nothing twice
        // The search knows every configuration already: the run measures the
        // starting kernel and finds nothing left to try.
        r = kwb({u"run"_s, u"--session"_s, imported, u"--quiet"_s, u"--plateau"_s, u"0"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        QVERIFY2(r.out.contains(u"nothing left to try"_s), qPrintable(r.out));
        QCOMPARE(recordCount(imported), 16 + 1);
        const Run report = kwb({u"report"_s, imported, u"--csv"_s});
        // id,round,parent,origin: the origin says where a record came from.
        QCOMPARE(report.out.count(QRegularExpression(u"^\\d+,\\d+,[^,]*,imported,"_s,
                                                     QRegularExpression::MultilineOption)),
                 16);

        // A malformed cache file names file, line and column.
        QFile bad(m_tmp.path() + u"/bad.cache.json"_s);
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\n  \"tune_params_keys\": [\"REPEAT\", \"UNROLL\", \"SKEW\"],\n  \"cache\": "
                  "{\"8,1,0\": {\"time\": }}\n}\n");
        bad.close();
        r = kwb({u"simulate"_s, search, u"--cache"_s, bad.fileName()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(bad.fileName() + u":3:"_s), qPrintable(r.err));
    }

    void simulateReadsAKernelTunerRecordingAlone()
    {
        // A Kernel Tuner cache file as published: gzip-compressed, its space
        // in the header, restrictions given on the command line.
        nlohmann::ordered_json rec = {{"device_name", "synthetic"},
                                      {"kernel_name", "k"},
                                      {"problem_size", {1024}},
                                      {"tune_params_keys", {"bx", "by"}},
                                      {"tune_params", {{"bx", {16, 32, 64}}, {"by", {1, 2, 4, 8}}}},
                                      {"objective", "time"},
                                      {"cache", nlohmann::ordered_json::object()}};
        for (int bx : {16, 32, 64}) {
            for (int by : {1, 2, 4, 8}) {
                const std::string key = std::to_string(bx) + ',' + std::to_string(by);
                // bx·by = 512 overflows the recording's device: a failure.
                rec["cache"][key] = {
                    {"bx", bx},
                    {"by", by},
                    {"time", bx * by == 512 ? nlohmann::ordered_json("RuntimeFailedConfig")
                                            : nlohmann::ordered_json(1.0 + std::abs(bx * by - 64))},
                    {"times", nlohmann::ordered_json::array()}};
            }
        }
        const QString plain = m_tmp.path() + u"/rec.json"_s;
        QFile f(plain);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(rec.dump()));
        f.close();
        QCOMPARE(QProcess::execute(u"gzip"_s, {u"-f"_s, plain}), 0);
        const QString gz = plain + u".gz"_s;
        QVERIFY(QFile::exists(gz));

        Run r = kwb({u"simulate"_s, gz, u"--restrict"_s, u"32 <= bx * by <= 256"_s, u"--seeds"_s,
                     u"5"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto doc = nlohmann::json::parse(r.out.toStdString());
        // 16·{2,4,8}, 32·{1,2,4,8}, 64·{1,2,4}: 10 valid; 64·8 lies outside.
        QCOMPARE(doc["recording"]["configurations"], 10);
        QCOMPARE(doc["recording"]["valid"], 10.0);
        QCOMPARE(doc["recording"]["optimum_ms"], 1.0);
        QCOMPARE(doc["seeds"], 5);
        QCOMPARE(doc["strategies"].size(), size_t(4));
        // Three of the ten run in 1 ms: random sampling hits one by the 2nd
        // draw with odds 1 − 7/10·6/9 ≥ 0.5, by the 5th with 0.92 ≥ 0.9.
        QCOMPARE(doc["random_exact"]["to95"]["median"], 2.0);
        QCOMPARE(doc["random_exact"]["to95"]["p90"], 5.0);
        for (const auto &row : doc["strategies"]) {
            QVERIFY(row["to95"]["median"].get<double>() >= 1);
            QVERIFY(row["to95"]["median"].get<double>() <= 10);
            QVERIFY(row["ms_per_proposal"].get<double>() >= 0);
        }
        QVERIFY2(r.err.contains(u"outside the restrictions"_s), qPrintable(r.err));

        // Without the restriction it replays the whole product (12, one failed).
        r = kwb({u"simulate"_s, gz, u"--seeds"_s, u"2"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(u"12 configurations (1 failed) of 12 valid"_s), qPrintable(r.out));

        // A restriction kwb cannot read names where it was written.
        r = kwb({u"simulate"_s, gz, u"--restrict"_s, u"bx in (16, 32)"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"--restrict #1:1:4"_s), qPrintable(r.err));
        // A corrupt gzip file is an error, not a crash.
        QFile broken(m_tmp.path() + u"/broken.json.gz"_s);
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write(QByteArray("\x1f\x8b\x08\x00garbage", 12));
        broken.close();
        r = kwb({u"simulate"_s, broken.fileName()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"gzip"_s), qPrintable(r.err));
    }

    void killedRunResumesWithoutRepeating()
    {
        const QString session = m_tmp.path() + u"/killed"_s;
        const QString search = QFINDTESTDATA("data/tiny/search.json");
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"XDG_CACHE_HOME"_s, m_tmp.path() + u"/cache"_s);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(KWB_BINARY),
                {u"run"_s, search, u"--session"_s, session, u"--strategy"_s, u"exhaustive"_s,
                 u"--plateau"_s, u"100"_s});
        QVERIFY(p.waitForStarted());
        // Kill it hard once three candidates are on record.
        QTRY_VERIFY_WITH_TIMEOUT(recordCount(session) >= 3, 120'000);
        p.kill();
        p.waitForFinished();
        const int before = recordCount(session);

        const Run resumed = kwb({u"run"_s, u"--session"_s, session, u"--strategy"_s,
                                 u"exhaustive"_s, u"--plateau"_s, u"100"_s, u"--quiet"_s});
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
            const QByteArray hash =
                QByteArray::fromStdString(rec["source_hash"].get<std::string>());
            QVERIFY2(!hashes.contains(hash), "a candidate was evaluated twice");
            hashes.insert(hash);
            starts += rec["origin"] == "human";
        }
        QVERIFY(lines >= before); // every finished candidate is still there
        QCOMPARE(lines, 1 + 16);  // and the space was finished, each once
        QCOMPARE(starts, 1);
    }

    void ctrlCStopsCleanly()
    {
        const QString session = m_tmp.path() + u"/interrupted"_s;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"XDG_CACHE_HOME"_s, m_tmp.path() + u"/cache"_s);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(KWB_BINARY),
                {u"run"_s, QFINDTESTDATA("data/tiny/search.json"), u"--session"_s, session});
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(recordCount(session) >= 2, 120'000);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(120'000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(out.contains(u"stopped: stopped by the engineer"_s), qPrintable(out));
        QVERIFY(out.contains(u"resume with: kwb run --session"_s));
        QVERIFY(QString::fromUtf8(p.readAllStandardError())
                    .contains(u"stopping after the running candidate"_s));
        QFile info(session + u"/session.json"_s);
        QVERIFY(info.open(QIODevice::ReadOnly));
        QCOMPARE(nlohmann::json::parse(info.readAll().toStdString())["status"].get<std::string>(),
                 std::string("stopped"));
        QFile log(session + u"/experiments.jsonl"_s);
        QVERIFY(log.open(QIODevice::ReadOnly));
        QVERIFY(log.readAll().endsWith('\n')); // no torn record
    }

    void validateDescribesTheKnobSpace()
    {
        const Run r = kwb({u"validate"_s, QStringLiteral(KWB_SOURCE_DIR) +
                                              u"/examples/matmul-cpu/workload.json"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(
                     u"knobs: 7, 499200 configurations, ≈2.22e+05 valid under 4 constraint(s)"_s),
                 qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestKwbCli)
#include "tst_kwbcli.moc"
