#include "evalbackend.h"

#include "remote/evalhost.h"
#include "util/logging.h"

#include <QTimer>
#include <limits>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

PoolEvalBackend::PoolEvalBackend(const Workload &workload, const TargetProfile &target,
                                 const Calibration &calibration, const QString &workRoot,
                                 int parallel, QObject *parent)
    : EvalBackend(parent), m_workload(workload), m_target(target), m_calibration(calibration),
      m_root(workRoot)
{
    PoolHost local;
    local.name = u"local"_s;
    local.workRoot = workRoot;
    local.slots = std::max(1, parallel);
    m_hosts.push_back(std::move(local));
}

void PoolEvalBackend::setHosts(std::vector<PoolHost> hosts)
{
    if (!hosts.empty())
        m_hosts = std::move(hosts);
}

int PoolEvalBackend::slotCount() const
{
    int n = 0;
    for (const PoolHost &h : m_hosts)
        n += h.down ? 0 : h.slots;
    return std::max(1, n);
}

PoolEvalBackend::~PoolEvalBackend() = default;

void PoolEvalBackend::start(int job, const Candidate &candidate, const EvalVariant &variant)
{
    Job j;
    const Workload *w = &m_workload;
    const bool reshape = variant.otherShape && !m_workload.verifyDimValues.empty();
    if (!variant.seeds.empty() || reshape) {
        j.workload = std::make_unique<Workload>(m_workload);
        if (reshape) {
            QString error;
            if (auto other = reshaped(m_workload, m_workload.verifyDimValues, &error))
                *j.workload = std::move(*other);
        }
        if (!variant.seeds.empty())
            j.workload->correctness.seeds = variant.seeds;
        w = j.workload.get();
    }
    // The least busy host that is up (all down: the least failing one).
    size_t pick = 0;
    double load = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < m_hosts.size(); ++i) {
        const PoolHost &h = m_hosts[i];
        // Down hosts last; among equally busy ones, the one failing least.
        const double l =
            (h.down ? 1e6 : 0) + double(h.busy) / double(h.slots) + 0.001 * h.failuresInARow;
        if (l < load) {
            load = l;
            pick = i;
        }
    }
    PoolHost &host = m_hosts[pick];
    ++host.busy;
    Q_EMIT hostLoadChanged(host.name, host.busy, host.slots);
    j.host = pick;
    j.evaluator = std::make_unique<Evaluator>(*w, m_target, m_calibration, host.workRoot);
    if (host.runnerFactory)
        j.evaluator->setRunnerFactory(host.runnerFactory);
    connect(j.evaluator.get(), &Evaluator::consoleLine, this,
            [this, job](const QString &l) { Q_EMIT consoleLine(job, l); });
    connect(j.evaluator.get(), &Evaluator::finished, this,
            [this, job, name = host.name](EvalOutcome o) {
                o.host = name;
                // The evaluator is deleted later: we are inside its signal.
                auto it = m_jobs.find(job);
                if (it != m_jobs.end()) {
                    PoolHost &h = m_hosts[it->second.host];
                    --h.busy;
                    Q_EMIT hostLoadChanged(h.name, h.busy, h.slots);
                    if (o.infra && o.infraMessage != u"cancelled"_s) {
                        if (++h.failuresInARow >= 3 && !h.down && m_hosts.size() > 1) {
                            h.down = true;
                            qCWarning(lcRemote).noquote() << h.name << "is down:" << o.infraMessage;
                            Q_EMIT hostStateChanged(h.name, u"down"_s);
                        }
                    } else {
                        if (h.down)
                            Q_EMIT hostStateChanged(h.name, u"up"_s);
                        h.failuresInARow = 0;
                        h.down = false;
                    }
                    it->second.evaluator.release()->deleteLater();
                    m_jobs.erase(it);
                }
                Q_EMIT finished(job, o);
            });
    Evaluator *ev = j.evaluator.get();
    m_jobs[job] = std::move(j);
    ev->start(candidate);
}

void PoolEvalBackend::cancelAll()
{
    for (auto &[id, job] : m_jobs)
        job.evaluator->cancel();
}

std::vector<PoolHost> poolOf(const std::vector<std::unique_ptr<EvalHost>> &hosts,
                             const QString &sessionDir, int localSlots)
{
    std::vector<PoolHost> pool;
    for (const auto &h : hosts) {
        PoolHost ph;
        ph.name = h->spec;
        ph.runnerFactory = h->runnerFactory();
        ph.workRoot = sessionWorkRoot(sessionDir, *h);
        ph.slots = h->slots(localSlots);
        pool.push_back(std::move(ph));
    }
    return pool;
}

FunctionEvalBackend::FunctionEvalBackend(Function f, int parallel, QObject *parent)
    : EvalBackend(parent), m_function(std::move(f)), m_slots(std::max(1, parallel))
{
}

void FunctionEvalBackend::start(int job, const Candidate &candidate, const EvalVariant &variant)
{
    QTimer::singleShot(0, this, [this, job, candidate, variant, generation = m_generation] {
        if (generation != m_generation) {
            EvalOutcome cancelled;
            cancelled.infra = true;
            cancelled.infraMessage = u"cancelled"_s;
            Q_EMIT finished(job, cancelled);
            return;
        }
        Q_EMIT finished(job, m_function(candidate, variant));
    });
}

void FunctionEvalBackend::cancelAll()
{
    ++m_generation;
}

} // namespace kwb
