#pragma once

#include "session/candidatemodel.h"
#include "loop/loop.h"
#include "session/reflexionmodel.h"
#include "workload/workload.h"

#include <QObject>
#include <QTimer>

#include <memory>

namespace kwb {

class Calibrator;
class EvalBackend;
class SearchPlanner;

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
    static std::unique_ptr<Workbench> create(const QString &workloadPath, const QString &dir, QString *error);

    const Workload &workload() const { return *m_workload; }
    const TargetProfile &target() const { return *m_target; }
    SessionStore &session() { return *m_session; }
    /// Null until run() has calibrated the host.
    OptimizationLoop *loop() { return m_loop.get(); }
    CandidateModel *candidates() { return &m_candidates; }
    JsonListModel *reflexions() { return &m_reflexions; }
    JsonListModel *memory() { return &m_memory; }
    LoopMode mode() const { return m_mode; }
    bool isRunning() const { return m_loop && !m_loop->isFinished(); }

    /// Calibrates (once, cached) and starts or resumes the loop in `mode`.
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
    /// The loop exists now (after calibration): bind to it.
    void loopCreated(kwb::OptimizationLoop *loop);
    void stateChanged();
    void errorOccurred(const QString &message);
    void replayProgress(int shown, int total);
    void replayFinished();

private:
    Workbench() = default;
    bool init(LoadedWorkload &&loaded, std::unique_ptr<SessionStore> session, QString *error);
    void startLoop(const Calibration &calibration);
    void markLoopState();

    std::unique_ptr<Workload> m_workload;
    std::unique_ptr<TargetProfile> m_target;
    std::unique_ptr<SessionStore> m_session;
    std::unique_ptr<SearchPlanner> m_planner;
    std::unique_ptr<EvalBackend> m_backend;
    std::unique_ptr<OptimizationLoop> m_loop;
    std::unique_ptr<Calibrator> m_calibrator;
    CandidateModel m_candidates;
    JsonListModel m_reflexions{JsonListModel::Reflexions};
    JsonListModel m_memory{JsonListModel::Memory};
    LoopMode m_mode = LoopMode::ApproveEach;
    QTimer *m_replayTimer = nullptr;
    size_t m_replayNext = 0;
};

} // namespace kwb
