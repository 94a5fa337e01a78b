#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace kwb {

/// What a metric of a target's catalog means to the engine. A target.json
/// names its metrics as it likes and declares their roles ("role":
/// "flop_rate"); the engine, its reports and its views look a metric up by
/// its role and never by a name, so a target that calls its FLOP rate
/// "tflops_bf16" keeps its roofline and its trust checks.
enum class MetricRole
{
    None,
    Latency,              ///< "latency": the median time of one call (ms)
    FlopRate,             ///< "flop_rate": useful FLOP/s (the roofline's y)
    Bandwidth,            ///< "bandwidth": compulsory bytes per second
    Intensity,            ///< "intensity": FLOP per compulsory byte (the roofline's x)
    ShareOfPeakFlops,     ///< "share_of_peak_flops": % of the calibrated peak FLOP/s
    ShareOfPeakBandwidth, ///< "share_of_peak_bandwidth": % of the calibrated bandwidth
    ShareOfRoofline,      ///< "share_of_roofline": % of the ceiling at its intensity
    Mfu,                  ///< "mfu": model FLOP utilisation from a profiler (%)
    Mbu,                  ///< "mbu": memory bandwidth utilisation from a profiler (%)
};

/// Every role but None, in the order above.
const std::vector<MetricRole> &metricRoles();
/// The word target.json and the result document use ("flop_rate").
QString metricRoleWord(MetricRole role);
/// The role a word names; nullopt for a word that names none.
std::optional<MetricRole> metricRoleFromWord(const QString &word);
/// The words of every role, for messages.
QStringList metricRoleWords();

/// What a target's calibrate command calls the host's ceilings
/// ("calibration" in target.json): the fields read from the document it
/// prints, which are also the names derived formulas use for them. Once read,
/// kwb stores a calibration in its own schema (kwb.calibration/1). A target
/// that declares none is read by that schema's names, the defaults here.
struct CalibrationRoles
{
    /// "peak_flop_rate": the peak GFLOP/s at the host's own precision.
    QString peakFlopRate = QStringLiteral("peak_gflops");
    /// "peak_flop_rate_by_precision": an object, precision → peak GFLOP/s.
    QString peakFlopRateByPrecision = QStringLiteral("peaks");
    /// "peak_bandwidth": the memory bandwidth in GB/s.
    QString peakBandwidth = QStringLiteral("peak_gbs");
};

} // namespace kwb
