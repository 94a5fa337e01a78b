// Engine overhead: 1,000 candidates through the real loop (planner, gate,
// decisions, session records with fsync, memory, reflexions) against a
// target that answers instantly, so all the time measured is the engine's.
//
//   build/bench/kwb_bench_loop [candidates] [strategy]
#include "loop/evalbackend.h"
#include "loop/loop.h"
#include "planning/planner.h"
#include "targets/targetprofile.h"
#include "workload/workload.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <cmath>
#include <cstdio>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

void write(const QString &path, const QByteArray &text)
{
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(text);
}

EvalOutcome instant(const Candidate &c, const EvalVariant &)
{
    const double a = c.knobs.value("A", 20.0), b = c.knobs.value("B", 20.0);
    const double ms = 1.0 + 0.01 * ((a - 17) * (a - 17) + (b - 9) * (b - 9));
    EvalOutcome o;
    o.result.compiled = true;
    o.result.correct = true;
    o.result.stage = u"bench"_s;
    Latency l;
    l.medianMs = ms;
    l.minMs = l.q1Ms = ms * 0.995;
    l.q3Ms = l.p90Ms = ms * 1.005;
    o.result.latency = l;
    o.result.document = Json{{"schema", "kwb.result/1"},
                             {"stage", "bench"},
                             {"compiled", true},
                             {"correct", true},
                             {"failure", Json()},
                             {"latency",
                              {{"median_ms", ms},
                               {"min_ms", l.minMs},
                               {"q1_ms", l.q1Ms},
                               {"q3_ms", l.q3Ms},
                               {"p90_ms", l.p90Ms}}},
                             {"metrics", {{"median_ms", ms}}},
                             {"bottleneck", {{"class", "underutilized"}, {"why", ""}}}};
    return o;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int candidates = argc > 1 ? std::atoi(argv[1]) : 1000;
    const QString strategy = argc > 2 ? QString::fromLocal8Bit(argv[2]) : u"random"_s;
    QTemporaryDir dir;
    write(dir.path() + u"/k.cpp"_s, "// kernel\n");
    write(dir.path() + u"/t.cpp"_s, "// template\n");
    write(dir.path() + u"/workload.json"_s, R"({
      "name": "overhead", "target": "cpu-cxx", "kernel": "k.cpp", "template": "t.cpp", "reference": "k.cpp",
      "entry": {"kernel": "f", "reference": "g"},
      "inputs": {"x": {"shape": [4], "dtype": "f32"}}, "outputs": {"y": {"shape": [4], "dtype": "f32"}},
      "hosts": ["local"], "goal": {"metric": "median_ms", "target": 0.001, "direction": "min"}, "rounds": 100000,
      "knobs": {"A": {"range": [1, 48]}, "B": {"range": [1, 48]}}, "constraints": ["A + B <= 80"]})");
    Diagnostic d;
    const auto target = TargetRegistry::load(u"cpu-cxx"_s, &d);
    WorkloadLoad l = loadWorkload(dir.path() + u"/workload.json"_s, &*target);
    if (!l.workload) {
        std::fprintf(stderr, "%s\n", qPrintable(l.message()));
        return 1;
    }
    QString error;
    auto session = SessionStore::create(dir.path() + u"/session"_s, *l.workload, *target, &error);
    SearchPlanner planner(*l.workload, *target, *parseStrategy(strategy), 1);
    FunctionEvalBackend backend(instant, 1);
    LoopOptions options;
    options.maxEvals = candidates;
    options.plateauRounds = 1'000'000;
    options.retryDelayMs = 0;
    OptimizationLoop loop(*l.workload, *session, planner, backend, options);
    QEventLoop events;
    QObject::connect(&loop, &OptimizationLoop::finished, &events, &QEventLoop::quit);
    QElapsedTimer clock;
    clock.start();
    loop.start();
    events.exec();
    const double ms = double(clock.nsecsElapsed()) / 1e6;
    const int n = loop.evaluationsThisRun();
    std::printf("%d candidates (%s search, %zu records, memory + reflexions + fsync'd records): "
                "%.0f ms total, "
                "%.3f ms per candidate\n",
                n, qPrintable(strategy), session->experiments().size(), ms, ms / std::max(1, n));
    return 0;
}
