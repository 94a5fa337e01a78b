// kwb export / import / simulate: a session's measurements in Kernel Tuner's
// cache-file format, and replays of the search strategies against one.

#include "cli.h"
#include "kwbtr.h"
#include "planning/simulation.h"
#include "planning/tunercache.h"
#include "planning/tunerimport.h"
#include "session/sessionstore.h"
#include "util/gzip.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>
#include <cmath>

namespace kwb::cli {

using namespace Qt::Literals::StringLiterals;

namespace {

/// A JSON file, gzip-compressed or not (Kernel Tuner's cache files are
/// published as .json.gz); problems are printed.
std::optional<JsonText> readJsonFile(const QString &path)
{
    QString error;
    const auto bytes = readMaybeGzipped(path, &error);
    if (!bytes) {
        err(path + u": "_s + Kwb::tr("cannot read: %1").arg(error));
        return std::nullopt;
    }
    Diagnostic syntax;
    auto doc = JsonText::parse(*bytes, path, &syntax);
    if (!doc)
        err(syntax.toString());
    return doc;
}

std::optional<TunerCache> readCache(const QString &path, const KnobSpace &space)
{
    QString error;
    QStringList warnings;
    auto cache = readTunerCache(path, space, &error, &warnings);
    for (const QString &warning : std::as_const(warnings))
        err(warning);
    if (!cache)
        err(error);
    return cache;
}

QString describeEntry(const KnobSpace &space, const TunerCacheEntry &e)
{
    return QString::number(e.timeMs, 'g', 4) + u" ms ("_s + space.describe(e.config) + u')';
}

} // namespace

int cmdExport(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Kwb::tr(
        "Write a session's knob measurements as a Kernel Tuner cache file (schema 1.1.0)."));
    p.addPositionalArgument(u"session"_s, Kwb::tr("session folder"));
    p.addOption(
        {{u"o"_s, u"output"_s}, Kwb::tr("Write to FILE instead of standard output."), u"FILE"_s});
    int exit = ExitOk;
    if (!parseOrFail(p, args, u"kwb export"_s, &exit))
        return exit;
    if (p.positionalArguments().size() != 1) {
        err(u"kwb export: "_s + Kwb::tr("name one session folder"));
        return ExitUsage;
    }
    const QString dir = p.positionalArguments().front();
    QString error;
    auto session = SessionStore::open(dir, &error);
    if (!session) {
        err(u"kwb export: "_s + error);
        return ExitUsage;
    }
    auto loaded = loadAll(session->workloadPath());
    if (!loaded)
        return ExitUsage;
    const KnobSpace &space = loaded->workload.knobs;
    if (space.isEmpty()) {
        err(u"kwb export: "_s +
            Kwb::tr("the workload has no knobs, so there is nothing to export"));
        return ExitUsage;
    }
    const TunerCache cache = TunerCache::fromSession(*session, space);
    const QByteArray text = cache.toText(space);
    if (!p.isSet(u"output"_s)) {
        std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
    } else {
        QSaveFile f(p.value(u"output"_s));
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size() || !f.commit()) {
            err(u"kwb export: "_s +
                Kwb::tr("cannot write %1: %2").arg(f.fileName(), f.errorString()));
            return ExitUsage;
        }
    }
    err(u"kwb export: "_s + Kwb::tr("%n configurations", nullptr, int(cache.entries.size())));
    return ExitOk;
}

int cmdImport(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Kwb::tr("Add the measurements of a Kernel Tuner cache file to a "
                                        "session, so the search learns from them and "
                                        "never measures those configurations again."));
    p.addPositionalArgument(u"cache"_s, Kwb::tr("Kernel Tuner cache file (.json)"));
    p.addPositionalArgument(u"workload"_s,
                            Kwb::tr("workload.json (not needed for an existing session)"),
                            u"[workload]"_s);
    p.addOption({u"session"_s, Kwb::tr("Session folder: created if new."), u"DIR"_s});
    int exit = ExitOk;
    if (!parseOrFail(p, args, u"kwb import"_s, &exit))
        return exit;
    const QStringList pos = p.positionalArguments();
    if (pos.isEmpty() || pos.size() > 2 || !p.isSet(u"session"_s)) {
        err(u"kwb import: "_s + Kwb::tr("usage: kwb import CACHE.json [WORKLOAD] --session DIR"));
        return ExitUsage;
    }
    const QString dir = p.value(u"session"_s);
    QString workloadPath = pos.value(1);
    if (workloadPath.isEmpty()) {
        if (!SessionStore::exists(dir)) {
            err(u"kwb import: "_s +
                Kwb::tr("%1 is not a session yet; name the workload to start one").arg(dir));
            return ExitUsage;
        }
        workloadPath = sessionWorkloadPath(dir, u"kwb import"_s);
    }
    auto loaded = loadAll(workloadPath);
    if (!loaded)
        return ExitUsage;
    const Workload &w = loaded->workload;
    // The file is read before the session is opened: a file that cannot
    // be used leaves no session folder behind.
    QString error;
    QStringList warnings;
    const auto cache = readTunerFile(pos.front(), w, &error, &warnings);
    for (const QString &warning : std::as_const(warnings))
        err(warning);
    if (!cache) {
        err(error); // it names the file (and its line and column)
        return ExitUsage;
    }
    auto session = openSession(u"kwb import"_s, dir, w, loaded->target);
    if (!session)
        return ExitUsage;
    const TunerImport imported =
        importTunerCache(*session, *cache, w, loaded->target, QFileInfo(pos.front()).fileName());
    if (!imported.error.isEmpty()) {
        err(u"kwb import: "_s + imported.error);
        return imported.badInput ? ExitUsage : ExitInfra;
    }
    out(imported.summary(session->dir()).join(u'\n') + u'\n');
    return ExitOk;
}

