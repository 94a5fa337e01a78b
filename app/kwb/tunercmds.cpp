// kwb export / import / simulate: a session's measurements in Kernel Tuner's
// cache-file format, and replays of the search strategies against one.

#include "cli.h"

#include "eval/evaluator.h"
#include "planning/simulation.h"
#include "planning/tunercache.h"
#include "session/sessionstore.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cmath>

namespace kwb::cli {

using namespace Qt::Literals::StringLiterals;

namespace {

std::optional<TunerCache> readCache(const QString &path, const KnobSpace &space)
{
    Diagnostic syntax;
    auto doc = JsonText::parseFile(path, &syntax);
    if (!doc) {
        err(syntax.toString());
        return std::nullopt;
    }
    QList<Diagnostic> diagnostics;
    auto cache = TunerCache::fromJson(*doc, space, &diagnostics);
    for (const Diagnostic &d : std::as_const(diagnostics))
        err(d.toString());
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
    p.setApplicationDescription(u"Write a session's knob measurements as a Kernel Tuner cache file (schema 1.1.0)."_s);
    p.addPositionalArgument(u"session"_s, u"session folder"_s);
    p.addOption({{u"o"_s, u"output"_s}, u"Write to FILE instead of standard output."_s, u"FILE"_s});
    int exit = ExitOk;
    if (!parseOrFail(p, args, u"kwb export"_s, &exit))
        return exit;
    if (p.positionalArguments().size() != 1) {
        err(u"kwb export: name one session folder"_s);
        return ExitUsage;
    }
    const QString dir = p.positionalArguments().front();
    QString error;
    auto session = SessionStore::open(dir, &error);
    if (!session) {
        err(u"kwb export: "_s + error);
        return ExitUsage;
    }
    auto loaded = loadAll(qs(session->info().value("workload_path", std::string())));
    if (!loaded)
        return ExitUsage;
    const KnobSpace &space = loaded->workload.knobs;
    if (space.isEmpty()) {
        err(u"kwb export: the workload has no knobs, so there is nothing to export"_s);
        return ExitUsage;
    }
    const TunerCache cache = TunerCache::fromSession(*session, space);
    const QByteArray text = cache.toText(space);
    if (!p.isSet(u"output"_s)) {
        std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
    } else {
        QSaveFile f(p.value(u"output"_s));
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size() || !f.commit()) {
            err(u"kwb export: cannot write "_s + f.fileName() + u": "_s + f.errorString());
            return ExitUsage;
        }
    }
    err(u"kwb export: "_s + QString::number(cache.entries.size()) + u" configurations"_s);
    return ExitOk;
}

int cmdImport(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        u"Add the measurements of a Kernel Tuner cache file to a session, so the search learns from them and "
        "never measures those configurations again."_s);
    p.addPositionalArgument(u"cache"_s, u"Kernel Tuner cache file (.json)"_s);
    p.addPositionalArgument(u"workload"_s, u"workload.json (not needed for an existing session)"_s, u"[workload]"_s);
    p.addOption({u"session"_s, u"Session folder: created if new."_s, u"DIR"_s});
    int exit = ExitOk;
    if (!parseOrFail(p, args, u"kwb import"_s, &exit))
        return exit;
    const QStringList pos = p.positionalArguments();
    if (pos.isEmpty() || pos.size() > 2 || !p.isSet(u"session"_s)) {
        err(u"kwb import: usage: kwb import CACHE.json [WORKLOAD] --session DIR"_s);
        return ExitUsage;
    }
    const QString dir = p.value(u"session"_s);
    QString workloadPath = pos.value(1);
    if (workloadPath.isEmpty()) {
        if (!SessionStore::exists(dir)) {
            err(u"kwb import: "_s + dir + u" is not a session yet; name the workload to start one"_s);
            return ExitUsage;
        }
        workloadPath = sessionWorkloadPath(dir, u"kwb import"_s);
    }
    auto loaded = loadAll(workloadPath);
    if (!loaded)
        return ExitUsage;
    const Workload &w = loaded->workload;
    auto cache = readCache(pos.front(), w.knobs);
    if (!cache)
        return ExitUsage;
    auto session = openSession(u"kwb import"_s, dir, w, loaded->target);
    if (!session)
        return ExitUsage;

