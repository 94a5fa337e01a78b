#pragma once

#include "loop/loop.h"
#include "planning/llmplanner.h"
#include "remote/hostmodel.h"
#include "remote/sshconnection.h"
#include "session/candidatemodel.h"
#include "session/reflexionmodel.h"
#include "workload/workload.h"

#include <QHash>
#include <QObject>
#include <QTimer>
#include <memory>

namespace kwb {

class Calibrator;
class EvalBackend;
struct EvalHost;
class LlmPlanner;
class Planner;

/// What the engineer is asked while hosts connect (the window's dialogs).
struct SshPrompts
{
    std::function<bool(const QString &host, const QString &fingerprint)> confirmNewHostKey;
    /// `retry`: the last answer was wrong; set `*remember` to keep the
    /// answer in the system keychain.
    std::function<QString(const QString &keyFile, bool retry, bool *remember)> passphrase;
    std::function<QStringList(const QString &instruction, const QList<SshPrompt> &prompts)>
        keyboardInteractive;
};

/// One open session and the engine that runs it: workload, target, store,
/// planner, backend, loop, and the models the window shows. The GUI binds
/// to this; nothing here is a widget.
class Workbench : public QObject
{
    Q_OBJECT
public:
    ~Workbench() override;

    /// Opens an existing session folder; nullptr with `error` when it cannot.
    static std::unique_ptr<Workbench> open(const QString &dir, QString *error);
    /// Starts a session for `workloadPath` in `dir` (created if new).
    static std::unique_ptr<Workbench> create(const QString &workloadPath, const QString &dir,
                                             QString *error);

    const Workload &workload() const { return *m_workload; }
    const TargetProfile &target() const { return *m_target; }
    SessionStore &session() { return *m_session; }
    /// Null until run() has calibrated the host.
    OptimizationLoop *loop() { return m_loop.get(); }
    CandidateModel *candidates() { return &m_candidates; }
    JsonListModel *reflexions() { return &m_reflexions; }
    JsonListModel *memory() { return &m_memory; }
    HostModel *hosts() { return &m_hostModel; }
    /// The workload's hosts ("local" when it names none).
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
    void setMode(LoopMode mode);
    /// Plays the recorded session back in order, `perSecond` candidates a
    /// second, from an empty view: for demos; no host is touched. Not while
    /// the loop runs.
    bool startReplay(double perSecond);
    void stopReplay();
    bool isReplaying() const { return m_replayTimer != nullptr; }

    /// The source of a recorded candidate ("" when missing).
    QString sourceOf(int id) const;

Q_SIGNALS:
    void consoleLine(const QString &line);
    /// The LLM planner's calls, for the LLM view: the exact prompt, the reply
    /// as it streams, the end with tokens and cost and the session's ledger.
    void llmCallStarted(int call, int round, const QString &purpose, const QString &system,
                        const QString &prompt);
    void llmCallDelta(int call, const QString &text);
    void llmCallFinished(int call, const QString &purpose, const kwb::LlmReply &reply,
                         const kwb::LedgerTotals &ledger);
    /// The loop exists now (after calibration): bind to it.
    void loopCreated(kwb::OptimizationLoop *loop);
    void stateChanged();
    void errorOccurred(const QString &message);
    void replayProgress(int shown, int total);
    void replayFinished();

private:
    Workbench() = default;
    bool init(LoadedWorkload &&loaded, std::unique_ptr<SessionStore> session, QString *error);
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

    std::unique_ptr<Workload> m_workload;
    std::unique_ptr<TargetProfile> m_target;
    std::unique_ptr<SessionStore> m_session;
    std::unique_ptr<Planner> m_planner;
    std::unique_ptr<EvalBackend> m_backend;
    std::unique_ptr<OptimizationLoop> m_loop;
    std::unique_ptr<Calibrator> m_calibrator;
    std::vector<std::unique_ptr<EvalHost>> m_hosts;
    HostModel m_hostModel;
    SshPrompts m_prompts;
    bool m_connecting = false;
    int m_waitingFor = 0; // hosts still connecting
    QTimer *m_pingTimer = nullptr;
    CandidateModel m_candidates;
    JsonListModel m_reflexions{JsonListModel::Reflexions};
    JsonListModel m_memory{JsonListModel::Memory};
    LoopMode m_mode = LoopMode::ApproveEach;
    QTimer *m_replayTimer = nullptr;
    size_t m_replayNext = 0;
};

} // namespace kwb
