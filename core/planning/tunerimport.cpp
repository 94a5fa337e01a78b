#include "tunerimport.h"

#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "tunercache.h"
#include "util/messages.h"
#include "workload/workload.h"

#include <QDateTime>
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

// The flags a measured entry earns here: enrichment's (beyond the
// roofline) and the workload's max_speedup over the start.
Json flagsOf(Json &result, const Workload &w, const TargetProfile &target,
             const Calibration &calibration, double startMs, double timeMs)
{
    EvalResult checked;
    checked.stage = u"bench"_s;
    checked.compiled = true;
    checked.correct = true;
    for (const auto &[name, v] : result["metrics"].items())
        checked.metrics.emplace_back(qs(name), v.get<double>());
    checked.document = result;
    enrichResult(checked, w, target, calibration);
    Json flags = checked.document.value("flags", Json::array());
    if (w.maxSpeedup > 0 && std::isfinite(startMs) && startMs > w.maxSpeedup * timeMs)
        flags.push_back(
            Json{{"id", "beyond-bound"},
                 {"reason", ss(QString::number(startMs / timeMs, 'f', 0) +
                               u"× over the start, more than the workload's max_speedup "_s +
                               QString::number(w.maxSpeedup, 'g', 6))}});
    return flags;
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
                             const TargetProfile &target, const Calibration &calibration,
                             const QString &from)
{
    std::set<KnobConfig> present;
    for (const ExperimentRecord &r : session.experiments()) {
        if (auto c = w.knobs.configFromJson(r.knobs))
            present.insert(*c);
    }
    const ExperimentRecord *start = startRecord(session.experiments(), session.loopId("start"));
    const double startMs = start ? trustedMedianMs(*start) : NAN;
    TunerImport done;
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
        r.result = e.ok() ? measuredResult(e, target) : failedResult(e);
        if (e.ok()) {
            if (const Json flags = flagsOf(r.result, w, target, calibration, startMs, e.timeMs);
                !flags.empty()) {
                r.result["flags"] = flags;
                r.flags << u"flagged"_s;
                r.cause += u"; flagged "_s + qs(stringAt(flags.front(), {"id"})) + u": "_s +
                           qs(stringAt(flags.front(), {"reason"}));
                ++done.flagged;
            }
        }
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

} // namespace kwb
