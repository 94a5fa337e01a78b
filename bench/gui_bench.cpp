// The workbench window on a large session: 2,000 candidates with kernels of
// 300–2,000 lines and full metrics, plus two 5,000-line kernels. Prints the
// time from opening to the first paint, from selecting a candidate to the
// window's first paint (texts, table, timeline, bars) and to its diff being
// marked (computed on a worker thread), the chart's update for one new candidate, and the
// resident memory. Run offscreen (bench/gui_bench.sh does).
//
//   QT_QPA_PLATFORM=offscreen build/bench/kwb_bench_gui [candidates]
#include "analysischarts.h"
#include "diff/linediff.h"
#include "diffview.h"
#include "mainwindow.h"
#include "metricchart.h"
#include "run/workbench.h"
#include "session/candidatemodel.h"
#include "timelineview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

QString kernel(int lines, int variant)
{
    QString s =
        u"// generated kernel, variant "_s + QString::number(variant) + u"\n#include <cstdint>\n"_s;
    for (int i = 0; i < lines; ++i) {
        if (i % 40 == 0)
            s += u"static inline void block_"_s + QString::number(i) +
                 u"(float *__restrict c, const float *a) {\n"_s;
        s += u"    c["_s + QString::number(i % 64) + u"] += a["_s +
             QString::number((i * 7 + variant) % 512) + u"] * 1.0f; // step "_s +
             QString::number(i) + u'\n';
        if (i % 40 == 39)
            s += u"}\n"_s;
    }
    return s + u"}\n"_s;
}

Json resultFor(double ms, int id)
{
    const double gflops = 2.0 * 1024 * 1024 * 1024 / (ms * 1e6);
    Json samples = Json::array();
    for (int i = 0; i < 10; ++i)
        samples.push_back(ms * (0.98 + 0.004 * i));
    return Json{
        {"schema", "kwb.result/1"},
        {"stage", "bench"},
        {"compiled", true},
        {"correct", true},
        {"failure", nullptr},
        {"checks",
         Json::array({Json{
             {"seed", 1}, {"output", "C"}, {"ok", true}, {"rel_l2", 3e-7}, {"max_abs", 1e-5}}})},
        {"latency",
         {{"median_ms", ms},
          {"min_ms", ms * 0.98},
          {"p90_ms", ms * 1.02},
          {"q1_ms", ms * 0.99},
          {"q3_ms", ms * 1.01},
          {"samples_ms", samples}}},
        {"metrics",
         {{"median_ms", ms},
          {"gflops", gflops},
          {"bandwidth_gbs", gflops / 170},
          {"intensity", 170.7},
          {"pct_peak_flops", gflops / 1.17},
          {"pct_roofline", gflops / 1.17},
          {"spread_pct", 2.0}}},
        {"timings", {{"compile_ms", 300}, {"check_ms", 50}, {"bench_ms", 400}}},
        {"bottleneck",
         {{"class", id % 3 ? "underutilized" : "compute-bound"}, {"why", "synthetic"}}},
        {"calibration", {{"peak_gflops", 117.5}, {"peak_gbs", 25.7}}}};
}

