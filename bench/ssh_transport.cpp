// Per-evaluation transport cost on loopback: upload a 20 KB source, run a
// trivial command, read a 4 KB result. kwb's persistent libssh session
// against spawning scp then ssh for every step, as script-driven agents do.
// Side by side in one run; starts its own sshd (tests/sshd/sshd.sh).
//
//   build/bench/kwb_bench_ssh [iterations]
#include "loopbacksshd.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <cstdio>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int n = argc > 1 ? std::atoi(argv[1]) : 50;
    QTemporaryDir tmp;
    const bench::LoopbackSshd sshd(tmp.path() + u"/sshd"_s);
    if (!sshd.ok()) {
        std::fprintf(stderr, "cannot start sshd\n");
        return 1;
    }
    const QString port = QString::number(sshd.port);
    const QString user = sshd.user();

    QByteArray source(20 * 1024, 'x');
    QByteArray result(4 * 1024, 'r');
    const QString remote = tmp.path() + u"/remote"_s;
    QFile src(tmp.path() + u"/kernel.cpp"_s);
    src.open(QIODevice::WriteOnly);
    src.write(source);
    src.close();

    // kwb: one connection, reused.
    SshConnection c(sshd.target(), sshd.options());
    c.wait(c.makePath(remote), 30'000);
    c.wait(c.upload(result, remote + u"/result.json"_s), 30'000);
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < n; ++i) {
        c.wait(c.upload(source, remote + u"/kernel.cpp"_s), 30'000);
        const SshResult r = c.wait(c.exec({u"cat"_s, remote + u"/result.json"_s}, 30'000), 30'000);
        if (r.output.size() != result.size()) {
            std::fprintf(stderr, "kwb: unexpected result (%s)\n", qPrintable(r.error));
            return 1;
        }
    }
    const double kwbMs = double(t.nsecsElapsed()) / 1e6 / n;

    // scp, then ssh, per evaluation.
    const QStringList common = {u"-i"_s, sshd.clientKey(),
                                u"-o"_s, u"UserKnownHostsFile="_s + sshd.knownHosts(),
                                u"-o"_s, u"StrictHostKeyChecking=yes"_s,
                                u"-o"_s, u"BatchMode=yes"_s};
    t.restart();
    for (int i = 0; i < n; ++i) {
        QProcess scp, ssh;
        scp.start(u"scp"_s, QStringList(common)
                                << u"-q"_s << u"-P"_s << port << src.fileName()
                                << user + u"@127.0.0.1:"_s + remote + u"/kernel.cpp"_s);
        scp.waitForFinished(30'000);
        ssh.start(u"ssh"_s, QStringList(common) << u"-p"_s << port << user + u"@127.0.0.1"_s
                                                << u"cat"_s << remote + u"/result.json"_s);
        ssh.waitForFinished(30'000);
        if (ssh.readAllStandardOutput().size() != result.size()) {
            std::fprintf(stderr, "ssh: unexpected result: %s\n",
                         ssh.readAllStandardError().constData());
            return 1;
        }
    }
    const double spawnMs = double(t.nsecsElapsed()) / 1e6 / n;

    std::printf(
        "per evaluation (upload 20 KB, run a command, read 4 KB), %d iterations on loopback:\n", n);
    std::printf("  kwb, one persistent libssh session   %8.2f ms\n", kwbMs);
    std::printf("  scp + ssh spawned per step           %8.2f ms\n", spawnMs);
    std::printf("  kwb is %.1fx cheaper (goal >= 10x)\n", spawnMs / kwbMs);
    return 0;
}
