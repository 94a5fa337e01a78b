#pragma once

#include "eval/evaluator.h"
#include "planning/planner.h"
#include "rules/decision.h"
#include "session/sessionstore.h"

#include <QElapsedTimer>
#include <QObject>
#include <optional>
#include <vector>

namespace kwb {

class EvalBackend;
struct Workload;

enum class LoopPhase
{
    Idle,
    Profile,
    Plan,
    Gate,
    Ship,
    Evaluate,
    Decide,
    Summarize,
    Reflect,
    Done
};
/// The phase's name as the engineer reads it (translated where a translator is installed).
QString phaseName(LoopPhase phase);

/// How much the engineer steers: ship everything, approve each candidate at
/// the gate, or stop after every phase.
enum class LoopMode
{
    Autopilot,
    ApproveEach,
    StepEachPhase
};

enum class StopReason
{
    Goal,
    RoundLimit,
    Plateau,
    EvalBudget,
    CostBudget,
    TimeLimit,
    Stopped,
    Exhausted,
    Error
};
QString stopReasonName(StopReason reason);

struct LoopOptions
{
    int maxEvals = 0;      ///< candidates to evaluate in this run; 0 = no limit
    double timeLimitS = 0; ///< wall time of this run; 0 = no limit
    double maxCost = 0;    ///< US$ the planner may spend on LLM calls in the session; 0 = no limit
    int plateauRounds = 8; ///< stop after this many rounds without a kept candidate; 0 = never
    int infraRetries = 3;  ///< retries of an evaluation lost to the host
    /// Candidates in a row lost to the hosts (after their retries) before the
    /// loop stops: no host can evaluate (no GPU, a harness that cannot build).
    int maxInfraStreak = 3;
    int retryDelayMs = 1000; ///< first retry after this long, then doubling
    int memoryCap = 32;
    DecisionRules rules;
};

/// The optimization loop of DESIGN.md as an event-driven state machine: it
/// never blocks the thread it lives on, reports every transition through
/// typed signals, and keeps the session the single source of truth, so a
/// killed run resumes where its last record left it.
class OptimizationLoop : public QObject
{
    Q_OBJECT
public:
    OptimizationLoop(const Workload &workload, SessionStore &session, Planner &planner,
                     EvalBackend &backend, const LoopOptions &options, QObject *parent = nullptr);
    ~OptimizationLoop() override;

    /// Autopilot set while a candidate waits at the gate releases the gate.
    void setMode(LoopMode mode);
    LoopMode mode() const { return m_mode; }

    /// Starts a fresh session's round 0, or resumes an existing session.
    void start();
    void pause();
    void resume();
    /// Advances one phase (and stays paused after it).
    void step();
    /// Graceful: running evaluations finish and are recorded, then the loop ends.
    void stop();
    /// Cancels running evaluations (nothing recorded for them), then ends.
    void abort();

    /// Gate actions on a pending candidate (ApproveEach mode).
    bool approve(int id);
    bool approveEdited(int id, const QString &source);
    bool reject(int id);
    /// Makes an earlier correct candidate the incumbent: later candidates
    /// branch from it. What was proposed from the old incumbent leaves the
    /// branch: not yet shipped, it is dropped (recorded as rejected) and the
    /// planner plans again from the new incumbent; already running, it
    /// finishes and is judged against its own parent, but never becomes the
    /// incumbent nor teaches the memory.
    bool revertTo(int id, QString *error);

    LoopPhase phase() const { return m_phase; }
    bool isPaused() const { return m_paused; }
    bool isFinished() const { return m_phase == LoopPhase::Done; }
    /// Stop was asked for; the loop ends when what runs is recorded.
    bool isStopping() const { return m_stopRequested && m_phase != LoopPhase::Done; }
    /// The candidates being evaluated (or queued for a host) now.
    QList<int> evaluating() const;
    int round() const { return m_round; }
    int evaluationsThisRun() const { return m_evaluations; }
    const ExperimentRecord *record(int id) const;
    const ExperimentRecord *incumbent() const { return record(m_incumbentId); }
    const ExperimentRecord *best() const { return record(m_bestId); }
    /// The starting kernel's record: speedups are quoted against it.
    const ExperimentRecord *startRecord() const { return record(m_startId); }
    std::vector<Proposal> pending() const;
    QString bottleneck() const { return m_bottleneck; }

Q_SIGNALS:
    void phaseChanged(kwb::LoopPhase phase);
    void paused();
    void proposed(const kwb::Proposal &proposal);
    void awaitingApproval(const kwb::Proposal &proposal);
    void evaluationStarted(const kwb::Proposal &proposal);
    void consoleLine(int id, const QString &line);
    void infraRetry(int id, int attempt, const QString &message);
    void candidateFinished(const kwb::ExperimentRecord &record);
    void incumbentChanged(const kwb::ExperimentRecord &record);
    void reverted(int fromId, int toId, const QString &cause);
    void reflectionAdded(const kwb::Json &reflection);
    void memoryAdded(const kwb::Json &record);
    void finished(kwb::StopReason reason, const QString &detail);
    void errorOccurred(const QString &message);

private:
    struct Slot
    {
        enum class State
        {
            Proposed,
            Approved,
            Rejected,
            Queued,
            Running,
            Done
        };
        Proposal proposal;
        State state = State::Proposed;
        EvalOutcome outcome;
        int attempts = 0;
        bool reverifying = false;
        bool reverified = false;
        bool falseWin = false;
        bool cached = false;
        bool offBranch = false; ///< proposed from an incumbent the engineer reverted away from
        /// A close call re-timed against the record it was judged against,
        /// alternately: each side's medians, in the order they ran.
        struct Retiming
        {
            int against = 0;
            Candidate incumbent;
            std::vector<double> mine, theirs;
            bool incumbentNext() const { return theirs.size() == mine.size(); }
        };
        std::optional<Retiming> retiming; ///< reset when abandoned
        QString startedAt;
        QString console;
        QString rejectCause; ///< why it was rejected without the engineer (a guard on autopilot)
    };