long residentKb()
{
    QFile f(u"/proc/self/status"_s);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').front().toLong();
    }
    return -1;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const int count = argc > 1 ? std::atoi(argv[1]) : 2000;
    QTemporaryDir tmp;
    const QString sessionDir = tmp.path() + u"/big"_s;
    const QString workloadPath =
        QStringLiteral(KWB_SOURCE_DIR "/examples/matmul-cpu/workload.json");
    {
        LoadedWorkload loaded = loadWorkloadAndTarget(workloadPath);
        QString error;
        auto store = SessionStore::create(sessionDir, *loaded.workload, *loaded.target, &error);
        if (!store) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        QRandomGenerator rng(7);
        std::vector<QString> hashes;
        for (int i = 0; i < 64;
             ++i) { // 64 distinct kernels shared by the candidates, 300–2,000 lines
            const QString src = kernel(300 + int(rng.bounded(1700)), i);
            hashes.push_back(SessionStore::sourceHash(src));
            store->storeKernel(hashes.back(), src, u"cpp"_s, &error);
        }
        double best = 3000;
        for (int id = 1; id <= count; ++id) {
            ExperimentRecord r;
            r.id = id;
            r.round = id - 1;
            r.parent = id > 1 ? std::optional<int>(std::max(1, id - 1 - int(rng.bounded(3))))
                              : std::nullopt;
            r.origin = id == 1 ? Origin::Human : Origin::Search;
            r.sourceHash = hashes[size_t(id % 64)];
            const double ms = id == 1 ? 3000 : 35 + rng.bounded(40.0);
            r.decision =
                ms < best ? Verdict::Kept : (id % 11 == 0 ? Verdict::Failed : Verdict::Discarded);
            best = std::min(best, ms);
            r.cause = u"synthetic"_s;
            r.plan = u"BM 64→32, BK 128→64 (synthetic "_s + QString::number(id) + u')';
            r.knobs = Json{{"BM", 32}, {"BN", 256}, {"BK", 64}};
            r.result = r.decision == Verdict::Failed
                           ? Json{{"schema", "kwb.result/1"},
                                  {"compiled", false},
                                  {"correct", nullptr},
                                  {"failure", {{"class", "compile"}, {"message", "synthetic"}}}}
                           : resultFor(ms, id);
            store->append(r, &error);
            store->appendReflection(Json{{"candidate", id},
                                         {"outcome", ss(verdictWord(r.decision))},
                                         {"tried", ss(r.plan)},
                                         {"lesson", "synthetic lesson"},
                                         {"avoid", Json::array()},
                                         {"try", Json::array()}},
                                    &error);
        }
        // Two 5,000-line kernels, the second a tuned edit of the first.
        QString big = kernel(5000, 1), tuned = big;
        for (int i = 0; i < 5000; i += 97)
            tuned.replace(u"// step "_s + QString::number(i) + u'\n',
                          u"// step "_s + QString::number(i) + u" (unrolled)\n"_s);
        for (int k = 0; k < 2; ++k) {
            const QString &src = k ? tuned : big;
            ExperimentRecord r;
            r.id = count + 1 + k;
            r.round = r.id - 1;
            r.parent = k ? std::optional<int>(count + 1) : std::optional<int>(1);
            r.origin = Origin::Search;
            r.sourceHash = SessionStore::sourceHash(src);
            store->storeKernel(r.sourceHash, src, u"cpp"_s, &error);
            r.decision = Verdict::Discarded;
            r.plan = u"5,000-line kernel"_s;
            r.result = resultFor(40, r.id);
            store->append(r, &error);
        }
    }

    // Open to first paint.
    QElapsedTimer t;
    t.start();
    MainWindow window;
    bool painted = false;
    struct PaintWatch : QObject
    {
        bool *flag;
        bool eventFilter(QObject *, QEvent *e) override
        {
            if (e->type() == QEvent::Paint)
                *flag = true;
            return false;
        }
    } watch;
    watch.flag = &painted;
    window.timeline()->viewport()->installEventFilter(&watch);
    if (!window.openSession(sessionDir)) {
        std::fprintf(stderr, "%s\n", qPrintable(window.errorText()));
        return 1;
    }
    window.show();
    while (!painted && t.elapsed() < 30'000)
        QApplication::processEvents();
    const double openMs = double(t.nsecsElapsed()) / 1e6;

    // Selecting a candidate: the window's first paint (the texts, the
    // table, the timeline, the bars), then the diff's marks when the worker
    // thread delivers them.
    auto select = [&](int id, double *firstPaintMs, double *diffMs) {
        QApplication::processEvents();
        QSignalSpy shown(window.diffView(), &DiffView::diffShown);
        QElapsedTimer clock;
        clock.start();
        window.selectCandidate(id);
        window.repaint();
        *firstPaintMs = double(clock.nsecsElapsed()) / 1e6;
        if (window.diffView()->diffPending() && shown.isEmpty())
            shown.wait(30'000);
        window.diffView()->repaint();
        *diffMs = double(clock.nsecsElapsed()) / 1e6;
    };
    double bigPaintMs = 0, bigDiffMs = 0, typicalPaintMs = 0, typicalDiffMs = 0;
    select(count + 2, &bigPaintMs, &bigDiffMs);         // 5,000 lines, a tuned edit
    select(count / 2, &typicalPaintMs, &typicalDiffMs); // 700 against 1,700 unrelated lines
    std::vector<double> paints, diffs;
    for (int i = 0; i < 20; ++i) {
        double paint = 0, diffShown = 0;
        select(37 + i * (count / 21), &paint, &diffShown);
        paints.push_back(paint);
        diffs.push_back(diffShown);
    }
    std::sort(paints.begin(), paints.end());
    std::sort(diffs.begin(), diffs.end());
    {
        const ExperimentRecord *r = window.workbench()->candidates()->recordById(count / 2);
        const QString a = window.workbench()->sourceOf(r->parent.value_or(0)),
                      b = window.workbench()->sourceOf(r->id);
        t.restart();
        const LineDiff d = LineDiff::compute(a, b);
        std::fprintf(stderr,
                     "  (the unrelated pair's line diff, on the worker: %.1f ms for %lld and %lld "
                     "lines, %d changed rows)\n",
                     double(t.nsecsElapsed()) / 1e6, qlonglong(d.leftLines().size()),
                     qlonglong(d.rightLines().size()), d.changedRows());
    }

    // One new candidate at a time: the model grows, every view follows, the
    // chart redraws at the next turn (median of 21).
    ExperimentRecord extra = *window.workbench()->candidates()->recordAt(11); // #12, a timed one
    extra.id = count + 2;
    std::vector<double> windowTimes;
    for (int i = 0; i < 21; ++i) {
        extra.id += 1;
        const int before = window.chart()->pointCount();
        t.restart();
        window.workbench()->candidates()->append(extra);
        while (window.chart()->pointCount() == before && t.elapsed() < 5000)
            QApplication::processEvents();
        QApplication::processEvents();
        window.chart()->viewport()->repaint();
        windowTimes.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(windowTimes.begin(), windowTimes.end());
    const double chartMs = windowTimes[windowTimes.size() / 2];

    if (qEnvironmentVariableIsSet("KWB_BENCH_REPEAT")) { // for profiling the window's reaction
        for (int i = 0; i < 300; ++i) {
            extra.id += 1;
            const int b0 = window.chart()->pointCount();
            window.workbench()->candidates()->append(extra);
            while (window.chart()->pointCount() == b0)
                QApplication::processEvents();
        }
        return 0;
    }
    // The chart alone, shown, on the same 2,000 candidates: the cost of its
    // own update for one more (median of 50).
    CandidateModel model;
    std::vector<ExperimentRecord> all(window.workbench()->session().experiments());
    model.reset(all, window.workbench()->workload().goal.metric);
    MetricChart alone;
    alone.resize(480, 320);
    alone.setModel(&model, u"gflops"_s, 60, true);
    alone.show();
    QApplication::processEvents();
    std::vector<double> times;
    for (int i = 0; i < 50; ++i) {
        extra.id += 1;
        const int b0 = alone.pointCount();
        QElapsedTimer one;
        one.start();
        model.append(extra);
        while (alone.pointCount() == b0)
            QApplication::processEvents();
        QApplication::processEvents(); // the scene's own deferred update
        alone.viewport()->repaint();
        times.push_back(double(one.nsecsElapsed()) / 1e6);
    }
    std::sort(times.begin(), times.end());
    const double chartAloneMs = times[times.size() / 2];
    const long rss = residentKb();
    std::printf("session: %d candidates, kernels of 300-2,000 lines, two of 5,000 lines\n",
                count + 2);
    std::printf("open to first paint          %8.1f ms   (goal <= 1000 ms)\n", openMs);
    std::printf("select -> first paint, 5,000-line pair       %8.1f ms   (goal <= 50 ms)\n",
                bigPaintMs);
    std::printf("select -> diff shown, 5,000-line pair        %8.1f ms\n", bigDiffMs);
    std::printf("select -> first paint, unrelated 700/1,700   %8.1f ms   (goal <= 50 ms)\n",
                typicalPaintMs);
    std::printf("select -> diff shown, unrelated 700/1,700    %8.1f ms\n", typicalDiffMs);
    std::printf("select -> first paint, 20 more: median %.1f, worst %.1f ms   (goal <= 50 ms)\n",
                paints[paints.size() / 2], paints.back());
    std::printf("select -> diff shown, 20 more: median %.1f, worst %.1f ms\n",
                diffs[diffs.size() / 2], diffs.back());
    std::printf(
        "chart update, one candidate   %8.1f ms   (goal <= 16 ms; the chart alone, median of 50)\n",
        chartAloneMs);
    std::printf(
        "whole window, one candidate   %8.1f ms   (model, table, timeline, charts; median of 21)\n",
        chartMs);
    std::printf("resident memory               %8.1f MB   (goal <= 300 MB)\n", double(rss) / 1024);
    return 0;
}
