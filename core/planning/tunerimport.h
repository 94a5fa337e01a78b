#pragma once

#include <QString>

namespace kwb {

class SessionStore;
class TunerCache;
struct Calibration;
struct TargetProfile;
struct Workload;

/// Why a recording's problem_size is not `w`'s problem (each of its sizes
/// must be one of the workload's dims), or "" when it is, or when the file
/// names none.
QString problemSizeMismatch(const TunerCache &cache, const Workload &w);

/// What importing a Kernel Tuner cache file added to a session.
struct TunerImport
{
    int added = 0;         ///< configurations the session did not have
    int flagged = 0;       ///< of those, measurements the checks below refused to trust
    QString error;         ///< why it stopped early ("" when it did not)
    bool badInput = false; ///< the error is the workload's (its template), not the session's
};

/// Adds the measurements of `cache` whose configurations `session` lacks,
/// as imported records (the template instantiated for each configuration,
/// its source stored), so the search learns from them and never measures
/// them again. They are checked like this host's own: enriched against
/// `calibration` (beyond-roofline, when one is known; nothing is measured
/// here) and bounded by the workload's max_speedup over the session's
/// start (beyond-bound); a flagged measurement is never built on. `from`
/// names the file in each record's plan. Stops with `error` set when a
/// kernel cannot be instantiated or the session cannot be written (the
/// records before it stay).
TunerImport importTunerCache(SessionStore &session, const TunerCache &cache, const Workload &w,
                             const TargetProfile &target, const Calibration &calibration,
                             const QString &from);

} // namespace kwb
