#include "tunerimport.h"

#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "tunercache.h"
#include "util/gzip.h"
#include "util/jsontext.h"
#include "util/messages.h"
#include "workload/workload.h"

#include <QDateTime>
#include <QFileInfo>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <set>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

// A successful entry's result document, under the names `target` gives the
// latency and FLOP-rate roles.
Json measuredResult(const TunerCacheEntry &e, const TargetProfile &target)
{
    Json result = {{"schema", "kwb.result/1"},
                   {"stage", "bench"},
                   {"compiled", true},
                   {"correct", true},
                   {"failure", nullptr}};
    Json latency = {{"median_ms", e.timeMs}, {"samples_ms", e.timesMs}};
    if (!e.timesMs.empty()) {
        latency["min_ms"] = *std::min_element(e.timesMs.begin(), e.timesMs.end());
        latency["max_ms"] = *std::max_element(e.timesMs.begin(), e.timesMs.end());
    }
    result["latency"] = latency;
    result["roles"] = target.roleNames();
    result["metrics"] = Json::object();
    if (const MetricInfo *m = target.metricFor(MetricRole::Latency))
        result["metrics"][ss(m->name)] = e.timeMs;
    if (const MetricInfo *m = target.metricFor(MetricRole::FlopRate); m && std::isfinite(e.gflops))
        result["metrics"][ss(m->name)] = e.gflops;
    if (!e.bottleneck.isEmpty())
        result["bottleneck"] = {{"class", ss(e.bottleneck)},
                                {"why", "recorded with the measurement"}};
    return result;
}

Json failedResult(const TunerCacheEntry &e)
{
    const bool compile = e.failure == u"CompilationFailedConfig"_s;
    return {{"schema", "kwb.result/1"},
            {"stage", "bench"},
            {"compiled", !compile},
            {"correct", false},
            {"failure",
             {{"class", ss(e.failureClass.isEmpty() ? e.failure : e.failureClass)},
              {"stage", compile ? "compile" : "check"},
              {"message", ss(e.failure)}}}};
}

// A measured entry's result as the evaluator's enrichment takes it.
EvalResult measuredEval(const Json &result)
{
    EvalResult measured;
    measured.stage = u"bench"_s;
    measured.compiled = true;
    measured.correct = true;
    if (const Json *metrics = findAt(result, {"metrics"}); metrics && metrics->is_object()) {
        for (const auto &[name, v] : metrics->items())
            measured.metrics.emplace_back(qs(name), v.get<double>());
    }
    measured.document = result;
    measured.readAnnotations();
    return measured;
}

// The figures the workload's flops and bytes give a measured entry (FLOP
// rate, bandwidth, intensity), as a candidate measured here gets them,
// where the file recorded none (what it recorded is kept); none relative
// to a peak: the entry was measured on another device.
void deriveMetrics(Json &result, const Workload &w, const TargetProfile &target)
{
    EvalResult derived = measuredEval(result);
    enrichResult(derived, w, target, Calibration{});
    Json &metrics = result["metrics"];
    for (const auto &[name, value] : derived.document["metrics"].items()) {
        if (!metrics.contains(name))
            metrics[name] = value;
    }
}

// The flags a measured entry earns here: enrichment's (beyond the
// roofline) and the workload's max_speedup over the start.
EvalResult checkedHere(const Json &result, const Workload &w, const TargetProfile &target,
                       const Calibration &calibration, double startMs, double timeMs)
{
    EvalResult checked = measuredEval(result);
    enrichResult(checked, w, target, calibration);
    if (w.maxSpeedup > 0 && std::isfinite(startMs) && startMs > w.maxSpeedup * timeMs)
        checked.addFlag(u"beyond-bound"_s,
                        QString::number(startMs / timeMs, 'f', 0) +
                            u"× over the start, more than the workload's max_speedup "_s +
                            QString::number(w.maxSpeedup, 'g', 6));
    return checked;
}

} // namespace

QString problemSizeMismatch(const TunerCache &cache, const Workload &w)
{
    std::vector<double> dims = w.dimValues;
    for (qint64 size : cache.problemSize) {
        const auto it = std::find(dims.begin(), dims.end(), double(size));
        if (it == dims.end()) {
            QStringList recorded, ours;
            for (qint64 v : cache.problemSize)
                recorded << QString::number(v);
            for (qsizetype i = 0; i < w.dimNames.size(); ++i)
                ours << w.dimNames[i] + u'=' + QString::number(qint64(w.dimValues[size_t(i)]));
            return FileText::tr("the recording's problem_size [%1] is not this workload's "
                                "problem (%2): its times belong to another size")
                .arg(recorded.join(u", "_s), ours.join(u", "_s));
        }
        dims.erase(it);
    }
    return {};
}

