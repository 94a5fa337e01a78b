#include "record.h"

#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "sessionstore.h"

#include <QCoreApplication>
#include <cmath>
#include <utility>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

double recordedMedianMs(const ExperimentRecord &r)
{
    return numberAt(r.result, {"latency", "median_ms"}, NAN);
}

std::optional<Latency> recordedLatency(const ExperimentRecord &r)
{
    const Json *found = findAt(r.result, {"latency"});
    if (!found || !found->is_object())
        return std::nullopt;
    const Json &l = *found;
    Latency lat;
    lat.medianMs = numberAt(l, {"median_ms"}, NAN);
    if (!std::isfinite(lat.medianMs) || lat.medianMs <= 0)
        return std::nullopt; // a record edited into nonsense times nothing
    lat.minMs = numberAt(l, {"min_ms"}, lat.medianMs);
    lat.q1Ms = numberAt(l, {"q1_ms"}, lat.medianMs);
    lat.q3Ms = numberAt(l, {"q3_ms"}, lat.medianMs);
    lat.p90Ms = numberAt(l, {"p90_ms"}, lat.medianMs);
    lat.maxMs = numberAt(l, {"max_ms"}, lat.medianMs);
    lat.meanMs = numberAt(l, {"mean_ms"}, lat.medianMs);
    lat.stddevMs = numberAt(l, {"stddev_ms"}, 0);
    lat.callsPerSample = int(numberAt(l, {"calls_per_sample"}, 1));
    return lat;
}

std::vector<double> recordedSamplesMs(const ExperimentRecord &r)
{
    std::vector<double> out;
    if (const Json *samples = findAt(r.result, {"latency", "samples_ms"});
        samples && samples->is_array()) {
        for (const Json &v : *samples) {
            if (v.is_number())
                out.push_back(v.get<double>());
        }
    }
    return out;
}

QString failureClassOf(const ExperimentRecord &r)
{
    return qs(stringAt(r.result, {"failure", "class"}));
}

QString failureMessageOf(const ExperimentRecord &r)
{
    return qs(stringAt(r.result, {"failure", "message"}));
}

QString bottleneckOf(const ExperimentRecord &r)
{
    return qs(stringAt(r.result, {"bottleneck", "class"}));
}

QString bottleneckWhyOf(const ExperimentRecord &r)
{
    return qs(stringAt(r.result, {"bottleneck", "why"}));
}

bool compiledPerResult(const ExperimentRecord &r)
{
    const Json *compiled = findAt(r.result, {"compiled"});
    return compiled && *compiled == Json(true);
}

bool correctPerResult(const ExperimentRecord &r)
{
    const Json *correct = findAt(r.result, {"correct"});
    return correct && *correct == Json(true);
}

double stageMs(const ExperimentRecord &r, const QString &stage)
{
    const std::string key = ss(stage) + "_ms";
    return numberAt(r.result, {"timings", key.c_str()}, 0);
}

std::vector<std::pair<QString, QString>> stageLogs(const ExperimentRecord &r)
{
    std::vector<std::pair<QString, QString>> out;
    const Json *logs = findAt(r.result, {"log"});
    if (!logs || !logs->is_object())
        return out;
    for (const auto &[stage, log] : logs->items()) {
        if (log.is_string() && !log.get<std::string>().empty())
            out.emplace_back(qs(stage), qs(log.get<std::string>()));
    }
    return out;
}

QString calibratedDeviceOf(const ExperimentRecord &r)
{
    const std::string device = stringAt(r.result, {"calibration", "device"});
    return qs(device.empty() ? stringAt(r.result, {"calibration", "cpu"}) : device);
}

std::optional<EvalResult> evalResultOf(const ExperimentRecord &r, const TargetProfile &target)
{
    if (!r.result.is_object())
        return std::nullopt;
    QString error;
    auto result = parseResult(QByteArray::fromStdString(r.result.dump()), target, &error);
    if (!result)
        return std::nullopt;
    // The stored document is already enriched: keep it, and its verdicts.
    result->document = r.result;
    result->bottleneck = bottleneckOf(r);
    result->bottleneckWhy = bottleneckWhyOf(r);
    return result;
}

