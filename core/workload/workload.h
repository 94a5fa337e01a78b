#pragma once

#include "knobs.h"
#include "targets/targetprofile.h"
#include "util/jsontext.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace kwb {

/// What a workload may ask for: sizes a user or a file sets are bounded
/// here, each refused with a message saying so.
constexpr int kMaxSeeds = 1000;                        ///< correctness seeds
constexpr double kMaxDim = double(1LL << 40);          ///< one shape entry or dim
constexpr double kMaxTensorBytes = 64.0 * (1LL << 30); ///< inputs and outputs together, one copy

/// The element types harnesses know how to generate, compare and time.
/// A target lists those its harness supports (`dtypes` in target.json).
enum class DType
{
    Float32,
    Float64,
    Int32,
    Int64,
    Float16,
    BFloat16
};

/// Everything the code needs to know about an element type, in one table.
struct DTypeInfo
{
    const char *name;       ///< as written in workloads: "float32"
    const char *cType;      ///< in generated C/C++: "float"
    const char *harnessTag; ///< the harness's enum: "F32"
    int size;
    const char *precision; ///< the calibrated peak its FLOPs run at: "fp32", "fp16", …
    double atol, rtol;     ///< default tolerances of a check against the reference
};
const DTypeInfo &dtypeInfo(DType t);
inline QString dtypeName(DType t)
{
    return QString::fromLatin1(dtypeInfo(t).name);
}

struct TensorSpec
{
    QString name;
    DType dtype = DType::Float32;
    QStringList shapeText;         ///< as written: numbers, dim names or expressions
    std::vector<qint64> shape;     ///< evaluated
    double low = -1.0, high = 1.0; ///< range of the random values
    qint64 elements() const;
    double bytes() const;
};

struct Goal
{
    QString metric;
    double target = 0;
    bool higherIsBetter = true;
};

struct CorrectnessSpec
{
    /// Defaults follow the outputs' element type (the loosest of them)
    /// unless the workload sets them.
    double atol = 1e-4;
    double rtol = 1e-4;
    std::vector<qint64> seeds = {1, 2, 3, 4, 5};
};

struct BenchmarkSpec
{
    int warmup = 2;
    int iters = 20;
    double maxSeconds = 10; ///< stop sampling after this long (at least 3 samples)
    bool coldCache = false;
    double timeoutSeconds = 120; ///< per stage; past it the process group is killed
    /// A close call (faster, but within the spread) is re-timed this many
    /// times against its incumbent, alternately, before it is decided.
    int closeCallRetimings = 2;
};

struct DivergenceSpec
{
    double threshold = 0.2; ///< a regression beyond this fraction reverts
    int maxFailures = 5;    ///< failures in a row before reverting
};

/// A kernel measured beside the loop's candidates for comparison: the
/// reference itself ("@reference") or a library call.
struct BaselineSpec
{
    QString name;
    QString kernelPath; ///< absolute, or "@reference"
    QStringList linkFlags;
    bool optional = false; ///< a host without the library records a failure, not an error
};

/// A workload: what to optimize, how to check it and when to stop.
/// Where a target that launches work-items itself (opencl) puts them:
/// global and local sizes per dimension (1 to 3), expressions over the dims
/// and numeric knobs. Local may be empty: the runtime chooses.
struct LaunchSpec
{
    QStringList global, local;
    bool isEmpty() const { return global.isEmpty(); }
};

struct Workload
{
    QString path; ///< absolute path of workload.json
    QString dir;  ///< folder paths resolve against
    QString name;
    QString description;
    QString target;
    QString kernelPath;    ///< starting kernel (absolute)
    QString referencePath; ///< golden implementation (absolute)
    QString templatePath;  ///< templated kernel with knobs (absolute, optional)
    QString kernelEntry = QStringLiteral("kernel");
    QString referenceEntry = QStringLiteral("reference");
    QStringList dimNames;
    std::vector<double> dimValues;
    /// A second input shape (`verify_dims`) for re-verifying suspicious
    /// wins: all dims, in dimNames' order; empty when not declared.
    std::vector<double> verifyDimValues;
    std::vector<TensorSpec> inputs;
    std::vector<TensorSpec> outputs;
    QString flopsText, bytesText;
    double flops = 0, bytes = 0; ///< 0 when not declared
    /// Which calibrated peak the roofline uses ("fp32", "fp16", "bf16",
    /// "tf32", …): the workload's `precision`, else the first input's type.
    QString precision = QStringLiteral("fp32");
    QStringList hosts;
    Goal goal;
    int rounds = 20;
    QString planner = QStringLiteral("search");
    Json llm; ///< the `llm` object (LlmSettings::fromJson): provider, model, …; null when absent
    int batch = 1;
    /// Cores the kernel may use (`threads`, default 1): the benchmark runs
    /// pinned to that many, and starting threads beyond one is flagged.
    int threads = 1;
    /// A speedup over the starting kernel beyond this is flagged, never kept
    /// (`max_speedup`; 0: no bound but the calibrated roofline).
    double maxSpeedup = 0;
    /// Where no roofline bounds a result (no calibration, or no FLOP
    /// formula), a speedup over the run's fastest baseline (the reference
    /// run as one excluded) beyond this is flagged
    /// (`max_speedup_over_baseline`, default 10; 0: no such bound).
    double maxSpeedupOverBaseline = 10;
    CorrectnessSpec correctness;
    BenchmarkSpec benchmark;
    DivergenceSpec divergence;
    QStringList compileFlags;
    KnobSpace knobs;
    LaunchSpec launch;
    /// Which of a host's devices the target uses: a fragment of its name
    /// (`device`; empty: the target's default).
    QString device;
    QHash<QString, QStringList> knobMap; ///< bottleneck class → knobs it implicates
    std::vector<BaselineSpec> baselines;
    Json snapshot; ///< the parsed document, stored in sessions

    /// What the hosts know a workload by: "<name>-<hash of its path>", the
    /// name of its work folder under ~/.cache/kernel-workbench/work.
    QString workKey() const;
};

struct WorkloadLoad
{
    std::optional<Workload> workload;
    QList<Diagnostic> errors;
    QList<Diagnostic> warnings;
    /// Every diagnostic, one per line, errors first.
    QString message() const;
};

/// The workload with other dim values: shapes, flops and bytes evaluated
/// again. Fails (with `error`) when a shape would not be a positive integer.
std::optional<Workload> reshaped(const Workload &workload, const std::vector<double> &dimValues,
                                 QString *error);

/// A workload with the target profile it names, loaded together.
struct LoadedWorkload
{
    std::optional<Workload> workload;
    std::optional<TargetProfile> target;
    QList<Diagnostic> errors; ///< non-empty when either failed
    QList<Diagnostic> warnings;
    bool ok() const { return workload && target; }
};
/// Reads the target name first (the goal metric is checked against that
/// target's catalog), then the workload. Every problem is a diagnostic.
LoadedWorkload loadWorkloadAndTarget(const QString &path);

/// Loads and validates a workload. With `target` given, the goal metric is
/// checked against its catalog. Never throws; every problem is a diagnostic.
WorkloadLoad loadWorkload(const QString &path, const TargetProfile *target = nullptr);

} // namespace kwb
