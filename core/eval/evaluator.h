#pragma once

#include "eval/calibration.h"
#include "eval/origin.h"
#include "eval/result.h"
#include "remote/localcommand.h"
#include "source/kernelsource.h"
#include "workload/knobs.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <functional>

namespace kwb {

class CommandRunner;
class LocalCommand;
struct CommandOutcome;
struct TargetProfile;
struct Workload;

/// A kernel to evaluate: its full source and where it came from.
struct Candidate
{
    QString source;
    Origin origin = Origin::Human; ///< a baseline is not audited
    Json knobs = Json::object();   ///< knob values when instantiated from a template
    QString label;                 ///< a few words for progress lines
    QStringList linkFlags;         ///< extra libraries (a library baseline)
};

/// The end of one evaluation. `infra` marks a problem of the host or the
/// harness (not started, cut off, malformed output): retried by the loop and
/// never counted against the kernel; `result` then holds at most what the
/// host learnt before (the compile stage's figures, the document's
/// "host_problem"), never a verdict or a time. Otherwise `result` holds the
/// verdict, failed kernels included.
struct EvalOutcome
{
    bool infra = false;
    QString infraMessage;
    EvalResult result;
    QString sourceHash;
    qint64 wallMs = 0;
    qint64 queuedMs = -1; ///< in a scheduler's queue before it ran (Slurm); -1: none
    QString console;
    QString host; ///< where it ran (set by the backend)
};

/// Exit status of a target's supervisor whose host cannot evaluate (no
/// device, a broken harness); kwbhost.h's kInfraExit.
constexpr int kSupervisorInfraExit = 3;

/// Limit of each compile and link on the host (stage timeouts are for kernels).
constexpr int kCompileTimeoutSeconds = 600;

/// Copies the target's harness files into `root` (only those that changed, so
/// the host-side caches keyed on them stay valid).
bool installTargetFiles(const TargetProfile &target, const QString &root, QString *error);

/// The header the harness and kernel are compiled with: prototypes of the
/// kernel and reference entries, and the tensor table of the workload.
QString problemHeader(const Workload &workload);

/// The same problem for harnesses that are not C (kwb_problem.json,
/// schema kwb.problem/1): entries, dims in order, tensors, flops, bytes.
QByteArray problemDocument(const Workload &workload);
/// The reference's file name on the host: "reference." plus its own suffix
/// (a CUDA target takes a .cu or a .cpp reference).
QString referenceFileName(const Workload &workload, const TargetProfile &target);

/// The key=value configuration the target's supervisor reads.
QString evalConfig(const Workload &workload, const TargetProfile &target, const QString &kernelFile,
                   const QStringList &linkFlags = {}, Origin origin = Origin::Human);

/// eval.conf lines of the workload's launch for one candidate's source:
/// `global=` and `local=` sizes evaluated with the dims and the knob values
/// the source #defines (a knob it does not define takes its default),
/// global rounded up to whole work-groups; `device=`; or `launch_error=`
/// (a compile failure of that candidate) when they cannot be computed.
QString launchConfig(const Workload &workload, const QString &source);

/// How far past the calibrated peak a result may be before it is flagged
/// "beyond the roofline" (calibration error: the peak is a best of a few runs).
constexpr double kRooflineMargin = 0.25;

/// Flags a result beyond the calibrated peak FLOP/s (or, with cold caches,
/// bandwidth) by more than kRooflineMargin: never kept.
void flagBeyondRoofline(EvalResult &result, const Workload &workload,
                        const Calibration &calibration);

/// Why a stored result can no longer be trusted (its flags, or figures
/// beyond the roofline of the calibration it was measured with), else empty:
/// a resumed session re-checks what it kept (storedVerdictOf gives it).
QString distrustOf(const EvalResult &storedResult, const Workload &workload);

/// Adds the target's derived metrics and the bottleneck class to `result`,
/// and the roofline flag.
void enrichResult(EvalResult &result, const Workload &workload, const TargetProfile &target,
                  const Calibration &calibration);

/// Evaluates candidates of one workload on the local host, one at a time.
class Evaluator : public QObject
{
    Q_OBJECT
public:
    Evaluator(const Workload &workload, const TargetProfile &target, const Calibration &calibration,
              const QString &workRoot, QObject *parent = nullptr);
    ~Evaluator() override;

    void start(const Candidate &candidate);
    void cancel();
    bool isRunning() const;
    /// Where the target's command runs: the local host unless a factory for
    /// another runner (an SSH host) is set.
    void setRunnerFactory(RunnerFactory factory) { m_runnerFactory = std::move(factory); }

Q_SIGNALS:
    void consoleLine(const QString &line);
    void finished(const kwb::EvalOutcome &outcome);

private:
    void onCommandFinished(const CommandOutcome &outcome);
    void finishWithInfra(const QString &message);

    const Workload &m_workload;
    const TargetProfile &m_target;
    Calibration m_calibration;
    QString m_root;
    QPointer<CommandRunner> m_command;
    RunnerFactory m_runnerFactory;
    EvalOutcome m_outcome;
    QString m_console;
};

} // namespace kwb
