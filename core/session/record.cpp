#include "record.h"

#include "eval/evaluator.h"
#include "sessionstore.h"

#include <QCoreApplication>
#include <cmath>
#include <utility>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

double recordedMedianMs(const ExperimentRecord &r)
{
    return r.result.medianMs();
}

std::optional<Latency> recordedLatency(const ExperimentRecord &r)
{
    return r.result.latency();
}

std::vector<double> recordedSamplesMs(const ExperimentRecord &r)
{
    return r.result.samplesMs();
}

QString failureClassOf(const ExperimentRecord &r)
{
    return r.result.failureClass();
}

QString failureMessageOf(const ExperimentRecord &r)
{
    return r.result.failureMessage();
}

QString bottleneckOf(const ExperimentRecord &r)
{
    return r.result.bottleneck();
}

QString bottleneckWhyOf(const ExperimentRecord &r)
{
    return r.result.bottleneckWhy();
}

bool compiledPerResult(const ExperimentRecord &r)
{
    return r.result.compiled();
}

bool correctPerResult(const ExperimentRecord &r)
{
    return r.result.correct().value_or(false);
}

double stageMs(const ExperimentRecord &r, const QString &stage)
{
    return r.result.stageMs(stage);
}

std::vector<std::pair<QString, QString>> stageLogs(const ExperimentRecord &r)
{
    return r.result.stageLogs();
}

QString calibratedDeviceOf(const ExperimentRecord &r)
{
    return r.result.calibratedDevice();
}

std::optional<EvalResult> evalResultOf(const ExperimentRecord &r, const TargetProfile &target)
{
    if (!r.result.exists())
        return std::nullopt;
    QString error;
    auto result =
        parseResult(QByteArray::fromStdString(r.result.document().dump()), target, &error);
    if (!result)
        return std::nullopt;
    // The stored document is already enriched: keep it, and its verdicts.
    result->document = r.result.document();
    result->bottleneck = bottleneckOf(r);
    result->bottleneckWhy = bottleneckWhyOf(r);
    return result;
}

EvalResult storedVerdictOf(const ExperimentRecord &r)
{
    EvalResult e;
    e.document = r.result.document();
    e.readAnnotations();
    e.compiled = compiledPerResult(r);
    e.correct = r.result.correct();
    e.failureClass = failureClassOf(r);
    e.failureMessage = failureMessageOf(r);
    e.latency = recordedLatency(r);
    // Its figures too, so the loop's bounds (the roofline) judge an answer
    // from the session as they judge a measurement.
    e.metrics = r.result.metrics();
    e.bottleneck = bottleneckOf(r);
    e.bottleneckWhy = bottleneckWhyOf(r);
    return e;
}

bool wasEvaluated(const ExperimentRecord &r)
{
    return r.decision != Verdict::Infra && r.decision != Verdict::Rejected && r.result.exists();
}

bool timedAndCorrect(const ExperimentRecord &r)
{
    const double median = recordedMedianMs(r);
    return correctPerResult(r) && !r.untrusted() && std::isfinite(median) && median > 0;
}

std::optional<double> ExperimentRecord::metric(const QString &name) const
{
    return result.metric(name);
}

std::optional<double> ExperimentRecord::metric(MetricRole role) const
{
    return result.metric(role);
}

std::optional<double> ExperimentRecord::trustedMetric(const QString &name) const
{
    return timedAndCorrect(*this) ? metric(name) : std::nullopt;
}

std::optional<double> ExperimentRecord::trustedMetric(MetricRole role) const
{
    return timedAndCorrect(*this) ? metric(role) : std::nullopt;
}

double trustedMedianMs(const ExperimentRecord &r)
{
    return timedAndCorrect(r) ? recordedMedianMs(r) : NAN;
}

void takeOutcome(ExperimentRecord &r, const EvalOutcome &outcome)
{
    r.host = outcome.host.isEmpty() ? r.host : outcome.host;
    // An infrastructure failure's result is empty (a null document) or what
    // the host learnt before it (the compile stage's figures): kept as it is.
    r.result = RecordedResult(outcome.result.document);
    r.infraError = outcome.infra ? outcome.infraMessage : QString();
    const Json *timings = outcome.infra ? nullptr : findAt(r.result.document(), {"timings"});
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

QStringList shownFlags(const ExperimentRecord &r)
{
    QStringList flags = r.flags;
    if (r.result.flagged() && !flags.contains(u"flagged"_s))
        flags << u"flagged"_s;
    return flags;
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
