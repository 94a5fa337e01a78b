#pragma once

#include "targets/metricrole.h"
#include "util/jsontext.h"

#include <QString>
#include <QStringList>
#include <cmath>
#include <map>
#include <optional>
#include <vector>

namespace kwb {

struct TargetProfile;

/// Correctness of one output for one seed.
struct SeedCheck
{
    qint64 seed = 0;
    QString output;
    bool ok = false;
    double relL2 = 0;
    double maxAbs = 0;
    qint64 mismatches = 0;
    qint64 nonfinite = 0;
};

struct Latency
{
    double minMs = 0, medianMs = 0, p90Ms = 0, maxMs = 0, meanMs = 0, stddevMs = 0, q1Ms = 0,
           q3Ms = 0;
    std::vector<double> samplesMs;
    int callsPerSample = 1; ///< fast kernels are called several times per sample
    /// Interquartile range over the median, in percent.
    double spreadPct() const { return medianMs > 0 ? 100.0 * (q3Ms - q1Ms) / medianMs : 0; }
};

/// Why a result's figures are not to be trusted, as the harness, its
/// supervisor or the evaluator's roofline check said it (the document's
/// "flags").
struct HarnessFlag
{
    QString id; ///< "beyond-roofline", "outside-clock", …
    QString reason;
};

/// What a GPU went through during a benchmark (the document's
/// "gpu_conditions", sampled beside it). NaN or nullopt where the sampler
/// gave nothing.
struct GpuConditions
{
    struct Range
    {
        double min = NAN, max = NAN;
    };
    std::optional<Range> smClockMhz, powerW;
    double smClockTopMhz = NAN, powerLimitW = NAN;
    /// Why the GPU was slowed (throttle reasons, "_" as in the sampler);
    /// nullopt when not sampled, empty when never slowed.
    std::optional<QStringList> slowedBy;
    double samples = NAN;
};

/// The supervisor's own clock over the timed section (the document's
/// "outside_clock"): what the reported times explain of it, and whether
/// they were raised to its bound.
struct OutsideClock
{
    bool available = false; ///< false: the harness marked no timed section
    double timedSectionMs = NAN;
    double explained = NAN; ///< the reported times over what the clock saw
    bool bounded = false;   ///< the samples were raised to the clock's bound
};

/// The host's calibration as enrichment recorded it in the document: the
/// roofline the result's shares of peak refer to.
struct RecordedCalibration
{
    QString device; ///< the accelerator measured; empty for a CPU host
    QString cpu;
    double peakGflops = NAN, peakGbs = NAN;
    int threads = 1; ///< 1: a single-core calibration
};

/// A validated kwb.result/1 document, plus what kwb derives from it
/// (derived metrics, bottleneck). `document` keeps the full JSON, enriched.
struct EvalResult
{
    QString stage; ///< furthest stage reached: compile, check, bench, profile
    bool compiled = false;
    std::optional<bool> correct;
    QString failureClass; ///< empty when nothing failed
    QString failureStage;
    QString failureMessage;
    std::vector<SeedCheck> checks;
    std::optional<Latency> latency;
    std::vector<std::pair<QString, double>> metrics; ///< catalog order after enrichment
    bool countersAvailable = false;
    QString countersReason;
    QString bottleneck;
    QString bottleneckWhy;
    // What kwb reports and judges but a harness need not give, read
    // leniently from the document (readAnnotations):
    std::vector<HarnessFlag> flags;
    std::map<QString, double> stageMs; ///< "compile" → its time from "timings"
    QString clock;                     ///< the latency's clock ("interpreter", …)
    bool coldCache = false;            ///< caches flushed before each timed call
    std::optional<RecordedCalibration> calibration;
    std::optional<GpuConditions> conditions;
    std::optional<OutsideClock> outsideClock;
    QString mainStall; ///< the profile's main stall reason
    Json document;

    bool failed() const { return !failureClass.isEmpty(); }
    /// Its figures were flagged: not to be trusted.
    bool flagged() const { return !flags.empty(); }
    /// Adds a flag, to the typed field and to the document alike.
    void addFlag(const QString &id, const QString &reason);
    /// Reads the annotations above from `document` (again), leniently: a
    /// missing or ill-typed part reads as absent.
    void readAnnotations();
    std::optional<double> metric(const QString &name) const;
    /// The metric that plays `role` (the document's "roles", which
    /// enrichment writes from the target's catalog).
    std::optional<double> metric(MetricRole role) const;
    QString log(const QString &stage) const;
};

/// The name of the metric that plays `role` in a result document: its
/// "roles" object, which every enriched result carries. A document written
/// before roles existed has none and named them as the bundled targets
/// still do ("gflops", "pct_peak_flops", …): those names answer for it.
QString metricNameFor(const Json &document, MetricRole role);
/// The finite value of the metric that plays `role` in a result document.
std::optional<double> metricOf(const Json &document, MetricRole role);
/// The finite value of a metric by name in a result document.
std::optional<double> metricOf(const Json &document, const QString &name);

/// A result document's flags, read leniently (an ill-typed part reads as
/// absent, an ill-typed flag as one without words).
std::vector<HarnessFlag> flagsIn(const Json &document);
/// Each stage's time in milliseconds from a result document's "timings"
/// ("compile_ms" → "compile"), read leniently.
std::map<QString, double> stageTimesIn(const Json &document);
/// The calibration enrichment recorded in a result document, read leniently.
std::optional<RecordedCalibration> calibrationIn(const Json &document);

/// Result classes of failure a harness may report.
const QStringList &failureClasses();

/// Largest result document accepted; a harness printing more is broken.
constexpr qint64 kMaxResultBytes = 4 << 20;

/// Parses and validates the harness's stdout: exactly one kwb.result/1
/// document. Metric names are checked against `target`'s catalog.
/// On failure returns nullopt and a message saying what is wrong and where.
std::optional<EvalResult> parseResult(const QByteArray &output, const TargetProfile &target,
                                      QString *error);

} // namespace kwb
