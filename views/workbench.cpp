#include "workbench.h"

#include "eval/calibration.h"
#include "loop/evalbackend.h"
#include "planning/planner.h"

#include <QFile>
#include <QMultiHash>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

Workbench::~Workbench() = default;

namespace {

QString describe(const QList<Diagnostic> &diagnostics)
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics)
        lines << d.toString();
    return lines.join(u'\n');
}

} // namespace

std::unique_ptr<Workbench> Workbench::open(const QString &dir, QString *error)
{
    auto session = SessionStore::open(dir, error);
    if (!session)
        return nullptr;
    const QString path = qs(session->info().value("workload_path", std::string()));
    LoadedWorkload loaded = loadWorkloadAndTarget(path);
    if (!loaded.ok()) {
        *error = QObject::tr("The session's workload %1 does not load:\n%2").arg(path, describe(loaded.errors));
        return nullptr;
    }
    std::unique_ptr<Workbench> wb(new Workbench);
    if (!wb->init(std::move(loaded), std::move(session), error))
        return nullptr;
    return wb;
}

std::unique_ptr<Workbench> Workbench::create(const QString &workloadPath, const QString &dir, QString *error)
{
    LoadedWorkload loaded = loadWorkloadAndTarget(workloadPath);
    if (!loaded.ok()) {
        *error = QObject::tr("The workload does not load:\n%1").arg(describe(loaded.errors));
        return nullptr;
    }
    auto session = SessionStore::exists(dir) ? SessionStore::open(dir, error)
                                             : SessionStore::create(dir, *loaded.workload, *loaded.target, error);
    if (!session)
        return nullptr;
    QString difference;
    if (!session->matchesWorkload(*loaded.workload, &difference)) {
        *error = QObject::tr("%1 was made for another version of this workload (%2).").arg(dir, difference);
        return nullptr;
    }
    std::unique_ptr<Workbench> wb(new Workbench);
    if (!wb->init(std::move(loaded), std::move(session), error))
        return nullptr;
    return wb;
}

bool Workbench::init(LoadedWorkload &&loaded, std::unique_ptr<SessionStore> session, QString *)
{
    m_workload = std::make_unique<Workload>(std::move(*loaded.workload));
    m_target = std::make_unique<TargetProfile>(std::move(*loaded.target));
    m_session = std::move(session);
    m_candidates.reset(m_session->experiments(), m_workload->goal.metric);
    markLoopState();
    m_reflexions.reset(m_session->reflections());
    std::vector<Json> memory;
    if (const Json m = m_session->memory(); m.is_array())
        memory.assign(m.begin(), m.end());
    m_memory.reset(memory);
    return true;
}

void Workbench::run(LoopMode mode)
{
    m_mode = mode;
    if (m_loop) {
        m_loop->setMode(mode);
        m_loop->resume();
        return;
    }
    if (m_calibrator)
        return; // already calibrating
    m_calibrator = std::make_unique<Calibrator>();
    connect(m_calibrator.get(), &Calibrator::consoleLine, this, &Workbench::consoleLine);
    connect(m_calibrator.get(), &Calibrator::finished, this, [this](const Calibration &c) { startLoop(c); });
    connect(m_calibrator.get(), &Calibrator::failed, this, [this](const QString &e) {
        Q_EMIT errorOccurred(tr("Calibration failed (%1); running without %% of peak and bottleneck classes.").arg(e));
        startLoop(Calibration{});
    });
    Q_EMIT consoleLine(tr("Measuring this host's peaks (once; cached)…"));
    m_calibrator->start(*m_target, u"local"_s, m_session->dir() + u"/work"_s, false);
}

