#include "loop.h"

#include "loop/evalbackend.h"
#include "memory/reflection.h"
#include "util/logging.h"
#include "workload/workload.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QPointer>
#include <QTimer>
#include <cmath>
#include <limits>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

QString phaseName(LoopPhase phase)
{
    switch (phase) {
    case LoopPhase::Idle:
        return QCoreApplication::translate("kwb::LoopPhase", "idle");
    case LoopPhase::Profile:
        return QCoreApplication::translate("kwb::LoopPhase", "profile");
    case LoopPhase::Plan:
        return QCoreApplication::translate("kwb::LoopPhase", "plan");
    case LoopPhase::Gate:
        return QCoreApplication::translate("kwb::LoopPhase", "gate");
    case LoopPhase::Ship:
        return QCoreApplication::translate("kwb::LoopPhase", "ship");
    case LoopPhase::Evaluate:
        return QCoreApplication::translate("kwb::LoopPhase", "evaluate");
    case LoopPhase::Decide:
        return QCoreApplication::translate("kwb::LoopPhase", "decide");
    case LoopPhase::Summarize:
        return QCoreApplication::translate("kwb::LoopPhase", "summarize");
    case LoopPhase::Reflect:
        return QCoreApplication::translate("kwb::LoopPhase", "reflect");
    case LoopPhase::Done:
        return QCoreApplication::translate("kwb::LoopPhase", "done");
    }
    return {};
}

QString stopReasonName(StopReason reason)
{
    switch (reason) {
    case StopReason::Goal:
        return QCoreApplication::translate("kwb::StopReason", "goal reached");
    case StopReason::RoundLimit:
        return QCoreApplication::translate("kwb::StopReason", "round limit");
    case StopReason::Plateau:
        return QCoreApplication::translate("kwb::StopReason", "plateau");
    case StopReason::EvalBudget:
        return QCoreApplication::translate("kwb::StopReason", "evaluation budget");
    case StopReason::CostBudget:
        return QCoreApplication::translate("kwb::StopReason", "cost budget");
    case StopReason::TimeLimit:
        return QCoreApplication::translate("kwb::StopReason", "time limit");
    case StopReason::Stopped:
        return QCoreApplication::translate("kwb::StopReason", "stopped");
    case StopReason::Exhausted:
        return QCoreApplication::translate("kwb::StopReason", "nothing left to try");
    case StopReason::Error:
        return QCoreApplication::translate("kwb::StopReason", "error");
    }
    return {};
}

namespace {

QString now()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

Candidate candidateOf(const Proposal &p)
{
    return Candidate{p.source, p.origin, p.knobs, p.label, p.linkFlags};
}

// Re-checking a suspicious win: seeds the workload has never used, and its
// second input shape where it declares one (a kernel that special-cases the
// benchmark shape fails there).
EvalVariant reverifyVariant(const Workload &w)
{
    EvalVariant v;
    for (qint64 seed : w.correctness.seeds)
        v.seeds.push_back(seed + 1'000'003);
    v.otherShape = !w.verifyDimValues.empty();
    return v;
}

} // namespace

OptimizationLoop::OptimizationLoop(const Workload &workload, SessionStore &session,
                                   Planner &planner, EvalBackend &backend,
                                   const LoopOptions &options, QObject *parent)
    : QObject(parent), m_workload(workload), m_session(session), m_planner(planner),
      m_backend(backend), m_options(options)
{
    connect(&m_backend, &EvalBackend::finished, this, &OptimizationLoop::onFinished);
    connect(&m_backend, &EvalBackend::consoleLine, this, [this](int id, const QString &line) {
        if (Slot *s = slot(id))
            s->console += line + u'\n';
        Q_EMIT consoleLine(id, line);
    });
}

OptimizationLoop::~OptimizationLoop() = default;

const ExperimentRecord *OptimizationLoop::record(int id) const
{
    return id > 0 ? m_session.find(id) : nullptr;
}

OptimizationLoop::Slot *OptimizationLoop::slot(int id)
{
    for (Slot &s : m_batch) {
        if (s.proposal.id == id)
            return &s;
    }
    return nullptr;
}

void OptimizationLoop::setMode(LoopMode mode)
{
    m_mode = mode;
    if (mode == LoopMode::Autopilot && m_phase == LoopPhase::Gate && !m_paused)
        scheduleAdvance(); // what waits at the gate ships (unless a guard rejects it)
}

QList<int> OptimizationLoop::evaluating() const
{
    QList<int> ids;
    for (const Slot &s : m_batch) {
        if (s.state == Slot::State::Running || s.state == Slot::State::Queued)
            ids << s.proposal.id;
    }
    return ids;
}

std::vector<Proposal> OptimizationLoop::pending() const
{
    std::vector<Proposal> out;
    for (const Slot &s : m_batch) {
        if (s.state == Slot::State::Proposed)
            out.push_back(s.proposal);
    }
    return out;
}

std::optional<Latency> OptimizationLoop::latencyOf(int id) const
{
    const ExperimentRecord *r = record(id);
    return r ? recordedLatency(*r) : std::nullopt;
}

bool OptimizationLoop::goalReached(const ExperimentRecord &r) const
{
    const auto v = r.trustedMetric(m_workload.goal.metric);
    if (!v)
        return false;
    return m_workload.goal.higherIsBetter ? *v >= m_workload.goal.target
                                          : *v <= m_workload.goal.target;
}

// ---- control -------------------------------------------------------------

