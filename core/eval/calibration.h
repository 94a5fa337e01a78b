#pragma once

#include "remote/localcommand.h"
#include "targets/metricrole.h"
#include "util/jsontext.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace kwb {

class CommandRunner;
class LocalCommand;
struct CommandOutcome;
struct TargetProfile;

/// A host's measured ceilings: the roofline every "% of peak" refers to.
struct Calibration
{
    QString host;
    QString cpu;
    QString hostname;
    double peakGflops = 0;
    double peakGbs = 0;
    int threads = 1;
    QString precision;
    QString measuredAt;
    bool fromCache = false;
    /// Peak GFLOP/s per precision ("fp32", "tf32", "fp16", "bf16", …) for
    /// hosts with several (a GPU's tensor cores); `peakGflops` is `precision`'s.
    std::map<QString, double> peaks;
    QString device; ///< the accelerator measured ("NVIDIA H100 80GB HBM3")
    Json published; ///< the vendor's figures for that device, when known
    /// A Slurm partition's node type these figures are of ("cpus=64
    /// features=a100 gres=gpu:a100:4"), and its nodes; empty elsewhere.
    QString nodeType;
    QStringList nodes;
    /// Where a partition mixes node types: each node's own type's
    /// calibration (this one is the first type's). Shared, not copied.
    std::shared_ptr<const std::map<QString, Calibration>> byNode;

    bool isValid() const { return peakGflops > 0 && peakGbs > 0; }
    /// The peak a workload of `precisionName` is measured against; NaN when
    /// the host has per-precision peaks but not that one.
    double peakFor(const QString &precisionName) const;
    /// The calibration of the node a result ran on: its type's, else this.
    const Calibration &forNode(const QString &node) const;
    /// In kwb's own schema (kwb.calibration/1), as the cache and a result
    /// document keep it.
    Json toJson() const;
    /// A document in kwb's schema, as toJson writes it.
    static std::optional<Calibration> fromJson(const Json &j, QString *error);
    /// What a target's calibrate command printed, its ceilings read from
    /// the fields `roles` names; kwb's other fields are read when present.
    static std::optional<Calibration>
    fromTargetDocument(const Json &j, const CalibrationRoles &roles, QString *error);
};

/// Where the calibration of `host` for `targetId` is cached
/// ($XDG_CACHE_HOME/kernel-workbench/calibration/...).
QString calibrationCachePath(const QString &host, const QString &targetId);
/// The cached calibration of `host` for `targetId`, if one is there and
/// readable; measures nothing.
std::optional<Calibration> cachedCalibration(const QString &host, const QString &targetId);

/// Measures a host once (the target's calibrate command) and caches the
/// figures; later runs read the cache unless asked to measure again.
class Calibrator : public QObject
{
    Q_OBJECT
public:
    explicit Calibrator(QObject *parent = nullptr);

    /// `workRoot` is where the target's files are installed and run.
    void start(const TargetProfile &target, const QString &host, const QString &workRoot,
               bool force);
    /// Where the calibrate command runs (default: the local host).
    void setRunnerFactory(RunnerFactory factory) { m_runnerFactory = std::move(factory); }

Q_SIGNALS:
    void consoleLine(const QString &line);
    void finished(const kwb::Calibration &calibration);
    void failed(const QString &error);

private:
    void onFinished(const CommandOutcome &outcome);

    QPointer<CommandRunner> m_command;
    RunnerFactory m_runnerFactory;
    QString m_host;
    QString m_cachePath;
    CalibrationRoles m_roles;
};

} // namespace kwb
