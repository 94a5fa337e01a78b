#pragma once

#include <QString>

namespace kwb {

struct EvalResult;
struct Workload;

/// The human summary `kwb eval` prints for one evaluated candidate.
QString formatSummary(const Workload &workload, const EvalResult &result,
                      const QString &kernelLabel, const QString &sourceHash, const QString &host);

} // namespace kwb
