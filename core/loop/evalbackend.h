#pragma once

#include "eval/calibration.h"
#include "eval/evaluator.h"
#include "workload/workload.h"

#include <QObject>
#include <functional>
#include <map>
#include <memory>

namespace kwb {

struct EvalHost;

/// How an evaluation departs from the workload's own, to re-verify a
/// suspicious win: fresh seeds and, where the workload declares one
/// (`verify_dims`), a second input shape.
struct EvalVariant
{
    std::vector<qint64> seeds; ///< empty: the workload's
    bool otherShape = false;   ///< use the workload's verify_dims
};

/// Where the loop sends candidates. Jobs run concurrently up to slots();
/// each ends with exactly one finished() (also when cancelled).
class EvalBackend : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    virtual int slotCount() const = 0;
    /// Evaluates `candidate` as job `job`, as the workload says or as
    /// `variant` departs from it.
    virtual void start(int job, const Candidate &candidate, const EvalVariant &variant = {}) = 0;
    virtual void cancelAll() = 0;

Q_SIGNALS:
    void consoleLine(int job, const QString &line);
    void finished(int job, const kwb::EvalOutcome &outcome);
    /// A host changed state: "up" or "down" (for the GUI's host list).
    void hostStateChanged(const QString &host, const QString &state);
    /// How many of a host's slots are in use.
    void hostLoadChanged(const QString &host, int busy, int slots);
};

/// One host of a backend's pool: where its commands run and how many at once.
struct PoolHost
{
    QString name;                ///< "local", "alice@gpu1"
    RunnerFactory runnerFactory; ///< empty: the local host
    QString workRoot;            ///< the local folder its evaluations are prepared in
    int slots = 1;
    int busy = 0;
    int failuresInARow = 0;
    bool down = false;
};

/// The pool entry of each host, with the session's work folders; the local
/// host gets `localSlots`, each SSH host one.
std::vector<PoolHost> poolOf(const std::vector<std::unique_ptr<EvalHost>> &hosts,
                             const QString &sessionDir, int localSlots = 1);

/// Evaluates with the target's harness (real compiles, real timings) on a
/// pool of hosts: the local host alone (`parallel` at a time) unless hosts
/// are added. A new evaluation goes to the least busy host that is up; a
/// host whose evaluations are lost three times in a row is marked down and
/// its work moves elsewhere (the loop retries lost evaluations).
class PoolEvalBackend : public EvalBackend
{
    Q_OBJECT
public:
    PoolEvalBackend(const Workload &workload, const TargetProfile &target,
                    const Calibration &calibration, const QString &workRoot, int parallel,
                    QObject *parent = nullptr);
    ~PoolEvalBackend() override;
    int slotCount() const override;
    void start(int job, const Candidate &candidate, const EvalVariant &variant = {}) override;
    void cancelAll() override;
    /// Runs the evaluations on another host (an SSH connection's runner).
    void setRunnerFactory(RunnerFactory factory)
    {
        m_hosts.front().runnerFactory = std::move(factory);
    }
    /// Replaces the pool (each host with its runner, folder and slots).
    void setHosts(std::vector<PoolHost> hosts);
    const std::vector<PoolHost> &hosts() const { return m_hosts; }

private:
    struct Job
    {
        std::unique_ptr<Workload> workload; // a copy for a variant
        std::unique_ptr<Evaluator> evaluator;
        size_t host = 0;
    };
    const Workload &m_workload;
    const TargetProfile &m_target;
    Calibration m_calibration;
    QString m_root;
    std::vector<PoolHost> m_hosts;
    std::map<int, Job> m_jobs;
};

/// Answers from a function, asynchronously. For the engine's own tests and
/// benchmarks, where the timing data is synthetic on purpose (decision rules,
/// retries, engine overhead); kernels are evaluated by PoolEvalBackend.
class FunctionEvalBackend : public EvalBackend
{
    Q_OBJECT
public:
    using Function = std::function<EvalOutcome(const Candidate &, const EvalVariant &variant)>;
    FunctionEvalBackend(Function f, int parallel, QObject *parent = nullptr);
    int slotCount() const override { return m_slots; }
    void start(int job, const Candidate &candidate, const EvalVariant &variant = {}) override;
    void cancelAll() override;

private:
    Function m_function;
    int m_slots;
    int m_generation = 0;
};

} // namespace kwb
