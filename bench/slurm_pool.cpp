// Evaluations as Slurm jobs: a private cluster of 4 one-CPU nodes on
// loopback (tests/slurm/slurm.sh: munged, slurmctld, 4 slurmd) and a harness
// that takes 0.5 s (pool/targets/sleepy). Side by side in one run:
//  - throughput on 1 node against 4 nodes, with the same number of jobs in
//    the queue (slots);
//  - what one evaluation costs over its 0.5 s when they run one at a time,
//    on a Slurm node and on an SSH host (a loopback sshd);
// each as job arrays and as steps in a kept allocation (allocation=N), with
// Slurm's default scheduler and with batch_sched_delay=0.
//
//   bench/slurm_pool.sh [evaluations (default 32)]
#include "loop/evalbackend.h"
#include "loopbacksshd.h"
#include "poolrun.h"
#include "remote/evalhost.h"
#include "remote/remotecommand.h"
#include "workload/workload.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <cstdio>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

struct LoopbackCluster
{
    QString dir;
    bool ok = false;

    LoopbackCluster(const QString &folder, int nodes) : dir(folder)
    {
        ok = QProcess::execute(u"bash"_s, {script(), u"start"_s, dir, QString::number(nodes)}) ==
                 0 &&
             QFile::exists(dir + u"/slurm.conf"_s);
        if (ok)
            qputenv("SLURM_CONF", (dir + u"/slurm.conf"_s).toUtf8());
    }
    ~LoopbackCluster() { QProcess::execute(u"bash"_s, {script(), u"stop"_s, dir}); }
    LoopbackCluster(const LoopbackCluster &) = delete;
    LoopbackCluster &operator=(const LoopbackCluster &) = delete;
    static QString script() { return QStringLiteral(KWB_SOURCE_DIR "/tests/slurm/slurm.sh"); }
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int n = argc > 1 ? std::max(4, std::atoi(argv[1])) : 32;
    const int slots = qEnvironmentVariableIsSet("KWB_SLURM_JOBS")
                          ? std::max(1, qEnvironmentVariableIntValue("KWB_SLURM_JOBS"))
                          : 8;
    const LoadedWorkload loaded = bench::loadSleepyWorkload();
    if (!loaded.ok())
        return 1;
    QTemporaryDir tmp;
    bench::LoopbackSshd sshd(tmp.path() + u"/sshd"_s);
    if (!sshd.ok())
        return 1;
    SshConnection ssh(sshd.target(), sshd.options());
    ssh.wait(ssh.connectToHost(), 30'000);

    int round = 0;
    // n evaluations on a Slurm host (slurm://local?QUERY) with `jobs` slots;
    // the host goes afterwards, and with it an allocation it kept.
    auto onSlurm = [&](const QString &query, int jobs, int count) {
        QString error;
        const std::unique_ptr<EvalHost> host =
            makeHost(u"slurm://local?"_s + query, u"bench"_s, {}, &error);
        if (!host)
            qFatal("%s", qPrintable(error));
        PoolHost h;
        h.name = host->spec;
        h.runnerFactory = host->runnerFactory();
        h.workRoot = tmp.path() + u"/slurm-"_s + QString::number(++round);
        h.slots = jobs;
        return bench::runPool(loaded, {h}, tmp.path() + u"/unused-"_s + QString::number(round),
                              count);
    };
    auto sshPool = [&] {
        PoolHost h;
        h.name = ssh.target().toString();
        h.workRoot = tmp.path() + u"/ssh-local-"_s + QString::number(++round);
        auto mirror = std::make_shared<RemoteMirror>();
        const QString remoteRoot = tmp.path() + u"/ssh-remote-"_s + QString::number(round);
        h.runnerFactory = [c = &ssh, remoteRoot, mirror](QObject *parent) {
            return new RemoteCommand(c, remoteRoot, mirror, parent);
        };
        return std::vector<PoolHost>{h};
    };
    auto unused = [&]() -> QString { return tmp.path() + u"/unused-"_s + QString::number(round); };

    bench::runPool(loaded, sshPool(), unused(), 2); // warm-up: the shell, the harness
    const int m = std::max(4, n / 4);
    const bench::PoolFigures sshSerial = bench::runPool(loaded, sshPool(), unused(), m);
    int failed = sshSerial.failed;
    std::printf("%d evaluations, a harness that takes 0.5 s, %d jobs in the queue "
                "(KWB_SLURM_JOBS), one CPU per node, polled every %s ms; then %d one at a "
                "time (SSH host: %.0f ms each, %+.0f ms over the harness)\n",
                n, slots,
                qEnvironmentVariableIsSet("KWB_SLURM_POLL_MS")
                    ? qPrintable(qEnvironmentVariable("KWB_SLURM_POLL_MS"))
                    : "500",
                m, sshSerial.meanMs, sshSerial.meanMs - 500);

    // Slurm's own scheduling cadence dominates what a job costs: measured
    // with its defaults and with the high-throughput setting its guide gives.
    const struct
    {
        const char *label;
        const char *parameters;
    } schedulers[] = {{"Slurm's default scheduler (batch_sched_delay=3)", ""},
                      {"high-throughput scheduler (batch_sched_delay=0)", "batch_sched_delay=0"}};
    for (const auto &scheduler : schedulers) {
        qputenv("SLURM_SCHEDULER_PARAMETERS", scheduler.parameters);
        LoopbackCluster cluster(tmp.path() + u"/cluster-"_s + QString::number(++round), 4);
        if (!cluster.ok) {
            std::fprintf(stderr, "no test cluster (apt-get install slurmctld slurmd slurm-client "
                                 "munge); nothing measured\n");
            return 1;
        }
        // Warm-up: the first job on each node pays for caches.
        onSlurm(u"partition=debug"_s, 4, 4);
        std::printf("%s:\n", scheduler.label);
        const struct
        {
            const char *label;
            QString one, four; ///< the host's query on 1 node and on 4
        } modes[] = {{"job arrays", u"partition=one"_s, u"partition=debug"_s},
                     {"steps in a kept allocation", u"partition=one&allocation=1"_s,
                      u"partition=debug&allocation=4"_s}};
        for (const auto &mode : modes) {
            const bench::PoolFigures one = onSlurm(mode.one, slots, n);
            const bench::PoolFigures four = onSlurm(mode.four, slots, n);
            const bench::PoolFigures serial = onSlurm(mode.one, 1, m);
            std::printf("  %s:\n", mode.label);
            std::printf("    1 node    %6.2f evaluations/s\n", one.perSecond);
            std::printf("    4 nodes   %6.2f evaluations/s   %.2fx the single node (goal >= "
                        "3.5x)\n",
                        four.perSecond, four.perSecond / one.perSecond);
            std::printf("    one at a time: %.0f ms each, %+.0f ms over the harness, %+.0f ms "
                        "over the SSH host\n",
                        serial.meanMs, serial.meanMs - 500, serial.meanMs - sshSerial.meanMs);
            failed += one.failed + four.failed + serial.failed;
        }
    }
    if (failed)
        std::printf("%d evaluations failed (see above): the figures are not clean\n", failed);
    return failed ? 1 : 0;
}
