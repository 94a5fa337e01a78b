#include "knobsearch.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <iterator>
#include <limits>
#include <numeric>
#include <set>
#include <span>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

// Spaces up to this size are enumerated once, so random and model-based
// proposals draw from exactly the valid, unseen configurations.
constexpr double kEnumerateLimit = 500'000;
// The model strategy (a Gaussian process over log time, expected
// improvement times the odds of running): random samples after the defaults
// before the model takes over (a fit of one or two points sends it to
// refine whatever it saw first); the grid each knob's relevance (1 / its
// length, in knob-distance units: one knob changed completely = 1) is
// chosen from, never quite 0 (a knob the fit finds flat keeps a little
// doubt, so its other values still get tried); the grid of measurement
// noise, as a share of the signal's variance; the most candidates scored
// and measurements fitted per proposal; the measurements below which the
// fit is redone on every new one (and past which knobs' alignments join
// it, AlignedKnob); the grids of the feasibility estimate's
// relevances and of the weight of the overall success share in it, and the
// measurements it is fitted on; the measurements without an improvement of
// at least kMeaningfulGain after which every other proposal leaves the
// model's choice (the same gain expected improvement asks for: 1 % is
// within the noise of a GPU timing).
constexpr int kModelWarmup = 3;
constexpr double kGpRelevances[] = {0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0};
constexpr double kGpNoises[] = {0.001, 0.01, 0.1};
constexpr size_t kGpPool = 5000;
constexpr size_t kGpObservations = 300;
constexpr size_t kSpreadNeighbours = 12;
constexpr size_t kSolveBlock = 16; // candidates whose exact spreads are solved together
constexpr size_t kRefitAlways = 40;
constexpr size_t kTabledValues = 4096; // a larger knob computes its factors pair by pair
constexpr double kFeasibilityRelevances[] = {0.0, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0};
constexpr double kFeasibilityPriors[] = {0.1, 0.3, 1.0, 3.0};
constexpr size_t kFeasibilityObservations = 400;
constexpr int kNeighbours = 256; // the window of a knob's values next to the best's
constexpr int kStall = 20;
constexpr double kMeaningfulGain = 0.01; // in log time: 1 %
constexpr size_t kLeaders = 32;          // the most leaders (within 1 % of the best) changed

} // namespace

QString strategyName(SearchStrategy s)
{
    switch (s) {
    case SearchStrategy::Exhaustive:
        return u"exhaustive"_s;
    case SearchStrategy::Random:
        return u"random"_s;
    case SearchStrategy::Coordinate:
        return u"coordinate"_s;
    case SearchStrategy::Model:
        return u"model"_s;
    }
    return {};
}

std::optional<SearchStrategy> parseStrategy(const QString &name)
{
    for (SearchStrategy s : {SearchStrategy::Exhaustive, SearchStrategy::Random,
                             SearchStrategy::Coordinate, SearchStrategy::Model}) {
        if (strategyName(s) == name)
            return s;
    }
    return std::nullopt;
}

KnobSearch::KnobSearch(const KnobSpace &space, SearchStrategy strategy, quint64 seed)
    : m_space(space), m_strategy(strategy), m_rng(seed)
{
}

void KnobSearch::observe(const KnobConfig &config, double timeMs)
{
    m_seen.insert(config);
    m_observed.emplace_back(config, std::isfinite(timeMs) && timeMs > 0 ? std::log(timeMs) : NAN);
}

std::optional<KnobConfig> KnobSearch::best() const
{
    std::optional<KnobConfig> best;
    double bestTime = std::numeric_limits<double>::infinity();
    for (const auto &[c, t] : m_observed) {
        if (!std::isnan(t) && t < bestTime) {
            bestTime = t;
            best = c;
        }
    }
    return best;
}

const std::vector<KnobConfig> &KnobSearch::validConfigs() const
{
    if (!m_validEnumerated) {
        m_validEnumerated = true;
        if (m_space.cardinality() <= kEnumerateLimit) {
            m_space.forEachValid([this](const KnobConfig &c) {
                m_valid.push_back(c);
                return true;
            });
        }
    }
    return m_valid;
}

std::optional<KnobConfig> KnobSearch::repair(KnobConfig config, int keep) const
{
    for (int attempt = 0; attempt < 8; ++attempt) {
        const ValidityReport report = m_space.check(config);
        if (report.ok())
            return config;
        bool changed = false;
        for (const Violation &v : report.violations) {
            for (const auto &[knob, value] : v.fixes) {
                if (knob != keep) {
                    config[size_t(knob)] = value;
                    changed = true;
                    break;
                }
            }
            if (changed)
                break;
        }
        if (!changed)
            return std::nullopt;
    }
    return m_space.isValid(config) ? std::optional(config) : std::nullopt;
}

