#include "simulation.h"

#include <QElapsedTimer>
#include <algorithm>
#include <cmath>
#include <limits>

namespace kwb {

std::optional<int> SimulationRun::evaluationsToReach(double optimumMs, double fraction) const
{
    const double limit = optimumMs / fraction;
    for (size_t i = 0; i < bestSoFarMs.size(); ++i) {
        if (bestSoFarMs[i] <= limit * (1 + 1e-12))
            return int(i + 1);
    }
    return std::nullopt;
}

SimulationRun simulateSearch(const KnobSpace &space, const TunerCache &recording,
                             SearchStrategy strategy, quint64 seed,
                             const QHash<QString, QStringList> &knobMap, int maxEvals,
                             double stopAtMs)
{
    KnobSearch search(space, strategy, seed);
    search.setBottleneckKnobs(knobMap);
    SimulationRun run;
    double best = std::numeric_limits<double>::infinity();
    QString bottleneck;
    while (maxEvals <= 0 || int(run.bestSoFarMs.size()) < maxEvals) {
        const std::vector<KnobProposal> proposals = search.propose(1, bottleneck);
        if (proposals.empty())
            break;
        const KnobConfig &config = proposals.front().config;
        const TunerCacheEntry *entry = recording.find(config);
        if (!entry)
            ++run.missing;
        const double ms = entry && entry->ok() ? entry->timeMs : NAN;
        search.observe(config, ms);
        if (std::isfinite(ms) && ms < best) {
            best = ms;
            bottleneck = entry->bottleneck;
        }
        run.bestSoFarMs.push_back(best);
        if (stopAtMs > 0 && best <= stopAtMs)
            break;
    }
    return run;
}

SimulationSummary summarizeEvaluations(const std::vector<std::optional<int>> &counts, int budget)
{
    SimulationSummary s;
    std::vector<double> values;
    for (const auto &c : counts) {
        values.push_back(c ? double(*c) : double(budget));
        if (!c)
            ++s.unreached;
    }
    if (values.empty())
        return s;
    std::sort(values.begin(), values.end());
    auto quantile = [&](double q) {
        const double pos = q * double(values.size() - 1);
        const size_t lo = size_t(std::floor(pos));
        const size_t hi = std::min(values.size() - 1, lo + 1);
        return values[lo] + (values[hi] - values[lo]) * (pos - double(lo));
    };
    s.median = quantile(0.5);
    s.p90 = quantile(0.9);
    return s;
}

SimulationSummary randomSamplingExactly(long valid, long hits)
{
    SimulationSummary s;
    if (hits <= 0 || valid <= 0) {
        s.median = s.p90 = double(std::max(valid, 0L));
        s.unreached = 1;
        return s;
    }
    if (hits >= valid) {
        s.median = s.p90 = 1;
        return s;
    }
    // P(the first t draws all miss) = Π_{i<t} (valid − hits − i) / (valid − i),
    // compared with a hair of slack: a quantile the probability meets
    // exactly (one hit of 24 by the 12th draw: 0.5) must not be lost to
    // rounding in the product.
    constexpr double kSlack = 1e-12;
    double miss = 1;
    bool haveMedian = false;
    for (long t = 1; t <= valid - hits + 1; ++t) {
        miss *= double(valid - hits - (t - 1)) / double(valid - (t - 1));
        if (!haveMedian && miss <= 0.5 + kSlack) {
            s.median = double(t);
            haveMedian = true;
        }
        if (miss <= 0.1 + kSlack) {
            s.p90 = double(t);
            break;
        }
    }
    return s;
}

double StrategyComparison::randomOver(const StrategyRow &row) const
{
    for (const StrategyRow &r : rows) {
        if (r.strategy == SearchStrategy::Random)
            return row.to95.median > 0 ? r.to95.median / row.to95.median : NAN;
    }
    return NAN;
}

std::optional<StrategyComparison> compareStrategies(const KnobSpace &space,
                                                    const TunerCache &recording,
                                                    const QHash<QString, QStringList> &knobMap,
                                                    const std::vector<SearchStrategy> &strategies,
                                                    int seeds, int budget)
{
    const TunerCacheEntry *optimum = recording.best();
    if (!optimum)
        return std::nullopt;
    StrategyComparison c;
    c.optimumMs = optimum->timeMs;
    c.configurations = int(recording.entries.size());
    for (const auto &[config, e] : recording.entries) {
        c.failed += e.ok() ? 0 : 1;
        c.within95 += e.ok() && e.timeMs <= c.optimumMs / 0.95 ? 1 : 0;
        c.within90 += e.ok() && e.timeMs <= c.optimumMs / 0.90 ? 1 : 0;
    }
    // Counted, or estimated for a huge space: never walked whole.
    c.valid = space.countValid();
    const int valid = int(std::min(c.valid.count, 1e9));
    c.seeds = std::max(1, seeds);
    c.budget =
        budget > 0 ? budget : std::max(1, std::min(valid, std::max(100, 4 * c.configurations)));
    if (c.valid.exact)
        c.exactRandom.emplace(randomSamplingExactly(valid, c.within90),
                              randomSamplingExactly(valid, c.within95));
    for (SearchStrategy s : strategies) {
        std::vector<std::optional<int>> c90, c95;
        // Exhaustive does not depend on the seed: replay it once.
        const int n = s == SearchStrategy::Exhaustive ? 1 : c.seeds;
        qint64 proposals = 0;
        QElapsedTimer clock;
        clock.start();
        for (int seed = 1; seed <= n; ++seed) {
            const SimulationRun run = simulateSearch(space, recording, s, quint64(seed), knobMap,
                                                     c.budget, c.optimumMs / 0.95);
            c.missing = std::max(c.missing, run.missing);
            proposals += qint64(run.bestSoFarMs.size());
            c90.push_back(run.evaluationsToReach(c.optimumMs, 0.90));
            c95.push_back(run.evaluationsToReach(c.optimumMs, 0.95));
        }
        const double ms = double(clock.nsecsElapsed()) / 1e6;
        c.rows.push_back({s, summarizeEvaluations(c90, c.budget),
                          summarizeEvaluations(c95, c.budget),
                          proposals > 0 ? ms / double(proposals) : 0});
    }
    return c;
}

} // namespace kwb
