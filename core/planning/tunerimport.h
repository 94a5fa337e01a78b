#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>

namespace kwb {

class KnobSpace;
class SessionStore;
class TunerCache;
struct TargetProfile;
struct Workload;

/// Why a recording's problem_size is not `w`'s problem (each of its sizes
/// must be one of the workload's dims), or "" when it is, or when the file
/// names none.
QString problemSizeMismatch(const TunerCache &cache, const Workload &w);

/// Reads a Kernel Tuner cache file (gzip-compressed or not) over `space`.
/// Nullopt with `error` when it cannot be read (with the file, line and
/// column where the file is at fault); `warnings` get the entries it
/// skips, as "file:line:col: warning: …" lines.
std::optional<TunerCache> readTunerCache(const QString &path, const KnobSpace &space,
                                         QString *error, QStringList *warnings);

/// readTunerCache() for `w`'s knobs, refusing a recording of another
/// problem size.
std::optional<TunerCache> readTunerFile(const QString &path, const Workload &w, QString *error,
                                        QStringList *warnings);

/// What importing a Kernel Tuner cache file added to a session.
struct TunerImport
{
    Q_DECLARE_TR_FUNCTIONS(TunerImport)
public:
    int added = 0;         ///< configurations the session did not have
    int flagged = 0;       ///< of those, measurements the checks below refused to trust
    int total = 0;         ///< configurations in the file
    QString error;         ///< why it stopped early ("" when it did not)
    bool badInput = false; ///< the error is the file's or the workload's, not the session's
    QStringList warnings;  ///< entries of the file skipped (readTunerFile)

    /// What was added to the session in `dir`, and what was flagged, as
    /// lines for a console.
    QStringList summary(const QString &dir) const;
};

/// Adds the measurements of `cache` whose configurations `session` lacks,
/// as imported records (the template instantiated for each configuration,
/// its source stored), so the search learns from them and never measures
/// them again. They are checked like this host's own: enriched against
/// this machine's cached calibration for `target` (beyond-roofline, when
/// one is cached; nothing is measured here) and bounded by the workload's max_speedup over the
/// session's start (beyond-bound); a flagged measurement is never built on. `from` names the file
/// in each record's plan. Stops with `error` set when a kernel cannot be instantiated or the
/// session cannot be written (the records before it stay).
TunerImport importTunerCache(SessionStore &session, const TunerCache &cache, const Workload &w,
                             const TargetProfile &target, const QString &from);

/// Reads the file at `path` (readTunerFile) and imports it into `session`
/// (importTunerCache). Nothing is written when the file cannot be used.
TunerImport importTunerFile(SessionStore &session, const QString &path, const Workload &w,
                            const TargetProfile &target);

} // namespace kwb
