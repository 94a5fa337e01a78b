#pragma once

#include <QString>

namespace kwb {

struct EvalResult;
struct TargetProfile;
struct Workload;

/// The human summary `kwb eval` prints for one evaluated candidate.
QString formatSummary(const Workload &workload, const EvalResult &result,
                      const QString &kernelLabel, const QString &sourceHash, const QString &host);

/// What an evaluation that the host could not finish learnt before (a GPU
/// target without its GPU: the compile stage's figures), labelled from the
/// target's catalog; empty when it learnt nothing.
QString formatLearntBeforeInfra(const TargetProfile &target, const EvalResult &partial);

} // namespace kwb
