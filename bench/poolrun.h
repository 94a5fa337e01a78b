#pragma once
// Keeps every slot of a pool busy until n evaluations of the sleepy workload
// (bench/pool) are done, and says how fast that went. The SSH and Slurm pool
// benchmarks share it.

#include "loop/evalbackend.h"
#include "workload/workload.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <cstdio>

namespace kwb::bench {

struct PoolFigures
{
    double perSecond = 0; ///< evaluations per second
    double meanMs = 0;    ///< wall time per evaluation
    int failed = 0;       ///< infrastructure failures (each printed)
};

/// bench/pool/workload.json with its sleepy target; errors go to stderr.
inline LoadedWorkload loadSleepyWorkload()
{
    qputenv("KWB_TARGETS_DIR", KWB_SOURCE_DIR "/bench/pool/targets");
    LoadedWorkload loaded =
        loadWorkloadAndTarget(QStringLiteral(KWB_SOURCE_DIR "/bench/pool/workload.json"));
    for (const Diagnostic &d : loaded.errors)
        std::fprintf(stderr, "%s\n", qPrintable(d.toString()));
    return loaded;
}

inline PoolFigures runPool(const LoadedWorkload &loaded, std::vector<PoolHost> pool,
                           const QString &unusedDir, int n)
{
    PoolEvalBackend backend(*loaded.workload, *loaded.target, Calibration{}, unusedDir, 1);
    backend.setHosts(std::move(pool));
    int started = 0, done = 0;
    PoolFigures f;
    QEventLoop loop;
    auto next = [&] {
        Candidate c;
        c.source = QStringLiteral("// candidate %1 of %2\n").arg(started).arg(unusedDir);
        backend.start(++started, c);
    };
    QObject::connect(&backend, &EvalBackend::finished, &loop, [&](int, const EvalOutcome &o) {
        if (o.infra) {
            ++f.failed;
            std::fprintf(stderr, "  failed: %s\n", qPrintable(o.infraMessage));
        }
        if (++done == n)
            loop.quit();
        else if (started < n)
            next();
    });
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < std::min(n, backend.slotCount()); ++i)
        next();
    loop.exec();
    f.perSecond = double(n) / (double(t.elapsed()) / 1000.0);
    f.meanMs = double(t.elapsed()) / n;
    return f;
}

} // namespace kwb::bench
