#pragma once

#include "eval/result.h"
#include "targets/metricrole.h"
#include "util/jsontext.h"

#include <QString>
#include <limits>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace kwb {

/// A recorded candidate's result: the enriched kwb.result/1 document as the
/// session stores it, read once, here, into typed fields that every view,
/// report, export and planner asks. Lenient where parseResult is strict: a
/// session written by an older version, or edited by hand, still opens, and
/// a field that is missing or of the wrong kind reads as absent. The document
/// is kept as it was read, so a session is written back byte for byte and
/// `kwb report --json` exports what the harness said.
class RecordedResult
{
public:
    /// No result: an infrastructure failure, a candidate rejected at the gate.
    RecordedResult() = default;
    /// Implicit, so a record takes an evaluation's document as it is.
    RecordedResult(Json document); // NOLINT(google-explicit-constructor)

    /// Whether there is a result document (an object) at all.
    bool exists() const { return m_doc.is_object(); }
    bool isNull() const { return m_doc.is_null(); }
    /// The document as stored: for the session's own writing, the JSON
    /// export and the evaluator's checks of a result, never for a reader.
    const Json &document() const { return m_doc; }

    bool compiled() const { return m_compiled; }
    /// Correct on every seed, wrong, or not checked (nullopt).
    std::optional<bool> correct() const { return m_correct; }
    /// The median time as recorded, whatever it is (NaN without one).
    double medianMs() const { return m_medianMs; }
    /// The latency statistics (without their samples: samplesMs), where the
    /// median is a positive, finite time (a record edited into nonsense
    /// times nothing).
    const std::optional<Latency> &latency() const { return m_latency; }
    /// Its timed samples in milliseconds (empty when it is not timed).
    const std::vector<double> &samplesMs() const { return m_samplesMs; }
    /// The harness flagged its figures (the document's "flags"): they are
    /// not to be trusted, whatever the record's own flags say.
    bool flagged() const { return !m_flags.empty(); }
    const std::vector<HarnessFlag> &flags() const { return m_flags; }
    const QString &failureClass() const { return m_failureClass; }
    const QString &failureMessage() const { return m_failureMessage; }
    const QString &bottleneck() const { return m_bottleneck; }
    const QString &bottleneckWhy() const { return m_bottleneckWhy; }
    /// The device or CPU its host's calibration names ("" without one).
    const QString &calibratedDevice() const { return m_calibratedDevice; }

    /// Its finite metrics, in the document's order.
    const std::vector<std::pair<QString, double>> &metrics() const { return m_metrics; }
    /// A finite metric by name, or by the role the document's "roles" give it.
    std::optional<double> metric(const QString &name) const;
    std::optional<double> metric(MetricRole role) const;
    /// The name of the metric that plays `role` (metricNameFor).
    QString metricName(MetricRole role) const;

    /// The harness's time for one stage ("compile", "check", "bench") in
    /// milliseconds; 0 when it gives none.
    double stageMs(const QString &stage) const
    {
        const auto it = m_stageMs.find(stage);
        return it == m_stageMs.end() ? 0.0 : it->second;
    }
    /// Each stage's log (stage, text), empty ones left out (read when asked:
    /// logs are long, and only a fix's feedback wants them).
    std::vector<std::pair<QString, QString>> stageLogs() const;

    /// The roofline it was measured against: peak GFLOP/s at the workload's
    /// precision and bandwidth in GB/s, from its calibration.
    struct Ceilings
    {
        double peakGflops = 0, peakGbs = 0;
    };
    const std::optional<Ceilings> &ceilings() const { return m_ceilings; }

private:
    Json m_doc;
    bool m_compiled = false;
    std::optional<bool> m_correct;
    double m_medianMs = std::numeric_limits<double>::quiet_NaN();
    std::optional<Latency> m_latency;
    std::vector<double> m_samplesMs;
    std::vector<HarnessFlag> m_flags;
    QString m_failureClass, m_failureMessage, m_bottleneck, m_bottleneckWhy, m_calibratedDevice;
    std::vector<std::pair<QString, double>> m_metrics;
    std::map<MetricRole, QString> m_roleNames;
    std::map<QString, double> m_stageMs;
    std::optional<Ceilings> m_ceilings;
};

} // namespace kwb
