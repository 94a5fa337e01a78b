#pragma once

#include "util/jsontext.h"

#include <QString>

namespace kwb {

struct Decision;
struct ExperimentRecord;

/// A slow→fast pair for the optimization memory: what changed, the metrics
/// before and after, the speedup, and the bottleneck it addressed.
Json memoryRecord(const ExperimentRecord &slow, const ExperimentRecord &fast);

/// Adds `record` to `memory`, keeps at most `cap` (the largest speedups) and
/// returns it ranked for `bottleneck`: records that addressed the same
/// bottleneck first, each group by speedup.
Json addToMemory(const Json &memory, const Json &record, int cap);
Json rankMemory(const Json &memory, const QString &bottleneck);

/// A structured reflection on one candidate, written by rules from the data
/// (what was tried, expected, observed, the lesson, patterns to avoid/try).
/// The LLM planner may write these instead; the fields stay the same.
Json ruleReflection(const ExperimentRecord &candidate, const ExperimentRecord *parent,
                    const Decision &decision);

} // namespace kwb
