#pragma once

// One evaluation outside the loop (kwb eval, kwb calibrate): calibrate a
// host (once, cached), evaluate one candidate on it, record it in a session
// the way the loop records its candidates. Asynchronous like the rest of
// the engine; a command line waits for finished().

#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "remote/slurm.h"

#include <QObject>
#include <memory>
#include <optional>

namespace kwb {

struct EvalHost;
struct ExperimentRecord;
class SessionStore;
struct TargetProfile;
struct Workload;

/// Measures the peaks of `host` (nullptr: this machine) for `target`:
/// from the cache unless `force`. consoleLine() carries the calibrator's
/// progress; finished() the calibration, or none (with failed()).
///
/// A Slurm partition whose nodes differ (CPUs, features, GRES, as sinfo
/// lists them) is calibrated once per node type, each on a node of its type
/// and cached apart; the calibration finished() gives is the first type's,
/// with every node's own type's in Calibration::byNode, which picks each
/// result's roofline by the node it ran on.
class HostCalibration : public QObject
{
    Q_OBJECT
public:
    explicit HostCalibration(QObject *parent = nullptr);
    ~HostCalibration() override;
    void start(const TargetProfile &target, EvalHost *host, const QString &workRoot, bool force);

Q_SIGNALS:
    void consoleLine(const QString &line);
    void failed(const QString &message);
    void finished(const std::optional<kwb::Calibration> &calibration);

private:
    struct NodeTypeRun
    {
        SlurmNodeType type;
        std::unique_ptr<Calibrator> calibrator;
        std::optional<Calibration> result;
        bool done = false;
    };
    void calibrateHost(const TargetProfile &target, EvalHost *host, const QString &workRoot,
                       bool force);
    void calibrateNodeTypes(const TargetProfile &target, EvalHost &host, const QString &workRoot,
                            bool force, const std::vector<SlurmNodeType> &types);
    void nodeTypeDone();

    std::unique_ptr<Calibrator> m_calibrator;
    std::vector<NodeTypeRun> m_nodeTypes;
};

/// Calibrates `host` (unless a calibration is given), then evaluates one
/// candidate there.
class SingleEvaluation : public QObject
{
    Q_OBJECT
public:
    SingleEvaluation(const Workload &workload, const TargetProfile &target, EvalHost &host,
                     const QString &workRoot, QObject *parent = nullptr);
    ~SingleEvaluation() override;
    /// `recalibrate`: measure the host's peaks again instead of the cache.
    void start(const Candidate &candidate, bool recalibrate);

Q_SIGNALS:
    /// The calibrator's and the harness's console.
    void calibrationLine(const QString &line);
    void harnessLine(const QString &line);
    /// Calibration failed: the evaluation goes on without % of peak.
    void calibrationFailed(const QString &message);
    void finished(const kwb::EvalOutcome &outcome);

private:
    void evaluate(const Calibration &calibration);

    const Workload &m_workload;
    const TargetProfile &m_target;
    EvalHost &m_host;
    QString m_workRoot;
    Candidate m_candidate;
    HostCalibration m_calibration;
    std::unique_ptr<Evaluator> m_evaluator;
};

/// The record of one evaluation outside the loop (round 0, decision
/// Evaluated, or Infra when the host failed), written through
/// SessionStore::record like the loop's.
bool recordSingleEvaluation(SessionStore &session, const Candidate &candidate,
                            const EvalOutcome &outcome, const QString &host,
                            const QString &startedAt, QString *error);

} // namespace kwb
