// kwb hosts check: is every host of a workload reachable, authenticated and
// equipped for its target?

#include "cli.h"
#include "kwbtr.h"

#include <QCommandLineParser>
#include <QProcess>

namespace kwb::cli {

using namespace Qt::Literals::StringLiterals;

int cmdHosts(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Kwb::tr(
        "kwb hosts check WORKLOAD: for every host of the workload (or each --host), whether it is "
        "reachable, "
        "authenticated and has what the target needs, and what to do about what is missing."));
    p.addPositionalArgument(u"check"_s, Kwb::tr("the only action so far"));
    p.addPositionalArgument(u"workload"_s, u"workload.json"_s);
    p.addOption({u"host"_s, Kwb::tr("Check this host instead (repeatable)."), u"HOST"_s});
    addHostOptions(p);
    int exit = ExitOk;
    if (!parseOrFail(p, args, u"kwb hosts"_s, &exit))
        return exit;
    const QStringList pos = p.positionalArguments();
    if (pos.size() != 2 || pos[0] != u"check"_s) {
        err(u"kwb hosts: "_s + Kwb::tr("usage: kwb hosts check WORKLOAD [--host HOST]…"));
        return ExitUsage;
    }
    auto loaded = loadAll(pos[1]);
    if (!loaded)
        return ExitUsage;
    const Workload &w = loaded->workload;
    const TargetProfile &target = loaded->target;
    const QStringList specs = p.isSet(u"host"_s) ? p.values(u"host"_s) : w.hosts;
    bool allGood = true;
    for (const QString &spec : specs) {
        out(spec + u'\n');
        std::unique_ptr<Host> host = openHost(spec, w, p, u"  ✗"_s);
        if (!host) {
            allGood = false;
            continue;
        }
        if (host->connection)
            out(u"  ✓ "_s + Kwb::tr("reachable and authenticated (%1 ms)").arg(host->connectMs) +
                u'\n');
        // A command on the host (the login node of a cluster): ok, and the
        // first line it printed or what went wrong.
        auto run = [&host](const QStringList &argv, QString *detail) {
            if (!host->connection) {
                QProcess proc;
                proc.start(argv.front(), argv.mid(1));
                const bool ok = proc.waitForFinished(120'000) &&
                                proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0;
                *detail =
                    QString::fromUtf8(proc.readAllStandardOutput()).section(u'\n', 0, 0).trimmed();
                return ok;
            }
            const SshResult r =
                host->connection->wait(host->connection->exec(argv, 120'000), 150'000);
            *detail = r.ok ? QString::fromUtf8(r.output).section(u'\n', 0, 0).trimmed() : r.error;
            return r.ok && r.exitStatus == 0;
        };
        auto report = [&allGood](bool ok, const QString &what, const QString &detail,
                                 const QString &hint) {
            allGood = allGood && ok;
            out(u"  "_s + (ok ? u"✓ "_s : u"✗ "_s) + what +
                (detail.isEmpty() ? QString() : u": "_s + detail.left(80)) +
                (ok || hint.isEmpty() ? QString() : u" — "_s + hint) + u'\n');
        };
        bool slurmReady = true;
        if (host->slurm) {
            for (const SlurmSpec::Check &c : host->slurm->checks()) {
                QString detail;
                const bool ok = run(c.argv, &detail);
                report(ok, c.what, detail, c.failure);
                slurmReady = slurmReady && ok;
            }
            if (!slurmReady) // the target's tools are asked on a compute node: none to ask
                continue;
        }
        for (const Prerequisite &q : target.prerequisites) {
            QString detail;
            // On a cluster, what the target needs is asked of a compute node.
            const bool ok =
                run(host->slurm ? host->slurm->onComputeNode(q.command) : q.command, &detail);
            report(ok, host->slurm ? q.name + Kwb::tr(" (on a compute node)") : q.name, detail,
                   q.hint);
        }
    }
    out((allGood ? Kwb::tr("all hosts ready for %1").arg(target.id)
                 : Kwb::tr("some hosts are not ready (see ✗ above)")) +
        u'\n');
    return allGood ? ExitOk : ExitInfra;
}

} // namespace kwb::cli