    /// Starts a slot's evaluation as its state says: the candidate, its
    /// re-check with fresh seeds, or its incumbent's turn in a re-timing.
    void startSlot(int job, const Slot &s);
    /// Starts re-timing a close call against its incumbent; false when the
    /// incumbent's source cannot be had.
    bool startRetiming(int job, Slot &s);
    /// Takes one re-timing's outcome; true while more are to run.
    bool takeRetiming(Slot &s, const EvalOutcome &outcome);
    void scheduleAdvance();
    void advance();
    void enter(LoopPhase phase);
    void doProfile();
    void doPlan();
    /// Round 0's candidates not yet recorded (the starting kernel, the
    /// baselines): a session stopped during round 0 measures them on resume.
    std::optional<std::vector<Proposal>> roundZeroLeft(QString *error) const;
    /// After a revert to `id`: drops or marks what was proposed from another incumbent.
    void leaveOldBranch(int id);
    /// The record a slot's candidate is judged against: the incumbent, or
    /// its own parent once a revert left it off the branch.
    int judgedAgainst(const Slot &s) const;
    /// Why a result is beyond what the workload allows (max_speedup over
    /// the start; max_speedup_over_baseline, over the fastest baseline that
    /// is not the reference, where no roofline bounds it: the result has no
    /// pct_peak_flops), or empty. Such a result is checked again, then flagged.
    QString beyondBound(const EvalResult &result) const;
    /// The planner's answer: queued for the gate, or the reason the loop ends.
    void onProposals(std::vector<Proposal> proposals, const QString &error);
    void queueProposals(std::vector<Proposal> proposals);
    void doGate();
    void doShip();
    void doDecide();
    // The steps of doDecide for one slot: its record (none for a candidate
    // that was abandoned or never shipped), the rules' verdict on an
    // evaluated one, and what the loop follows from the stored record.
    std::optional<ExperimentRecord> recordOf(const Slot &s) const;
    void judge(const Slot &s, ExperimentRecord &r) const;
    void follow(const ExperimentRecord &stored, const Slot &s);
    void doSummarize();
    void doReflect();
    /// Has the planner write each record (`asks`, in order; it may keep the
    /// rules' words or write its own) and calls `then` with all of them once
    /// the last is back. Stop cancels the calls; the rules' records remain.
    void writeRecords(std::vector<std::function<void(RecordReady)>> asks,
                      std::function<void(std::vector<Json>)> then);
    void finish(StopReason reason, const QString &detail);
    std::optional<std::pair<StopReason, QString>> stopCondition() const;
    void startNext();
    void onFinished(int job, const EvalOutcome &outcome);
    Slot *slot(int id);
    void persistState();
    std::optional<Latency> latencyOf(int id) const;
    bool goalReached(const ExperimentRecord &r) const;

    const Workload &m_workload;
    SessionStore &m_session;
    Planner &m_planner;
    EvalBackend &m_backend;
    LoopOptions m_options;
    LoopMode m_mode = LoopMode::Autopilot;

    LoopPhase m_phase = LoopPhase::Idle;
    bool m_paused = false;
    bool m_stepOnce = false;
    bool m_advanceScheduled = false;
    bool m_stopRequested = false;
    bool m_aborting = false;
    bool m_planning = false; ///< waiting for the planner's answer
    int m_planGeneration = 0;
    bool m_writing = false; ///< waiting for the planner's memory records or reflections
    int m_writeGeneration = 0;
    int m_round = 0;
    int m_nextId = 1;
    int m_incumbentId = 0;
    int m_bestId = 0;
    int m_startId = 0;
    int m_failStreak = 0;
    int m_infraStreak = 0;
    QString m_lastInfra;
    int m_lastKeptRound = 0;
    int m_plateauFrom = 0; ///< the last round before this run: the plateau counts from there
    int m_evaluations = 0;
    int m_running = 0;
    QString m_bottleneck;
    Json m_reverts =
        Json::array(); ///< reverts of the incumbent (engineer's and failure streaks), in order
    std::vector<Slot> m_batch;
    QElapsedTimer m_clock;
};

} // namespace kwb