namespace {

/// What a simulation replays: the knob space and the recording measured
/// over it, from a workload and its cache file, or from the file alone.
struct Recording
{
    std::optional<Loaded> loaded;      // when a workload names the space
    std::optional<KnobSpace> ownSpace; // when the file's header does
    QHash<QString, QStringList> knobMap;
    TunerCache cache;
    QString fileName;
    int outsideRestrictions = 0; // recorded configurations the restrictions exclude

    const KnobSpace &space() const { return ownSpace ? *ownSpace : loaded->workload.knobs; }
};

/// Restrictions from --restrict and --space, with where each was written.
std::optional<std::vector<Restriction>> readRestrictions(const QCommandLineParser &p)
{
    std::vector<Restriction> out;
    const QStringList given = p.values(u"restrict"_s);
    for (qsizetype i = 0; i < given.size(); ++i) {
        Diagnostic where;
        where.file = u"--restrict #"_s + QString::number(i + 1);
        where.pos = {1, 1};
        out.push_back({given[i], where});
    }
    if (p.isSet(u"space"_s)) {
        Diagnostic syntax;
        auto doc = JsonText::parseFile(p.value(u"space"_s), &syntax);
        if (!doc) {
            err(syntax.toString());
            return std::nullopt;
        }
        QList<Diagnostic> diagnostics;
        auto fromFile = restrictionsOfSpaceFile(*doc, &diagnostics);
        for (const Diagnostic &d : std::as_const(diagnostics))
            err(d.toString());
        if (!fromFile)
            return std::nullopt;
        out.insert(out.end(), fromFile->begin(), fromFile->end());
    }
    return out;
}

/// A Kernel Tuner cache file on its own (gzip or not): the space from its
/// header, restricted as the options say.
std::optional<Recording> openBareRecording(const QString &path, const QCommandLineParser &p)
{
    auto restrictions = readRestrictions(p);
    if (!restrictions)
        return std::nullopt;
    auto doc = readJsonFile(path);
    if (!doc)
        return std::nullopt;
    Recording r;
    QList<Diagnostic> diagnostics;
    r.ownSpace = spaceOfRecording(*doc, *restrictions, &diagnostics);
    if (r.ownSpace) {
        if (auto cache = TunerCache::fromJson(*doc, *r.ownSpace, &diagnostics))
            r.cache = std::move(*cache);
        else
            r.ownSpace.reset();
    }
    for (const Diagnostic &d : std::as_const(diagnostics))
        err(d.toString());
    if (!r.ownSpace)
        return std::nullopt;
    // What the restrictions exclude was never in the space the strategies
    // search: it cannot be the optimum either.
    for (auto it = r.cache.entries.begin(); it != r.cache.entries.end();) {
        if (r.ownSpace->isValid(it->first)) {
            ++it;
        } else {
            it = r.cache.entries.erase(it);
            ++r.outsideRestrictions;
        }
    }
    r.fileName = QFileInfo(path).fileName();
    return r;
}

std::optional<Recording> openRecording(const QCommandLineParser &p)
{
    const QString first = p.positionalArguments().front();
    if (!p.isSet(u"cache"_s))
        return openBareRecording(first, p);
    if (p.isSet(u"restrict"_s) || p.isSet(u"space"_s)) {
        err(u"kwb simulate: "_s +
            Kwb::tr("--restrict and --space describe a recording read on its own; with a "
                    "workload, its constraints restrict the space"));
        return std::nullopt;
    }
    Recording r;
    r.loaded = loadAll(first);
    if (!r.loaded)
        return std::nullopt;
    const Workload &w = r.loaded->workload;
    r.knobMap = w.knobMap;
    auto cache = readCache(p.value(u"cache"_s), w.knobs);
    if (!cache)
        return std::nullopt;
    r.cache = std::move(*cache);
    if (const QString why = problemSizeMismatch(r.cache, w); !why.isEmpty())
        err(u"kwb simulate: "_s +
            Kwb::tr("warning: %1").arg(why)); // replaying another size still compares strategies
    r.fileName = QFileInfo(p.value(u"cache"_s)).fileName();
    return r;
}

} // namespace

