#include "evaluation.h"

#include "remote/evalhost.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <algorithm>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

HostCalibration::HostCalibration(QObject *parent) : QObject(parent) {}

HostCalibration::~HostCalibration() = default;

void HostCalibration::start(const TargetProfile &target, EvalHost *host, const QString &workRoot,
                            bool force)
{
    m_nodeTypes.clear();
    if (!host || !host->slurm || !host->slurm->nodelist.isEmpty())
        return calibrateHost(target, host, workRoot, force);
    slurmNodeTypes(*host->slurm, host->loginRunnerFactory(), workRoot, this,
                   [this, target, host, workRoot, force](const std::vector<SlurmNodeType> &types,
                                                         const QString &error) {
                       if (!error.isEmpty())
                           Q_EMIT consoleLine(u"kwb: cannot tell the partition's node types ("_s +
                                              error.trimmed() +
                                              u"); calibrating on any one node"_s);
                       std::vector<SlurmNodeType> usable;
                       for (const SlurmNodeType &t : types) {
                           if (!t.pick.isEmpty())
                               usable.push_back(t);
                           else
                               Q_EMIT consoleLine(u"kwb: no node of type "_s + t.key + u" ("_s +
                                                  t.nodes.join(u',') +
                                                  u") is up to be measured; its results use "
                                                  "another type's peaks"_s);
                       }
                       if (usable.size() < 2)
                           return calibrateHost(target, host, workRoot, force);
                       calibrateNodeTypes(target, *host, workRoot, force, usable);
                   });
}

void HostCalibration::calibrateHost(const TargetProfile &target, EvalHost *host,
                                    const QString &workRoot, bool force)
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

void HostCalibration::calibrateNodeTypes(const TargetProfile &target, EvalHost &host,
                                         const QString &workRoot, bool force,
                                         const std::vector<SlurmNodeType> &types)
{
    QStringList described;
    for (const SlurmNodeType &t : types)
        described << t.key + u" ("_s + t.nodes.join(u',') + u')';
    Q_EMIT consoleLine(u"kwb: "_s + host.spec + u" has "_s + QString::number(types.size()) +
                       u" node types: "_s + described.join(u"; "_s) +
                       u". Each is calibrated once, on one of its nodes."_s);
    m_nodeTypes.resize(types.size());
    for (size_t i = 0; i < types.size(); ++i) {
        NodeTypeRun &run = m_nodeTypes[i];
        run.type = types[i];
        // A job of its own pinned to one node of the type (never a step of
        // a kept allocation, which may not hold that node), in a folder of
        // its own: the calibrations run side by side on the shared folder.
        SlurmSpec pinned = *host.slurm;
        pinned.allocation = 0;
        pinned.nodelist = run.type.pick;
        run.calibrator = std::make_unique<Calibrator>();
        run.calibrator->setRunnerFactory([pinned, login = host.loginRunnerFactory(),
                                          pollMs = host.slurmPollMs()](QObject *parent) {
            return new SlurmCommand(pinned, login, pollMs, parent);
        });
        connect(run.calibrator.get(), &Calibrator::consoleLine, this,
                &HostCalibration::consoleLine);
        connect(run.calibrator.get(), &Calibrator::finished, this,
                [this, i, spec = host.spec](const Calibration &c) {
                    NodeTypeRun &r = m_nodeTypes[i];
                    r.result = c;
                    r.result->host = spec;
                    r.result->nodeType = r.type.key;
                    r.result->nodes = r.type.nodes;
                    Q_EMIT consoleLine(
                        u"kwb: node type "_s + r.type.key + u" ("_s +
                        (c.fromCache ? u"cached"_s : u"measured on "_s + r.type.pick) +
                        u"): peak "_s + QString::number(c.peakGflops, 'f', 1) + u" GFLOP/s ("_s +
                        c.precision + u"), memory bandwidth "_s +
                        QString::number(c.peakGbs, 'f', 1) + u" GB/s"_s);
                    r.done = true;
                    nodeTypeDone();
                });
        connect(run.calibrator.get(), &Calibrator::failed, this, [this, i](const QString &e) {
            NodeTypeRun &r = m_nodeTypes[i];
            Q_EMIT consoleLine(u"kwb: node type "_s + r.type.key + u": "_s + e +
                               u" (its nodes' results use another type's peaks)"_s);
            r.done = true;
            nodeTypeDone();
        });
        const QString folder =
            workRoot + u"/calibrate-"_s +
            QString::fromLatin1(
                QCryptographicHash::hash(run.type.key.toUtf8(), QCryptographicHash::Sha256)
                    .toHex()
                    .left(12));
        run.calibrator->start(target, host.spec + u" node type "_s + run.type.key, folder, force);
    }
}

void HostCalibration::nodeTypeDone()
{
    if (!std::all_of(m_nodeTypes.begin(), m_nodeTypes.end(),
                     [](const NodeTypeRun &r) { return r.done; }))
        return;
    auto byNode = std::make_shared<std::map<QString, Calibration>>();
    std::optional<Calibration> first;
    for (const NodeTypeRun &r : m_nodeTypes) {
        if (!r.result)
            continue;
        if (!first)
            first = r.result;
        for (const QString &node : r.type.nodes)
            (*byNode)[node] = *r.result;
    }
    if (!first) {
        Q_EMIT failed(u"calibration failed on every node type of the partition"_s);
        Q_EMIT finished(std::nullopt);
        return;
    }
    first->byNode = std::move(byNode);
    Q_EMIT finished(first);
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
    if (outcome.infra) // the window's header and kwb report show why, as the loop's records do
        rec.cause = u"infrastructure failure: "_s + outcome.infraMessage;
    rec.startedAt = startedAt;
    rec.finishedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    return session.record(rec, candidate.source, outcome.console, error);
}

} // namespace kwb