std::vector<KnobProposal> KnobSearch::propose(int count, const QString &bottleneck)
{
    std::vector<KnobProposal> out;
    for (int i = 0; i < count; ++i) {
        std::optional<KnobProposal> p;
        switch (m_strategy) {
        case SearchStrategy::Exhaustive:
            p = proposeExhaustive();
            break;
        case SearchStrategy::Random:
            p = proposeRandom();
            break;
        case SearchStrategy::Coordinate:
            p = proposeCoordinate(bottleneck);
            break;
        case SearchStrategy::Model:
            p = proposeModel();
            break;
        }
        if (!p)
            break;
        // A batch must not hold the same configuration twice: count it as
        // seen now; its time arrives with observe().
        m_seen.insert(p->config);
        out.push_back(std::move(*p));
    }
    return out;
}

std::optional<KnobProposal> KnobSearch::proposeExhaustive()
{
    const auto &valid = validConfigs();
    if (!valid.empty()) {
        while (m_exhaustiveCursor < valid.size() && seen(valid[m_exhaustiveCursor]))
            ++m_exhaustiveCursor;
        if (m_exhaustiveCursor == valid.size())
            return std::nullopt;
        return KnobProposal{valid[m_exhaustiveCursor], u"exhaustive "_s +
                                                           QString::number(m_exhaustiveCursor + 1) +
                                                           u'/' + QString::number(valid.size())};
    }
    std::optional<KnobConfig> found;
    m_space.forEachValid([&](const KnobConfig &c) {
        if (seen(c))
            return true;
        found = c;
        return false;
    });
    if (!found)
        return std::nullopt;
    return KnobProposal{*found, u"exhaustive"_s};
}

std::optional<KnobProposal> KnobSearch::proposeRandom()
{
    const auto &valid = validConfigs();
    if (!valid.empty()) {
        std::vector<size_t> unseen;
        for (size_t i = 0; i < valid.size(); ++i) {
            if (!seen(valid[i]))
                unseen.push_back(i);
        }
        if (unseen.empty())
            return std::nullopt;
        std::uniform_int_distribution<size_t> pick(0, unseen.size() - 1);
        return KnobProposal{valid[unseen[pick(m_rng)]], u"random joint sample"_s};
    }
    // Too large to enumerate: sample, and repair what violates a constraint
    // now and then (a repair costs hundreds of checks; a draw costs one).
    for (int attempt = 0; attempt < 10'000; ++attempt) {
        KnobConfig c;
        for (const Knob &k : m_space.knobs())
            c.push_back(std::uniform_int_distribution<int>(0, int(k.values.size()) - 1)(m_rng));
        auto fixed = m_space.isValid(c)  ? std::optional(c)
                     : attempt % 16 == 0 ? repair(c, -1)
                                         : std::nullopt;
        if (fixed && !seen(*fixed))
            return KnobProposal{*fixed, u"random joint sample"_s};
    }
    return std::nullopt;
}

std::optional<KnobProposal> KnobSearch::proposeCoordinate(const QString &bottleneck)
{
    const std::vector<Knob> &knobs = m_space.knobs();
    const int n = int(knobs.size());
    if (n == 0)
        return std::nullopt;
    KnobConfig base = m_base ? *m_base : best().value_or(m_space.defaultConfig());
    if (!m_space.isValid(base)) {
        if (auto fixed = repair(base, -1))
            base = *fixed;
    }
    if (!seen(base))
        return KnobProposal{base, u"coordinate start at the defaults"_s};

    // Knobs the bottleneck implicates first, then the rest.
    std::vector<int> order;
    for (const QString &name : m_bottleneckKnobs.value(bottleneck)) {
        const int k = m_space.indexOfKnob(name);
        if (k >= 0 && std::find(order.begin(), order.end(), k) == order.end())
            order.push_back(k);
    }
    const size_t implicated = order.size();
    for (int k = 0; k < n; ++k) {
        if (std::find(order.begin(), order.end(), k) == order.end())
            order.push_back(k);
    }
    // Continue with the knob being swept before moving to the next one.
    if (const auto at = std::find(order.begin(), order.end(), m_coordinateKnob); at != order.end())
        std::rotate(order.begin(), at, order.end());
    for (int k : order) {
        const int values = int(knobs[size_t(k)].values.size());
        const int at = base[size_t(k)];
        for (int d = 1; d < values; ++d) {
            for (int v : {at - d, at + d}) {
                if (v < 0 || v >= values)
                    continue;
                KnobConfig c = base;
                c[size_t(k)] = v;
                auto fixed = m_space.isValid(c) ? std::optional(c) : repair(c, k);
                if (!fixed || seen(*fixed))
                    continue;
                m_coordinateKnob = k;
                const bool byBottleneck = std::find(order.begin(), order.begin() + long(implicated),
                                                    k) != order.begin() + long(implicated);
                return KnobProposal{*fixed,
                                    u"sweep "_s + knobs[size_t(k)].name + u" around the best"_s +
                                        (byBottleneck ? u" ("_s + bottleneck + u')' : QString())};
            }
        }
    }
    if (auto r = proposeRandom()) {
        r->reason = u"coordinate search converged; random restart"_s;
        return r;
    }
    return std::nullopt;
}

