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
        if (!host->isLocal())
            out(u"  ✓ "_s + Kwb::tr("reachable and authenticated (%1 ms)").arg(host->connectMs) +
                u'\n');
        for (const Prerequisite &q : target.prerequisites) {
            bool ok = false;
            QString detail;
            if (host->isLocal()) {
                QProcess proc;
                proc.start(q.command.front(), q.command.mid(1));
                ok = proc.waitForFinished(30'000) && proc.exitStatus() == QProcess::NormalExit &&
                     proc.exitCode() == 0;
                detail =
                    QString::fromUtf8(proc.readAllStandardOutput()).section(u'\n', 0, 0).trimmed();
            } else {
                const SshResult r =
                    host->connection->wait(host->connection->exec(q.command, 30'000), 60'000);
                ok = r.ok && r.exitStatus == 0;
                detail =
                    r.ok ? QString::fromUtf8(r.output).section(u'\n', 0, 0).trimmed() : r.error;
            }
            allGood = allGood && ok;
            out(u"  "_s + (ok ? u"✓ "_s : u"✗ "_s) + q.name +
                (detail.isEmpty() ? QString() : u": "_s + detail.left(80)) +
                (ok || q.hint.isEmpty() ? QString() : u" — "_s + q.hint) + u'\n');
        }
    }
    out((allGood ? Kwb::tr("all hosts ready for %1").arg(target.id)
                 : Kwb::tr("some hosts are not ready (see ✗ above)")) +
        u'\n');
    return allGood ? ExitOk : ExitInfra;
}

} // namespace kwb::cli