TunerImport importTunerCache(SessionStore &session, const TunerCache &cache, const Workload &w,
                             const TargetProfile &target, const QString &from)
{
    // Measurements from elsewhere are checked like this host's own: against
    // the local calibration (when one is cached; nothing is measured here)
    // and the workload's max_speedup over the session's start.
    const Calibration calibration =
        cachedCalibration(u"local"_s, target.id).value_or(Calibration{});
    std::set<KnobConfig> present;
    for (const ExperimentRecord &r : session.experiments()) {
        if (auto c = w.knobs.configFromJson(r.knobs))
            present.insert(*c);
    }
    const ExperimentRecord *start = startRecord(session.experiments(), session.loopId("start"));
    const double startMs = start ? trustedMedianMs(*start) : NAN;
    TunerImport done;
    done.total = int(cache.entries.size());
    for (const auto &[config, e] : cache.entries) {
        if (present.count(config))
            continue;
        const QString source = instantiateTemplate(w, target, config, &done.error);
        if (!done.error.isEmpty()) {
            done.badInput = true;
            return done;
        }
        ExperimentRecord r;
        r.origin = Origin::Imported;
        r.sourceHash = SessionStore::sourceHash(source);
        r.knobs = w.knobs.toJson(config);
        r.plan = w.knobs.describe(config) + u" (from "_s + from + u')';
        r.host = cache.deviceName;
        r.decision = Verdict::Imported;
        r.cause = u"measured on "_s + (cache.deviceName.isEmpty()
                                           ? u"an unnamed device"_s
                                           : cache.deviceName); // recorded: stays English
        r.flags << u"imported"_s;
        Json result = e.ok() ? measuredResult(e, target) : failedResult(e);
        if (e.ok()) {
            deriveMetrics(result, w, target);
            if (const EvalResult checked =
                    checkedHere(result, w, target, calibration, startMs, e.timeMs);
                checked.flagged()) {
                result["flags"] = checked.document.at("flags");
                r.flags << u"flagged"_s;
                r.cause += u"; flagged "_s + checked.flags.front().id + u": "_s +
                           checked.flags.front().reason;
                ++done.flagged;
            }
        }
        r.result = std::move(result);
        r.timings = {
            {"compile_ms", e.compileMs}, {"check_ms", e.verifyMs}, {"bench_ms", e.benchMs}};
        r.startedAt = r.finishedAt =
            e.timestamp.isEmpty() ? QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)
                                  : e.timestamp;
        if (!session.storeKernel(r.sourceHash, source, &done.error) ||
            !session.append(r, &done.error))
            return done;
        ++done.added;
    }
    return done;
}

std::optional<TunerCache> readTunerCache(const QString &path, const KnobSpace &space,
                                         QString *error, QStringList *warnings)
{
    QString why;
    const auto bytes = readMaybeGzipped(path, &why);
    if (!bytes) {
        *error = path + u": "_s + FileText::tr("cannot read: %1").arg(why);
        return std::nullopt;
    }
    Diagnostic syntax;
    const auto doc = JsonText::parse(*bytes, path, &syntax);
    if (!doc) {
        *error = syntax.toString();
        return std::nullopt;
    }
    QList<Diagnostic> diagnostics;
    auto cache = TunerCache::fromJson(*doc, space, &diagnostics);
    QStringList errors;
    for (const Diagnostic &d : std::as_const(diagnostics))
        (d.severity == Diagnostic::Severity::Error ? errors : *warnings) << d.toString();
    if (!cache) {
        *error = errors.join(u'\n');
        return std::nullopt;
    }
    return cache;
}

std::optional<TunerCache> readTunerFile(const QString &path, const Workload &w, QString *error,
                                        QStringList *warnings)
{
    auto cache = readTunerCache(path, w.knobs, error, warnings);
    if (!cache)
        return std::nullopt;
    if (const QString mismatch = problemSizeMismatch(*cache, w); !mismatch.isEmpty()) {
        *error = path + u": "_s + mismatch;
        return std::nullopt;
    }
    return cache;
}

QStringList TunerImport::summary(const QString &dir) const
{
    QStringList lines = {tr("imported %1 of %2 configurations into %3")
                             .arg(QString::number(added), QString::number(total), dir) +
                         (added < total ? u' ' + tr("(the rest were already there)") : QString())};
    if (flagged > 0)
        lines << tr("%1 of them flagged: faster than this host's calibrated roofline or the "
                    "workload's max_speedup allows; they are never built on")
                     .arg(flagged);
    return lines;
}

TunerImport importTunerFile(SessionStore &session, const QString &path, const Workload &w,
                            const TargetProfile &target)
{
    TunerImport done;
    const auto cache = readTunerFile(path, w, &done.error, &done.warnings);
    if (!cache) {
        done.badInput = true;
        return done;
    }
    TunerImport imported = importTunerCache(session, *cache, w, target, QFileInfo(path).fileName());
    imported.warnings = std::move(done.warnings);
    return imported;
}

} // namespace kwb
