#pragma once

#include "session/sessionstore.h"

#include <QString>
#include <cmath>
#include <map>
#include <vector>

namespace kwb {

/// What a run comes to, for its summary (`kwb run`'s last lines): the start
/// and the best with their trusted times only, the baselines, how many
/// evaluations there were and how they failed, and the time each stage took.
/// Pointers refer into the records it was computed from.
struct RunStats
{
    const ExperimentRecord *start = nullptr;
    /// The best, when its time can be trusted (else nullptr).
    const ExperimentRecord *best = nullptr;
    double startMs = NAN, bestMs = NAN; ///< trusted medians (NaN: none)
    std::vector<const ExperimentRecord *> baselines;
    /// Candidates the loop kept or measured whose figures are not trusted
    /// (a false win, a flagged timing): why there may be no best.
    std::vector<const ExperimentRecord *> untrustedKept;
    int evaluated = 0;               ///< records with a result (the host's failures aside)
    int infra = 0;                   ///< evaluations lost to the host, not counted
    int sentBack = 0;                ///< sent back to the LLM for a fix
    std::map<QString, int> failures; ///< failure class → count (baselines aside)
    double compileMs = 0, checkMs = 0, benchMs = 0;

    /// The best's speedup over the start (NaN without both).
    double speedup() const { return startMs / bestMs; }
};

RunStats runStats(const std::vector<ExperimentRecord> &records, int startId, int bestId);

} // namespace kwb