namespace {

// One knob's distance between two of its values, 0..1: numeric knobs by how
// far apart the values sit in their ordered list, permutations and strings
// by same or different.
double knobDistance(const Knob &knob, int a, int b)
{
    const bool ordinal = knob.kind != Knob::Kind::Permutation && knob.values.front().numeric;
    return a == b ? 0.0
           : ordinal && knob.values.size() > 1
               ? double(std::abs(a - b)) / double(knob.values.size() - 1)
               : 1.0;
}

// A knob whose values differ in alignment: positive integers whose largest
// power-of-two divisor varies (a block of 48 threads is no multiple of a
// warp, 32 and 64 are; 96 is of 32 but not of 64). Kernels often run much
// faster at the aligned values, which a knob's distance along its ordered
// values cannot say: the time model sees each such knob's alignment as one
// more dimension with its own relevance, 0..1 between its least and most
// aligned values. Any such knob counts (an unroll of 1..8 too: 8 is the
// most aligned); where alignment does not matter its relevance stays least.
// Powers past 2^kAlignment are not told apart.
struct AlignedKnob
{
    size_t knob = 0;
    std::vector<int> alignment; // per value: log2 of its largest power-of-two divisor
    int span = 0;               // most minus least
};
constexpr int kAlignment = 10;
std::vector<AlignedKnob> alignedKnobs(const std::vector<Knob> &knobs)
{
    std::vector<AlignedKnob> out;
    for (size_t q = 0; q < knobs.size(); ++q) {
        const Knob &k = knobs[q];
        if (k.kind == Knob::Kind::Permutation || k.values.size() < 2 ||
            k.values.size() > kTabledValues)
            continue;
        AlignedKnob a{q, {}, 0};
        int least = kAlignment;
        bool positiveIntegers = true;
        for (const KnobValue &v : k.values) {
            positiveIntegers = positiveIntegers && v.numeric && v.number >= 1 && v.number < 1e18 &&
                               v.number == std::round(v.number);
            if (!positiveIntegers)
                break;
            const auto i = static_cast<unsigned long long>(v.number);
            a.alignment.push_back(std::min(std::countr_zero(i), kAlignment));
            least = std::min(least, a.alignment.back());
            a.span = std::max(a.span, a.alignment.back());
        }
        a.span -= least;
        if (positiveIntegers && a.span > 0)
            out.push_back(std::move(a));
    }
    return out;
}

// The similarity exp(−Σₖ relevanceₖ·distanceₖ) of two configurations, as
// the product of each knob's factor, tabled by how far apart the two values
// sit (a knob's distance depends on nothing else) for knobs of up to
// kTabledValues values: the models evaluate it millions of times a proposal,
// and exp was most of a proposal's cost. The fits build one per likelihood
// they try, so a table costs one exp per distance, not per pair of values.
class Similarity
{
public:
    Similarity(const std::vector<Knob> &knobs, std::span<const double> relevance)
        : m_knobs(knobs), m_relevance(relevance.begin(), relevance.end()), m_tables(knobs.size())
    {
        for (size_t q = 0; q < knobs.size(); ++q) {
            const size_t values = knobs[q].values.size();
            if (values > kTabledValues)
                continue;
            m_tables[q].resize(values);
            for (size_t apart = 0; apart < values; ++apart)
                m_tables[q][apart] =
                    std::exp(-relevance[q] * knobDistance(knobs[q], 0, int(apart)));
        }
        // Relevances past the knobs' own are their alignments' (AlignedKnob).
        if (relevance.size() > knobs.size()) {
            m_aligned = alignedKnobs(knobs);
            m_aligned.resize(std::min(m_aligned.size(), relevance.size() - knobs.size()));
            m_alignedFactors.resize(m_aligned.size());
            for (size_t j = 0; j < m_aligned.size(); ++j) {
                for (int apart = 0; apart <= m_aligned[j].span; ++apart)
                    m_alignedFactors[j].push_back(std::exp(
                        -relevance[knobs.size() + j] * double(apart) / double(m_aligned[j].span)));
            }
        }
    }
    double operator()(const KnobConfig &a, const KnobConfig &b) const
    {
        double f = 1;
        for (size_t q = 0; q < m_tables.size(); ++q) {
            if (!m_tables[q].empty())
                f *= m_tables[q][size_t(std::abs(a[q] - b[q]))];
            else if (a[q] != b[q])
                f *= std::exp(-m_relevance[q] * knobDistance(m_knobs[q], a[q], b[q]));
        }
        for (size_t j = 0; j < m_aligned.size(); ++j) {
            const AlignedKnob &al = m_aligned[j];
            f *= m_alignedFactors[j][size_t(
                std::abs(al.alignment[size_t(a[al.knob])] - al.alignment[size_t(b[al.knob])]))];
        }
        return f;
    }

private:
    const std::vector<Knob> &m_knobs;
    std::vector<double> m_relevance;
    std::vector<std::vector<double>> m_tables;
    std::vector<AlignedKnob> m_aligned;
    std::vector<std::vector<double>> m_alignedFactors; // by how far apart two alignments sit
};

// Solves (A + lambda·I) x = b for a symmetric positive semi-definite n×n A
// (row-major) by Cholesky; `a` is left holding the factor L (lower).
std::vector<double> choleskySolve(std::vector<double> &a, std::vector<double> b, size_t n,
                                  double lambda)
{
    for (size_t i = 0; i < n; ++i)
        a[i * n + i] += lambda;
    for (size_t j = 0; j < n; ++j) {
        double d = a[j * n + j];
        for (size_t k = 0; k < j; ++k)
            d -= a[j * n + k] * a[j * n + k];
        d = std::sqrt(std::max(d, 1e-12));
        a[j * n + j] = d;
        for (size_t i = j + 1; i < n; ++i) {
            double v = a[i * n + j];
            for (size_t k = 0; k < j; ++k)
                v -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = v / d;
        }
    }
    for (size_t i = 0; i < n; ++i) { // L·y = b
        for (size_t k = 0; k < i; ++k)
            b[i] -= a[i * n + k] * b[k];
        b[i] /= a[i * n + i];
    }
    for (size_t i = n; i-- > 0;) { // Lᵀ·x = y
        for (size_t k = i + 1; k < n; ++k)
            b[i] -= a[k * n + i] * b[k];
        b[i] /= a[i * n + i];
    }
    return b;
}

// Forward substitution L·V = R for `width` columns at once (a multiple of
// four), with L the lower factor `chol` (n×n, row-major) and R's column c
// at row i `rhs(c, i)`; V's row i lands at v[i·kSolveBlock …]. One column's
// solve is a chain of dependent subtractions; four columns are independent
// chains, their running values held in registers, which the processor
// overlaps. Each column sees the operations of a solve alone, in the same
// order, so its values are the same to the bit.
template <typename Rhs>
void forwardSolveColumns(const std::vector<double> &chol, size_t n, size_t width, Rhs rhs,
                         std::vector<double> &v)
{
    for (size_t i = 0; i < n; ++i) {
        double *vi = &v[i * kSolveBlock];
        for (size_t c = 0; c < width; ++c)
            vi[c] = rhs(c, i);
        const double *li = &chol[i * n];
        for (size_t c = 0; c < width; c += 4) {
            double a0 = vi[c], a1 = vi[c + 1], a2 = vi[c + 2], a3 = vi[c + 3];
            for (size_t j = 0; j < i; ++j) {
                const double *vj = &v[j * kSolveBlock + c];
                a0 -= li[j] * vj[0];
                a1 -= li[j] * vj[1];
                a2 -= li[j] * vj[2];
                a3 -= li[j] * vj[3];
            }
            vi[c] = a0 / li[i], vi[c + 1] = a1 / li[i], vi[c + 2] = a2 / li[i],
            vi[c + 3] = a3 / li[i];
        }
    }
}

// Per-dimension relevances and one more parameter (the noise, a prior
// weight), the likeliest on their grids: one relevance shared by the first
// `shared` dimensions (all if 0; the rest stay at the grid's least) with
// each value of the parameter first, then each dimension's own relevance
// in turn, then the parameter again. `likelihood(relevances, parameter)`.
// The time model shares among the knobs only: their alignments
// (AlignedKnob) matter on some kernels and not at all on others, so they
// start at the grid's least relevance and rise only where the per-dimension
// pass finds that likelier.
template <typename Likelihood>
std::pair<std::vector<double>, double>
likeliestOnGrid(size_t knobs, std::span<const double> relevances,
                std::span<const double> parameters, Likelihood &&likelihood, size_t shared = 0)
{
    if (shared == 0)
        shared = knobs;
    double best = -std::numeric_limits<double>::infinity();
    std::vector<double> chosen(knobs, 1.0);
    double parameter = parameters.front();
    for (double r : relevances) {
        for (double e : parameters) {
            std::vector<double> trial(knobs, relevances.front());
            std::fill(trial.begin(), trial.begin() + long(shared), r);
            const double l = likelihood(trial, e);
            if (l > best) {
                best = l;
                chosen = trial;
                parameter = e;
            }
        }
    }
    for (size_t q = 0; q < knobs; ++q) {
        const double was = chosen[q];
        for (double r : relevances) {
            if (r == was)
                continue;
            std::vector<double> trial = chosen;
            trial[q] = r;
            const double l = likelihood(trial, parameter);
            if (l > best + 1e-9) {
                best = l;
                chosen = trial;
            }
        }
    }
    for (double e : parameters) {
        const double l = likelihood(chosen, e);
        if (l > best + 1e-9) {
            best = l;
            parameter = e;
        }
    }
    return {chosen, parameter};
}

// Whether a fit made at `fittedAt` measurements is redone at `observed`:
// on every new one while `counted` (what the fit learns from) is below
// kRefitAlways, each can change the picture and the fit is cheap; then as
// the measurements grow by a fifth.
bool refitDue(size_t observed, size_t fittedAt, size_t counted)
{
    return observed > fittedAt &&
           (counted < kRefitAlways || double(observed) >= 1.2 * double(fittedAt) + 2);
}

} // namespace

