#include "workbench.h"

#include "eval/calibration.h"
#include "evaluation.h"
#include "loop/evalbackend.h"
#include "planning/llmplanner.h"
#include "planning/planner.h"
#include "remote/evalhost.h"
#include "remote/hostcheck.h"
#include "remote/hostopen.h"

#include <QFile>
#include <QMultiHash>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

Workbench::~Workbench()
{
    // The loop and the pool use the hosts' connections: they go first.
    m_loop.reset();
    m_backend.reset();
    m_calibrator.reset();
    m_hosts.clear();
    m_hostCheck.reset(); // before the host it asks
    m_checkedHost.reset();
}

bool Workbench::checkHosts()
{
    if (m_checking)
        return false;
    m_checking = true;
    m_checksHeld = true;
    m_toCheck = hostSpecs();
    Q_EMIT stateChanged();
    checkNextHost();
    return true;
}

void Workbench::checkNextHost()
{
    m_hostCheck.reset();
    m_checkedHost.reset();
    if (m_toCheck.isEmpty()) {
        m_checking = false;
        Q_EMIT consoleLine(HostCheck::summaryLine(m_checksHeld, m_target->id));
        Q_EMIT stateChanged();
        Q_EMIT hostsChecked(m_checksHeld);
        return;
    }
    const QString spec = m_toCheck.takeFirst();
    Q_EMIT consoleLine(spec);
    QString error;
    m_checkedHost = makeHost(spec, m_workload->workKey(), sshOptions(), &error);
    if (!m_checkedHost) {
        Q_EMIT consoleLine(u"  ✗ "_s + error);
        return checkedHost(false);
    }
    auto ask = [this] {
        m_hostCheck = std::make_unique<HostCheck>(*m_checkedHost, *m_target);
        connect(m_hostCheck.get(), &HostCheck::answered, this,
                [this](const HostCheckAnswer &a) { Q_EMIT consoleLine(a.line()); });
        connect(m_hostCheck.get(), &HostCheck::finished, this, &Workbench::checkedHost);
        m_hostCheck->start();
    };
    if (m_checkedHost->isLocal())
        return ask();
    Q_EMIT consoleLine(tr("Connecting to %1…").arg(spec));
    m_checkedHost->connection->onFinished(
        m_checkedHost->connection->connectToHost(), this, [this, ask](const SshResult &r) {
            if (!r.ok) {
                Q_EMIT consoleLine(u"  ✗ "_s + r.error);
                return checkedHost(false);
            }
            Q_EMIT consoleLine(HostCheck::reachableLine(qint64(r.runMs)));
            ask();
        });
}

void Workbench::checkedHost(bool ok)
{
    m_checksHeld = m_checksHeld && ok;
    // The next host after this signal has returned: the check (and its
    // host) that emitted it must not be deleted under it.
    QTimer::singleShot(0, this, &Workbench::checkNextHost);
}

namespace {

QString describe(const QList<Diagnostic> &diagnostics)
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics)
        lines << d.toString();
    return lines.join(u'\n');
}

} // namespace

std::unique_ptr<Workbench> Workbench::open(const QString &dir, QString *error,
                                           const RunOptions &options)
{
    auto session = SessionStore::open(dir, error);
    if (!session)
        return nullptr;
    const QString path = session->workloadPath();
    LoadedWorkload loaded = loadWorkloadAndTarget(path);
    if (!loaded.ok()) {
        *error = QObject::tr("The session's workload %1 does not load:\n%2")
                     .arg(path, describe(loaded.errors));
        return nullptr;
    }
    // The planner's settings are checked before anything connects, as in create().
    if (!choosePlanner(*loaded.workload, options, error))
        return nullptr;
    std::unique_ptr<Workbench> wb(new Workbench);
    if (!wb->init(std::move(loaded), std::move(session), options))
        return nullptr;
    return wb;
}

std::unique_ptr<Workbench> Workbench::create(const QString &workloadPath, const QString &dir,
                                             QString *error, const RunOptions &options)
{
    LoadedWorkload loaded = loadWorkloadAndTarget(workloadPath);
    if (!loaded.ok()) {
        *error = QObject::tr("The workload does not load:\n%1").arg(describe(loaded.errors));
        return nullptr;
    }
    // The planner's settings are checked before a session is made for them.
    if (!choosePlanner(*loaded.workload, options, error))
        return nullptr;
    auto session = SessionStore::openOrCreate(dir, *loaded.workload, *loaded.target, error);
    if (!session)
        return nullptr;
    std::unique_ptr<Workbench> wb(new Workbench);
    if (!wb->init(std::move(loaded), std::move(session), options))
        return nullptr;
    return wb;
}