void OptimizationLoop::start()
{
    m_clock.start();
    m_evaluations = 0;
    m_nextId = m_session.nextId();
    // Resume: everything the session knows feeds the planner; the loop's
    // state comes from session.json, or is rebuilt from the records.
    int lastRound = -1;
    for (const ExperimentRecord &r : m_session.experiments()) {
        m_planner.observe(r);
        if (r.decision != Verdict::Imported)
            lastRound = std::max(lastRound, r.round);
    }
    const Json state = m_session.loopState();
    auto id = [&](const char *key) {
        const double v = numberAt(state, {key}, 0);
        return v >= 0 && v <= std::numeric_limits<int>::max() ? int(v) : 0;
    };
    m_incumbentId = id("incumbent");
    m_bestId = id("best");
    m_startId = id("start");
    m_failStreak = id("fail_streak");
    m_lastKeptRound = id("last_kept_round");
    if (const Json *reverts = findAt(state, {"reverts"}); reverts && reverts->is_array())
        m_reverts = *reverts;
    // The incumbent and the best must be kernels the loop kept, with a
    // time and a stored source; session.json naming anything else (edited,
    // or written by an older version) is rebuilt from the records.
    for (int *which : {&m_incumbentId, &m_bestId}) {
        const ExperimentRecord *r = record(*which);
        if (!*which || !r)
            continue;
        // The engineer may revert to any timed, correct candidate, kept or not.
        const bool revertedTo = which == &m_incumbentId && timedAndCorrect(*r) &&
                                std::any_of(m_reverts.begin(), m_reverts.end(), [r](const Json &v) {
                                    return numberAt(v, {"to"}, 0) == r->id;
                                });
        QString why;
        if (r->decision != Verdict::Kept && !revertedTo)
            why = tr("it was %1, not kept")
                      .arg(r->decision == Verdict::Unknown ? tr("never decided")
                                                           : verdictWord(r->decision));
        else if (!latencyOf(r->id))
            why = tr("its record holds no time");
        else if (m_session.kernelPath(r->sourceHash).isEmpty())
            why =
                tr("its kernel %1 is missing from %2/kernels").arg(r->sourceHash, m_session.dir());
        if (!why.isEmpty()) {
            Q_EMIT consoleLine(
                r->id,
                tr("kwb: session.json names #%1 as %2, but %3; the best kept kernel is used "
                   "instead")
                    .arg(r->id)
                    .arg(which == &m_incumbentId ? tr("the incumbent") : tr("the best"), why));
            m_incumbentId = m_bestId = 0;
        }
    }
    // What was kept before is checked again: a result the harness (or the
    // calibration) no longer trusts is neither the incumbent nor the best.
    QList<int> distrusted;
    for (const ExperimentRecord &r : m_session.experiments()) {
        if (r.decision != Verdict::Kept)
            continue;
        QString why = distrustOf(storedVerdictOf(r), m_workload);
        if (why.isEmpty() && r.untrusted())
            why = tr("its record is marked %1").arg(r.flags.join(u", "_s));
        if (!why.isEmpty()) {
            distrusted << r.id;
            Q_EMIT consoleLine(r.id,
                               tr("kwb: #%1 is no longer trusted and will not be built on: %2")
                                   .arg(r.id)
                                   .arg(why));
        }
    }
    if (distrusted.contains(m_bestId) || distrusted.contains(m_incumbentId))
        m_bestId = m_incumbentId = 0;
    if (!record(m_bestId) || !record(m_incumbentId)) {
        // The best by the one rule (records.h), among kernels this loop
        // kept, still trusts and can still read.
        const ExperimentRecord *best =
            bestRecord(m_session.experiments(), [&](const ExperimentRecord &r) {
                return r.decision == Verdict::Kept && !distrusted.contains(r.id) &&
                       !m_session.kernelPath(r.sourceHash).isEmpty();
            });
        m_bestId = m_incumbentId = best ? best->id : 0;
        for (const ExperimentRecord &r : m_session.experiments()) {
            if (r.decision == Verdict::Kept)
                m_lastKeptRound = std::max(m_lastKeptRound, r.round);
        }
        if (const ExperimentRecord *start = kwb::startRecord(m_session.experiments(), m_startId))
            m_startId = start->id;
    }
    m_round = lastRound + 1;
    m_plateauFrom = std::max(0, lastRound); // a resumed or continued run gets its own plateau
    m_planner.setIncumbent(incumbent());
    QString error;
    m_session.setStatus(u"running"_s, &error);
    enter(LoopPhase::Profile);
}

void OptimizationLoop::pause()
{
    m_paused = true;
    Q_EMIT paused();
}

void OptimizationLoop::resume()
{
    if (m_phase == LoopPhase::Done)
        return;
    m_paused = false;
    scheduleAdvance();
}

void OptimizationLoop::step()
{
    if (m_phase == LoopPhase::Done)
        return;
    m_paused = false;
    m_stepOnce = true;
    scheduleAdvance();
}

void OptimizationLoop::stop()
{
    if (m_phase == LoopPhase::Done)
        return;
    m_stopRequested = true;
    m_paused = false;
    // Candidates still waiting at the gate will not be shipped.
    for (Slot &s : m_batch) {
        if (s.state == Slot::State::Proposed || s.state == Slot::State::Approved ||
            s.state == Slot::State::Queued)
            s.state = Slot::State::Rejected;
    }
    if (m_planning || m_writing)
        m_planner.cancel(); // its answer (none, or the rules' records) ends the loop
    scheduleAdvance();
}

void OptimizationLoop::abort()
{
    m_aborting = true;
    stop();
    m_backend.cancelAll();
}