    std::set<KnobConfig> present;
    for (const ExperimentRecord &r : session->experiments()) {
        if (auto c = w.knobs.configFromJson(r.knobs))
            present.insert(*c);
    }
    const QString from = QFileInfo(pos.front()).fileName();
    int added = 0;
    for (const auto &[config, e] : cache->entries) {
        if (present.count(config))
            continue;
        QString error;
        const QString source = instantiateTemplate(w, loaded->target, config, &error);
        if (!error.isEmpty()) {
            err(u"kwb import: "_s + error);
            return ExitUsage;
        }
        ExperimentRecord r;
        r.origin = u"imported"_s;
        r.sourceHash = SessionStore::sourceHash(source);
        r.knobs = w.knobs.toJson(config);
        r.plan = w.knobs.describe(config) + u" (from "_s + from + u')';
        r.host = cache->deviceName;
        r.decision = u"imported"_s;
        r.cause = u"measured on "_s + (cache->deviceName.isEmpty() ? u"an unnamed device"_s : cache->deviceName);
        r.flags << u"imported"_s;
        Json result = {{"schema", "kwb.result/1"}, {"stage", "bench"}, {"compiled", e.failure != u"CompilationFailedConfig"_s},
                       {"correct", e.ok()}};
        if (e.ok()) {
            result["failure"] = nullptr;
            Json latency = {{"median_ms", e.timeMs}, {"samples_ms", e.timesMs}};
            if (!e.timesMs.empty()) {
                latency["min_ms"] = *std::min_element(e.timesMs.begin(), e.timesMs.end());
                latency["max_ms"] = *std::max_element(e.timesMs.begin(), e.timesMs.end());
            }
            result["latency"] = latency;
            result["metrics"] = {{"median_ms", e.timeMs}};
            if (std::isfinite(e.gflops))
                result["metrics"]["gflops"] = e.gflops;
            if (!e.bottleneck.isEmpty())
                result["bottleneck"] = {{"class", ss(e.bottleneck)}, {"why", "recorded with the measurement"}};
        } else {
            result["failure"] = {{"class", ss(e.failureClass.isEmpty() ? e.failure : e.failureClass)},
                                 {"stage", e.failure == u"CompilationFailedConfig"_s ? "compile" : "check"},
                                 {"message", ss(e.failure)}};
        }
        r.result = std::move(result);
        r.timings = {{"compile_ms", e.compileMs}, {"check_ms", e.verifyMs}, {"bench_ms", e.benchMs}};
        r.startedAt = r.finishedAt = e.timestamp.isEmpty() ? QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)
                                                              : e.timestamp;
        if (!session->storeKernel(r.sourceHash, source, u"cpp"_s, &error) || !session->append(r, &error)) {
            err(u"kwb import: "_s + error);
            return ExitInfra;
        }
        ++added;
    }
    out(u"imported "_s + QString::number(added) + u" of "_s + QString::number(cache->entries.size())
        + u" configurations into "_s + session->dir()
        + (added < int(cache->entries.size()) ? u" (the rest were already there)"_s : QString()) + u'\n');
    return ExitOk;
}

