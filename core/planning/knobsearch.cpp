#include "knobsearch.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

// Spaces up to this size are enumerated once, so random and model-based
// proposals draw from exactly the valid, unseen configurations.
constexpr double kEnumerateLimit = 500'000;
constexpr int kModelWarmup = 5;

} // namespace

QString strategyName(SearchStrategy s)
{
    switch (s) {
    case SearchStrategy::Exhaustive: return u"exhaustive"_s;
    case SearchStrategy::Random: return u"random"_s;
    case SearchStrategy::Coordinate: return u"coordinate"_s;
    case SearchStrategy::Model: return u"model"_s;
    }
    return {};
}

std::optional<SearchStrategy> parseStrategy(const QString &name)
{
    for (SearchStrategy s : {SearchStrategy::Exhaustive, SearchStrategy::Random, SearchStrategy::Coordinate,
                             SearchStrategy::Model}) {
        if (strategyName(s) == name)
            return s;
    }
    return std::nullopt;
}

KnobSearch::KnobSearch(const KnobSpace &space, SearchStrategy strategy, quint64 seed)
    : m_space(space), m_strategy(strategy), m_rng(seed)
{}

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
        case SearchStrategy::Exhaustive: p = proposeExhaustive(); break;
        case SearchStrategy::Random: p = proposeRandom(); break;
        case SearchStrategy::Coordinate: p = proposeCoordinate(bottleneck); break;
        case SearchStrategy::Model: p = proposeModel(); break;
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
        return KnobProposal{valid[m_exhaustiveCursor], u"exhaustive "_s + QString::number(m_exhaustiveCursor + 1)
                                                           + u'/' + QString::number(valid.size())};
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
    // Too large to enumerate: sample, repair what violates a constraint.
    for (int attempt = 0; attempt < 10'000; ++attempt) {
        KnobConfig c;
        for (const Knob &k : m_space.knobs())
            c.push_back(std::uniform_int_distribution<int>(0, int(k.values.size()) - 1)(m_rng));
        auto fixed = repair(c, -1);
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
                const bool byBottleneck = std::find(order.begin(), order.begin() + long(implicated), k)
                    != order.begin() + long(implicated);
                return KnobProposal{*fixed, u"sweep "_s + knobs[size_t(k)].name + u" around the best"_s
                                                + (byBottleneck ? u" ("_s + bottleneck + u')' : QString())};
            }
        }
    }
    if (auto r = proposeRandom()) {
        r->reason = u"coordinate search converged; random restart"_s;
        return r;
    }
    return std::nullopt;
}

double KnobSearch::knobDistance(const KnobConfig &a, const KnobConfig &b) const
{
    const std::vector<Knob> &knobs = m_space.knobs();
    double d = 0;
    for (size_t k = 0; k < knobs.size(); ++k) {
        const Knob &knob = knobs[k];
        if (a[k] == b[k])
            continue;
        const bool ordinal = knob.kind != Knob::Kind::Permutation && knob.values.front().numeric;
        d += ordinal && knob.values.size() > 1 ? double(std::abs(a[k] - b[k])) / double(knob.values.size() - 1) : 1.0;
    }
    return d / double(std::max<size_t>(1, knobs.size()));
}

double KnobSearch::predict(const KnobConfig &c, double *distance) const
{
    // Inverse-distance weighting over the nearest observations; failures
    // count as twice the slowest time seen, so the model steers away.
    double worst = -std::numeric_limits<double>::infinity();
    for (const auto &[cfg, t] : m_observed) {
        if (!std::isnan(t))
            worst = std::max(worst, t);
    }
    const double failed = worst + std::log(2.0);
    std::vector<std::pair<double, double>> near; // (distance, log time)
    near.reserve(m_observed.size());
    for (const auto &[cfg, t] : m_observed)
        near.emplace_back(knobDistance(c, cfg), std::isnan(t) ? failed : t);
    const size_t k = std::min<size_t>(6, near.size());
    std::partial_sort(near.begin(), near.begin() + long(k), near.end());
    double wsum = 0, vsum = 0;
    for (size_t i = 0; i < k; ++i) {
        const double w = 1.0 / ((near[i].first + 1e-3) * (near[i].first + 1e-3));
        wsum += w;
        vsum += w * near[i].second;
    }
    *distance = k ? near[0].first : 1.0;
    return wsum > 0 ? vsum / wsum : 0;
}

std::optional<KnobProposal> KnobSearch::proposeModel()
{
    const int successes = int(std::count_if(m_observed.begin(), m_observed.end(),
                                            [](const auto &o) { return !std::isnan(o.second); }));
    if (successes < kModelWarmup || std::uniform_real_distribution<double>(0, 1)(m_rng) < 0.1) {
        auto r = proposeRandom();
        if (r)
            r->reason = successes < kModelWarmup ? u"model warming up: random sample"_s : u"model: random exploration"_s;
        return r;
    }
    // Candidate pool: every unseen valid configuration when the space is
    // enumerable, else random samples plus the best one's neighbours.
    std::vector<KnobConfig> pool;
    const auto &valid = validConfigs();
    if (!valid.empty()) {
        for (const KnobConfig &c : valid) {
            if (!seen(c))
                pool.push_back(c);
        }
    } else {
        for (int i = 0; i < 2000; ++i) {
            if (auto r = proposeRandom())
                pool.push_back(r->config);
        }
        if (auto b = best()) {
            for (size_t k = 0; k < b->size(); ++k) {
                for (int v = 0; v < int(m_space.knobs()[k].values.size()); ++v) {
                    KnobConfig c = *b;
                    c[k] = v;
                    if (m_space.isValid(c) && !seen(c))
                        pool.push_back(c);
                }
            }
        }
    }
    if (pool.empty())
        return std::nullopt;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const auto &o : m_observed) {
        if (!std::isnan(o.second)) {
            lo = std::min(lo, o.second);
            hi = std::max(hi, o.second);
        }
    }
    // Lower confidence bound: predicted log time minus a bonus for being far
    // from anything measured.
    const double beta = 0.5 * std::max(hi - lo, 0.05);
    double bestScore = std::numeric_limits<double>::infinity();
    double bestPred = 0;
    size_t bestIndex = 0;
    for (size_t i = 0; i < pool.size(); ++i) {
        double distance = 0;
        const double pred = predict(pool[i], &distance);
        const double score = pred - beta * distance;
        if (score < bestScore) {
            bestScore = score;
            bestPred = pred;
            bestIndex = i;
        }
    }
    return KnobProposal{pool[bestIndex], u"model: predicted "_s + QString::number(std::exp(bestPred), 'g', 3) + u" ms"_s};
}

} // namespace kwb
