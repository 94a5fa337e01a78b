// kwb hosts check: is every host of a workload reachable, authenticated and
// equipped for its target?

#include "cli.h"
#include "kwbtr.h"
#include "remote/hostcheck.h"

#include <QCommandLineParser>
#include <QEventLoop>

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
            out(HostCheck::reachableLine(host->connectMs) + u'\n');
        // The questions and their answers are core's (remote/hostcheck.h);
        // this prints them as they come.
        HostCheck check(*host, target);
        QObject::connect(&check, &HostCheck::answered,
                         [](const HostCheckAnswer &a) { out(a.line() + u'\n'); });
        QEventLoop loop;
        bool done = false; // start() finishes at once when there is nothing to ask
        QObject::connect(&check, &HostCheck::finished, &loop, [&] {
            done = true;
            loop.quit();
        });
        check.start();
        if (!done)
            loop.exec();
        allGood = allGood && check.allOk();
    }
    out(HostCheck::summaryLine(allGood, target.id) + u'\n');
    return allGood ? ExitOk : ExitInfra;
}

} // namespace kwb::cli