void Workbench::startLoop(const Calibration &calibration)
{
    m_planner = std::make_unique<SearchPlanner>(*m_workload, *m_target, SearchStrategy::Model, 1);
    m_backend = std::make_unique<LocalEvalBackend>(*m_workload, *m_target, calibration, m_session->dir() + u"/work"_s, 1);
    m_loop = std::make_unique<OptimizationLoop>(*m_workload, *m_session, *m_planner, *m_backend, LoopOptions{});
    m_loop->setMode(m_mode);
    OptimizationLoop *loop = m_loop.get();
    connect(loop, &OptimizationLoop::candidateFinished, this, [this](const ExperimentRecord &r) { m_candidates.append(r); });
    connect(loop, &OptimizationLoop::incumbentChanged, this, [this](const ExperimentRecord &r) { m_candidates.setIncumbent(r.id); });
    connect(loop, &OptimizationLoop::reverted, this, [this](int, int to, const QString &) { m_candidates.setRevertedTo(to); });
    connect(loop, &OptimizationLoop::reflectionAdded, this, [this](const Json &j) { m_reflexions.append(j); });
    connect(loop, &OptimizationLoop::memoryAdded, this, [this](const Json &j) { m_memory.append(j); });
    connect(loop, &OptimizationLoop::consoleLine, this, [this](int id, const QString &l) {
        Q_EMIT consoleLine(u'#' + QString::number(id) + u"  "_s + l);
    });
    connect(loop, &OptimizationLoop::errorOccurred, this, &Workbench::errorOccurred);
    connect(loop, &OptimizationLoop::phaseChanged, this, &Workbench::stateChanged);
    connect(loop, &OptimizationLoop::finished, this, &Workbench::stateChanged);
    connect(loop, &OptimizationLoop::paused, this, &Workbench::stateChanged);
    Q_EMIT loopCreated(loop);
    loop->start();
    Q_EMIT stateChanged();
}

void Workbench::setMode(LoopMode mode)
{
    m_mode = mode;
    if (m_loop)
        m_loop->setMode(mode);
}

void Workbench::markLoopState()
{
    // Where the engineer (or a failure streak) reverted, and the incumbent.
    if (const Json *reverts = findAt(m_session->loopState(), {"reverts"}); reverts && reverts->is_array()) {
        for (const Json &r : *reverts)
            m_candidates.setRevertedTo(int(numberAt(r, {"to"}, 0)));
    }
    m_candidates.setIncumbent(m_session->loopState().value("incumbent", 0));
}

bool Workbench::startReplay(double perSecond)
{
    if (isRunning() || perSecond <= 0)
        return false;
    stopReplay();
    m_candidates.reset({}, m_workload->goal.metric);
    m_reflexions.reset({});
    m_memory.reset({});
    m_replayNext = 0;
    m_replayTimer = new QTimer(this);
    m_replayTimer->setInterval(std::max(1, int(1000 / perSecond)));
    // What belongs to each candidate, looked up as it is shown.
    QMultiHash<int, Json> reflections, memory;
    for (const Json &j : m_session->reflections())
        reflections.insert(int(numberAt(j, {"candidate"}, 0)), j);
    if (const Json m = m_session->memory(); m.is_array()) {
        for (const Json &j : m)
            memory.insert(int(numberAt(j, {"to"}, 0)), j);
    }
    connect(m_replayTimer, &QTimer::timeout, this, [this, reflections, memory] {
        const auto &records = m_session->experiments();
        if (m_replayNext >= records.size()) {
            stopReplay();
            if (const Json *reverts = findAt(m_session->loopState(), {"reverts"}); reverts && reverts->is_array()) {
        for (const Json &r : *reverts)
            m_candidates.setRevertedTo(int(numberAt(r, {"to"}, 0)));
    }
    m_candidates.setIncumbent(m_session->loopState().value("incumbent", 0));
            Q_EMIT replayFinished();
            return;
        }
        const ExperimentRecord &r = records[m_replayNext++];
        m_candidates.append(r);
        if (r.decision == u"kept"_s)
            m_candidates.setIncumbent(r.id);
        // QMultiHash hands back the latest insertion first: restore file order.
        const QList<Json> own = reflections.values(r.id), gains = memory.values(r.id);
        for (auto it = own.crbegin(); it != own.crend(); ++it)
            m_reflexions.append(*it);
        for (auto it = gains.crbegin(); it != gains.crend(); ++it)
            m_memory.append(*it);
        Q_EMIT replayProgress(int(m_replayNext), int(records.size()));
    });
    m_replayTimer->start();
    return true;
}

void Workbench::stopReplay()
{
    if (!m_replayTimer)
        return;
    m_replayTimer->stop();
    m_replayTimer->deleteLater();
    m_replayTimer = nullptr;
}

QString Workbench::sourceOf(int id) const
{
    const ExperimentRecord *r = m_session->find(id);
    if (!r)
        return {};
    QFile f(m_session->kernelPath(r->sourceHash));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace kwb
