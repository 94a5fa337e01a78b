#pragma once

#include "util/jsontext.h"
#include "workload/knobs.h"

#include <QList>
#include <QString>
#include <map>
#include <optional>
#include <vector>

namespace kwb {

class SessionStore;

/// A Kernel Tuner restriction as written (Python syntax) and where: a
/// search-space file's position, or a command-line option.
struct Restriction
{
    QString python;
    Diagnostic where; ///< file and position of the text's first character
};

/// The knob space a Kernel Tuner cache file was recorded over, from the
/// file alone: its header's `tune_params` in `tune_params_keys` order (each
/// knob's first value its default), restricted by `restrictions`. Problems
/// go to `diagnostics` with the position in the file or the option.
std::optional<KnobSpace> spaceOfRecording(const JsonText &doc,
                                          const std::vector<Restriction> &restrictions,
                                          QList<Diagnostic> *diagnostics);

/// The restrictions of a search-space file in benchmark_hub's format
/// (`ConfigurationSpace.Conditions[].Expression`), with their positions.
std::optional<std::vector<Restriction>> restrictionsOfSpaceFile(const JsonText &doc,
                                                                QList<Diagnostic> *diagnostics);

/// One measured configuration of a Kernel Tuner cache file.
struct TunerCacheEntry
{
    KnobConfig config;
    double timeMs = NAN;  ///< median latency; NaN when it failed
    QString failure;      ///< "CompilationFailedConfig" or "RuntimeFailedConfig" when it failed
    QString failureClass; ///< kwb's class of the failure (compile, incorrect, crash, timeout…)
    std::vector<double> timesMs;
    double compileMs = 0;
    double verifyMs = 0;
    double benchMs = 0;
    double gflops = NAN;
    QString bottleneck; ///< kwb's bottleneck class, for the coordinate strategy
    QString timestamp;

    bool ok() const { return failure.isEmpty(); }
};

/// Measurements of a knob space in Kernel Tuner's cache-file format (schema
/// 1.1.0), so Kernel Tuner's simulation mode and kwb can replay each other's
/// recordings. Entries are keyed by their parameter values joined with
/// commas; times are in milliseconds; failures are strings. kwb's own fields
/// (bottleneck, failure class) travel as extra entry properties, which the
/// schema allows.
class TunerCache
{
public:
    QString deviceName;
    QString kernelName;
    std::vector<qint64> problemSize;
    std::map<KnobConfig, TunerCacheEntry> entries;

    /// Every finished search candidate of a session (the last measurement of
    /// a configuration wins; baselines, infrastructure failures and
    /// rejections are left out).
    static TunerCache fromSession(const SessionStore &session, const KnobSpace &space);

    /// Reads a cache file against `space`: parameters are matched by name,
    /// values by their text (numerically for numeric knobs). Entries outside
    /// the space are skipped with a warning; structural problems are errors
    /// with file, line and column.
    static std::optional<TunerCache> fromJson(const JsonText &doc, const KnobSpace &space,
                                              QList<Diagnostic> *diagnostics);

    Json toJson(const KnobSpace &space) const;
    /// The file's text as Kernel Tuner lays it out: one cache entry per line.
    QByteArray toText(const KnobSpace &space) const;

    const TunerCacheEntry *find(const KnobConfig &config) const;
    /// The fastest successful entry, if any.
    const TunerCacheEntry *best() const;
};

} // namespace kwb
