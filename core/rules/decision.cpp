#include "decision.h"

#include "eval/result.h"

#include <QCoreApplication>
#include <algorithm>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

QString pct(double fraction)
{
    return QString::number(100.0 * fraction, 'f', 1) + u'%';
}

} // namespace

Decision decide(const EvalResult &c, const std::optional<Latency> &incumbent,
                const DecisionRules &rules)
{
    Decision d;
    // A harness flag (the supervisor's clock disagrees with the kernel's
    // timings, …) means the figures cannot be trusted: never kept.
    if (c.flagged()) {
        d.kind = Decision::Kind::Failed;
        d.flagged = true;
        const HarnessFlag &first = c.flags.front();
        d.cause = u"flagged "_s + first.id + u": "_s + first.reason;
        return d;
    }
    if (c.failed() || !c.correct.value_or(false) || !c.latency) {
        d.kind = Decision::Kind::Failed;
        d.cause = c.failureClass.isEmpty() ? u"incorrect"_s : c.failureClass;
        return d;
    }
    const Latency &l = *c.latency;
    if (!incumbent) {
        d.kind = Decision::Kind::Kept;
        d.cause = u"first correct timed kernel"_s;
        return d;
    }
    const Latency &inc = *incumbent;
    d.speedup = l.medianMs > 0 ? inc.medianMs / l.medianMs : 0;
    const double gain = 1.0 - l.medianMs / inc.medianMs; // > 0 when faster
    // Quartiles of a single sample collapse to it; that is the best we know.
    const double candHigh = l.q3Ms > 0 ? l.q3Ms : l.medianMs;
    const double incLow = inc.q1Ms > 0 ? inc.q1Ms : inc.medianMs;
    if (gain >= rules.minImprovement && candHigh < incLow) {
        d.kind = Decision::Kind::Kept;
        d.cause = u"faster by "_s + pct(gain) + u", beyond the run-to-run spread (candidate q3 "_s +
                  QString::number(candHigh, 'g', 4) + u" ms < incumbent q1 "_s +
                  QString::number(incLow, 'g', 4) + u" ms)"_s;
        d.needsReverify = d.speedup > rules.reverifyAbove;
        return d;
    }
    if (-gain > rules.regressionThreshold) {
        d.kind = Decision::Kind::Reverted;
        d.cause = u"regression +"_s + pct(-gain);
        return d;
    }
    d.kind = Decision::Kind::Discarded;
    d.closeCall = gain >= rules.minImprovement;
    d.cause = gain > 0
                  ? QString(u"faster by "_s + pct(gain) + u" but within the run-to-run spread"_s)
                  : QString(u"slower by "_s + pct(-gain));
    return d;
}

Decision retimedDecision(const std::vector<std::pair<double, double>> &candidateVsIncumbentMs,
                         const DecisionRules &rules)
{
    Decision d;
    d.kind = Decision::Kind::Discarded;
    std::vector<double> gains;
    for (const auto &[candidate, incumbent] : candidateVsIncumbentMs) {
        if (candidate > 0 && incumbent > 0)
            gains.push_back(1.0 - candidate / incumbent);
    }
    if (gains.empty())
        return d;
    const auto faster = std::count_if(gains.begin(), gains.end(), [](double g) { return g > 0; });
    std::sort(gains.begin(), gains.end());
    const double median = gains.size() % 2
                              ? gains[gains.size() / 2]
                              : (gains[gains.size() / 2 - 1] + gains[gains.size() / 2]) / 2;
    d.speedup = 1.0 / (1.0 - median);
    const QString how = u" in "_s + QString::number(faster) + u" of "_s +
                        QString::number(gains.size()) + u" alternate re-timings (median gain "_s +
                        pct(median) + u')';
    if (faster == std::ptrdiff_t(gains.size()) && median >= rules.minImprovement) {
        d.kind = Decision::Kind::Kept;
        d.cause = u"faster"_s + how;
    } else {
        d.cause = u"a close call: faster"_s + how;
    }
    return d;
}

} // namespace kwb
