#pragma once

#include "metricrole.h"
#include "util/jsontext.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace kwb {

/// One entry of a target's metric catalog.
struct MetricInfo
{
    QString name;
    QString label; ///< a few words for people ("GFLOP/s", "% of peak FLOP/s"); optional
    QString unit;
    QString description;
    bool higherIsBetter = true;
    bool shown = true;
    MetricRole role = MetricRole::None; ///< what it means to the engine ("role" in target.json)

    /// The label, else the name with its underscores as spaces.
    QString displayName() const;
    /// For an axis or a heading: "median time (ms)" (see withUnit).
    QString title() const;
};

/// "median time (ms)", or the words alone where the unit says it
/// ("GFLOP/s") or there is none.
QString withUnit(const QString &words, const QString &unit);

/// Something a host must have for a target: `command` succeeds when it does.
struct Prerequisite
{
    QString name;
    QStringList command;
    QString hint; ///< what to do when it is missing
};

/// "classify as `cls` when `when` holds"; `why` is a sentence with {metric}
/// placeholders that explains the verdict to the engineer.
struct BottleneckRule
{
    QString cls;
    QString when;
    QString why;
};

/// A rule against reward hacking in generated code: a candidate whose
/// source (comments and strings removed) matches `pattern` is flagged with
/// `reason` before it ships. Placeholders: {reference} (the workload's
/// reference entry), {dims} (its dimension values, as alternatives).
struct GuardRule
{
    QString id;
    QString pattern;
    QString reason;
};

/// How to evaluate a kernel on one kind of accelerator: data loaded from
/// `<targets>/<id>/target.json` plus the harness files beside it.
struct TargetProfile
{
    QString id;
    QString name;
    QString dir;             ///< folder holding target.json and the harness files
    QString language;        ///< for highlighting and prompts: "cpp", "cuda", "python"
    QString sourceExtension; ///< extension of the kernel file on the host
    QString knobDefine;      ///< line format binding a knob, "#define {name} {value}"
    QString lineComment = QStringLiteral("//"); ///< starts a comment line in kernel sources
    QStringList dtypes;        ///< element types the harness supports; empty: the classic four
    QStringList workloadNeeds; ///< workload members this target cannot do without ("launch")
    QStringList files;         ///< harness files uploaded to the host
    QStringList command;       ///< evaluates one candidate; {candidate} = its folder
    QStringList calibrateCommand;
    CalibrationRoles calibration; ///< the fields of calibrate's document
    std::vector<Prerequisite> prerequisites;
    QString compiler;
    QStringList compilerFlags;
    std::vector<MetricInfo> metrics;
    std::vector<std::pair<QString, QString>> derived; ///< name → expression, in order
    std::vector<BottleneckRule> bottleneck;
    std::vector<GuardRule> guards;
    /// The symbol audit of a compiled candidate (regular expressions over
    /// symbol names): what it may define besides its entry, what it may
    /// define weakly (the compiler's copies of inline functions and template
    /// instances from headers, which the harness's copies win at link),
    /// what it may reference, and what counts as starting threads. Empty:
    /// no audit.
    struct Audit
    {
        QStringList define, defineWeak, reference, threads;
        bool enabled() const { return !reference.isEmpty(); }
    } audit;

    const MetricInfo *metric(const QString &metricName) const;
    /// The catalog's metric names, in its order.
    QStringList metricNames() const;
    /// What every evaluation gives its formulas (derived metrics, bottleneck
    /// rules): "flops", "bytes" and "failed", in that order.
    static QStringList evaluationInputs();
    /// Every name a formula may use besides the catalog's metrics: the
    /// evaluation's inputs, then the calibrated peak FLOP/s and bandwidth
    /// under the names `calibration` gives them.
    QStringList formulaInputs() const;
    /// The metric that plays `role` in this target's catalog; null when none does.
    const MetricInfo *metricFor(MetricRole role) const;
    /// role word → metric name for every role the catalog declares, as the
    /// result document's "roles" carries it.
    Json roleNames() const;
    /// Where a harness file lies; "../common/x.h" names a file the targets share.
    QString filePath(const QString &file) const;
};

/// A target.json read: the profile when it has no errors, and every
/// problem found, each with its file, line and column.
struct TargetLoad
{
    std::optional<TargetProfile> target;
    QList<Diagnostic> errors;
    QList<Diagnostic> warnings; ///< unknown keys ("did you mean"), the profile still loads
};

/// Finds target profiles. Search order: $KWB_TARGETS_DIR, the installed
/// share folder next to the executable, then the copy embedded in the binary.
class TargetRegistry
{
public:
    static QStringList searchPaths();
    static QStringList availableIds();
    /// The target.json that `id` names ("" when no search path has it).
    static QString fileOf(const QString &id);
    /// Loads target `id`; on failure returns nullopt with its first error.
    /// Warnings, when asked for, are appended to `warnings`.
    static std::optional<TargetProfile> load(const QString &id, Diagnostic *error,
                                             QList<Diagnostic> *warnings = nullptr);
    /// Loads a target.json at an explicit path (tests, user targets).
    static std::optional<TargetProfile> loadFile(const QString &path, Diagnostic *error,
                                                 QList<Diagnostic> *warnings = nullptr);
    /// Reads a target.json with every error and warning it has.
    static TargetLoad readFile(const QString &path);
};

} // namespace kwb