bool Workbench::init(LoadedWorkload &&loaded, std::unique_ptr<SessionStore> session,
                     const RunOptions &options)
{
    for (const Diagnostic &d : std::as_const(loaded.warnings))
        m_warnings << d.toString();
    for (const QString &w : session->warnings())
        m_warnings << tr("warning: %1").arg(w);
    m_options = options;
    m_workload = std::make_unique<Workload>(std::move(*loaded.workload));
    if (options.batch > 0)
        m_workload->batch = options.batch;
    if (options.goal)
        m_workload->goal.target = *options.goal;
    if (options.rounds > 0)
        m_workload->rounds = options.rounds;
    m_target = std::make_unique<TargetProfile>(std::move(*loaded.target));
    m_session = std::move(session);
    // Hosts named for this run are kept with the session; a resumed run that
    // names none goes back to them (its Slurm jobs are recorded there).
    if (!m_options.hosts.isEmpty()) {
        QString error;
        if (!m_session->setHosts(m_options.hosts, &error))
            m_warnings << tr("warning: cannot record the run's hosts: %1").arg(error);
    } else {
        m_options.hosts = m_session->hosts();
    }
    m_candidates.reset(m_session->experiments(), m_workload->goal.metric);
    markLoopState();
    m_reflexions.reset(m_session->reflections());
    m_llmCalls.load(*m_session);
    std::vector<Json> memory;
    if (const Json m = m_session->memory(); m.is_array())
        memory.assign(m.begin(), m.end());
    m_memory.reset(memory);
    m_hostModel.setHosts(hostSpecs());
    return true;
}

std::optional<PlannerChoice> choosePlanner(const Workload &workload, const RunOptions &options,
                                           QString *error)
{
    const QString asked = options.planner.isEmpty() ? workload.planner : options.planner;
    if (asked != u"search"_s && asked != u"llm"_s) {
        *error = QObject::tr("unknown planner '%1' (search, llm)").arg(asked);
        return std::nullopt;
    }
    const bool wantsLlm = asked == u"llm"_s || options.llmAlways;
    if (!wantsLlm)
        return PlannerChoice{u"search"_s, std::nullopt, QString()};
    QString why;
    std::optional<LlmSettings> llm = LlmSettings::fromJson(
        options.llmLayer ? options.llmLayer(workload.llm) : workload.llm, &why);
    if (llm)
        return PlannerChoice{u"llm"_s, std::move(llm), QString()};
    if (asked == u"llm"_s) {
        *error = QObject::tr("the llm planner's settings (the workload's 'llm', the command "
                             "line's --provider, --model, … or Settings → LLM provider) are not "
                             "usable: %1")
                     .arg(why);
        return std::nullopt;
    }
    return PlannerChoice{u"search"_s, std::nullopt,
                         QObject::tr("The LLM planner's settings are incomplete (%1); using the "
                                     "knob search.")
                             .arg(why)};
}

QStringList Workbench::hostSpecs() const
{
    if (!m_options.hosts.isEmpty())
        return m_options.hosts;
    return m_workload->hosts.isEmpty() ? QStringList{u"local"_s} : m_workload->hosts;
}

void Workbench::failToStart(const QString &message)
{
    m_connecting = false;
    Q_EMIT errorOccurred(message);
    Q_EMIT stateChanged();
    Q_EMIT finished(StopReason::Error, message);
}

void Workbench::run(LoopMode mode)
{
    m_mode = mode;
    if (m_loop) {
        m_loop->setMode(mode);
        m_loop->resume();
        return;
    }
    if (m_calibrator || m_connecting)
        return; // already on the way
    connectHosts();
}

SshOptions Workbench::sshOptions()
{
    return promptingSshOptions(m_prompts, m_options.acceptNewHostKey, this);
}

