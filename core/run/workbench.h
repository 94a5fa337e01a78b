#pragma once

#include "loop/loop.h"
#include "planning/knobsearch.h"
#include "planning/llmplanner.h"
#include "planning/tunerimport.h"
#include "remote/hostmodel.h"
#include "remote/hostopen.h"
#include "remote/sshconnection.h"
#include "session/candidatemodel.h"
#include "session/llmcalls.h"
#include "session/reflexionmodel.h"
#include "workload/workload.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <functional>
#include <memory>

namespace kwb {

class HostCalibration;
class HostCheck;
struct Calibration;
class EvalBackend;
struct EvalHost;
class LlmPlanner;
class Planner;

/// How a run is assembled: what kwb's options or the window's settings
/// decide. Everything else comes from the workload.
struct RunOptions
{
    /// The evaluation hosts; empty: the workload's ("local" when it names none).
    QStringList hosts;
    /// A host that cannot be reached stops the run (kwb: the user named it);
    /// otherwise it is left out and the others go on (the window).
    bool requireEveryHost = false;
    bool acceptNewHostKey = false; ///< trust a host seen for the first time
    QString planner;               ///< "search" or "llm"; empty: the workload's
    SearchStrategy strategy = SearchStrategy::Model;
    quint64 seed = 1; ///< of the knob search
    /// Lays the command line's or the window's LLM settings over (or under)
    /// the workload's `llm` object; unset: the workload's as they are.
    std::function<Json(const Json &workloadLlm)> llmLayer;
    /// Plan with the LLM where the workload names the knob search, when the
    /// LLM settings are complete (the window's "always" setting).
    bool llmAlways = false;
    int batch = 0; ///< candidates proposed per round; 0: the workload's
    /// Going further than the workload says (continuing a finished run):
    /// this run's goal for the workload's metric, and its round limit.
    std::optional<double> goal;
    int rounds = 0;   ///< 0: the workload's
    int parallel = 1; ///< evaluations at once on each host
    /// Budgets of this run; the decision rules' regression threshold is the
    /// workload's `divergence.threshold`.
    LoopOptions loop;
};

/// Who proposes candidates, decided once for kwb and the window.
struct PlannerChoice
{
    QString name;                   ///< "search" or "llm"
    std::optional<LlmSettings> llm; ///< for "llm"
    QString note;                   ///< why the choice differs from what was asked ("" if not)
};

/// The one rule: the options' planner, else the workload's. "llm" needs
/// usable LLM settings (an error otherwise); `llmAlways` asks for the LLM
/// where the search was named and falls back to the search, with a note,
/// when the settings are not complete.
std::optional<PlannerChoice> choosePlanner(const Workload &workload, const RunOptions &options,
                                           QString *error);

/// The composition root: one open session and the engine that runs it
/// (workload, target, store, hosts, calibration, planner, backend, loop)
/// and the models the window shows. kwb and the window both assemble a run
/// only through this class; they parse options, show and forward commands.
/// Nothing here is a widget.
class Workbench : public QObject
{
    Q_OBJECT
public:
    ~Workbench() override;

    /// Opens an existing session folder; nullptr with `error` when it cannot.
    static std::unique_ptr<Workbench> open(const QString &dir, QString *error,
                                           const RunOptions &options = {});
    /// Starts a session for `workloadPath` in `dir` (created if new); a
    /// session made for another version of the workload is refused, and so
    /// is a planner that cannot run (before any folder is made).
    static std::unique_ptr<Workbench> create(const QString &workloadPath, const QString &dir,
                                             QString *error, const RunOptions &options = {});

    /// The options of the next run() (the window's LLM settings change between runs).
    /// New options for the next run; naming no hosts keeps the hosts this
    /// one resolved (the options' or the session's).
    void setOptions(const RunOptions &options)
    {
        QStringList hosts = m_options.hosts;
        m_options = options;
        if (m_options.hosts.isEmpty())
            m_options.hosts = std::move(hosts);
    }
    const RunOptions &options() const { return m_options; }
    /// The workload's warnings and the session's repairs, as
    /// "file:line:col: warning: …" lines.
    const QStringList &warnings() const { return m_warnings; }

    const Workload &workload() const { return *m_workload; }
    const TargetProfile &target() const { return *m_target; }
    SessionStore &session() { return *m_session; }
    /// Null until run() has calibrated the host.
    OptimizationLoop *loop() { return m_loop.get(); }
    /// Null until run() has calibrated the host.
    Planner *planner() { return m_planner.get(); }
    CandidateModel *candidates() { return &m_candidates; }
    JsonListModel *reflexions() { return &m_reflexions; }
    JsonListModel *memory() { return &m_memory; }
    HostModel *hosts() { return &m_hostModel; }
    /// The session's LLM calls: its transcripts, then each live call.
    LlmCallModel *llmCalls() { return &m_llmCalls; }
    /// The run's hosts: the options', else the workload's ("local" when none).
    QStringList hostSpecs() const;
    /// How to ask the engineer during SSH connections (host keys,
    /// passphrases, keyboard-interactive): the window's dialogs. Called on
    /// this object's thread; nothing answered is stored here.
    void setSshPrompts(const SshPrompts &prompts) { m_prompts = prompts; }
    LoopMode mode() const { return m_mode; }
    bool isRunning() const { return m_loop && !m_loop->isFinished(); }
    bool isConnecting() const { return m_connecting; }