bool OptimizationLoop::approve(int id)
{
    Slot *s = slot(id);
    if (!s || s->state != Slot::State::Proposed)
        return false;
    s->state = Slot::State::Approved;
    scheduleAdvance();
    return true;
}

bool OptimizationLoop::approveEdited(int id, const QString &source)
{
    Slot *s = slot(id);
    if (!s || s->state != Slot::State::Proposed)
        return false;
    if (SessionStore::sourceHash(source) != SessionStore::sourceHash(s->proposal.source)) {
        s->proposal.source = source;
        s->proposal.origin = Origin::Human;
        s->proposal.flags << u"human-edited"_s;
        // The knobs were the template's; the edit is another kernel, which
        // no configuration describes (the search must not learn it as one).
        s->proposal.plan = s->proposal.knobs.is_object() && !s->proposal.knobs.empty()
                               ? u"edited by the engineer from "_s + knobsText(s->proposal.knobs)
                               : u"edited by the engineer: "_s + s->proposal.plan;
        s->proposal.knobs = Json::object();
    }
    return approve(id);
}

bool OptimizationLoop::reject(int id)
{
    Slot *s = slot(id);
    if (!s || s->state != Slot::State::Proposed)
        return false;
    s->state = Slot::State::Rejected;
    scheduleAdvance();
    return true;
}

bool OptimizationLoop::revertTo(int id, QString *error)
{
    const ExperimentRecord *r = record(id);
    if (!r || !timedAndCorrect(*r)) {
        if (error)
            *error = u"#"_s + QString::number(id) + u" is not a correct, timed candidate"_s;
        return false;
    }
    const int from = m_incumbentId;
    m_incumbentId = id;
    m_planner.setIncumbent(r);
    const QString cause = u"engineer reverted to #"_s + QString::number(id);
    m_reverts.push_back({{"from", from}, {"to", id}, {"cause", ss(cause)}, {"before", m_nextId}});
    persistState();
    Q_EMIT reverted(from, id, cause);
    if (from != id)
        leaveOldBranch(id);
    return true;
}

void OptimizationLoop::leaveOldBranch(int id)
{
    bool dropped = false;
    for (Slot &s : m_batch) {
        if (s.proposal.origin == Origin::Baseline || s.proposal.parent == std::optional(id))
            continue;
        if (s.state == Slot::State::Proposed || s.state == Slot::State::Approved) {
            s.state = Slot::State::Rejected;
            s.rejectCause = u"dropped: proposed from #"_s +
                            QString::number(s.proposal.parent.value_or(0)) +
                            u" before the engineer reverted to #"_s + QString::number(id);
            dropped = true;
        } else if (s.state != Slot::State::Rejected) {
            s.offBranch = true; // queued, running or done: judged against its own parent
        }
    }
    // A plan in progress was made from the old incumbent: plan again.
    if (m_planning) {
        ++m_planGeneration;
        m_planning = false;
        m_planner.cancel();
        dropped = true;
    }
    if (dropped && !m_paused)
        scheduleAdvance();
}

int OptimizationLoop::judgedAgainst(const Slot &s) const
{
    return s.offBranch && s.proposal.parent ? *s.proposal.parent : m_incumbentId;
}

// ---- the state machine ---------------------------------------------------

void OptimizationLoop::scheduleAdvance()
{
    if (m_advanceScheduled)
        return;
    m_advanceScheduled = true;
    QMetaObject::invokeMethod(this, &OptimizationLoop::advance, Qt::QueuedConnection);
}

void OptimizationLoop::enter(LoopPhase phase)
{
    m_phase = phase;
    qCDebug(lcLoop) << "round" << m_round << "phase" << int(phase);
    Q_EMIT phaseChanged(phase);
    if (phase == LoopPhase::Done)
        return;
    // In step mode (or after a single step) the loop rests after each phase.
    if (m_stepOnce || m_mode == LoopMode::StepEachPhase) {
        m_stepOnce = false;
        if (!m_stopRequested) {
            m_paused = true;
            Q_EMIT paused();
            return;
        }
    }
    scheduleAdvance();
}

void OptimizationLoop::advance()
{
    m_advanceScheduled = false;
    if (m_paused || m_phase == LoopPhase::Done)
        return;
    switch (m_phase) {
    case LoopPhase::Idle:
        break;
    case LoopPhase::Profile:
        doProfile();
        break;
    case LoopPhase::Plan:
        if (!m_planning)
            doPlan();
        break;
    case LoopPhase::Gate:
        doGate();
        break;
    case LoopPhase::Ship:
        doShip();
        break;
    case LoopPhase::Evaluate:
        if (m_running == 0)
            enter(LoopPhase::Decide);
        break;
    case LoopPhase::Decide:
        doDecide();
        break;
    case LoopPhase::Summarize:
        if (!m_writing)
            doSummarize();
        break;
    case LoopPhase::Reflect:
        if (!m_writing)
            doReflect();
        break;
    case LoopPhase::Done:
        break;
    }
}