int cmdSimulate(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        u"Replay the search strategies against a recorded knob space (a Kernel Tuner cache file) without "
        "compiling anything: evaluations each needs to reach 90% and 95% of the recorded optimum."_s);
    p.addPositionalArgument(u"workload"_s, u"workload.json whose knob space was recorded"_s);
    p.addOption({u"cache"_s, u"The recording (Kernel Tuner cache file)."_s, u"FILE"_s});
    p.addOption({u"strategies"_s, u"Comma-separated strategies (default: all)."_s, u"LIST"_s,
                 u"exhaustive,random,coordinate,model"_s});
    p.addOption({u"seeds"_s, u"Replays per strategy, seeds 1..N (default 100)."_s, u"N"_s, u"100"_s});
    p.addOption({u"budget"_s, u"Evaluations per replay (default: the whole space)."_s, u"N"_s});
    int exit = ExitOk;
    if (!parseOrFail(p, args, u"kwb simulate"_s, &exit))
        return exit;
    if (p.positionalArguments().size() != 1 || !p.isSet(u"cache"_s)) {
        err(u"kwb simulate: usage: kwb simulate WORKLOAD --cache FILE"_s);
        return ExitUsage;
    }
    auto loaded = loadAll(p.positionalArguments().front());
    if (!loaded)
        return ExitUsage;
    const Workload &w = loaded->workload;
    auto cache = readCache(p.value(u"cache"_s), w.knobs);
    if (!cache)
        return ExitUsage;
    const TunerCacheEntry *optimum = cache->best();
    if (!optimum) {
        err(u"kwb simulate: the recording holds no successful measurement"_s);
        return ExitUsage;
    }
    std::vector<SearchStrategy> strategies;
    for (const QString &name : p.value(u"strategies"_s).split(u',', Qt::SkipEmptyParts)) {
        auto s = parseStrategy(name.trimmed());
        if (!s) {
            err(u"kwb simulate: unknown strategy '"_s + name + u"' (exhaustive, random, coordinate, model)"_s);
            return ExitUsage;
        }
        strategies.push_back(*s);
    }
    int valid = 0;
    w.knobs.forEachValid([&](const KnobConfig &) {
        ++valid;
        return true;
    });
    const int seeds = std::max(1, p.value(u"seeds"_s).toInt());
    const int budget = p.isSet(u"budget"_s) ? std::max(1, p.value(u"budget"_s).toInt()) : valid;
    int failed = 0;
    for (const auto &[c, e] : cache->entries)
        failed += e.ok() ? 0 : 1;
    out(u"recording   "_s + QFileInfo(p.value(u"cache"_s)).fileName() + u": "_s + QString::number(cache->entries.size())
        + u" configurations ("_s + QString::number(failed) + u" failed) of "_s + QString::number(valid)
        + u" valid, on "_s + cache->deviceName + u'\n');
    out(u"optimum     "_s + describeEntry(w.knobs, *optimum) + u'\n');
    int within95 = 0;
    for (const auto &[c, e] : cache->entries)
        within95 += e.ok() && e.timeMs <= optimum->timeMs / 0.95 ? 1 : 0;
    out(u"within 95%  "_s + QString::number(within95) + u" configurations\n"_s);
    out(u"replays     "_s + QString::number(seeds) + u" seeds per strategy, budget "_s + QString::number(budget)
        + u" evaluations\n\n"_s);
    out(u"strategy     to 90%: median   p90   to 95%: median   p90   unreached(95%)   random/strategy (95%, median)\n"_s);

    struct Row
    {
        SearchStrategy strategy;
        SimulationSummary to90, to95;
    };
    std::vector<Row> rows;
    int missing = 0;
    for (SearchStrategy s : strategies) {
        std::vector<std::optional<int>> c90, c95;
        // Exhaustive does not depend on the seed: replay it once.
        const int n = s == SearchStrategy::Exhaustive ? 1 : seeds;
        for (int seed = 1; seed <= n; ++seed) {
            const SimulationRun run = simulateSearch(w.knobs, *cache, s, quint64(seed), w.knobMap, budget,
                                                     optimum->timeMs / 0.95);
            missing = std::max(missing, run.missing);
            c90.push_back(run.evaluationsToReach(optimum->timeMs, 0.90));
            c95.push_back(run.evaluationsToReach(optimum->timeMs, 0.95));
        }
        rows.push_back({s, summarizeEvaluations(c90, budget), summarizeEvaluations(c95, budget)});
    }
    double randomMedian = NAN;
    for (const Row &r : rows) {
        if (r.strategy == SearchStrategy::Random)
            randomMedian = r.to95.median;
    }
    for (const Row &r : rows) {
        auto num = [](double v, int width) { return QString::number(v, 'f', 1).rightJustified(width); };
        QString ratio = std::isfinite(randomMedian) && r.to95.median > 0
            ? QString::number(randomMedian / r.to95.median, 'f', 2) + u'×'
            : u"—"_s;
        out(strategyName(r.strategy).leftJustified(12) + num(r.to90.median, 15) + num(r.to90.p90, 6)
            + num(r.to95.median, 15) + num(r.to95.p90, 6) + QString::number(r.to95.unreached).rightJustified(17)
            + u"   "_s + ratio + u'\n');
    }
    if (missing > 0)
        err(u"kwb simulate: warning: the recording lacks configurations the strategies proposed (up to "_s
            + QString::number(missing) + u" per replay); they counted as failures"_s);
    return ExitOk;
}

} // namespace kwb::cli