std::optional<KnobProposal> KnobSearch::proposeModel()
{
    // The workload's defaults first (its author's best guess beats a random
    // point), then random samples, then the model. Without declared defaults
    // the first value of every knob is no guess at all: a random sample starts.
    if (m_observed.empty() && m_space.hasDeclaredDefaults()) {
        const KnobConfig defaults = m_space.defaultConfig();
        auto start = m_space.isValid(defaults) ? std::optional(defaults) : repair(defaults, -1);
        if (start && !seen(*start))
            return KnobProposal{*start, u"model: start at the defaults"_s};
    }
    int measured = 0;
    for (const auto &o : m_observed)
        measured += std::isnan(o.second) ? 0 : 1;
    if (measured < 2 || m_observed.size() < size_t(1) + size_t(kModelWarmup)) {
        auto r = proposeRandom();
        if (r)
            r->reason = measured == 0 ? u"model: nothing measured yet, random sample"_s
                                      : u"model: warming up, random sample"_s;
        return r;
    }
    // Stuck: no improvement in the last kStall measurements. Then every
    // other proposal leaves the model's choice. First each single-knob
    // change of the best, then of the other leaders (those within 1 % of it,
    // which the search cannot tell apart), in random order (a knob at
    // random, then one of its values): the fit generalises from far-away
    // measurements, and a knob it judges bad on average (an algorithm
    // variant that is slow at most settings) may be the fastest next to the
    // best, or next to its near-twin that differs in a knob that matters
    // only there; one knob is picked before a value, so a switch of two
    // values is not crowded out by a knob of thirty. Once they are all
    // measured, each candidate is drawn in proportion to its chance of
    // beating the best (below): a model that has settled on one region still
    // tries the others where they may be faster, and where it cannot tell
    // many configurations apart (a plateau around one narrow optimum) it
    // spreads its tries over all of them instead of the few its fit happens
    // to favour. The odds of running do not weigh in.
    size_t stalledFor = 0;
    {
        size_t sinceBest = 0;
        double bestSoFar = std::numeric_limits<double>::infinity();
        for (const auto &o : m_observed) {
            ++sinceBest;
            if (!std::isnan(o.second) && o.second < bestSoFar - kMeaningfulGain) {
                bestSoFar = o.second;
                sinceBest = 0;
            }
        }
        const size_t stall = size_t(kStall);
        if (stall > 0 && sinceBest >= stall && (sinceBest - stall) % 2 == 0)
            stalledFor = sinceBest;
    }
    if (stalledFor > 0) {
        if (auto step = unseenChangeOfALeader()) {
            return KnobProposal{step->first,
                                u"model: no improvement in %1 measurements, %2 "
                                u"changed in one within 1 % of the best"_s.arg(stalledFor)
                                    .arg(m_space.knobs()[step->second].name)};
        }
    }
    std::vector<KnobConfig> pool = modelPool();
    if (pool.empty())
        return std::nullopt;

    const GpFit fit = fitGp();
    // Where failures were seen, a configuration is less likely to run: the
    // share of successes among the measured near it (closer ones weigh
    // more), drawn toward the overall share where nothing is near.
    int failures = 0;
    for (const auto &o : m_observed)
        failures += std::isnan(o.second) ? 1 : 0;
    const double overall =
        double(m_observed.size() - size_t(failures) + 1) / double(m_observed.size() + 2);
    std::optional<Similarity> near;
    if (failures > 0)
        near.emplace(m_space.knobs(), fitFeasibility());
    const size_t n = fit.x.size();
    // Expected improvement grows with the predicted spread, and the
    // feasibility factor is at most 1. The spread given only the few
    // measurements most correlated with a candidate is at least the spread
    // given all (conditioning on less never narrows it), and costs O(m³) for
    // m of them instead of O(n²): so the exact spread is computed only for
    // candidates whose bound can still beat the best score found (best
    // bound first). The choice is the same as scoring them all.
    auto expectedImprovement = [&](double mu, double sigma) {
        const double gap = fit.best - kMeaningfulGain - mu;
        const double z = gap / sigma;
        return gap * 0.5 * std::erfc(-z / std::sqrt(2.0)) +
               sigma * std::exp(-0.5 * z * z) / std::sqrt(2.0 * M_PI);
    };
    const size_t m = std::min(n, kSpreadNeighbours);
    std::vector<size_t> nearest(n);
    std::vector<double> sub(m * m), kSub(m);
    auto spreadBound = [&](const double *k) {
        std::iota(nearest.begin(), nearest.end(), size_t(0));
        std::nth_element(nearest.begin(), nearest.begin() + long(m) - 1, nearest.end(),
                         [k](size_t a, size_t b) { return k[a] > k[b]; });
        for (size_t a = 0; a < m; ++a) {
            kSub[a] = k[nearest[a]];
            for (size_t b = 0; b < m; ++b)
                sub[a * m + b] = fit.kernel[nearest[a] * n + nearest[b]];
        }
        const std::vector<double> w = choleskySolve(sub, kSub, m, fit.noise);
        double explained = 0;
        for (size_t a = 0; a < m; ++a)
            explained += kSub[a] * w[a];
        // Rounding may leave it a hair under the exact spread: 1e-7 of var above it.
        return fit.var - explained + 1e-7 * fit.var;
    };
    std::vector<double> ks(pool.size() * n), mus(pool.size()), bound(pool.size()),
        chance(stalledFor > 0 ? pool.size() : 0);
    const Similarity similarity(m_space.knobs(), fit.relevance);
    for (size_t p = 0; p < pool.size(); ++p) {
        double *k = &ks[p * n];
        double mu = 0;
        for (size_t i = 0; i < n; ++i) {
            k[i] = fit.var * similarity(pool[p], *fit.x[i]);
            mu += k[i] * fit.alpha[i];
        }
        mus[p] = mu;
        const double sigma = std::sqrt(std::max(spreadBound(k), 1e-12));
        bound[p] = expectedImprovement(mu, sigma);
        if (stalledFor > 0) // with the bound on the spread: drawing needs no exact one
            chance[p] =
                0.5 * std::erfc((mu - (fit.best - kMeaningfulGain)) / sigma / std::sqrt(2.0));
    }
    if (stalledFor > 0) {
        // Every chance can underflow to 0 far from the best: then uniformly.
        const double total = std::accumulate(chance.begin(), chance.end(), 0.0);
        if (!(total > 0))
            std::fill(chance.begin(), chance.end(), 1.0);
        std::discrete_distribution<size_t> draw(chance.begin(), chance.end());
        return KnobProposal{
            pool[draw(m_rng)],
            u"model: no improvement in %1 measurements, drawn by chance of improving"_s.arg(
                stalledFor)};
    }
    std::vector<size_t> order(pool.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return bound[a] > bound[b]; });
    double bestScore = -1, bestMu = 0;
    size_t bestIndex = 0;
    // The exact spreads in blocks of candidates (in order of bound), L·V =
    // K* with a column each (forwardSolveColumns): where the bounds prune
    // little (a flat landscape, where every candidate looks alike) that
    // costs a fraction of the time of one solve after another, and the
    // spreads and the choice are the same to the bit. The blocks grow from
    // four (solved in the time of one), so where the bounds prune all but a
    // few, not many more are solved.
    static_assert(kSolveBlock % 4 == 0);
    std::vector<double> vs(n * kSolveBlock);
    bool pruned = false;
    for (size_t at = 0, width = 4; !pruned && at < order.size();
         at += width, width = std::min(2 * width, kSolveBlock)) {
        // Those of the next width whose bound can still beat the best score
        // (as the scores below: a bound that is not less does).
        size_t cols = 0;
        while (cols < width && at + cols < order.size() && !(bound[order[at + cols]] < bestScore))
            ++cols;
        pruned = cols < width && at + cols < order.size(); // the rest are less still
        if (cols == 0)
            break;
        // The columns past cols (up to a multiple of four) solve zeros.
        forwardSolveColumns(
            fit.chol, n, (cols + 3) / 4 * 4,
            [&](size_t c, size_t i) { return c < cols ? ks[order[at + c] * n + i] : 0.0; }, vs);
        for (size_t c = 0; c < cols; ++c) {
            const size_t p = order[at + c];
            if (bound[p] < bestScore) {
                pruned = true; // and so are the rest, in order of bound
                break;
            }
            double s2 = fit.var;
            for (size_t i = 0; i < n; ++i)
                s2 -= vs[i * kSolveBlock + c] * vs[i * kSolveBlock + c];
            double score = expectedImprovement(mus[p], std::sqrt(std::max(s2, 1e-12)));
            if (near) {
                double w = 0, ok = 0;
                for (const auto &o : m_observed) {
                    const double wi = (*near)(pool[p], o.first);
                    w += wi;
                    ok += std::isnan(o.second) ? 0 : wi;
                }
                score *= (ok + m_feasibilityPrior * overall) / (w + m_feasibilityPrior);
            }
            // Ties go to the earlier candidate of the pool, as a full scan would.
            if (score > bestScore || (score == bestScore && p < bestIndex)) {
                bestScore = score;
                bestMu = mus[p];
                bestIndex = p;
            }
        }
    }
    return KnobProposal{pool[bestIndex], u"model: predicted "_s +
                                             QString::number(std::exp(bestMu + fit.mean), 'g', 3) +
                                             u" ms, most expected improvement"_s};
}