std::optional<std::pair<StopReason, QString>> OptimizationLoop::stopCondition() const
{
    if (m_stopRequested)
        return std::pair{StopReason::Stopped, tr("stopped by the engineer")};
    if (const ExperimentRecord *b = best(); b && goalReached(*b))
        return std::pair{StopReason::Goal,
                         tr("#%1 meets %2").arg(b->id).arg(m_workload.goal.metric) +
                             (m_workload.goal.higherIsBetter ? u" ≥ "_s : u" ≤ "_s) +
                             QString::number(m_workload.goal.target)};
    if (m_round > m_workload.rounds)
        return std::pair{StopReason::RoundLimit, tr("%n rounds done", nullptr, m_workload.rounds)};
    if (m_options.maxEvals > 0 && m_evaluations >= m_options.maxEvals)
        return std::pair{StopReason::EvalBudget, tr("%n evaluations", nullptr, m_evaluations)};
    if (m_options.maxCost > 0 && m_planner.cost() >= m_options.maxCost)
        return std::pair{StopReason::CostBudget, tr("US$ %1 spent on LLM calls (budget US$ %2)")
                                                     .arg(m_planner.cost(), 0, 'f', 4)
                                                     .arg(m_options.maxCost, 0, 'f', 2)};
    if (m_options.timeLimitS > 0 && m_clock.elapsed() >= qint64(m_options.timeLimitS * 1000))
        return std::pair{StopReason::TimeLimit, tr("%1 s elapsed").arg(m_options.timeLimitS)};
    if (m_options.plateauRounds > 0 && m_round > 0 && m_bestId &&
        m_round - std::max(m_lastKeptRound, m_plateauFrom) > m_options.plateauRounds)
        return std::pair{StopReason::Plateau,
                         tr("no improvement in %n rounds", nullptr, m_options.plateauRounds)};
    return std::nullopt;
}

void OptimizationLoop::doProfile()
{
    // The incumbent's last evaluation is its profile: metrics and bottleneck.
    const ExperimentRecord *inc = incumbent();
    m_bottleneck = inc ? bottleneckOf(*inc) : QString();
    if (auto stop = stopCondition())
        return finish(stop->first, stop->second);
    enter(LoopPhase::Plan);
}

void OptimizationLoop::doPlan()
{
    m_batch.clear();
    QString error;
    std::optional<std::vector<Proposal>> roundZero = roundZeroLeft(&error);
    if (!roundZero)
        return finish(StopReason::Error, error);
    if (!roundZero->empty()) {
        m_round = 0;
    } else {
        int count = std::max(1, m_workload.batch);
        if (m_options.maxEvals > 0)
            count = std::min(count, m_options.maxEvals - m_evaluations);
        // The planner may answer later (an LLM); Stop cancels it.
        m_planning = true;
        const int generation = ++m_planGeneration;
        QPointer<OptimizationLoop> self(this);
        m_planner.proposeLater(
            count, incumbent(), m_bottleneck,
            [self, generation](std::vector<Proposal> answer, const QString &why) {
                if (self && generation == self->m_planGeneration)
                    self->onProposals(std::move(answer), why);
            });
        return;
    }
    queueProposals(std::move(*roundZero));
}

std::optional<std::vector<Proposal>> OptimizationLoop::roundZeroLeft(QString *error) const
{
    std::vector<Proposal> proposals;
    // Imported measurements (kwb import) teach the planner but are not a run;
    // once a later round ran, round 0 is over.
    const auto &records = m_session.experiments();
    QSet<QString> measured; // the plans of round 0's records
    for (const ExperimentRecord &r : records) {
        if (r.decision == Verdict::Imported)
            continue;
        if (r.round > 0)
            return proposals;
        measured << r.plan;
    }
    if (!kwb::startRecord(records)) {
        QFile f(m_workload.kernelPath);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = tr("cannot read the starting kernel %1").arg(m_workload.kernelPath);
            return std::nullopt;
        }
        Proposal start;
        start.origin = Origin::Human;
        start.source = QString::fromUtf8(f.readAll());
        start.plan = u"starting kernel"_s;
        start.label = f.fileName().section(u'/', -1);
        proposals.push_back(start);
    }
    // The baselines beside it.
    for (const BaselineSpec &b : m_workload.baselines) {
        Proposal p;
        p.origin = Origin::Baseline;
        p.plan = u"baseline: "_s + b.name;
        if (measured.contains(p.plan))
            continue;
        p.label = b.name;
        p.linkFlags = b.linkFlags;
        const QString path =
            b.kernelPath == u"@reference"_s ? m_workload.referencePath : b.kernelPath;
        QFile bf(path);
        if (!bf.open(QIODevice::ReadOnly))
            continue;
        p.source = b.kernelPath == u"@reference"_s
                       ? referenceAsKernel(m_workload, QString::fromUtf8(bf.readAll()))
                       : QString::fromUtf8(bf.readAll());
        proposals.push_back(p);
    }
    return proposals;
}

void OptimizationLoop::onProposals(std::vector<Proposal> proposals, const QString &error)
{
    if (m_phase == LoopPhase::Done)
        return;
    m_planning = false;
    if (!proposals.empty())
        return queueProposals(std::move(proposals));
    if (m_stopRequested)
        return finish(StopReason::Stopped, tr("stopped by the engineer"));
    if (!error.isEmpty())
        return finish(StopReason::Error, error);
    finish(StopReason::Exhausted, tr("%1 has nothing left to propose").arg(m_planner.name()));
}

void OptimizationLoop::queueProposals(std::vector<Proposal> proposals)
{
    for (Proposal &p : proposals) {
        p.id = m_nextId++;
        p.round = m_round;
        if (p.origin != Origin::Baseline && m_incumbentId)
            p.parent = m_incumbentId;
        Slot s;
        s.proposal = p;
        m_batch.push_back(s);
        Q_EMIT proposed(p);
    }
    enter(LoopPhase::Gate);
}

