// Throughput of a pool of SSH hosts: 4 sshd on loopback and a harness that
// takes 0.5 s per evaluation, against a single host, side by side. Each host
// has one slot, as an accelerator would.
//
//   bench/ssh_pool.sh [evaluations]
#include "loop/evalbackend.h"
#include "loopbacksshd.h"
#include "poolrun.h"
#include "remote/remotecommand.h"
#include "workload/workload.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>
#include <cstdio>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int n = argc > 1 ? std::atoi(argv[1]) : 48;
    const LoadedWorkload loaded = bench::loadSleepyWorkload();
    if (!loaded.ok())
        return 1;
    QTemporaryDir tmp;
    std::vector<std::unique_ptr<bench::LoopbackSshd>> servers;
    std::vector<std::unique_ptr<SshConnection>> connections;
    for (int i = 0; i < 4; ++i) {
        servers.push_back(
            std::make_unique<bench::LoopbackSshd>(tmp.path() + u"/sshd"_s + QString::number(i)));
        if (!servers.back()->ok())
            return 1;
        connections.push_back(
            std::make_unique<SshConnection>(servers.back()->target(), servers.back()->options()));
        connections.back()->wait(connections.back()->connectToHost(), 30'000);
    }
    auto run = [&](int hosts) {
        std::vector<PoolHost> pool;
        for (int i = 0; i < hosts; ++i) {
            PoolHost h;
            h.name = connections[size_t(i)]->target().toString();
            h.workRoot =
                tmp.path() + u"/local-"_s + QString::number(hosts) + u'-' + QString::number(i);
            auto mirror = std::make_shared<RemoteMirror>();
            const QString remoteRoot =
                tmp.path() + u"/remote-"_s + QString::number(hosts) + u'-' + QString::number(i);
            SshConnection *c = connections[size_t(i)].get();
            h.runnerFactory = [c, remoteRoot, mirror](QObject *parent) {
                return new RemoteCommand(c, remoteRoot, mirror, parent);
            };
            pool.push_back(std::move(h));
        }
        const bench::PoolFigures f =
            bench::runPool(loaded, std::move(pool), tmp.path() + u"/unused"_s, n);
        if (f.failed)
            std::fprintf(stderr, "%d evaluations failed on the host\n", f.failed);
        return f.perSecond;
    };
    const double one = run(1);
    const double four = run(4);
    std::printf("%d evaluations, a harness that takes 0.5 s, one slot per host:\n", n);
    std::printf("  1 host    %6.2f evaluations/s\n", one);
    std::printf("  4 hosts   %6.2f evaluations/s\n", four);
    std::printf("  %.2fx the single-host throughput (goal >= 3.6x)\n", four / one);
    return 0;
}
