#pragma once

#include "verdict.h"

#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace kwb {

struct EvalResult;
struct Latency;

/// What the loop did with a candidate, and why (stored in the record).
struct Decision
{
    /// One of Kept, Discarded, Reverted, Failed: what the rules decide.
    using Kind = Verdict;
    Kind kind = Kind::Discarded;
    QString
        cause; ///< "faster by 12.3% (IQR clear of the incumbent's)", "regression +31%", "compile"
    double speedup = 0;         ///< incumbent median / candidate median (0 when not timed)
    bool needsReverify = false; ///< too good to be true: check again with fresh seeds first
    bool flagged = false; ///< the harness flagged the figures (the record gets the flag "flagged")
    /// Faster by at least `minImprovement` but within the spread: worth
    /// re-timing against the incumbent (retimedDecision).
    bool closeCall = false;

    static QString kindName(Kind k) { return verdictWord(k); }
};

struct DecisionRules
{
    double minImprovement = 0.01;     ///< a win must be at least this fraction faster…
    double regressionThreshold = 0.2; ///< …and a loss beyond this fraction reverts
    double reverifyAbove = 10.0;      ///< speedups beyond this are re-checked with fresh seeds
    /// A close call is re-timed this many times against its incumbent,
    /// alternately and each in a process of its own (incumbent, candidate,
    /// incumbent, candidate…); 0: never.
    int closeCallRetimings = 2;
};

/// The noise-aware rule. A candidate wins when its median is at least
/// `minImprovement` faster AND its interquartile range lies entirely below
/// the incumbent's, i.e. the gain is larger than the run-to-run spread of
/// both measurements. With no incumbent (the first timed kernel), a correct
/// candidate is kept.
Decision decide(const EvalResult &candidate, const std::optional<Latency> &incumbent,
                const DecisionRules &rules);

/// A close call decided by alternate re-timings: the medians of the
/// candidate's and the incumbent's runs, in pairs run back to back. Kept
/// when the candidate was faster in every pair and by `minImprovement` in
/// the median pair, so that a slow spell of the machine (a power cap, a
/// neighbour) neither makes nor hides a win; discarded otherwise.
Decision retimedDecision(const std::vector<std::pair<double, double>> &candidateVsIncumbentMs,
                         const DecisionRules &rules);

} // namespace kwb