// The feasibility estimate's per-knob relevance and the weight of the
// overall share in it: the likeliest on a grid to predict whether each
// measured configuration ran from the others (leave one out), refitted as
// refitDue says. So a failure carries to the configurations that differ
// from it only in knobs it does not depend on (a block too large for its
// tile fails whatever the algorithm variant), and not along the knobs that
// decide it.
const std::vector<double> &KnobSearch::fitFeasibility()
{
    const size_t nk = m_space.knobs().size();
    if (m_feasibility.size() == nk &&
        !refitDue(m_observed.size(), m_feasibilityFittedAt, m_observed.size()))
        return m_feasibility;
    const size_t n = std::min(m_observed.size(), kFeasibilityObservations);
    const auto first = m_observed.end() - long(n);
    std::vector<bool> ran(n);
    size_t ranCount = 0;
    for (size_t i = 0; i < n; ++i) {
        ran[i] = !std::isnan(first[long(i)].second);
        ranCount += ran[i] ? 1 : 0;
    }
    // The estimate the score uses, of each one from the others.
    auto logLikelihood = [&](const std::vector<double> &relevance, double prior) {
        const Similarity near(m_space.knobs(), relevance);
        // Each one's weighted neighbours and those that ran, from each pair once.
        std::vector<double> w(n, 0.0), ok(n, 0.0);
        for (size_t i = 0; i < n; ++i) {
            for (size_t j = 0; j < i; ++j) {
                const double wij = near(first[long(i)].first, first[long(j)].first);
                w[i] += wij, w[j] += wij;
                ok[i] += ran[j] ? wij : 0, ok[j] += ran[i] ? wij : 0;
            }
        }
        double sum = 0;
        for (size_t i = 0; i < n; ++i) {
            const double overall = double(ranCount - (ran[i] ? 1 : 0) + 1) / double(n + 1);
            const double p = (ok[i] + prior * overall) / (w[i] + prior);
            sum += std::log(ran[i] ? p : 1 - p);
        }
        return sum;
    };
    auto [relevance, prior] =
        likeliestOnGrid(nk, kFeasibilityRelevances, kFeasibilityPriors, logLikelihood);
    m_feasibilityPrior = prior;
    m_feasibility = std::move(relevance);
    m_feasibilityFittedAt = m_observed.size();
    return m_feasibility;
}

