#pragma once

// The rules every reader of a recorded candidate uses to ask "was it timed
// and correct?", "which record is the start?", "which is the best?" and
// what its result says. What the loop decided (Verdict, rules/verdict.h)
// and where the candidate came from (Origin, eval/origin.h) are enums whose
// words ("kept", "agent"…) exist only at the JSON boundary
// (experiments.jsonl) and in what is shown.

#include "eval/origin.h"
#include "eval/result.h"
#include "rules/verdict.h"

#include <QString>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace kwb {

struct EvalOutcome;
struct ExperimentRecord;
struct TargetProfile;

/// The median time of a record's result (NaN when it has none), whether
/// or not it can be trusted: for showing a row, never for choosing.
double recordedMedianMs(const ExperimentRecord &r);
/// The latency statistics of a result that holds one with a positive
/// median (without its samples: recordedSamplesMs).
std::optional<Latency> recordedLatency(const ExperimentRecord &r);
/// Its timed samples in milliseconds (empty when it has none).
std::vector<double> recordedSamplesMs(const ExperimentRecord &r);
/// What a record's result says (its RecordedResult's typed fields), asked
/// here by every reader. Its failure's class ("compile", "incorrect", …)
/// and message; "" when it did not fail.
QString failureClassOf(const ExperimentRecord &r);
QString failureMessageOf(const ExperimentRecord &r);
/// The bottleneck its result names ("memory-bound", …) and the reason
/// given; "" when it names none.
QString bottleneckOf(const ExperimentRecord &r);
QString bottleneckWhyOf(const ExperimentRecord &r);
/// Whether its result says it compiled, and that it was correct on every
/// seed (false where it says neither).
bool compiledPerResult(const ExperimentRecord &r);
bool correctPerResult(const ExperimentRecord &r);
/// The harness's time for one stage of its evaluation ("compile", "check",
/// "bench"), in milliseconds; 0 when it gives none.
double stageMs(const ExperimentRecord &r, const QString &stage);
/// Each stage's log as the result holds it (stage, text), empty ones left out.
std::vector<std::pair<QString, QString>> stageLogs(const ExperimentRecord &r);
/// The device or CPU its host's calibration names ("" without one).
QString calibratedDeviceOf(const ExperimentRecord &r);
/// Its result read again as the evaluator gave it (seed checks, metrics,
/// latency, bottleneck, the enriched document), for answering from the
/// session instead of evaluating again; nullopt for a record without a
/// result `target` can read.
std::optional<EvalResult> evalResultOf(const ExperimentRecord &r, const TargetProfile &target);
/// Its verdict alone (the document, compiled, correct, failure, latency,
/// bottleneck), read without a target: what the loop judges a candidate
/// answered from the session by.
EvalResult storedVerdictOf(const ExperimentRecord &r);

/// It was evaluated: not rejected at the gate (nor dropped), not lost to a
/// host, and it holds a result (what kwb run and the window count).
bool wasEvaluated(const ExperimentRecord &r);
/// Timed and correct: correct on every seed, a positive median time, and
/// trusted (not a false win, not flagged by the harness). Only such a
/// record can be a best, a point on a chart or a speedup.
bool timedAndCorrect(const ExperimentRecord &r);
/// The median of a timed-and-correct record; NaN otherwise.
double trustedMedianMs(const ExperimentRecord &r);

/// What an evaluation's outcome puts in its record: the result document
/// (null for an infrastructure failure), its timings with the wall time,
/// the infrastructure error. The decision is the caller's.
void takeOutcome(ExperimentRecord &r, const EvalOutcome &outcome);

/// The start: the record the loop state names (`namedStartId`, 0 when
/// none), else the first round-0 record a human proposed (the workload's
/// starting kernel). Null when there is none.
const ExperimentRecord *startRecord(const std::vector<ExperimentRecord> &records,
                                    int namedStartId = 0);
/// The best: the fastest timed-and-correct record that the loop kept or
/// that was evaluated on its own (never a baseline, an import or a record
/// the loop discarded), passing `also` when given. Null when there is none.
const ExperimentRecord *bestRecord(const std::vector<ExperimentRecord> &records,
                                   const std::function<bool(const ExperimentRecord &)> &also = {});
/// Whether `r` may be a best at all (the rule bestRecord applies).
bool canBeBest(const ExperimentRecord &r);
/// A record's flags as a report shows them: its own, and "flagged" where
/// only its result holds the harness's flag (a baseline, kwb eval's records).
QStringList shownFlags(const ExperimentRecord &r);

} // namespace kwb
