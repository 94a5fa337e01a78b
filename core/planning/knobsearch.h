#pragma once

#include "workload/knobs.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <optional>
#include <random>
#include <set>
#include <vector>

namespace kwb {

/// Strategies for proposing knob configurations of a templated kernel.
enum class SearchStrategy
{
    Exhaustive, ///< every valid configuration, in order
    Random,     ///< uniform joint samples over the valid configurations
    Coordinate, ///< sweep one knob at a time around the best, knobs chosen by bottleneck
    Model,      ///< Bayesian: a Gaussian process over log time, expected improvement
};
QString strategyName(SearchStrategy s);
std::optional<SearchStrategy> parseStrategy(const QString &name);

struct KnobProposal
{
    KnobConfig config;
    QString reason; ///< a few words for progress lines and the plan view
};

/// Proposes unseen, valid configurations and learns from observed times.
/// Deterministic for a given seed and sequence of observations.
class KnobSearch
{
public:
    KnobSearch(const KnobSpace &space, SearchStrategy strategy, quint64 seed);

    /// Which knobs a bottleneck implicates, for the coordinate strategy
    /// ("compute-bound" → {"UNROLL", "BN"}).
    void setBottleneckKnobs(const QHash<QString, QStringList> &map) { m_bottleneckKnobs = map; }

    /// Records a measured configuration: `timeMs` NaN when it failed. A seen
    /// configuration is never proposed again.
    void observe(const KnobConfig &config, double timeMs);
    bool seen(const KnobConfig &config) const { return m_seen.count(config) > 0; }
    std::optional<KnobConfig> best() const;
    /// Where coordinate search explores from: the best measured unless set
    /// (an engineer's revert moves it).
    void setBase(const std::optional<KnobConfig> &base) { m_base = base; }

    /// Up to `count` new proposals; fewer (or none) when the space is used up.
    std::vector<KnobProposal> propose(int count, const QString &bottleneck = QString());

    /// Brings an invalid configuration into the valid set using the validity
    /// report's fixes, never changing `keep` (the knob being explored).
    std::optional<KnobConfig> repair(KnobConfig config, int keep) const;

private:
    std::optional<KnobProposal> proposeExhaustive();
    std::optional<KnobProposal> proposeRandom();
    std::optional<KnobProposal> proposeCoordinate(const QString &bottleneck);
    std::optional<KnobProposal> proposeModel();
    std::vector<KnobConfig> modelPool();
    /// Per knob, the valid unseen configurations that change only that knob
    /// of one of `configs`.
    std::vector<std::vector<KnobConfig>>
    unseenChangesOf(const std::vector<KnobConfig> &configs) const;
    /// The measured configurations within a meaningful gain (1 %) of the best.
    std::vector<KnobConfig> leaders() const;
    /// A random valid unseen single-knob change of a leader, and its knob.
    std::optional<std::pair<KnobConfig, size_t>> unseenChangeOfALeader();
    struct GpFit
    {
        std::vector<const KnobConfig *> x; ///< the fitted configurations
        std::vector<double> alpha;         ///< (K + noise·I)⁻¹ (y − mean)
        std::vector<double> chol;          ///< the Cholesky factor of K + noise·I
        std::vector<double> relevance;     ///< per knob: 1 / its length; then per aligned knob
        double mean = 0, var = 1;
        double best = 0;            ///< the fastest fitted log time, less the mean
        std::vector<double> kernel; ///< K of the fitted configurations (n×n)
        double noise = 0;           ///< the noise variance on K's diagonal
    };
    GpFit fitGp();
    const std::vector<double> &fitFeasibility();
    const std::vector<KnobConfig> &validConfigs() const;

    const KnobSpace &m_space;
    SearchStrategy m_strategy;
    std::mt19937_64 m_rng;
    QHash<QString, QStringList> m_bottleneckKnobs;
    std::set<KnobConfig> m_seen;
    std::vector<std::pair<KnobConfig, double>> m_observed; // (config, log time; NaN = failed)
    mutable std::vector<KnobConfig> m_valid; // enumerated lazily for spaces small enough
    mutable bool m_validEnumerated = false;
    size_t m_exhaustiveCursor = 0;
    int m_coordinateKnob = -1; // the knob being swept; -1 before the first sweep
    std::optional<KnobConfig> m_base;
    std::vector<double> m_relevance; // the model's per-knob relevance, refitted as data grows
    size_t m_relevanceFittedAt = 0;
    double m_noise = 0.1; // the model's measurement noise, as a share of the signal's variance
    std::vector<double> m_feasibility; // per-knob relevance to whether a configuration runs
    double m_feasibilityPrior = 1;     // the weight of the overall share in it
    size_t m_feasibilityFittedAt = 0;
};

} // namespace kwb
