#pragma once

#include "loop/loop.h"

#include <QElapsedTimer>
#include <QHash>
#include <QMainWindow>
#include <functional>
#include <memory>
#include <vector>

class QAction;
class QIdentityProxyModel;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QListView;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QToolBar;
class QTextBrowser;

namespace kwb {

class CompareView;
class LlmView;
class RooflineChart;
class SelectionBars;
class DiffView;
class MetricChart;
class TimelineView;
class Workbench;

/// The workbench window: toolbar and menus to drive the loop, the diff
/// editor in the middle, docks for the timeline, candidates, charts, plan,
/// console, reflexions and memory. Everything shown comes from the
/// Workbench's models, so a live run and a reopened session look alike.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Takes over a session (closing the one shown).
    void setWorkbench(std::unique_ptr<Workbench> workbench);
    Workbench *workbench() const { return m_workbench.get(); }
    bool openSession(const QString &dir);
    bool newSession(const QString &workloadPath, const QString &dir);
    /// A readable message in the window (not a modal box), for errors.
    void showError(const QString &message);
    /// Plays the open session back (see Workbench::startReplay).
    bool startReplay(double perSecond);
    QString errorText() const;
    /// The progress bars' texts ("3/10 evaluations · ETA 1m20s | #4 timing · 5s of ~9s"),
    /// empty when no loop runs.
    QString progressText() const;
    /// Everything the console shows.
    QString consoleText() const;
    /// The session as one self-contained HTML file (File → Export report).
    bool exportReport(const QString &path);
    /// Adds a Kernel Tuner cache file's measurements to the open session
    /// (File → Import Kernel Tuner file): what was added in the console, an
    /// error in the window.
    bool importTunerFile(const QString &path);
    /// The status bar's permanent text (what the loop does, hosts, elapsed, best).
    QString statusText() const;
    /// What the loop does now, in words: it follows the loop's signals
    /// (waiting at the gate, evaluating, stopping, finished).
    QString loopStateText() const;
    /// Puts the docks back where a first start puts them.
    void resetLayout();
    /// What is wrong with the layout as it stands, in words (empty: nothing):
    /// a visible dock or the diff crushed below what it can show. A saved
    /// layout with a problem (or a window larger than its screen) is not
    /// restored: the default is, with a word in the status bar. Nor is one saved.
    QString layoutProblem() const;
    /// Presentation mode (View, F11): larger text and markers, the timeline
    /// and the metric chart emphasised; off restores the layout it left.
    void setPresentationMode(bool on);
    bool isPresenting() const { return m_presenting; }
    /// Pushes a finished run further (Run on a finished loop asks for these):
    /// a new goal (unset: the same) and at most `evaluations` more candidates.
    bool continueRun(std::optional<double> goal, int evaluations);

    void selectCandidate(int id);
    /// Shows the Compare dock with `a` against `b`.
    void compare(int a, int b);
    CompareView *compareView() const { return m_compare; }
    int selectedCandidate() const { return m_selected; }
    /// The candidate waiting at the gate, 0 when none.
    int pendingCandidate() const { return m_pending ? m_pending->id : 0; }

    QAction *action(const QString &name) const;
    DiffView *diffView() const { return m_diff; }
    TimelineView *timeline() const { return m_timeline; }
    MetricChart *chart() const { return m_chart; }
    RooflineChart *roofline() const { return m_roofline; }
    SelectionBars *selectionBars() const { return m_bars; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void chooseLanguage();
    void checkRestoredLayout();
    void buildActions();
    void buildDocks();
    void bindLoop(OptimizationLoop *loop);
    void updateActions();
    void updateStatus();
    /// A reopened session's console: its last candidates' logs.
    void restoreConsole();
    /// The status bar's progress: the run's evaluations and ETA, the
    /// running evaluation's stage and time.
    void updateProgress();
    void showPending(const Proposal &p);
    void showCandidate(int id);
    void runLoop();
    /// Asks for a new goal and budget, then continues the finished run.
    void askToContinue();
    void approve();
    void editPending();
    void reject();
    void revertToSelected();
    void addRecent(const QString &dir);
    void rebuildRecentMenu();

    std::unique_ptr<Workbench> m_workbench;
    std::optional<Proposal> m_pending;
    int m_gateShown = 0; ///< the candidate whose gate the diff shows (0: none)
    int m_selected = 0;
    QElapsedTimer m_clock;
    qint64 m_elapsedMs = 0;     ///< of a loop that ended (the clock stops with it)
    QString m_finishedText;     ///< why the loop ended, empty while it runs
    QByteArray m_defaultLayout; ///< saveState() of the first-start layout
    bool m_presenting = false;
    bool m_layoutChecked = false;    ///< the restored layout was checked at the first show
    bool m_restoredGeometry = false; ///< the window's size and place came from the settings
    bool m_restoredLayout = false;   ///< and so did its docks
    QByteArray m_layoutBeforePresenting;
    QByteArray m_layoutBeforeCompare; ///< the docks before Compare took room (empty: it took none)
    QFont m_fontBeforePresenting;
    std::vector<std::function<void()>> m_chartFontsBefore; ///< put the charts' own fonts back

    DiffView *m_diff = nullptr;
    TimelineView *m_timeline = nullptr;
    MetricChart *m_chart = nullptr;
    QTableView *m_table = nullptr;
    QTableView *m_hosts = nullptr;
    QIdentityProxyModel *m_hostColours = nullptr;
    QTextBrowser *m_plan = nullptr;
    QPlainTextEdit *m_console = nullptr;
    QPushButton *m_abandon = nullptr; ///< shown while Stop waits for a running candidate
    QProgressBar *m_runProgress = nullptr;
    QProgressBar *m_evalProgress = nullptr;
    struct Evaluation
    {
        QElapsedTimer clock;
        QString stage;
    };
    QHash<int, Evaluation> m_evaluations; ///< running, by candidate id
    qint64 m_evaluatedMs = 0;             ///< the finished ones' time, for "typical"
    int m_evaluatedCount = 0;
    QListView *m_reflexions = nullptr;
    QLineEdit *m_reflexionSearch = nullptr;
    QSortFilterProxyModel *m_reflexionFilter = nullptr;
    QListView *m_memory = nullptr;
    CompareView *m_compare = nullptr;
    LlmView *m_llm = nullptr;
    RooflineChart *m_roofline = nullptr;
    SelectionBars *m_bars = nullptr;
    QDockWidget *m_compareDock = nullptr;
    QLabel *m_error = nullptr;
    QComboBox *m_mode = nullptr;
    QLabel *m_phaseLabel = nullptr;
    QLabel *m_statsLabel = nullptr;
    QMenu *m_recentMenu = nullptr;
    QToolBar *m_toolbar = nullptr;
    QHash<QString, QAction *> m_actions;
};

} // namespace kwb
