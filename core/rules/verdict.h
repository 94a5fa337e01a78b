#pragma once

#include <QString>

namespace kwb {

/// What happened to a candidate (the record's "decision"): the rules'
/// answer, which the session stores.
enum class Verdict
{
    Unknown,   ///< a word this version does not know (a newer kwb wrote it)
    Evaluated, ///< measured outside the loop (kwb eval): no decision taken
    Kept,      ///< correct and faster beyond the noise: the new incumbent
    Discarded, ///< correct but not faster beyond the noise
    Reverted,  ///< regressed past the divergence threshold
    Failed,    ///< did not compile, wrong, crashed, timed out, or a false win
    Rejected,  ///< the engineer rejected it at the gate (never shipped)
    Infra,     ///< the host failed: nothing is known about the kernel
    Baseline,  ///< a reference implementation, timed for comparison
    Imported,  ///< a measurement imported from a Kernel Tuner cache
};

/// The word stored in experiments.jsonl ("kept"; "" for Unknown).
QString verdictWord(Verdict v);
/// The verdict a stored word names (Unknown for a word not known here).
Verdict verdictFromWord(const QString &word);
/// The verdict as shown, in English ("regressed" for a stored "reverted").
QString verdictShown(Verdict v);
/// The verdict in the user's language, for display (verdictShown translated).
QString verdictLabel(Verdict v);

} // namespace kwb