std::vector<KnobConfig> KnobSearch::modelPool()
{
    // Candidates: the unseen valid configurations (a random subset of a
    // large space) and the best one's single-knob neighbours.
    std::vector<KnobConfig> pool;
    const size_t poolSize = kGpPool;
    const auto &valid = validConfigs();
    if (!valid.empty()) {
        for (const KnobConfig &c : valid) {
            if (!seen(c))
                pool.push_back(c);
        }
        // In random order: where the model cannot tell candidates apart,
        // the first of equals is a random one, not the corner of the space
        // the enumeration starts at.
        std::shuffle(pool.begin(), pool.end(), m_rng);
        if (pool.size() > poolSize)
            pool.resize(poolSize);
    } else {
        // A random subset of a space too large to list: the draws that are
        // valid as drawn, within a bounded number of draws (repairing each
        // would cost more than the model itself).
        for (size_t draw = 0; draw < 20 * poolSize && pool.size() < poolSize; ++draw) {
            KnobConfig c;
            for (const Knob &k : m_space.knobs())
                c.push_back(std::uniform_int_distribution<int>(0, int(k.values.size()) - 1)(m_rng));
            if (m_space.isValid(c) && !seen(c))
                pool.push_back(std::move(c));
        }
    }
    // And the best one's unseen single-knob changes.
    if (auto b = best()) {
        for (auto &steps : unseenChangesOf({*b}))
            std::move(steps.begin(), steps.end(), std::back_inserter(pool));
    }
    return pool;
}