void OptimizationLoop::doGate()
{
    bool waiting = false;
    for (Slot &s : m_batch) {
        if (s.state != Slot::State::Proposed)
            continue;
        // Baselines and autopilot ship at once; the engineer sees the rest.
        if (!s.proposal.guard.isEmpty() && m_mode == LoopMode::Autopilot && !m_stopRequested) {
            s.state = Slot::State::Rejected; // nobody at the gate to overrule the guard
            s.rejectCause = u"rejected by a guard: "_s + s.proposal.guard;
        } else if (m_mode != LoopMode::ApproveEach || s.proposal.origin == Origin::Baseline ||
                   m_stopRequested) {
            s.state = m_stopRequested ? Slot::State::Rejected : Slot::State::Approved;
        } else {
            if (!waiting)
                Q_EMIT awaitingApproval(s.proposal);
            waiting = true;
        }
    }
    if (waiting)
        return; // approve()/reject() call back
    enter(LoopPhase::Ship);
}

void OptimizationLoop::doShip()
{
    for (Slot &s : m_batch) {
        if (s.state != Slot::State::Approved)
            continue;
        s.state = Slot::State::Queued;
        // A source already measured in this session is answered from there,
        // unless the answer is one the loop re-checks before believing it
        // (too good to be true, beyond a bound): only a measurement is
        // re-checked, so such a source is measured again.
        if (const ExperimentRecord *hit =
                m_session.findBySourceHash(SessionStore::sourceHash(s.proposal.source))) {
            const EvalResult answer = storedVerdictOf(*hit);
            if (s.proposal.origin != Origin::Baseline && !answer.failed() &&
                (decide(answer, latencyOf(judgedAgainst(s)), m_options.rules).needsReverify ||
                 !beyondBound(answer).isEmpty()))
                continue;
            s.cached = true;
            s.state = Slot::State::Done;
            s.outcome.sourceHash = hit->sourceHash;
            s.outcome.result = answer;
        }
    }
    enter(LoopPhase::Evaluate);
    startNext();
}

void OptimizationLoop::startNext()
{
    for (Slot &s : m_batch) {
        if (m_running >= m_backend.slotCount())
            break;
        if (s.state != Slot::State::Queued)
            continue;
        s.state = Slot::State::Running;
        s.startedAt = now();
        ++m_running;
        Q_EMIT evaluationStarted(s.proposal);
        m_backend.start(s.proposal.id, candidateOf(s.proposal));
    }
    if (m_running == 0 && m_phase == LoopPhase::Evaluate)
        scheduleAdvance();
}

void OptimizationLoop::onFinished(int job, const EvalOutcome &outcome)
{
    Slot *s = slot(job);
    if (!s || s->state != Slot::State::Running)
        return;
    --m_running;
    if (outcome.infra) {
        // Lost host, cut-off harness: retried, never counted against the kernel.
        if (!m_aborting && !m_stopRequested && s->attempts < m_options.infraRetries &&
            outcome.infraMessage != u"cancelled"_s) {
            ++s->attempts;
            Q_EMIT infraRetry(job, s->attempts, outcome.infraMessage);
            ++m_running;
            const int delay = m_options.retryDelayMs << (s->attempts - 1);
            QTimer::singleShot(delay, this, [this, job] {
                if (const Slot *again = slot(job))
                    startSlot(job, *again);
            });
            return;
        }
        if (s->retiming) {
            // A re-timing was lost: the first verdict stands.
            s->retiming.reset();
        } else if (!s->reverifying) {
            s->outcome = outcome;
        } // else the re-check itself was lost: keep the first verdict, unflagged.
        s->state = Slot::State::Done;
    } else if (s->retiming) {
        if (m_stopRequested) {
            s->console += u"\nre-timing stopped with the loop: the first verdict stands\n"_s;
            s->retiming.reset();
        } else if (takeRetiming(*s, outcome)) {
            ++m_running;
            startSlot(job, *s);
            return;
        }
        s->state = Slot::State::Done;
    } else if (s->reverifying) {
        s->reverifying = false;
        s->state = Slot::State::Done;
        if (outcome.result.failed() || !outcome.result.correct.value_or(false))
            s->falseWin = true;
        else
            s->reverified = true;
    } else {
        s->outcome = outcome;
        s->state = Slot::State::Done;
        ++m_evaluations;
        // Too good to be true? Check again with fresh seeds before deciding.
        if (s->proposal.origin != Origin::Baseline && !outcome.result.failed()) {
            const Decision d =
                decide(outcome.result, latencyOf(judgedAgainst(*s)), m_options.rules);
            if (d.needsReverify || !beyondBound(outcome.result).isEmpty()) {
                s->reverifying = true;
                s->state = Slot::State::Running;
                ++m_running;
                startSlot(job, *s);
                return;
            }
            // A close call is decided by re-timing it against its incumbent.
            if (d.closeCall && m_options.rules.closeCallRetimings > 0 && !m_stopRequested &&
                !s->offBranch && startRetiming(job, *s))
                return;
        }
    }
    startNext();
}

void OptimizationLoop::startSlot(int job, const Slot &s)
{
    if (s.retiming && s.retiming->incumbentNext())
        m_backend.start(job, s.retiming->incumbent);
    else
        m_backend.start(job, candidateOf(s.proposal),
                        s.reverifying ? reverifyVariant(m_workload) : EvalVariant{});
}

