#include "workbench.h"

#include "eval/calibration.h"
#include "llmsettings.h"
#include "loop/evalbackend.h"
#include "planning/llmplanner.h"
#include "planning/planner.h"
#include "remote/evalhost.h"
#include "remote/keychain.h"

#include <QFile>
#include <QMultiHash>
#include <QPointer>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

Workbench::~Workbench()
{
    // The loop and the pool use the hosts' connections: they go first.
    m_loop.reset();
    m_backend.reset();
    m_calibrator.reset();
    m_hosts.clear();
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

std::unique_ptr<Workbench> Workbench::open(const QString &dir, QString *error)
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
    std::unique_ptr<Workbench> wb(new Workbench);
    if (!wb->init(std::move(loaded), std::move(session), error))
        return nullptr;
    return wb;
}

std::unique_ptr<Workbench> Workbench::create(const QString &workloadPath, const QString &dir,
                                             QString *error)
{
    LoadedWorkload loaded = loadWorkloadAndTarget(workloadPath);
    if (!loaded.ok()) {
        *error = QObject::tr("The workload does not load:\n%1").arg(describe(loaded.errors));
        return nullptr;
    }
    auto session = SessionStore::exists(dir)
                       ? SessionStore::open(dir, error)
                       : SessionStore::create(dir, *loaded.workload, *loaded.target, error);
    if (!session)
        return nullptr;
    QString difference;
    if (!session->matchesWorkload(*loaded.workload, &difference)) {
        *error = QObject::tr("%1 was made for another version of this workload (%2).")
                     .arg(dir, difference);
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
    m_hostModel.setHosts(hostSpecs());
    return true;
}

QStringList Workbench::hostSpecs() const
{
    return m_workload->hosts.isEmpty() ? QStringList{u"local"_s} : m_workload->hosts;
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

namespace {

// Runs `ask` on `context`'s thread and waits for the answer (the SSH
// callbacks run on a connection's thread; dialogs belong to the GUI's).
template <typename Result, typename Ask> Result askOn(QObject *context, Ask ask)
{
    Result answer{};
    if (context)
        QMetaObject::invokeMethod(
            context, [&] { answer = ask(); }, Qt::BlockingQueuedConnection);
    return answer;
}

} // namespace

SshOptions Workbench::sshOptions()
{
    SshOptions o = sshOptionsFromEnvironment();
    QPointer<Workbench> self(this);
    if (auto f = m_prompts.confirmNewHostKey) {
        o.confirmNewHostKey = [self, f](const QString &host, const QString &fingerprint) {
            return askOn<bool>(self, [&] { return f(host, fingerprint); });
        };
    }
    if (auto f = m_prompts.passphrase) {
        // Asked once for all hosts; the keychain is read on the connection's thread.
        o.passphrase = keychain::rememberingPassphrase(
            [self, f](const QString &file, bool retry, bool *remember) {
                return askOn<QString>(self, [&] { return f(file, retry, remember); });
            });
    }
    if (auto f = m_prompts.keyboardInteractive) {
        o.keyboardInteractive = [self, f](const QString &instruction,
                                          const QList<SshPrompt> &prompts) {
            return askOn<QStringList>(self, [&] { return f(instruction, prompts); });
        };
    }
    return o;
}

void Workbench::connectHosts()
{
    m_connecting = true;
    m_hosts.clear();
    m_waitingFor = 0;
    m_hostModel.setHosts(hostSpecs());
    const SshOptions options = sshOptions();
    for (const QString &spec : hostSpecs()) {
        QString error;
        std::unique_ptr<EvalHost> host = makeHost(spec, *m_workload, options, &error);
        if (!host) {
            m_hostModel.setState(spec, HostModel::State::Failed, error);
            Q_EMIT errorOccurred(tr("Host %1: %2").arg(spec, error));
            continue;
        }
        EvalHost *h = host.get();
        m_hosts.push_back(std::move(host));
        if (h->isLocal())
            continue;
        ++m_waitingFor;
        m_hostModel.setState(spec, HostModel::State::Connecting);
        Q_EMIT consoleLine(tr("Connecting to %1…").arg(spec));
        h->connection->onFinished(h->connection->connectToHost(), this,
                                  [this, h](const SshResult &r) {
                                      h->connectMs = qint64(r.runMs);
                                      hostConnected(h, r);
                                  });
    }
    Q_EMIT stateChanged();
    if (m_waitingFor == 0)
        calibrate();
}

void Workbench::hostConnected(EvalHost *host, const SshResult &result)
{
    if (result.ok) {
        m_hostModel.setState(host->spec, HostModel::State::Connected, QString());
        ping(host, true);
        Q_EMIT consoleLine(tr("Connected to %1 in %2 ms (key %3).")
                               .arg(host->spec)
                               .arg(host->connectMs)
                               .arg(result.fingerprint));
    } else {
        m_hostModel.setState(host->spec, HostModel::State::Failed, result.error);
        Q_EMIT errorOccurred(tr("Host %1 is left out: %2").arg(host->spec, result.error));
    }
    if (--m_waitingFor > 0)
        return;
    // Every host has answered: go on with those that are up.
    std::erase_if(m_hosts, [this](const std::unique_ptr<EvalHost> &h) {
        return !h->isLocal() && m_hostModel.state(h->spec) != HostModel::State::Connected;
    });
    if (m_hosts.empty()) {
        m_connecting = false;
        Q_EMIT errorOccurred(tr("No host of this workload can be reached; nothing was started."));
        Q_EMIT stateChanged();
        return;
    }
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
    m_calibrator = std::make_unique<Calibrator>();
    m_calibrator->setRunnerFactory(first->runnerFactory());
    connect(m_calibrator.get(), &Calibrator::consoleLine, this, &Workbench::consoleLine);
    connect(m_calibrator.get(), &Calibrator::finished, this,
            [this](const Calibration &c) { startLoop(c); });
    connect(m_calibrator.get(), &Calibrator::failed, this, [this](const QString &e) {
        Q_EMIT errorOccurred(
            tr("Calibration failed (%1); running without %% of peak and bottleneck classes.")
                .arg(e));
        startLoop(Calibration{});
    });
    Q_EMIT consoleLine(tr("Measuring the peaks of %1 (once; cached)…").arg(first->spec));
    m_calibrator->start(*m_target, first->spec, sessionWorkRoot(m_session->dir(), *first), false);
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
            Q_EMIT llmCallStarted(call, planner->round(), purpose, system, prompt);
        });
    connect(planner, &LlmPlanner::callDelta, this, &Workbench::llmCallDelta);
    connect(planner, &LlmPlanner::callFinished, this,
            [this, planner](int call, const QString &purpose, const LlmReply &r) {
                Q_EMIT consoleLine(r.ok ? tr("llm: %1: %2 tokens in, %3 out, US$ %4")
                                              .arg(purpose)
                                              .arg(r.tokensIn)
                                              .arg(r.tokensOut)
                                              .arg(r.cost, 0, 'f', 4)
                                        : tr("llm: %1 failed: %2").arg(purpose, r.error));
                Q_EMIT llmCallFinished(call, purpose, r, planner->totals());
            });
    connect(planner, &LlmPlanner::note, this, &Workbench::consoleLine);
}

