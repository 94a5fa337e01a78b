#include "evaluation.h"

#include "remote/evalhost.h"
#include "session/sessionstore.h"

#include <QDateTime>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

HostCalibration::HostCalibration(QObject *parent) : QObject(parent) {}

HostCalibration::~HostCalibration() = default;

void HostCalibration::start(const TargetProfile &target, EvalHost *host, const QString &workRoot,
                            bool force)
{
    m_calibrator = std::make_unique<Calibrator>();
    if (host && !host->isLocal())
        m_calibrator->setRunnerFactory(host->runnerFactory());
    connect(m_calibrator.get(), &Calibrator::consoleLine, this, &HostCalibration::consoleLine);
    connect(m_calibrator.get(), &Calibrator::finished, this,
            [this](const Calibration &c) { Q_EMIT finished(c); });
    connect(m_calibrator.get(), &Calibrator::failed, this, [this](const QString &e) {
        Q_EMIT failed(e);
        Q_EMIT finished(std::nullopt);
    });
    m_calibrator->start(target, host ? host->spec : u"local"_s, workRoot, force);
}

SingleEvaluation::SingleEvaluation(const Workload &workload, const TargetProfile &target,
                                   EvalHost &host, const QString &workRoot, QObject *parent)
    : QObject(parent), m_workload(workload), m_target(target), m_host(host), m_workRoot(workRoot)
{
    connect(&m_calibration, &HostCalibration::consoleLine, this,
            &SingleEvaluation::calibrationLine);
    connect(&m_calibration, &HostCalibration::failed, this, &SingleEvaluation::calibrationFailed);
    connect(&m_calibration, &HostCalibration::finished, this,
            [this](const std::optional<Calibration> &c) { evaluate(c.value_or(Calibration{})); });
}

SingleEvaluation::~SingleEvaluation() = default;

void SingleEvaluation::start(const Candidate &candidate, bool recalibrate)
{
    m_candidate = candidate;
    m_calibration.start(m_target, &m_host, m_workRoot, recalibrate);
}

void SingleEvaluation::evaluate(const Calibration &calibration)
{
    m_evaluator = std::make_unique<Evaluator>(m_workload, m_target, calibration, m_workRoot);
    m_evaluator->setRunnerFactory(m_host.runnerFactory());
    connect(m_evaluator.get(), &Evaluator::consoleLine, this, &SingleEvaluation::harnessLine);
    connect(m_evaluator.get(), &Evaluator::finished, this, &SingleEvaluation::finished);
    m_evaluator->start(m_candidate);
}

bool recordSingleEvaluation(SessionStore &session, const Candidate &candidate,
                            const EvalOutcome &outcome, const QString &host,
                            const QString &startedAt, QString *error)
{
    ExperimentRecord rec;
    rec.round = 0;
    rec.origin = Origin::Human;
    rec.sourceHash = SessionStore::sourceHash(candidate.source);
    rec.knobs = candidate.knobs;
    rec.plan = u"kwb eval "_s + candidate.label;
    rec.host = host;
    rec.decision = outcome.infra ? Verdict::Infra : Verdict::Evaluated;
    takeOutcome(rec, outcome);
    rec.startedAt = startedAt;
    rec.finishedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    return session.record(rec, candidate.source, outcome.console, error);
}

} // namespace kwb