std::vector<std::vector<KnobConfig>>
KnobSearch::unseenChangesOf(const std::vector<KnobConfig> &configs) const
{
    // Per knob, its unseen valid values with the rest of each configuration
    // kept, each change listed once, within a window: a knob of a million
    // values must not make one proposal cost a million checks.
    std::vector<std::vector<KnobConfig>> byKnob(m_space.knobs().size());
    std::set<KnobConfig> listed;
    for (const KnobConfig &from : configs) {
        for (size_t k = 0; k < from.size(); ++k) {
            const int values = int(m_space.knobs()[k].values.size());
            const int at = from[k];
            for (int v = std::max(0, at - kNeighbours); v < std::min(values, at + kNeighbours + 1);
                 ++v) {
                KnobConfig c = from;
                c[k] = v;
                if (v != at && m_space.isValid(c) && !seen(c) && listed.insert(c).second)
                    byKnob[k].push_back(std::move(c));
            }
        }
    }
    return byKnob;
}

std::vector<KnobConfig> KnobSearch::leaders() const
{
    // The configurations measured within a meaningful gain of the best: the
    // search cannot tell them apart (beating one by less is no improvement).
    double bestTime = std::numeric_limits<double>::infinity();
    for (const auto &o : m_observed) {
        if (!std::isnan(o.second))
            bestTime = std::min(bestTime, o.second);
    }
    // On a flat landscape that is nearly everything measured: the fastest
    // kLeaders of them bound the cost of listing their changes.
    std::vector<size_t> within;
    for (size_t i = 0; i < m_observed.size(); ++i) {
        const double t = m_observed[i].second;
        if (!std::isnan(t) && t <= bestTime + kMeaningfulGain)
            within.push_back(i);
    }
    if (within.size() > kLeaders) {
        std::nth_element(
            within.begin(), within.begin() + long(kLeaders) - 1, within.end(),
            [this](size_t a, size_t b) { return m_observed[a].second < m_observed[b].second; });
        within.resize(kLeaders);
        std::sort(within.begin(), within.end()); // in the order measured, as without a cap
    }
    std::vector<KnobConfig> configs;
    configs.reserve(within.size());
    for (const size_t i : within)
        configs.push_back(m_observed[i].first);
    return configs;
}