EvalResult storedVerdictOf(const ExperimentRecord &r)
{
    EvalResult e;
    e.document = r.result;
    e.compiled = compiledPerResult(r);
    if (const Json *correct = findAt(r.result, {"correct"}); correct && correct->is_boolean())
        e.correct = correct->get<bool>();
    e.failureClass = failureClassOf(r);
    e.failureMessage = failureMessageOf(r);
    e.latency = recordedLatency(r);
    e.bottleneck = bottleneckOf(r);
    e.bottleneckWhy = bottleneckWhyOf(r);
    return e;
}

bool wasEvaluated(const ExperimentRecord &r)
{
    return r.decision != Verdict::Infra && r.decision != Verdict::Rejected && r.result.is_object();
}

bool timedAndCorrect(const ExperimentRecord &r)
{
    const double median = recordedMedianMs(r);
    return correctPerResult(r) && !r.untrusted() && std::isfinite(median) && median > 0;
}

std::optional<double> ExperimentRecord::metric(const QString &name) const
{
    return metricOf(result, name);
}

std::optional<double> ExperimentRecord::metric(MetricRole role) const
{
    return metricOf(result, role);
}

std::optional<double> ExperimentRecord::trustedMetric(const QString &name) const
{
    return timedAndCorrect(*this) ? metric(name) : std::nullopt;
}

std::optional<double> ExperimentRecord::trustedMetric(MetricRole role) const
{
    return timedAndCorrect(*this) ? metric(role) : std::nullopt;
}

std::optional<ExperimentRecord::Ceilings> ExperimentRecord::ceilings() const
{
    const Json *c = findAt(result, {"calibration"});
    QString ignored;
    const auto calibration = c ? Calibration::fromJson(*c, &ignored) : std::nullopt;
    if (!calibration || !calibration->isValid())
        return std::nullopt;
    return Ceilings{calibration->peakGflops, calibration->peakGbs};
}

double trustedMedianMs(const ExperimentRecord &r)
{
    return timedAndCorrect(r) ? recordedMedianMs(r) : NAN;
}

void takeOutcome(ExperimentRecord &r, const EvalOutcome &outcome)
{
    r.host = outcome.host.isEmpty() ? r.host : outcome.host;
    r.result = outcome.infra ? Json() : outcome.result.document;
    r.infraError = outcome.infra ? outcome.infraMessage : QString();
    const Json *timings = outcome.infra ? nullptr : findAt(r.result, {"timings"});
    r.timings = timings && timings->is_object() ? *timings : Json::object();
    r.timings["wall_ms"] = outcome.wallMs;
    if (outcome.queuedMs >= 0)
        r.timings["queue_ms"] = outcome.queuedMs;
}

const ExperimentRecord *startRecord(const std::vector<ExperimentRecord> &records, int namedStartId)
{
    if (namedStartId > 0) {
        for (const ExperimentRecord &r : records) {
            if (r.id == namedStartId)
                return &r;
        }
    }
    for (const ExperimentRecord &r : records) {
        if (r.round == 0 && r.origin == Origin::Human)
            return &r;
    }
    return nullptr;
}

bool canBeBest(const ExperimentRecord &r)
{
    return (r.decision == Verdict::Kept || r.decision == Verdict::Evaluated) &&
           r.origin != Origin::Baseline && timedAndCorrect(r);
}

const ExperimentRecord *bestRecord(const std::vector<ExperimentRecord> &records,
                                   const std::function<bool(const ExperimentRecord &)> &also)
{
    const ExperimentRecord *best = nullptr;
    for (const ExperimentRecord &r : records) {
        if (!canBeBest(r) || (also && !also(r)))
            continue;
        if (!best || recordedMedianMs(r) < recordedMedianMs(*best))
            best = &r;
    }
    return best;
}

} // namespace kwb
