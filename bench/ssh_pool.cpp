// Throughput of a pool of SSH hosts: 4 sshd on loopback and a harness that
// takes 0.5 s per evaluation, against a single host, side by side. Each host
// has one slot, as an accelerator would.
//
//   bench/ssh_pool.sh [evaluations]
#include "loop/evalbackend.h"
#include "loopbacksshd.h"
#include "remote/remotecommand.h"
#include "workload/workload.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <cstdio>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int n = argc > 1 ? std::atoi(argv[1]) : 48;
    qputenv("KWB_TARGETS_DIR", KWB_SOURCE_DIR "/bench/pool/targets");
    LoadedWorkload loaded =
        loadWorkloadAndTarget(QStringLiteral(KWB_SOURCE_DIR "/bench/pool/workload.json"));
    if (!loaded.ok()) {
        for (const Diagnostic &d : loaded.errors)
            std::fprintf(stderr, "%s\n", qPrintable(d.toString()));
        return 1;
    }
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
        PoolEvalBackend backend(*loaded.workload, *loaded.target, Calibration{},
                                tmp.path() + u"/unused"_s, 1);
        backend.setHosts(std::move(pool));
        // Keep every slot busy until n evaluations are done.
        int started = 0, done = 0, failed = 0;
        QEventLoop loop;
        auto next = [&] {
            Candidate c;
            c.source = u"// candidate "_s + QString::number(started) + u"\n"_s;
            backend.start(++started, c);
        };
        QObject::connect(&backend, &EvalBackend::finished, &loop, [&](int, const EvalOutcome &o) {
            failed += o.infra ? 1 : 0;
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
        if (failed)
            std::fprintf(stderr, "%d evaluations failed on the host\n", failed);
        return double(n) / (double(t.elapsed()) / 1000.0);
    };
    const double one = run(1);
    const double four = run(4);
    std::printf("%d evaluations, a harness that takes 0.5 s, one slot per host:\n", n);
    std::printf("  1 host    %6.2f evaluations/s\n", one);
    std::printf("  4 hosts   %6.2f evaluations/s\n", four);
    std::printf("  %.2fx the single-host throughput (goal >= 3.6x)\n", four / one);
    return 0;
}