void Workbench::connectHosts()
{
    m_connecting = true;
    m_hosts.clear();
    m_slurmChecked.clear();
    m_waitingFor = 0;
    m_hostRefused.clear();
    m_hostModel.setHosts(hostSpecs());
    const SshOptions options = sshOptions();
    // Every host is made before any connects: one the run needs and cannot
    // have stops it before anything is under way.
    for (const QString &spec : hostSpecs()) {
        QString error;
        std::unique_ptr<EvalHost> host = makeHost(spec, m_workload->workKey(), options, &error);
        if (!host) {
            m_hostModel.setState(spec, HostModel::State::Failed, error);
            if (m_options.requireEveryHost) {
                m_hosts.clear();
                return failToStart(tr("Host %1: %2").arg(spec, error));
            }
            Q_EMIT errorOccurred(tr("Host %1: %2").arg(spec, error));
            continue;
        }
        if (host->jobs) {
            connect(host->jobs.get(), &SlurmJobBoard::changed, this,
                    [this, spec, board = host->jobs.get()] {
                        m_hostModel.setQueue(spec, board->pending(), board->running(),
                                             board->done(), board->failed(), board->meanQueueMs());
                    });
        }
        m_hosts.push_back(std::move(host));
    }
    for (const auto &host : m_hosts) {
        EvalHost *h = host.get();
        if (h->isLocal() && h->slurm) { // a login node: asked about the partition
            ++m_waitingFor;
            m_hostModel.setState(h->spec, HostModel::State::Connecting);
            SshResult here;
            here.ok = true;
            hostConnected(h, here);
            continue;
        }
        if (h->isLocal())
            continue;
        ++m_waitingFor;
        m_hostModel.setState(h->spec, HostModel::State::Connecting);
        Q_EMIT consoleLine(tr("Connecting to %1…").arg(h->spec));
        h->connection->onFinished(h->connection->connectToHost(), this,
                                  [this, h](const SshResult &r) {
                                      h->connectMs = qint64(r.runMs);
                                      hostConnected(h, r);
                                  });
    }
    Q_EMIT stateChanged();
    if (m_waitingFor > 0)
        return;
    if (m_hosts.empty())
        return failToStart(tr("No host of this workload can be reached; nothing was started."));
    calibrate();
}