bool OptimizationLoop::startRetiming(int job, Slot &s)
{
    const ExperimentRecord *incumbent = record(judgedAgainst(s));
    // A baseline may link a library the record does not name: not re-run.
    if (!incumbent || incumbent->origin == Origin::Baseline)
        return false;
    QFile file(m_session.kernelPath(incumbent->sourceHash));
    if (!file.open(QIODevice::ReadOnly))
        return false;
    Slot::Retiming t;
    t.against = incumbent->id;
    t.incumbent = Candidate{QString::fromUtf8(file.readAll()),
                            incumbent->origin,
                            incumbent->knobs,
                            u"#"_s + QString::number(incumbent->id) + u" (re-timed)"_s,
                            {}};
    s.retiming = std::move(t);
    s.state = Slot::State::Running;
    ++m_running;
    qCDebug(lcLoop).noquote() << "#" << s.proposal.id << "a close call: re-timed against #"
                              << incumbent->id;
    startSlot(job, s);
    return true;
}

bool OptimizationLoop::takeRetiming(Slot &s, const EvalOutcome &outcome)
{
    Slot::Retiming &t = *s.retiming;
    const EvalResult &r = outcome.result;
    if (r.flagged() || r.failed() || !r.correct.value_or(false) || !r.latency ||
        !(r.latency->medianMs > 0)) {
        // Neither side may fail on the seeds it passed before; if one does,
        // the first verdict stands and the log says why.
        s.console += u"\nre-timing against #"_s + QString::number(t.against) +
                     u" abandoned: a run was not timed, correct and unflagged\n"_s;
        s.retiming.reset();
        return false;
    }
    (t.incumbentNext() ? t.theirs : t.mine).push_back(r.latency->medianMs);
    return int(t.mine.size()) < m_options.rules.closeCallRetimings;
}

void OptimizationLoop::doDecide()
{
    QString error;
    for (Slot &s : m_batch) {
        std::optional<ExperimentRecord> r = recordOf(s);
        if (!r)
            continue;
        if (!m_session.record(*r, s.proposal.source, s.console, &error)) {
            Q_EMIT errorOccurred(tr("cannot record #%1: %2").arg(r->id).arg(error));
            return finish(StopReason::Error, error);
        }
        const ExperimentRecord &stored = m_session.experiments().back();
        qCDebug(lcLoop).noquote() << "#" << stored.id << verdictWord(stored.decision)
                                  << stored.cause;
        m_planner.observe(stored);
        follow(stored, s);
        Q_EMIT candidateFinished(stored);
    }
    persistState();
    if (m_options.maxInfraStreak > 0 && m_infraStreak >= m_options.maxInfraStreak)
        return finish(
            StopReason::Error,
            tr("no host could evaluate the last %n candidates (each retried); the last said: %1",
               nullptr, m_infraStreak)
                .arg(m_lastInfra.section(u'\n', -1).trimmed()));
    enter(LoopPhase::Summarize);
}

std::optional<ExperimentRecord> OptimizationLoop::recordOf(const Slot &s) const
{
    if (m_aborting && s.state != Slot::State::Done)
        return std::nullopt;
    if (s.outcome.infra && s.outcome.infraMessage == u"cancelled"_s)
        return std::nullopt; // aborted: nothing is known, nothing recorded
    if (s.state == Slot::State::Rejected && m_stopRequested)
        return std::nullopt; // never shipped because the loop stopped: not a decision
    const Proposal &p = s.proposal;
    ExperimentRecord r;
    r.id = p.id;
    r.round = p.round;
    r.parent = p.parent;
    r.origin = p.origin;
    r.sourceHash = SessionStore::sourceHash(p.source);
    r.knobs = p.knobs;
    r.plan = p.plan;
    r.host = s.outcome.host.isEmpty() ? u"local"_s : s.outcome.host;
    r.flags = p.flags;
    r.startedAt = s.startedAt;
    r.finishedAt = now();
    if (s.state == Slot::State::Rejected) {
        r.decision = Verdict::Rejected;
        r.cause =
            s.rejectCause.isEmpty() ? u"rejected by the engineer at the gate"_s : s.rejectCause;
        r.result = {};
        return r;
    }
    takeOutcome(r, s.outcome);
    if (s.outcome.infra) {
        r.decision = Verdict::Infra;
        r.cause = u"infrastructure failure after "_s + QString::number(s.attempts) +
                  u" retries: "_s + s.outcome.infraMessage;
        return r;
    }
    if (s.cached)
        r.flags << u"cached"_s;
    if (s.reverified) {
        r.flags << u"reverified"_s;
        if (!m_workload.verifyDimValues.empty())
            r.flags << u"second-shape"_s;
    }
    if (p.origin == Origin::Baseline) {
        r.decision = Verdict::Baseline;
        r.cause =
            s.outcome.result.failed() ? u"failed: "_s + s.outcome.result.failureMessage : QString();
        return r;
    }
    judge(s, r);
    return r;
}