std::optional<std::pair<KnobConfig, size_t>> KnobSearch::unseenChangeOfALeader()
{
    // The best's own changes first (of the leaders, the likeliest to be the
    // fastest), then the other leaders'. A knob at random among those with
    // an unseen change, then one of its values: a two-valued switch is not
    // crowded out by a knob of many.
    const std::optional<KnobConfig> b = best();
    std::vector<std::vector<KnobConfig>> byKnob;
    if (b)
        byKnob = unseenChangesOf({*b});
    if (std::all_of(byKnob.begin(), byKnob.end(), [](const auto &c) { return c.empty(); })) {
        // The best's changes are all seen by now: walking them again finds none.
        std::vector<KnobConfig> others = leaders();
        if (b)
            std::erase(others, *b);
        byKnob = unseenChangesOf(others);
    }
    std::vector<size_t> knobs;
    for (size_t k = 0; k < byKnob.size(); ++k) {
        if (!byKnob[k].empty())
            knobs.push_back(k);
    }
    if (knobs.empty())
        return std::nullopt;
    const size_t knob = knobs[std::uniform_int_distribution<size_t>(0, knobs.size() - 1)(m_rng)];
    auto &steps = byKnob[knob];
    return std::pair{
        std::move(steps[std::uniform_int_distribution<size_t>(0, steps.size() - 1)(m_rng)]), knob};
}

KnobSearch::GpFit KnobSearch::fitGp()
{
    // A Gaussian process over the log time of the configurations that ran,
    // kernel var·exp(−Σₖ relevanceₖ·distanceₖ) plus measurement noise, the
    // sum over the knobs and the alignments of those with aligned values.
    // Each knob's relevance is the likeliest on a grid (refitted as the
    // measurements grow), so a knob that does not matter stops making far
    // configurations look alike and one that does keeps them apart.
    // Failures are no time at all: they shape the feasibility estimate, not
    // the fit. The fit costs O(n³): past kGpObservations it uses the fastest
    // and the most recent.
    std::vector<const std::pair<KnobConfig, double> *> obs;
    for (const auto &o : m_observed) {
        if (!std::isnan(o.second))
            obs.push_back(&o);
    }
    const size_t cap = kGpObservations;
    if (obs.size() > cap) {
        std::vector<const std::pair<KnobConfig, double> *> recent(obs.end() - long(cap / 5),
                                                                  obs.end());
        std::stable_sort(obs.begin(), obs.end(),
                         [](const auto *a, const auto *b) { return a->second < b->second; });
        obs.resize(cap - recent.size());
        for (const auto *r : recent) {
            if (std::find(obs.begin(), obs.end(), r) == obs.end())
                obs.push_back(r);
        }
    }
    GpFit fit;
    const size_t n = obs.size();
    const size_t nk = m_space.knobs().size();
    std::vector<double> y(n);
    for (size_t i = 0; i < n; ++i) {
        y[i] = obs[i]->second;
        fit.mean += y[i];
        fit.x.push_back(&obs[i]->first);
    }
    fit.mean /= double(n);
    double var = 0;
    fit.best = std::numeric_limits<double>::infinity();
    for (double &v : y) {
        v -= fit.mean;
        var += v * v;
        fit.best = std::min(fit.best, v);
    }
    fit.var = std::max(var / double(n), 1e-4);
    // Fits with `relevance` and `noise`; returns the log marginal likelihood (less constants).
    auto tryFit = [&](const std::vector<double> &relevance, double noise,
                      std::vector<double> *alpha, std::vector<double> *chol,
                      std::vector<double> *kernel = nullptr) {
        const Similarity similarity(m_space.knobs(), relevance);
        std::vector<double> k(n * n);
        for (size_t i = 0; i < n; ++i) {
            k[i * n + i] = fit.var;
            for (size_t j = 0; j < i; ++j)
                k[i * n + j] = k[j * n + i] = fit.var * similarity(*fit.x[i], *fit.x[j]);
        }
        if (kernel)
            *kernel = k;
        std::vector<double> a = choleskySolve(k, y, n, noise * fit.var);
        double logLik = 0;
        for (size_t i = 0; i < n; ++i)
            logLik -= 0.5 * y[i] * a[i] + std::log(k[i * n + i]);
        *alpha = std::move(a);
        *chol = std::move(k);
        return logLik;
    };
    // Alignments join once the fit learns from kRefitAlways measurements: a
    // second-order effect, which a few measurements only seem to show.
    const size_t dims = nk + (n >= kRefitAlways ? alignedKnobs(m_space.knobs()).size() : 0);
    if (m_relevance.size() != dims || refitDue(m_observed.size(), m_relevanceFittedAt, n)) {
        std::vector<double> alpha, chol;
        auto [relevance, noise] = likeliestOnGrid(
            dims, kGpRelevances, kGpNoises,
            [&](const auto &r, double e) { return tryFit(r, e, &alpha, &chol); }, nk);
        m_noise = noise;
        m_relevance = std::move(relevance);
        m_relevanceFittedAt = m_observed.size();
    }
    tryFit(m_relevance, m_noise, &fit.alpha, &fit.chol, &fit.kernel);
    fit.noise = m_noise * fit.var;
    fit.relevance = m_relevance;
    return fit;
}

} // namespace kwb