void Workbench::startLoop(const Calibration &calibration)
{
    // The workload's `llm` settings with Settings → LLM provider on top or under them.
    const GuiLlmSettings gui = GuiLlmSettings::load();
    const bool wantsLlm = m_workload->planner == u"llm"_s || gui.always;
    QString llmError;
    const std::optional<LlmSettings> llm =
        wantsLlm ? LlmSettings::fromJson(gui.applyTo(m_workload->llm), &llmError) : std::nullopt;
    if (llm) {
        auto planner = std::make_unique<LlmPlanner>(*m_workload, *m_target, *m_session, *llm);
        showLlmCalls(planner.get());
        m_planner = std::move(planner);
    } else {
        if (wantsLlm)
            Q_EMIT consoleLine(tr("The LLM planner's settings are incomplete (%1: the workload's "
                                  "'llm' or Settings → LLM provider); using the knob search.")
                                   .arg(llmError));
        m_planner =
            std::make_unique<SearchPlanner>(*m_workload, *m_target, SearchStrategy::Model, 1);
    }
    auto backend =
        std::make_unique<PoolEvalBackend>(*m_workload, *m_target, calibration,
                                          sessionWorkRoot(m_session->dir(), *m_hosts.front()), 1);
    backend->setHosts(poolOf(m_hosts, m_session->dir()));
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
            });
    m_backend = std::move(backend);
    m_loop = std::make_unique<OptimizationLoop>(*m_workload, *m_session, *m_planner, *m_backend,
                                                LoopOptions{});
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
    const Json state = m_session->loopState(); // findAt points into it
    if (const Json *reverts = findAt(state, {"reverts"}); reverts && reverts->is_array()) {
        for (const Json &r : *reverts)
            m_candidates.setRevertedTo(int(numberAt(r, {"to"}, 0)));
    }
    m_candidates.setIncumbent(m_session->loopId("incumbent"));
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