QString OptimizationLoop::beyondBound(const EvalResult &result) const
{
    if (!result.latency || result.failed() || !(result.latency->medianMs > 0))
        return {};
    const double ms = result.latency->medianMs;
    // A speedup over the start beyond what the workload says is possible is
    // a measurement to distrust, not a win.
    // (Only a start whose time is trusted bounds anything.)
    const ExperimentRecord *start = record(m_startId);
    const double startMs = start ? trustedMedianMs(*start) : NAN;
    if (std::isfinite(startMs) && m_workload.maxSpeedup > 0 && startMs > m_workload.maxSpeedup * ms)
        return QString::number(startMs / ms, 'f', 0) +
               u"× over the start, more than the workload's max_speedup "_s +
               QString::number(m_workload.maxSpeedup, 'g', 6);
    // Where no roofline bounds a result (no calibration: Triton's
    // interpreter, an uncalibrated host; or no FLOP formula), the run's
    // fastest baseline does. The workload's reference run as a baseline is
    // not one: it is written for clarity, and beating it by far is the point.
    if (result.metric(MetricRole::ShareOfPeakFlops) || m_workload.maxSpeedupOverBaseline <= 0)
        return {};
    QStringList performanceBaselines;
    for (const BaselineSpec &b : m_workload.baselines)
        if (b.kernelPath != u"@reference"_s)
            performanceBaselines << u"baseline: "_s + b.name;
    const ExperimentRecord *fastest = nullptr;
    for (const ExperimentRecord &r : m_session.experiments()) {
        if (r.origin == Origin::Baseline && performanceBaselines.contains(r.plan) &&
            timedAndCorrect(r) && (!fastest || trustedMedianMs(r) < trustedMedianMs(*fastest)))
            fastest = &r;
    }
    if (!fastest || !(trustedMedianMs(*fastest) > m_workload.maxSpeedupOverBaseline * ms))
        return {};
    return QString::number(trustedMedianMs(*fastest) / ms, 'f', 1) +
           u"× faster than the run's fastest baseline (#"_s + QString::number(fastest->id) +
           u"), more than the workload's max_speedup_over_baseline "_s +
           QString::number(m_workload.maxSpeedupOverBaseline, 'g', 6) +
           u" allows where no roofline bounds a result"_s;
}

void OptimizationLoop::judge(const Slot &s, ExperimentRecord &r) const
{
    Decision d = decide(s.outcome.result, latencyOf(judgedAgainst(s)), m_options.rules);
    // The re-timings decide only against the record they ran against: a
    // slot of the same batch kept before this one moved the incumbent.
    // (A re-timing that was abandoned is gone; one that is left ran whole.)
    if (d.closeCall && s.retiming && s.retiming->against == judgedAgainst(s)) {
        std::vector<std::pair<double, double>> pairs;
        for (size_t i = 0; i < s.retiming->mine.size(); ++i)
            pairs.emplace_back(s.retiming->mine[i], s.retiming->theirs[i]);
        d = retimedDecision(pairs, m_options.rules);
        d.cause += u" against #"_s + QString::number(s.retiming->against);
        r.flags << u"retimed"_s;
    }
    if (const QString beyond = beyondBound(s.outcome.result);
        d.kind != Decision::Kind::Failed && !beyond.isEmpty()) {
        d.kind = Decision::Kind::Failed;
        d.flagged = true;
        d.cause = u"flagged beyond-bound: "_s + beyond;
    }
    if (s.falseWin) {
        d.kind = Decision::Kind::Failed;
        d.cause = u"false win: "_s + QString::number(d.speedup, 'f', 1) +
                  (m_workload.verifyDimValues.empty()
                       ? u"× but wrong on fresh seeds"_s
                       : u"× but wrong on fresh seeds or the second shape"_s);
        r.flags << u"false-win"_s;
    }
    if (s.offBranch && (d.kind == Verdict::Kept || d.kind == Verdict::Reverted)) {
        // Its parent is no longer the incumbent: it neither replaces the
        // branch the engineer chose nor sends the loop back to the best.
        d.kind = Verdict::Discarded;
        d.cause += u"; off the branch: the engineer reverted to #"_s +
                   QString::number(m_incumbentId) + u" while it was evaluated"_s;
    }
    r.decision = d.kind;
    r.cause = d.cause;
    if (d.flagged)
        r.flags << u"flagged"_s;
    const bool roundsLeft = !m_stopRequested && m_round < m_workload.rounds;
    if (d.kind == Decision::Kind::Failed && roundsLeft) {
        // Not a failure yet while the planner will fix it (in a round to come).
        if (const QString fix = m_planner.willFix(r); !fix.isEmpty()) {
            r.cause += u"; "_s + fix;
            r.flags << u"fixing"_s;
        }
    }
}

void OptimizationLoop::follow(const ExperimentRecord &stored, const Slot &s)
{
    if (stored.decision == Verdict::Infra) {
        ++m_infraStreak;
        m_lastInfra = s.outcome.infraMessage;
    } else if (stored.decision != Verdict::Rejected) {
        m_infraStreak = 0;
    }
    if (!m_startId) {
        if (const ExperimentRecord *start = kwb::startRecord(m_session.experiments()))
            m_startId = start->id;
    }
    if (s.offBranch)
        return; // its failures are not the branch's streak
    switch (stored.decision) {
    case Verdict::Kept: {
        const double ms = latencyOf(stored.id)->medianMs;
        if (!m_bestId || ms < latencyOf(m_bestId)->medianMs)
            m_bestId = stored.id;
        m_incumbentId = stored.id;
        m_lastKeptRound = m_round;
        m_failStreak = 0;
        m_planner.setIncumbent(&stored);
        Q_EMIT incumbentChanged(stored);
        break;
    }
    case Verdict::Failed:
        if (stored.flags.contains(u"fixing"_s) ||
            ++m_failStreak < m_workload.divergence.maxFailures || !m_bestId)
            break;
        {
            const QString cause = QString::number(m_failStreak) +
                                  u" failures in a row: back to the best, #"_s +
                                  QString::number(m_bestId);
            m_failStreak = 0;
            const int from = m_incumbentId;
            m_incumbentId = m_bestId;
            m_planner.setIncumbent(best());
            m_reverts.push_back(
                {{"from", from}, {"to", m_bestId}, {"cause", ss(cause)}, {"before", m_nextId}});
            Q_EMIT reverted(from, m_bestId, cause);
        }
        break;
    case Verdict::Reverted:
        m_failStreak = 0;
        // The loop goes back only when its incumbent is not the best; a
        // regression from the best moves nothing, and no revert is shown.
        if (m_incumbentId != m_bestId && m_bestId) {
            const int from = m_incumbentId;
            const QString cause =
                stored.cause + u": back to the best, #"_s + QString::number(m_bestId);
            m_incumbentId = m_bestId;
            m_planner.setIncumbent(best());
            m_reverts.push_back(
                {{"from", from}, {"to", m_bestId}, {"cause", ss(cause)}, {"before", m_nextId}});
            Q_EMIT reverted(from, m_bestId, cause);
        }
        break;
    case Verdict::Discarded:
        m_failStreak = 0;
        break;
    default:
        break; // rejected, infra, baseline: the streaks stand
    }
}

