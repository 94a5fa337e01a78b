// kwb: the headless face of Kernel Workbench. Thin by design: everything it
// does is a call into core, so the GUI and the tests do the same things.

#include "cli.h"
#include "eval/calibration.h"
#include "kwbtr.h"
#include "report.h"
#include "run/evaluation.h"
#include "session/htmlreport.h"
#include "targets/targetprofile.h"
#include "util/contractreader.h"
#include "util/language.h"
#include "util/version.h"
#include "workload/workload.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QStandardPaths>
#include <cstdio>

using namespace kwb;
using namespace kwb::cli;
using namespace Qt::Literals::StringLiterals;

namespace {

QString versionText()
{
    return versionLine(u"kwb"_s);
}

QString usage()
{
    return Kwb::tr(
        "usage: kwb COMMAND [options]\n"
        "\n"
        "Commands:\n"
        "  run WORKLOAD --session DIR\n"
        "                     run the optimization loop (built-in knob search); run\n"
        "                     again with --session DIR alone to resume\n"
        "  report DIR         list a session's candidates (--csv, --json)\n"
        "  export DIR         a session's knob measurements as a Kernel Tuner cache file\n"
        "  import CACHE --session DIR [WORKLOAD]\n"
        "                     add a Kernel Tuner cache file's measurements to a session\n"
        "  simulate RECORDING [--restrict EXPR]... [--space FILE]\n"
        "  simulate WORKLOAD --cache FILE\n"
        "                     replay the search strategies against a recorded space\n"
        "  hosts check WORKLOAD\n"
        "                     is every host reachable, authenticated, equipped?\n"
        "  eval WORKLOAD      compile, check and time one kernel of a workload and\n"
        "                     print a summary (the starting kernel unless --knob or\n"
        "                     --kernel says otherwise)\n"
        "  validate WORKLOAD  check a workload file and describe its knob space\n"
        "  calibrate          measure this host's peak FLOP/s and memory bandwidth\n"
        "  targets            list the target profiles kwb can find\n"
        "\n"
        "Run 'kwb COMMAND --help' for a command's options.\n"
        "Exit status: 0 ok, 1 the kernel failed (compile, wrong, crash, timeout),\n"
        "2 bad input, 3 the host or harness failed.\n");
}

// The peaks of this machine for `target` (kwb calibrate): from the cache
// unless `force`; progress on stderr unless `quiet`.
std::optional<Calibration> calibrate(const TargetProfile &target, const QString &workRoot,
                                     bool force, bool quiet)
{
    HostCalibration calibration;
    std::optional<Calibration> result;
    QEventLoop loop;
    QObject::connect(&calibration, &HostCalibration::consoleLine, &loop, [quiet](const QString &l) {
        if (!quiet)
            err(l);
    });
    QObject::connect(&calibration, &HostCalibration::failed, &loop,
                     [](const QString &e) { err(u"kwb: "_s + e); });
    QObject::connect(&calibration, &HostCalibration::finished, &loop,
                     [&](const std::optional<Calibration> &c) {
                         result = c;
                         loop.quit();
                     });
    calibration.start(target, nullptr, workRoot, force);
    loop.exec();
    return result;
}

int cmdReport(const QStringList &args)
{
    QCommandLineParser p;
    p.addHelpOption();
    p.addPositionalArgument(u"session"_s, Kwb::tr("session folder"));
    p.addOption({u"csv"_s, Kwb::tr("Comma-separated values, one row per candidate.")});
    p.addOption({u"json"_s, Kwb::tr("The records as JSON.")});
    p.addOption({u"html"_s,
                 Kwb::tr("Write a self-contained HTML report (summary, charts, decisions, the best "
                         "kernel's diff) to FILE."),
                 u"FILE"_s});
    if (!p.parse(args) || p.positionalArguments().size() != 1) {
        err(Kwb::tr("usage: kwb report DIR [--csv | --json | --html FILE]"));
        return ExitUsage;
    }
    QString error;
    auto session = SessionStore::open(p.positionalArguments().first(), &error);
    if (!session) {
        err(u"kwb report: "_s + error);
        return ExitUsage;
    }
    for (const QString &warning : session->warnings())
        err(u"kwb: "_s + Kwb::tr("warning: %1").arg(warning));
    if (p.isSet(u"html"_s)) {
        if (!writeHtmlReport(*session, p.value(u"html"_s), &error)) {
            err(u"kwb report: "_s + error);
            return ExitUsage;
        }
        err(Kwb::tr("kwb report: wrote %1").arg(p.value(u"html"_s)));
        return ExitOk;
    }
    if (p.isSet(u"csv"_s))
        out(reportCsv(*session));
    else if (p.isSet(u"json"_s))
        out(reportJson(*session));
    else
        out(reportTable(*session));
    return ExitOk;
}

int cmdValidate(const QStringList &args)
{
    QCommandLineParser p;
    p.addHelpOption();
    p.addPositionalArgument(u"workload"_s, u"workload.json"_s);
    if (!p.parse(args) || p.positionalArguments().size() != 1) {
        err(Kwb::tr("usage: kwb validate WORKLOAD"));
        return ExitUsage;
    }
    auto loaded = loadAll(p.positionalArguments().first());
    if (!loaded)
        return ExitUsage;
    const Workload &w = loaded->workload;
    QString text =
        Kwb::tr("%1: ok — %2 for %3, goal %4").arg(w.path, w.name, w.target, w.goal.metric) +
        (w.goal.higherIsBetter ? u" ≥ "_s : u" ≤ "_s) + QString::number(w.goal.target) + u'\n';
    if (w.flops > 0)
        text += u"  "_s +
                Kwb::tr("work: %1 GFLOP, %2 MB compulsory traffic")
                    .arg(w.flops / 1e9, 0, 'g', 4)
                    .arg(w.bytes / 1e6, 0, 'g', 4) +
                u'\n';
    if (!w.knobs.isEmpty()) {
        // A huge space is sampled, never walked: validate stays instant.
        const KnobSpace::ValidCount valid = w.knobs.countValid();
        text += u"  "_s +
                Kwb::tr("knobs: %1, %2 configurations, %3 valid under %4 constraint(s)")
                    .arg(QString::number(w.knobs.knobs().size()),
                         QString::number(w.knobs.cardinality(), 'g', 10),
                         valid.exact ? QString::number(qint64(valid.count))
                                     : u"≈"_s + QString::number(valid.count, 'g', 3),
                         QString::number(w.knobs.constraints().size())) +
                u'\n';
        for (const Knob &k : w.knobs.knobs())
            text += u"    "_s + k.name.leftJustified(8) + u' ' + k.domainText() + u'\n';
    }
    out(text);
    return ExitOk;
}

int cmdCalibrate(const QStringList &args)
{
    QCommandLineParser p;
    p.addHelpOption();
    p.addOption({u"target"_s, Kwb::tr("Target profile (default cpu-cxx)."), u"ID"_s, u"cpu-cxx"_s});
    p.addOption({u"force"_s, Kwb::tr("Measure again even if a cached calibration exists.")});
    p.addOption({u"json"_s, Kwb::tr("Print the calibration document.")});
    if (!p.parse(args)) {
        err(u"kwb calibrate: "_s + p.errorText());
        return ExitUsage;
    }
    Diagnostic d;
    auto target = TargetRegistry::load(p.value(u"target"_s), &d);
    if (!target) {
        err(u"kwb calibrate: "_s + d.toString());
        return ExitUsage;
    }
    const QString root = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                         u"/kernel-workbench/work/calibration"_s;
    auto c = calibrate(*target, root, p.isSet(u"force"_s), p.isSet(u"json"_s));
    if (!c)
        return ExitInfra;
    if (p.isSet(u"json"_s)) {
        out(qs(c->toJson().dump(2)) + u'\n');
    } else if (!c->device.isEmpty()) {
        QStringList peaks;
        for (const auto &[precision, gflops] : c->peaks)
            peaks << precision + u' ' + QString::number(gflops / 1000.0, 'f', 1);
        out(Kwb::tr("local (%1): peak TFLOP/s %2; memory bandwidth %3 GB/s")
                .arg(c->device, peaks.join(u", "_s), QString::number(c->peakGbs, 'f', 0)) +
            (c->fromCache
                 ? u"  "_s + Kwb::tr("[cached %1; --force to measure again]").arg(c->measuredAt)
                 : QString()) +
            u'\n');
    } else {
        out(Kwb::tr("local (%1): peak %2 GFLOP/s (1 core, %3), memory bandwidth %4 GB/s, ridge %5 "
                    "FLOP/byte")
                .arg(c->cpu, QString::number(c->peakGflops, 'f', 1), c->precision,
                     QString::number(c->peakGbs, 'f', 1),
                     QString::number(c->peakGflops / c->peakGbs, 'f', 1)) +
            (c->fromCache
                 ? u"  "_s + Kwb::tr("[cached %1; --force to measure again]").arg(c->measuredAt)
                 : QString()) +
            u'\n');
    }
    return ExitOk;
}

int cmdTargets(const QStringList &)
{
    for (const QString &id : TargetRegistry::availableIds()) {
        const TargetLoad load = TargetRegistry::readFile(TargetRegistry::fileOf(id));
        const std::optional<TargetProfile> &t = load.target;
        out(id.leftJustified(10) + u' ' +
            (t ? QString(t->name + u"  ("_s + t->dir + u')') : Kwb::tr("broken:")) + u'\n');
        QList<Diagnostic> said = load.errors + load.warnings;
        sortByPosition(said); // in the file's order, as a compiler says them
        for (const Diagnostic &d : std::as_const(said))
            out(QString(11, u' ') + d.toString() + u'\n');
        if (!t || t->prerequisites.empty())
            continue;
        QStringList needs;
        for (const Prerequisite &p : t->prerequisites)
            needs << p.name;
        out(QString(11, u' ') + Kwb::tr("needs: %1").arg(needs.join(u", "_s)) + u'\n');
    }
    out(Kwb::tr("What a host lacks for a workload: kwb hosts check WORKLOAD [--host HOST]") +
        u'\n');
    return ExitOk;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"kwb"_s);
    QCoreApplication::setOrganizationName(u"kernel-workbench"_s);
    QCoreApplication::setApplicationVersion(version());
    // The language of the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG),
    // or KWB_LANGUAGE=de|ja|en.
    language::install(qEnvironmentVariable("KWB_LANGUAGE"));

