#pragma once

#include "planning/knobsearch.h"
#include "planning/tunercache.h"

#include <QHash>
#include <QStringList>
#include <optional>
#include <vector>

namespace kwb {

/// One replay of a search strategy against a recorded knob space: what the
/// loop's planner would have proposed, answered from the recording instead
/// of by compiling and timing.
struct SimulationRun
{
    std::vector<double> bestSoFarMs; ///< after each evaluation (inf until one succeeds)
    int missing = 0; ///< proposals the recording has no entry for (counted as failures)

    /// Evaluations until the best reaches `fraction` of the optimum's
    /// performance (time ≤ optimumMs / fraction); nullopt if it never does.
    std::optional<int> evaluationsToReach(double optimumMs, double fraction) const;
};

/// Replays `strategy` with `seed` for up to `maxEvals` evaluations (0: until
/// the strategy has nothing left), stopping early once the best time is at
/// or below `stopAtMs` (0: never). The coordinate strategy sees the recorded
/// bottleneck class of the best configuration so far.
SimulationRun simulateSearch(const KnobSpace &space, const TunerCache &recording,
                             SearchStrategy strategy, quint64 seed,
                             const QHash<QString, QStringList> &knobMap, int maxEvals = 0,
                             double stopAtMs = 0);

/// Median and 90th percentile of evaluations-to-target over many seeds;
/// runs that never reach it count as the whole budget and are reported.
struct SimulationSummary
{
    double median = 0;
    double p90 = 0;
    int unreached = 0;
};
SimulationSummary summarizeEvaluations(const std::vector<std::optional<int>> &counts, int budget);

/// What random sampling needs, exactly rather than over a few seeds: the
/// median and 90th percentile of the draw that first hits one of `hits`
/// configurations, drawing without replacement from `valid` (failures count
/// as draws, as in a replay). The smallest count whose cumulative
/// probability reaches the quantile. A replayed random median over 30 seeds
/// of a space with one configuration within 95 % can miss this by a third.
SimulationSummary randomSamplingExactly(long valid, long hits);

/// One strategy replayed against a recording, over many seeds.
struct StrategyRow
{
    SearchStrategy strategy;
    SimulationSummary to90, to95; ///< evaluations to 90 % and 95 % of the optimum
    double msPerProposal = 0;     ///< the strategy's own cost (the recording answers for free)
};

/// The search strategies replayed against one recording, with the figures a
/// reader needs to judge them.
struct StrategyComparison
{
    int configurations = 0; ///< recorded
    int failed = 0;         ///< of those, failed measurements
    int within90 = 0, within95 = 0;
    KnobSpace::ValidCount valid; ///< configurations the space allows (counted or estimated)
    double optimumMs = 0;        ///< the recording's fastest
    int seeds = 0, budget = 0;   ///< replays per strategy and evaluations per replay
    std::vector<StrategyRow> rows;
    int missing = 0; ///< the most proposals one replay made that the recording lacks
    /// Random sampling to 90 % and to 95 %, exactly (randomSamplingExactly),
    /// where the valid space was counted: the yardstick without its seeds' luck.
    std::optional<std::pair<SimulationSummary, SimulationSummary>> exactRandom;

    /// The replayed random strategy's median evaluations to 95 % over
    /// `row`'s: how many times fewer `row` needs (NaN without a random row).
    double randomOver(const StrategyRow &row) const;
};

/// Replays each of `strategies` with seeds 1..`seeds` (exhaustive once:
/// it has no seed) against `recording` over `space`, each replay at most
/// `budget` evaluations; 0 means every valid configuration, but no more than
/// four times what was recorded (past that a replay mostly proposes what
/// the recording lacks) and no fewer than 100. The recording must hold a
/// successful measurement (TunerCache::best); nullopt otherwise.
std::optional<StrategyComparison> compareStrategies(const KnobSpace &space,
                                                    const TunerCache &recording,
                                                    const QHash<QString, QStringList> &knobMap,
                                                    const std::vector<SearchStrategy> &strategies,
                                                    int seeds, int budget = 0);

} // namespace kwb
