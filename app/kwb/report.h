#pragma once

#include <QString>
#include <vector>

namespace kwb {

struct ExperimentRecord;
class SessionStore;

/// One line per candidate, as `kwb run` prints them and `kwb report` lists them.
QString recordHeader();
QString recordLine(const ExperimentRecord &r, double startMedianMs);

/// The session as a table, CSV or JSON (`kwb report`).
QString reportTable(const SessionStore &session);
QString reportCsv(const SessionStore &session);
QString reportJson(const SessionStore &session);

/// Baseline, best, speedup, % of peak, evaluations, failures by class, and
/// where the time went.
QString runSummary(const SessionStore &session, int startId, int bestId, int evaluationsThisRun);

} // namespace kwb