int cmdSimulate(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        Kwb::tr("Replay the search strategies against a recorded knob space (a Kernel Tuner cache "
                "file, gzip-compressed or not) without compiling anything: evaluations each needs "
                "to reach 90% and 95% of the recorded optimum, counting every proposal, failed "
                "configurations included. The space is the file's own (its header's tune_params, "
                "restricted by --restrict or --space) or a workload's (with --cache)."));
    p.addPositionalArgument(u"recording"_s,
                            Kwb::tr("A Kernel Tuner cache file; or, with --cache, the "
                                    "workload.json whose knob space was recorded"));
    p.addOption(
        {u"cache"_s, Kwb::tr("The recording, when the first argument is a workload."), u"FILE"_s});
    p.addOption({u"restrict"_s,
                 Kwb::tr("A restriction of the recorded space in Kernel Tuner's (Python) syntax, "
                         "e.g. '32 <= block_size_x * block_size_y <= 1024' (repeatable)."),
                 u"EXPR"_s});
    p.addOption({u"space"_s,
                 Kwb::tr("A search-space file in benchmark_hub's format (kernels/*.json): its "
                         "Conditions restrict the recorded space."),
                 u"FILE"_s});
    p.addOption({u"strategies"_s, Kwb::tr("Comma-separated strategies (default: all)."), u"LIST"_s,
                 u"exhaustive,random,coordinate,model"_s});
    p.addOption(
        {u"seeds"_s, Kwb::tr("Replays per strategy, seeds 1..N (default 100)."), u"N"_s, u"100"_s});
    p.addOption({u"budget"_s,
                 Kwb::tr("Evaluations per replay (default: the whole space, at most four times the "
                         "recording)."),
                 u"N"_s});
    p.addOption({u"json"_s, Kwb::tr("Print the figures as one JSON document.")});
    int exit = ExitOk;
    if (!parseOrFail(p, args, u"kwb simulate"_s, &exit))
        return exit;
    if (p.positionalArguments().size() != 1) {
        err(u"kwb simulate: "_s +
            Kwb::tr("usage: kwb simulate RECORDING [--restrict EXPR]... [--space FILE], or kwb "
                    "simulate WORKLOAD --cache FILE"));
        return ExitUsage;
    }
    const auto recording = openRecording(p);
    if (!recording)
        return ExitUsage;
    const TunerCache &cache = recording->cache;
    const KnobSpace &space = recording->space();
    std::vector<SearchStrategy> strategies;
    for (const QString &name : p.value(u"strategies"_s).split(u',', Qt::SkipEmptyParts)) {
        auto s = parseStrategy(name.trimmed());
        if (!s) {
            err(u"kwb simulate: "_s +
                Kwb::tr("unknown strategy '%1' (exhaustive, random, coordinate, model)").arg(name));
            return ExitUsage;
        }
        strategies.push_back(*s);
    }
    if (recording->outsideRestrictions > 0)
        err(u"kwb simulate: "_s +
            Kwb::tr("%n recorded configurations lie outside the restrictions and are left out",
                    nullptr, recording->outsideRestrictions));
    const auto compared = compareStrategies(
        space, cache, recording->knobMap, strategies,
        std::clamp(p.value(u"seeds"_s).toInt(), 1, 10'000),
        p.isSet(u"budget"_s) ? std::clamp(p.value(u"budget"_s).toInt(), 1, 1'000'000) : 0);
    if (!compared) {
        err(u"kwb simulate: "_s + Kwb::tr("the recording holds no successful measurement"));
        return ExitUsage;
    }
    const StrategyComparison &c = *compared;
    const TunerCacheEntry *optimum = cache.best();
    const int valid = int(std::min(c.valid.count, 1e9));
    if (c.valid.exact && valid > c.configurations)
        err(u"kwb simulate: "_s +
            Kwb::tr("warning: the recording holds %1 of the %2 valid configurations; a proposal "
                    "it lacks counts as a failure (is a restriction missing? --restrict, --space)")
                .arg(c.configurations)
                .arg(valid));

    if (p.isSet(u"json"_s)) {
        auto summary = [](const SimulationSummary &s) {
            return Json{{"median", s.median}, {"p90", s.p90}, {"unreached", s.unreached}};
        };
        Json rows = Json::array();
        for (const StrategyRow &r : c.rows) {
            const double x = c.randomOver(r);
            Json row{{"strategy", strategyName(r.strategy).toStdString()},
                     {"to90", summary(r.to90)},
                     {"to95", summary(r.to95)},
                     {"random_over_strategy_95", std::isfinite(x) ? Json(x) : Json()},
                     {"ms_per_proposal", r.msPerProposal}};
            if (c.exactRandom && r.to95.median > 0 && r.to95.p90 > 0)
                row["exact_random_over_strategy_95"] = {
                    {"median", c.exactRandom->second.median / r.to95.median},
                    {"p90", c.exactRandom->second.p90 / r.to95.p90}};
            rows.push_back(std::move(row));
        }
        const Json doc{{"recording",
                        {{"file", recording->fileName.toStdString()},
                         {"device", cache.deviceName.toStdString()},
                         {"kernel", cache.kernelName.toStdString()},
                         {"configurations", cache.entries.size()},
                         {"failed", c.failed},
                         {"valid", c.valid.count},
                         {"valid_exact", c.valid.exact},
                         {"optimum_ms", optimum->timeMs},
                         {"optimum", space.describe(optimum->config).toStdString()},
                         {"within_95", c.within95}}},
                       {"seeds", c.seeds},
                       {"budget", c.budget},
                       {"missing_max", c.missing},
                       {"random_exact", c.exactRandom
                                            ? Json{{"to90", summary(c.exactRandom->first)},
                                                   {"to95", summary(c.exactRandom->second)}}
                                            : Json()},
                       {"strategies", rows}};
        out(QString::fromStdString(doc.dump(1)) + u'\n');
        return ExitOk;
    }
    auto line = [](const QString &label, const QString &text) {
        out(label.leftJustified(11) + u' ' + text + u'\n');
    };
    line(Kwb::tr("recording"),
         Kwb::tr("%1: %2 configurations (%3 failed) of %4 valid, on %5")
             .arg(recording->fileName, QString::number(cache.entries.size()),
                  QString::number(c.failed),
                  c.valid.exact ? QString::number(valid)
                                : u"≈"_s + QString::number(c.valid.count, 'g', 3),
                  cache.deviceName));
    line(Kwb::tr("optimum"), describeEntry(space, *optimum));
    line(Kwb::tr("within 95%"), Kwb::tr("%n configurations", nullptr, c.within95));
    line(Kwb::tr("replays"),
         Kwb::tr("%1 seeds per strategy, budget %2 evaluations").arg(c.seeds).arg(c.budget));
    out(u"\n"_s +
        Kwb::tr("strategy     to 90%: median   p90   to 95%: median   p90   unreached(95%)   "
                "random/strategy (95%, median)   ms/proposal") +
        u'\n');
    for (const StrategyRow &r : c.rows) {
        auto num = [](double v, int width) { // a space apart however wide
            return QString(u' ' + QString::number(v, 'f', 1)).rightJustified(width);
        };
        const double x = c.randomOver(r);
        const QString times = std::isfinite(x) ? QString::number(x, 'f', 2) + u'×' : u"—"_s;
        out(strategyName(r.strategy).leftJustified(12) + num(r.to90.median, 15) +
            num(r.to90.p90, 7) + num(r.to95.median, 14) + num(r.to95.p90, 7) +
            QString::number(r.to95.unreached).rightJustified(16) + u"   "_s +
            times.leftJustified(32) + QString::number(r.msPerProposal, 'f', 3) + u'\n');
    }
    if (c.exactRandom) {
        out(u"\n"_s +
            Kwb::tr("random sampling, exactly (drawing without replacement from the %1 "
                    "valid configurations): to 90%: median %2, p90 %3; to 95%: median "
                    "%4, p90 %5")
                .arg(valid)
                .arg(c.exactRandom->first.median)
                .arg(c.exactRandom->first.p90)
                .arg(c.exactRandom->second.median)
                .arg(c.exactRandom->second.p90) +
            u'\n');
    }
    if (c.missing > 0)
        err(u"kwb simulate: "_s +
            Kwb::tr("warning: the recording lacks configurations the strategies proposed (up to %1 "
                    "per replay); they counted as failures")
                .arg(c.missing));
    return ExitOk;
}

} // namespace kwb::cli