void OptimizationLoop::doSummarize()
{
    std::vector<std::function<void(RecordReady)>> asks;
    for (const Slot &s : m_batch) {
        const ExperimentRecord *r = record(s.proposal.id);
        if (!r || r->decision != Verdict::Kept || !r->parent)
            continue;
        const ExperimentRecord *slow = record(*r->parent);
        // The memory learns gains only: a kernel slower than its parent is none.
        const auto slowMs = slow ? latencyOf(slow->id) : std::nullopt;
        const auto fastMs = latencyOf(r->id);
        if (!slowMs || !fastMs || fastMs->medianMs >= slowMs->medianMs)
            continue;
        asks.push_back([this, slow = *slow, fast = *r](RecordReady done) {
            m_planner.writeMemory(memoryRecord(slow, fast), slow, fast, std::move(done));
        });
    }
    writeRecords(std::move(asks), [this](const std::vector<Json> &records) {
        if (!records.empty()) {
            Json memory = m_session.memory();
            for (const Json &m : records) {
                memory = addToMemory(memory, m, m_options.memoryCap);
                Q_EMIT memoryAdded(m);
            }
            QString error;
            m_session.writeMemory(rankMemory(memory, m_bottleneck), &error);
        }
        enter(LoopPhase::Reflect);
    });
}

void OptimizationLoop::doReflect()
{
    std::vector<std::function<void(RecordReady)>> asks;
    for (const Slot &s : m_batch) {
        const ExperimentRecord *r = record(s.proposal.id);
        if (!r || r->origin == Origin::Baseline || r->decision == Verdict::Infra ||
            r->decision == Verdict::Rejected)
            continue;
        Decision d;
        d.kind = r->decision == Verdict::Kept || r->decision == Verdict::Reverted ||
                         r->decision == Verdict::Failed
                     ? r->decision
                     : Verdict::Discarded;
        d.cause = r->cause;
        if (r->parent && latencyOf(*r->parent) && latencyOf(r->id))
            d.speedup = latencyOf(*r->parent)->medianMs / latencyOf(r->id)->medianMs;
        // Copies: the records may move while the planner writes.
        const ExperimentRecord *p = r->parent ? record(*r->parent) : nullptr;
        asks.push_back([this, candidate = *r, parent = p ? std::optional(*p) : std::nullopt,
                        d](RecordReady done) {
            const ExperimentRecord *before = parent ? &*parent : nullptr;
            m_planner.writeReflection(ruleReflection(candidate, before, d), candidate, before,
                                      std::move(done));
        });
    }
    writeRecords(std::move(asks), [this](const std::vector<Json> &reflections) {
        QString error;
        for (const Json &reflection : reflections) {
            m_session.appendReflection(reflection, &error);
            Q_EMIT reflectionAdded(reflection);
        }
        m_batch.clear();
        ++m_round; // derived from the records on resume; nothing to write
        enter(LoopPhase::Profile);
    });
}

void OptimizationLoop::writeRecords(std::vector<std::function<void(RecordReady)>> asks,
                                    std::function<void(std::vector<Json>)> then)
{
    if (asks.empty())
        return then({});
    auto written = std::make_shared<std::vector<Json>>(asks.size());
    auto left = std::make_shared<size_t>(asks.size());
    m_writing = true;
    const int generation = ++m_writeGeneration;
    QPointer<OptimizationLoop> self(this);
    for (size_t i = 0; i < asks.size(); ++i) {
        asks[i]([self, generation, written, left, then, i](Json record) {
            (*written)[i] = std::move(record);
            if (--*left > 0 || !self || generation != self->m_writeGeneration ||
                self->m_phase == LoopPhase::Done)
                return;
            self->m_writing = false;
            then(std::move(*written));
        });
    }
}

void OptimizationLoop::persistState()
{
    // Written only when it changes: each write is an fsync'd replace of
    // session.json, and the records already carry the round and decisions.
    const Json state{{"incumbent", m_incumbentId},
                     {"best", m_bestId},
                     {"start", m_startId},
                     {"fail_streak", m_failStreak},
                     {"last_kept_round", m_lastKeptRound},
                     {"planner", ss(m_planner.name())},
                     {"reverts", m_reverts}};
    if (state == m_session.loopState())
        return;
    QString error;
    if (!m_session.setLoopState(state, &error))
        Q_EMIT errorOccurred(tr("cannot save the loop state: %1").arg(error));
}

void OptimizationLoop::finish(StopReason reason, const QString &detail)
{
    QString error;
    persistState();
    m_session.setStatus(reason == StopReason::Stopped ? u"stopped"_s : u"finished"_s, &error);
    m_phase = LoopPhase::Done;
    Q_EMIT phaseChanged(LoopPhase::Done);
    Q_EMIT finished(reason, detail);
}

} // namespace kwb