void Workbench::hostConnected(EvalHost *host, const SshResult &result)
{
    if (result.ok && host->slurm && !m_slurmChecked.contains(host)) {
        // Before any job: sbatch answers, the partition and the GRES exist.
        m_slurmChecked.insert(host);
        if (host->connection)
            Q_EMIT consoleLine(tr("Connected to %1 in %2 ms (key %3).")
                                   .arg(host->slurm->login)
                                   .arg(host->connectMs)
                                   .arg(result.fingerprint));
        Q_EMIT consoleLine(tr("Asking Slurm on %1 about the partition…").arg(host->spec));
        checkSlurm(*host->slurm, host->loginRunnerFactory(),
                   sessionWorkRoot(m_session->dir(), *host), this,
                   [this, host, result](const QString &error) {
                       SshResult checked = result;
                       checked.ok = error.isEmpty();
                       checked.error = error;
                       hostConnected(host, checked);
                   });
        return;
    }
    if (result.ok) {
        m_hostModel.setState(host->spec, HostModel::State::Connected, QString());
        if (host->connection)
            ping(host, true);
        if (host->slurm)
            Q_EMIT consoleLine(tr("Slurm on %1 is ready: jobs go to %2.")
                                   .arg(host->slurm->login, host->slurm->jobOptions().join(u' ')));
        else
            Q_EMIT consoleLine(tr("Connected to %1 in %2 ms (key %3).")
                                   .arg(host->spec)
                                   .arg(host->connectMs)
                                   .arg(result.fingerprint));
    } else {
        m_hostModel.setState(host->spec, HostModel::State::Failed, result.error);
        if (m_options.requireEveryHost)
            m_hostRefused = tr("Host %1: %2").arg(host->spec, result.error);
        else
            Q_EMIT errorOccurred(tr("Host %1 is left out: %2").arg(host->spec, result.error));
    }
    if (--m_waitingFor > 0)
        return;
    // Every host has answered: go on with those that are up.
    std::erase_if(m_hosts, [this](const std::unique_ptr<EvalHost> &h) {
        return (!h->isLocal() || h->slurm) &&
               m_hostModel.state(h->spec) != HostModel::State::Connected;
    });
    if (!m_hostRefused.isEmpty()) {
        m_hosts.clear();
        return failToStart(std::exchange(m_hostRefused, QString()));
    }
    if (m_hosts.empty())
        return failToStart(tr("No host of this workload can be reached; nothing was started."));
    if (!m_pingTimer) {
        m_pingTimer = new QTimer(this);
        connect(m_pingTimer, &QTimer::timeout, this, &Workbench::pingIdleHosts);
        m_pingTimer->start(10'000);
    }
    calibrate();
}

void Workbench::pingIdleHosts()
{
    // The round trip of a trivial command, on idle hosts (a busy one would
    // answer only after its evaluation).
    for (const auto &h : m_hosts) {
        if (!h->isLocal() && m_hostModel.busy(h->spec) == 0 &&
            m_hostModel.state(h->spec) == HostModel::State::Connected)
            ping(h.get(), false);
    }
}

void Workbench::ping(EvalHost *host, bool warmUp)
{
    // The first command of a connection also starts its remote shell: it
    // warms up, the next one measures.
    host->connection->onFinished(host->connection->exec({u"true"_s}, 10'000), this,
                                 [this, host, warmUp](const SshResult &r) {
                                     if (!r.ok)
                                         return;
                                     if (warmUp)
                                         ping(host, false);
                                     else
                                         m_hostModel.setLatency(
                                             host->spec,
                                             r.runMs); // the round trip, not the queue before it
                                 });
}

void Workbench::calibrate()
{
    m_connecting = false;
    EvalHost *first = m_hosts.front().get();
    m_calibrator = std::make_unique<HostCalibration>();
    connect(m_calibrator.get(), &HostCalibration::consoleLine, this, &Workbench::consoleLine);
    connect(m_calibrator.get(), &HostCalibration::failed, this, [this](const QString &e) {
        Q_EMIT errorOccurred(
            tr("Calibration failed (%1); running without % of peak and bottleneck classes.")
                .arg(e));
    });
    connect(m_calibrator.get(), &HostCalibration::finished, this,
            [this](const std::optional<Calibration> &c) {
                m_calibration = std::make_unique<Calibration>(c.value_or(Calibration{}));
                startLoop(*m_calibration);
            });
    Q_EMIT consoleLine(tr("Measuring the peaks of %1 (once; cached)…").arg(first->spec));
    m_calibrator->start(*m_target, first, sessionWorkRoot(m_session->dir(), *first), false);
    Q_EMIT stateChanged();
}

void Workbench::showLlmCalls(LlmPlanner *planner)
{
    connect(
        planner, &LlmPlanner::callStarted, this,
        [this, planner](int call, const QString &purpose, const QString &system,
                        const QString &prompt) {
            Q_EMIT consoleLine(
                tr("llm: %1 call sent (its prompt and reply are in the LLM view)").arg(purpose));
            m_llmCalls.started(call, planner->round(), purpose, system, prompt);
        });
    connect(planner, &LlmPlanner::callDelta, &m_llmCalls, &LlmCallModel::delta);
    connect(planner, &LlmPlanner::callFinished, this,
            [this, planner](int call, const QString &purpose, const LlmReply &r) {
                Q_EMIT consoleLine(r.ok ? tr("llm: %1: %2 tokens in, %3 out, US$ %4")
                                              .arg(purpose)
                                              .arg(r.tokensIn)
                                              .arg(r.tokensOut)
                                              .arg(r.cost, 0, 'f', 4)
                                        : tr("llm: %1 failed: %2").arg(purpose, r.error));
                m_llmCalls.finished(call, r, planner->totals());
            });
    connect(planner, &LlmPlanner::note, this, &Workbench::consoleLine);
}

bool Workbench::continueRun(std::optional<double> goal, int evaluations, LoopMode mode)
{
    if (!m_loop || !m_loop->isFinished() || !m_calibration || evaluations < 1)
        return false;
    if (goal)
        m_workload->goal.target = *goal;
    m_options.loop.maxEvals = evaluations;
    m_workload->rounds = std::max(m_workload->rounds, m_loop->round() + evaluations);
    m_mode = mode;
    // A new loop, planner and pool over the same hosts: the loop rebuilds
    // its state from the session, as a resumed run does.
    m_loop.reset();
    m_backend.reset();
    m_planner.reset();
    startLoop(*m_calibration);
    return true;
}

void Workbench::startLoop(const Calibration &calibration)
{
    QString error;
    std::optional<PlannerChoice> choice = choosePlanner(*m_workload, m_options, &error);
    if (!choice)
        return failToStart(error);
    if (!choice->note.isEmpty())
        Q_EMIT consoleLine(choice->note);
    if (choice->llm) {
        auto planner =
            std::make_unique<LlmPlanner>(*m_workload, *m_target, *m_session, *choice->llm);
        showLlmCalls(planner.get());
        m_planner = std::move(planner);
    } else {
        m_planner = std::make_unique<SearchPlanner>(*m_workload, *m_target, m_options.strategy,
                                                    m_options.seed);
    }
    const int parallel = std::max(1, m_options.parallel);
    auto backend = std::make_unique<PoolEvalBackend>(
        *m_workload, *m_target, calibration, sessionWorkRoot(m_session->dir(), *m_hosts.front()),
        parallel);
    backend->setHosts(poolOf(m_hosts, m_session->dir(), parallel));
    connect(backend.get(), &EvalBackend::hostLoadChanged, this,
            [this](const QString &host, int busy, int slots) {
                m_hostModel.setLoad(host, busy, slots);
            });
    connect(backend.get(), &EvalBackend::hostStateChanged, this,
            [this](const QString &host, const QString &state) {
                const bool local = host == u"local"_s;
                m_hostModel.setState(
                    host,
                    state == u"down"_s
                        ? HostModel::State::Down
                        : (local ? HostModel::State::Local : HostModel::State::Connected),
                    state == u"down"_s
                        ? tr("evaluations lost three times in a row; its work moves elsewhere")
                        : QString());
                Q_EMIT hostStateChanged(host, state != u"down"_s);
            });
    m_backend = std::move(backend);
    LoopOptions loopOptions = m_options.loop;
    loopOptions.rules.regressionThreshold = m_workload->divergence.threshold;
    loopOptions.rules.closeCallRetimings = m_workload->benchmark.closeCallRetimings;
    m_loop = std::make_unique<OptimizationLoop>(*m_workload, *m_session, *m_planner, *m_backend,
                                                loopOptions);
    m_loop->setMode(m_mode);
    OptimizationLoop *loop = m_loop.get();
    connect(loop, &OptimizationLoop::candidateFinished, this,
            [this](const ExperimentRecord &r) { m_candidates.append(r); });
    connect(loop, &OptimizationLoop::incumbentChanged, this,
            [this](const ExperimentRecord &r) { m_candidates.setIncumbent(r.id); });
    connect(loop, &OptimizationLoop::reverted, this,
            [this](int, int to, const QString &) { m_candidates.setRevertedTo(to); });
    connect(loop, &OptimizationLoop::reflectionAdded, this,
            [this](const Json &j) { m_reflexions.append(j); });
    connect(loop, &OptimizationLoop::memoryAdded, this,
            [this](const Json &j) { m_memory.append(j); });
    connect(loop, &OptimizationLoop::consoleLine, this, &Workbench::candidateLine);
    connect(loop, &OptimizationLoop::errorOccurred, this, &Workbench::errorOccurred);
    connect(loop, &OptimizationLoop::phaseChanged, this, &Workbench::stateChanged);
    connect(loop, &OptimizationLoop::finished, this, &Workbench::stateChanged);
    connect(loop, &OptimizationLoop::finished, this, [this] {
        // A cluster's nodes are not held past the run (goal, budget, Stop):
        // a Continue asks for a kept allocation again.
        for (const auto &host : m_hosts)
            if (host->allocation)
                host->allocation->release();
    });
    connect(loop, &OptimizationLoop::finished, this, &Workbench::finished);
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
    const Json state = m_session->loopState(); // findAt points into it
    if (const Json *reverts = findAt(state, {"reverts"}); reverts && reverts->is_array()) {
        for (const Json &r : *reverts)
            m_candidates.setRevertedTo(int(numberAt(r, {"to"}, 0)));
    }
    m_candidates.setIncumbent(m_session->loopId("incumbent"));
}

TunerImport Workbench::importTunerFile(const QString &path)
{
    if (!canImport()) {
        TunerImport refused;
        refused.error = tr("a Kernel Tuner file is imported while no run is under way (stop "
                           "the run, or let it finish, first)");
        return refused;
    }
    const size_t before = m_session->experiments().size();
    TunerImport imported = kwb::importTunerFile(*m_session, path, *m_workload, *m_target);
    // What was added before any error is in the session: show it.
    const auto &records = m_session->experiments();
    for (size_t i = before; i < records.size(); ++i)
        m_candidates.append(records[i]);
    return imported;
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
            markLoopState();
            Q_EMIT replayFinished();
            return;
        }
        const ExperimentRecord &r = records[m_replayNext++];
        m_candidates.append(r);
        if (r.decision == Verdict::Kept)
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
