#include "runstats.h"

namespace kwb {

using namespace Qt::Literals::StringLiterals;

RunStats runStats(const std::vector<ExperimentRecord> &records, int startId, int bestId)
{
    RunStats s;
    for (const ExperimentRecord &r : records) {
        if (r.id == startId)
            s.start = &r;
        if (r.id == bestId)
            s.best = &r;
        if (r.origin == Origin::Baseline)
            s.baselines.push_back(&r);
        if (r.decision == Verdict::Infra) {
            ++s.infra;
            continue;
        }
        if (!wasEvaluated(r))
            continue;
        ++s.evaluated;
        s.sentBack += r.flags.contains(u"fixing"_s) ? 1 : 0;
        if (const QString cls = failureClassOf(r); !cls.isEmpty() && r.origin != Origin::Baseline)
            s.failures[cls]++;
        if ((r.decision == Verdict::Kept || r.decision == Verdict::Evaluated) && r.untrusted() &&
            r.origin != Origin::Baseline)
            s.untrustedKept.push_back(&r);
        s.compileMs += stageMs(r, u"compile"_s);
        s.checkMs += stageMs(r, u"check"_s);
        s.benchMs += stageMs(r, u"bench"_s);
    }
    // Only trusted times are figures: a flagged start or best shows its
    // flags, never its time or a ratio to it.
    if (s.best && !std::isfinite(trustedMedianMs(*s.best)))
        s.best = nullptr;
    s.bestMs = s.best ? trustedMedianMs(*s.best) : NAN;
    s.startMs = s.start ? trustedMedianMs(*s.start) : NAN;
    return s;
}

} // namespace kwb
