#pragma once

#include "session/sessionstore.h"
#include "targets/targetprofile.h"

#include <QString>
#include <vector>

namespace kwb {

/// One metric of two candidates side by side.
struct MetricComparison
{
    QString metric;
    QString label; ///< the catalog's words for it (MetricInfo::displayName)
    QString unit;
    QString description;
    double a = NAN;
    double b = NAN;
    double deltaPct = NAN; ///< (b − a) / a × 100
    int verdict = 0; ///< +1 b is better, −1 worse, 0 equal or unknown (by the metric's direction)
};

/// Two candidates compared: the target's shown metrics with deltas, and
/// whether the latency difference is outside both timings' spread.
struct Comparison
{
    std::vector<MetricComparison> metrics;
    QString verdict; ///< one sentence: "#12 is 4.1% faster than #9, beyond the run-to-run spread"
    bool withinNoise = true;
};

Comparison compareRecords(const ExperimentRecord &a, const ExperimentRecord &b,
                          const TargetProfile &target);

} // namespace kwb