    /// Connects the hosts, calibrates the first (once, cached) and starts
    /// or resumes the loop in `mode`. Hosts that cannot be reached are
    /// left out (with an error); none reachable: nothing starts.
    void run(LoopMode mode);
    /// Pushes a finished run further on the same hosts and calibration: a
    /// new goal for the workload's metric (unset: the same), at most
    /// `evaluations` more candidates and as many rounds as they need. False
    /// while the loop runs or before it ran.
    bool continueRun(std::optional<double> goal, int evaluations, LoopMode mode);
    void setMode(LoopMode mode);
    /// Plays the recorded session back in order, `perSecond` candidates a
    /// second, from an empty view: for demos; no host is touched. Not while
    /// the loop runs.
    bool startReplay(double perSecond);
    void stopReplay();
    bool isReplaying() const { return m_replayTimer != nullptr; }

    /// The source of a recorded candidate ("" when missing).
    QString sourceOf(int id) const;

    /// Asks each host of the run what `kwb hosts check` asks (HostCheck,
    /// after connecting it for the check alone: the run's own connections
    /// are not touched), every answer a console line; hostsChecked() at
    /// the end. False while a check is under way.
    bool checkHosts();
    bool isCheckingHosts() const { return m_checking; }

    /// Adds the measurements of a Kernel Tuner cache file to the session
    /// (importTunerFile): they join the candidates at once, and the next
    /// run (or Continue) learns from them and never measures them again.
    /// Refused, with the reason in `error`, unless canImport().
    TunerImport importTunerFile(const QString &path);
    /// Whether importTunerFile() would be accepted now: no run starting
    /// (hosts connecting, the host calibrating) or under way, no replay.
    bool canImport() const
    {
        const bool calibrating = m_calibrator && !m_calibration;
        return !isRunning() && !m_connecting && !calibrating && !isReplaying();
    }

Q_SIGNALS:
    /// The run's own lines: hosts, calibration, planner, LLM calls.
    void consoleLine(const QString &line);
    /// A candidate's console (its compiler and harness), line by line.
    void candidateLine(int id, const QString &line);
    /// The loop exists now (after calibration): bind to it.
    void loopCreated(kwb::OptimizationLoop *loop);
    void stateChanged();
    void errorOccurred(const QString &message);
    /// The run ended: the loop finished, or it could not start (no host,
    /// a required host lost, a planner that cannot run: reason Error).
    void finished(kwb::StopReason reason, const QString &detail);
    /// A host of the pool went down (its work moves to the others) or came back.
    void hostStateChanged(const QString &host, bool up);
    void replayProgress(int shown, int total);
    void replayFinished();
    /// checkHosts() is done: whether every host answered every question.
    void hostsChecked(bool allOk);

private:
    Workbench() = default;
    bool init(LoadedWorkload &&loaded, std::unique_ptr<SessionStore> session,
              const RunOptions &options);
    /// Ends a run that could not start.
    void failToStart(const QString &message);
    void connectHosts();
    void hostConnected(EvalHost *host, const SshResult &result);
    void calibrate();
    void startLoop(const Calibration &calibration);
    /// Every LLM call to the LLM view (llmCall… signals), a line for each in the console.
    void showLlmCalls(LlmPlanner *planner);
    SshOptions sshOptions();
    void pingIdleHosts();
    void ping(EvalHost *host, bool warmUp);
    void markLoopState();
    void checkNextHost();
    void checkedHost(bool ok);

    std::unique_ptr<Workload> m_workload;
    std::unique_ptr<TargetProfile> m_target;
    std::unique_ptr<SessionStore> m_session;
    std::unique_ptr<Planner> m_planner;
    std::unique_ptr<EvalBackend> m_backend;
    std::unique_ptr<OptimizationLoop> m_loop;
    std::unique_ptr<HostCalibration> m_calibrator;
    std::unique_ptr<Calibration> m_calibration; ///< of the first host, once the loop started
    std::vector<std::unique_ptr<EvalHost>> m_hosts;
    HostModel m_hostModel;
    SshPrompts m_prompts;
    RunOptions m_options;
    QStringList m_warnings;
    bool m_connecting = false;
    QSet<const EvalHost *> m_slurmChecked; ///< Slurm hosts asked about their partition
    int m_waitingFor = 0;                  // hosts still connecting
    QString m_hostRefused;                 // a required host that could not be reached
    QTimer *m_pingTimer = nullptr;
    CandidateModel m_candidates;
    LlmCallModel m_llmCalls;
    JsonListModel m_reflexions{JsonListModel::Reflexions};
    JsonListModel m_memory{JsonListModel::Memory};
    LoopMode m_mode = LoopMode::ApproveEach;
    QTimer *m_replayTimer = nullptr;
    size_t m_replayNext = 0;
    // checkHosts(): the hosts still to ask, the one being asked and its check.
    bool m_checking = false, m_checksHeld = true;
    QStringList m_toCheck;
    std::unique_ptr<EvalHost> m_checkedHost;
    std::unique_ptr<HostCheck> m_hostCheck;
};

} // namespace kwb
