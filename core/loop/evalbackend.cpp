#include "evalbackend.h"

#include <QTimer>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

LocalEvalBackend::LocalEvalBackend(const Workload &workload, const TargetProfile &target,
                                   const Calibration &calibration, const QString &workRoot, int parallel,
                                   QObject *parent)
    : EvalBackend(parent), m_workload(workload), m_target(target), m_calibration(calibration), m_root(workRoot),
      m_parallel(std::max(1, parallel))
{}

LocalEvalBackend::~LocalEvalBackend() = default;

void LocalEvalBackend::start(int job, const Candidate &candidate, const EvalVariant &variant)
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
    j.evaluator = std::make_unique<Evaluator>(*w, m_target, m_calibration, m_root);
    if (m_runnerFactory)
        j.evaluator->setRunnerFactory(m_runnerFactory);
    connect(j.evaluator.get(), &Evaluator::consoleLine, this, [this, job](const QString &l) { Q_EMIT consoleLine(job, l); });
    connect(j.evaluator.get(), &Evaluator::finished, this, [this, job](const EvalOutcome &o) {
        // The evaluator is deleted later: we are inside its signal.
        auto it = m_jobs.find(job);
        if (it != m_jobs.end()) {
            it->second.evaluator.release()->deleteLater();
            m_jobs.erase(it);
        }
        Q_EMIT finished(job, o);
    });
    Evaluator *ev = j.evaluator.get();
    m_jobs[job] = std::move(j);
    ev->start(candidate);
}

void LocalEvalBackend::cancelAll()
{
    for (auto &[id, job] : m_jobs)
        job.evaluator->cancel();
}

FunctionEvalBackend::FunctionEvalBackend(Function f, int parallel, QObject *parent)
    : EvalBackend(parent), m_function(std::move(f)), m_slots(std::max(1, parallel))
{}

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