    // Run from the build tree: the build's Python environment (PyTorch, Triton).
    useBuildPython(QCoreApplication::applicationDirPath());

    QStringList args = QCoreApplication::arguments();
    const QString command = args.size() > 1 ? args[1] : QString();
    if (command == u"--version"_s || command == u"-v"_s) {
        out(versionText() + u'\n');
        return ExitOk;
    }
    if (command.isEmpty() || command == u"--help"_s || command == u"-h"_s || command == u"help"_s) {
        out(usage());
        return command.isEmpty() ? ExitUsage : ExitOk;
    }
    // QCommandLineParser wants the program name first.
    args.removeAt(1);
    static const std::pair<const char16_t *, int (*)(const QStringList &)> commands[] = {
        {u"eval", cmdEval},           {u"run", cmdRun},
        {u"report", cmdReport},       {u"validate", cmdValidate},
        {u"calibrate", cmdCalibrate}, {u"targets", cmdTargets},
        {u"export", cmdExport},       {u"import", cmdImport},
        {u"simulate", cmdSimulate},   {u"hosts", cmdHosts},
    };
    for (const auto &[name, run] : commands) {
        if (command != QStringView(name))
            continue;
        // Every reader checks what it reads; should one still meet a value
        // it did not expect, kwb says so and exits instead of aborting.
        try {
            return run(args);
        } catch (const std::exception &e) {
            err(u"kwb: "_s +
                Kwb::tr("internal error: %1 (please report it with the file that caused it)")
                    .arg(QString::fromUtf8(e.what())));
            return ExitInfra;
        }
    }
    err(u"kwb: "_s + Kwb::tr("unknown command '%1'").arg(command) + u'\n' + usage());
    return ExitUsage;
}
