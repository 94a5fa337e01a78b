#include "mainwindow.h"

#include "analysischarts.h"
#include "compareview.h"
#include "diffview.h"
#include "llmsettings.h"
#include "llmview.h"
#include "metricchart.h"
#include "rules/decision.h"
#include "run/workbench.h"
#include "session/htmlreport.h"
#include "sshdialogs.h"
#include "timelineview.h"
#include "util/duration.h"
#include "util/language.h"
#include "util/logging.h"

#include <QAbstractAxis>
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <QXYSeries>
#include <cmath>
#include <cstdio>
#include <utility>

namespace kwb {

namespace {

// The host list's state column in colour.
class HostColours : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role != Qt::ForegroundRole || index.column() != HostModel::StateColumn)
            return QIdentityProxyModel::data(index, role);
        switch (HostModel::State(QIdentityProxyModel::data(index, HostModel::StateRole).toInt())) {
        case HostModel::State::Local:
        case HostModel::State::Connected:
            return QColor(0x2e, 0x7d, 0x32);
        case HostModel::State::Connecting:
            return QColor(0xb2, 0x80, 0x00);
        case HostModel::State::Down:
        case HostModel::State::Failed:
            return QColor(0xc6, 0x28, 0x28);
        case HostModel::State::NotConnected:
            break;
        }
        return {};
    }
};

} // namespace

using namespace Qt::Literals::StringLiterals;

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("Kernel Workbench"));
    // Up to 1600×1000 where the screen has room, else what it has (the frame aside).
    const QRect screenRoom = screen() ? screen()->availableGeometry() : QRect(0, 0, 1280, 800);
    const QSize firstSize(std::min(1600, screenRoom.width() - 16),
                          std::min(1000, screenRoom.height() - 48));
    resize(firstSize);
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(2, 2, 2, 2);
    m_error = new QLabel(central);
    m_error->setObjectName(u"errorBanner"_s);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(
        u"QLabel { background: #fdecea; color: #611a15; padding: 6px; border-radius: 3px; }"_s);
    m_error->hide();
    m_diff = new DiffView(central);
    layout->addWidget(m_error);
    layout->addWidget(m_diff, 1);
    setCentralWidget(central);

    buildActions();
    buildDocks();
    m_phaseLabel = new QLabel(this);
    m_statsLabel = new QLabel(this);
    statusBar()->addPermanentWidget(m_phaseLabel);
    // While Stop waits for the running candidates: the way out, in words.
    m_abandon = new QPushButton(this);
    m_abandon->setObjectName(u"abandon"_s);
    m_abandon->setFlat(true);
    m_abandon->hide();
    connect(m_abandon, &QPushButton::clicked, this, [this] {
        if (OptimizationLoop *l = m_workbench ? m_workbench->loop() : nullptr; l && l->isStopping())
            l->abort(); // nothing is recorded for what runs
        updateStatus();
    });
    statusBar()->addPermanentWidget(m_abandon);
    // The run (evaluations of the budget, ETA) and the running evaluation
    // (its stage, how long it has run against the typical one).
    for (QProgressBar **bar : {&m_runProgress, &m_evalProgress}) {
        *bar = new QProgressBar(this);
        (*bar)->setMaximumWidth(280);
        (*bar)->setTextVisible(true);
        (*bar)->hide();
        statusBar()->addPermanentWidget(*bar);
    }
    statusBar()->addPermanentWidget(m_statsLabel);
    auto *tick = new QTimer(this);
    connect(tick, &QTimer::timeout, this, &MainWindow::updateStatus);
    tick->start(1000);

    m_defaultLayout = saveState();
    QSettings settings;
    m_restoredGeometry = restoreGeometry(settings.value(u"window/geometry"_s).toByteArray());
    m_restoredLayout = restoreState(settings.value(u"window/state"_s).toByteArray());
    if (!m_restoredLayout)
        resetLayout();
    // The docks, added one under another before they are arranged, grew the
    // window past the screen (1008×751 on a 1024×700 one); arranged, they fit.
    if (!m_restoredGeometry)
        resize(firstSize);
    updateActions();
    updateStatus();
}

MainWindow::~MainWindow() = default;

void MainWindow::resetLayout()
{
    restoreState(m_defaultLayout);
    for (QDockWidget *d : findChildren<QDockWidget *>()) {
        if (d != m_compareDock)
            d->show();
    }
    // The diff gets the most room, the charts a readable part of the
    // height, the bottom row what is left; in proportion to the window, so
    // that 1024×700 and 1920×1080 both read.
    auto find = [this](const char *name) {
        return findChild<QDockWidget *>(QString::fromLatin1(name));
    };
    // The shares are of the room between the bars: docks asked for more
    // would grow the window past the screen (1008×751 on a 1024×700 one).
    const QSize was = size();
    int room =
        std::max(height(), 600) - statusBar()->sizeHint().height() - menuBar()->sizeHint().height();
    for (const QToolBar *bar : findChildren<QToolBar *>()) {
        if (toolBarArea(bar) == Qt::TopToolBarArea)
            room = std::max(room - bar->sizeHint().height(), 300);
    }
    const int w = std::max(width(), 800);
    resizeDocks({find("chartDock"), find("planDock")}, {room * 50 / 100, room * 24 / 100},
                Qt::Vertical);
    resizeDocks({find("chartDock")}, {std::max(320, w / 3)}, Qt::Horizontal);
    resizeDocks({find("timelineDock")}, {room / 4}, Qt::Vertical);
    if (size() != was) // a dock's minimum asked for more: the window keeps its size
        resize(was);
}

void MainWindow::setPresentationMode(bool on)
{
    if (on == m_presenting)
        return;
    m_presenting = on;
    if (QAction *a = m_actions.value(u"present"_s); a && a->isChecked() != on)
        a->setChecked(on);
    constexpr double kScale = 1.5;
    if (on) {
        m_layoutBeforePresenting = saveState();
        m_fontBeforePresenting = font();
    }
    QFont f = m_fontBeforePresenting;
    if (on && f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * kScale);
    else if (on) // a font sized in pixels
        f.setPixelSize(int(f.pixelSize() * kScale));
    setFont(f);
    m_timeline->setScale(on ? 1.6 : 1);
    m_diff->setZoom(on ? 4 : 0);
    setMarkerScale(on ? 1.8 : 1);
    // The charts: their text and every marker already drawn.
    // Their own fonts (the theme's, smaller than the window's) come back as
    // they were when the mode ends.
    if (!on) {
        for (const std::function<void()> &restore : m_chartFontsBefore)
            restore();
        m_chartFontsBefore.clear();
    }
    for (QChartView *view :
         {static_cast<QChartView *>(m_chart), static_cast<QChartView *>(m_roofline),
          static_cast<QChartView *>(m_bars)}) {
        QChart *chart = view->chart();
        if (on) {
            for (QAbstractAxis *axis : chart->axes()) {
                // (the selection's bars make new axes for each candidate)
                m_chartFontsBefore.emplace_back([axis = QPointer<QAbstractAxis>(axis),
                                                 labels = axis->labelsFont(),
                                                 title = axis->titleFont()] {
                    if (axis) {
                        axis->setLabelsFont(labels);
                        axis->setTitleFont(title);
                    }
                });
                axis->setLabelsFont(f);
                axis->setTitleFont(f);
            }
            m_chartFontsBefore.emplace_back(
                [chart, legend = chart->legend()->font(), title = chart->titleFont()] {
                    chart->legend()->setFont(legend);
                    chart->setTitleFont(title);
                });
            chart->legend()->setFont(f);
            chart->setTitleFont(f);
        }
        for (QAbstractSeries *series : chart->series()) {
            if (auto *xy = qobject_cast<QXYSeries *>(series); xy && xy->markerSize() > 0)
                xy->setMarkerSize(8 * markerScale());
        }
    }
    if (on) {
        // The story first: the timeline and the metric chart beside the
        // diff; the rest is a menu away (View).
        static const char *const kept[] = {"timelineDock", "chartDock"};
        for (QDockWidget *d : findChildren<QDockWidget *>()) {
            const bool keep = std::any_of(std::begin(kept), std::end(kept), [d](const char *n) {
                return d->objectName() == QLatin1StringView(n);
            });
            d->setVisible(keep);
        }
        const int h = height(), w = width();
        resizeDocks({findChild<QDockWidget *>(u"timelineDock"_s)}, {h * 35 / 100}, Qt::Vertical);
        resizeDocks({findChild<QDockWidget *>(u"chartDock"_s)}, {w * 45 / 100}, Qt::Horizontal);
        statusBar()->showMessage(tr("Presentation mode: F11 leaves it."), 4000);
    } else {
        restoreState(m_layoutBeforePresenting);
    }
}

QAction *MainWindow::action(const QString &name) const
{
    return m_actions.value(name);
}

void MainWindow::buildActions()
{
    auto add = [this](const QString &name, const QString &text, const QKeySequence &key,
                      const QString &tip, auto slot) {
        auto *a = new QAction(QIcon(u":/kwb/icons/"_s + name + u".svg"_s), text, this);
        a->setObjectName(name);
        a->setShortcut(key);
        a->setToolTip(tip + u" ("_s + key.toString(QKeySequence::NativeText) + u')');
        connect(a, &QAction::triggered, this, slot);
        m_actions.insert(name, a);
        return a;
    };
    add(u"run"_s, tr("Run"), Qt::Key_F5, tr("Start or resume the loop"), [this] { runLoop(); });
    add(u"pause"_s, tr("Pause"), Qt::Key_F6, tr("Pause after the current phase"), [this] {
        if (auto *l = m_workbench ? m_workbench->loop() : nullptr)
            l->pause();
    });
    add(u"step"_s, tr("Step"), Qt::Key_F10, tr("Advance one phase"), [this] {
        if (auto *l = m_workbench ? m_workbench->loop() : nullptr) {
            l->step();
        } else if (m_workbench) {
            m_mode->setCurrentIndex(int(LoopMode::StepEachPhase));
            runLoop();
        }
    });
    add(u"approve"_s, tr("Approve"), QKeySequence(Qt::CTRL | Qt::Key_Return),
        tr("Ship the pending candidate"), [this] { approve(); });
    add(u"edit"_s, tr("Edit"), QKeySequence(Qt::CTRL | Qt::Key_E),
        tr("Hand-edit the pending candidate, then approve"), [this] { editPending(); });
    add(u"reject"_s, tr("Reject"), QKeySequence(Qt::CTRL | Qt::Key_Backspace),
        tr("Drop the pending candidate"), [this] { reject(); });
    add(u"regenerate"_s, tr("Regenerate"), QKeySequence(Qt::CTRL | Qt::Key_R),
        tr("Drop the pending candidate and ask the planner for another"), [this] { reject(); });
    add(u"revert"_s, tr("Revert to selected"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R),
        tr("Make the selected candidate the incumbent; later candidates branch from it"),
        [this] { revertToSelected(); });
    add(u"stop"_s, tr("Stop"), QKeySequence(Qt::SHIFT | Qt::Key_F5),
        tr("Finish and record the running candidate, then stop; again: abandon it"), [this] {
            auto *l = m_workbench ? m_workbench->loop() : nullptr;
            if (!l)
                return;
            if (l->isStopping())
                l->abort(); // the second Stop: nothing is recorded for what runs
            else
                l->stop();
            updateStatus();
        });

    m_mode = new QComboBox(this);
    m_mode->setObjectName(u"mode"_s);
    m_mode->addItem(tr("Autopilot"));
    m_mode->addItem(tr("Approve each candidate"));
    m_mode->addItem(tr("Step each phase"));
    m_mode->setCurrentIndex(int(LoopMode::ApproveEach));
    m_mode->setToolTip(tr("How much the loop waits for you"));
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (m_workbench)
            m_workbench->setMode(LoopMode(i));
    });

    auto *bar = addToolBar(tr("Loop"));
    m_toolbar = bar;
    bar->setObjectName(u"loopToolbar"_s);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    for (const char *name :
         {"run", "pause", "step", "approve", "edit", "reject", "regenerate", "revert", "stop"})
        bar->addAction(m_actions.value(QString::fromLatin1(name)));
    bar->addSeparator();
    bar->addWidget(m_mode);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New session…"), QKeySequence::New, this, [this] {
        const QString w =
            QFileDialog::getOpenFileName(this, tr("Workload"), QString(), tr("Workloads (*.json)"));
        if (w.isEmpty())
            return;
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Folder for the new session"));
        if (!dir.isEmpty())
            newSession(w, dir + u"/session-"_s +
                              QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss"_s));
    });
    file->addAction(tr("&Open session…"), QKeySequence::Open, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Session folder"));
        if (!dir.isEmpty())
            openSession(dir);
    });
    m_recentMenu = file->addMenu(tr("Open &recent"));
    rebuildRecentMenu();
    m_actions[u"importTuner"_s] = file->addAction(tr("Import &Kernel Tuner file…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Kernel Tuner cache file"), QString(),
            tr("Kernel Tuner cache files (*.json *.json.gz);;All files (*)"));
        if (!path.isEmpty())
            importTunerFile(path);
    });
    m_actions[u"importTuner"_s]->setToolTip(
        tr("Add the measurements of a Kernel Tuner cache file to the session: the search "
           "learns from them and never measures those configurations again"));
    file->addSeparator();
    auto exportAction = [this, file](const QString &text, const QString &defaultName, auto chart) {
        file->addAction(text, this, [this, defaultName, chart] {
            const QString path =
                QFileDialog::getSaveFileName(this, tr("Export chart"), defaultName,
                                             tr("PNG image (*.png);;SVG drawing (*.svg)"));
            if (!path.isEmpty() && !exportChart(chart(), path))
                showError(tr("Could not write %1.").arg(path));
        });
    };
    exportAction(tr("Export metrics &chart…"), u"metrics.png"_s,
                 [this] { return static_cast<QChartView *>(m_chart); });
    exportAction(tr("Export &roofline…"), u"roofline.png"_s,
                 [this] { return static_cast<QChartView *>(m_roofline); });
    exportAction(tr("Export &selection bars…"), u"selected.png"_s,
                 [this] { return static_cast<QChartView *>(m_bars); });
    m_actions[u"exportReport"_s] = file->addAction(tr("Export re&port…"), this, [this] {
        if (!m_workbench)
            return;
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export report"), m_workbench->workload().name + u"-report.html"_s,
            tr("Web page (*.html)"));
        if (!path.isEmpty())
            exportReport(path);
    });
    file->addSeparator();
    file->addAction(tr("Compare selected with &incumbent"), QKeySequence(Qt::CTRL | Qt::Key_D),
                    this, [this] {
                        if (m_workbench && m_selected)
                            compare(m_workbench->candidates()->incumbentId(), m_selected);
                    });
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    QMenu *loop = menuBar()->addMenu(tr("&Loop"));
    for (const char *name :
         {"run", "pause", "step", "approve", "edit", "reject", "regenerate", "revert", "stop"})
        loop->addAction(m_actions.value(QString::fromLatin1(name)));
    loop->addSeparator();
    QMenu *replay = loop->addMenu(tr("Re&play session"));
    for (double speed : {1.0, 2.0, 5.0, 20.0, 100.0}) {
        replay->addAction(tr("%1 candidates a second").arg(speed), this,
                          [this, speed] { startReplay(speed); });
    }
    replay->addAction(tr("Stop replay"), this, [this] {
        if (m_workbench)
            m_workbench->stopReplay();
        updateActions();
    });
}

void MainWindow::buildDocks()
{
    auto dock = [this](const QString &name, const QString &title, QWidget *w,
                       Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(area, d);
        return d;
    };
    m_timeline = new TimelineView(this);
    m_timeline->setObjectName(u"timeline"_s);
    connect(m_timeline, &TimelineView::candidateSelected, this, &MainWindow::selectCandidate);
    connect(m_timeline, &TimelineView::compareWithParent, this, [this](int id) {
        const ExperimentRecord *r =
            m_workbench ? m_workbench->candidates()->recordById(id) : nullptr;
        if (r && r->parent)
            compare(*r->parent, id);
    });
    dock(u"timelineDock"_s, tr("Timeline"), m_timeline, Qt::BottomDockWidgetArea);

    m_table = new QTableView(this);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto *candidates =
        dock(u"candidatesDock"_s, tr("Candidates"), m_table, Qt::BottomDockWidgetArea);

    m_chart = new MetricChart(this);
    m_chart->setMinimumSize(240, 200); // below it the plot is a sliver
    auto *chart = dock(u"chartDock"_s, tr("Metrics"), m_chart, Qt::RightDockWidgetArea);

    m_roofline = new RooflineChart(this);
    m_roofline->setMinimumSize(240, 200); // below it the plot is a sliver
    auto *roofline = dock(u"rooflineDock"_s, tr("Roofline"), m_roofline, Qt::RightDockWidgetArea);
    m_bars = new SelectionBars(this);
    m_bars->setMinimumSize(240, 200); // below it the plot is a sliver
    auto *bars = dock(u"barsDock"_s, tr("Selected"), m_bars, Qt::RightDockWidgetArea);
    tabifyDockWidget(chart, roofline);
    tabifyDockWidget(roofline, bars);

    m_plan = new QTextBrowser(this);
    auto *plan = dock(u"planDock"_s, tr("Plan"), m_plan, Qt::RightDockWidgetArea);

    auto *reflexionBox = new QWidget(this);
    auto *rl = new QVBoxLayout(reflexionBox);
    rl->setContentsMargins(0, 0, 0, 0);
    m_reflexionSearch = new QLineEdit(reflexionBox);
    m_reflexionSearch->setPlaceholderText(tr("Search reflexions…"));
    m_reflexionSearch->setClearButtonEnabled(true);
    m_reflexions = new QListView(reflexionBox);
    m_reflexions->setWordWrap(true);
    m_reflexions->setAlternatingRowColors(true);
    m_reflexionFilter = new QSortFilterProxyModel(this);
    m_reflexionFilter->setFilterRole(JsonListModel::SearchTextRole);
    m_reflexionFilter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(m_reflexionSearch, &QLineEdit::textChanged, m_reflexionFilter,
            &QSortFilterProxyModel::setFilterFixedString);
    connect(m_reflexions, &QListView::clicked, this, [this](const QModelIndex &i) {
        selectCandidate(i.data(JsonListModel::CandidateRole).toInt());
    });
    rl->addWidget(m_reflexionSearch);
    rl->addWidget(m_reflexions);
    auto *reflexions =
        dock(u"reflexionDock"_s, tr("Reflexions"), reflexionBox, Qt::RightDockWidgetArea);

    m_memory = new QListView(this);
    m_memory->setWordWrap(true);
    connect(m_memory, &QListView::clicked, this, [this](const QModelIndex &i) {
        selectCandidate(i.data(JsonListModel::CandidateRole).toInt());
    });
    auto *memory = dock(u"memoryDock"_s, tr("Memory"), m_memory, Qt::RightDockWidgetArea);

    m_compare = new CompareView(this);
    // Docks that share the bottom row must not make it taller than a small
    // screen allows: their parts shrink (and scroll) instead.
    m_compare->setMinimumSize(200, 110);
    m_compareDock = dock(u"compareDock"_s, tr("Compare"), m_compare, Qt::BottomDockWidgetArea);
    // Closed: its row gets back the height it had before Compare asked for
    // more (see compare()).
    connect(m_compareDock->toggleViewAction(), &QAction::toggled, this, [this](bool shown) {
        if (shown || m_layoutBeforeCompare.isEmpty())
            return;
        restoreState(std::exchange(m_layoutBeforeCompare, {}));
        m_compareDock->hide();
    });

    m_console = new QPlainTextEdit(this);
    m_console->setReadOnly(true);
    m_console->setMaximumBlockCount(5000);
    m_console->setFont(QFont(u"DejaVu Sans Mono"_s, 9));
    auto *console = dock(u"consoleDock"_s, tr("Console"), m_console, Qt::BottomDockWidgetArea);
    m_llm = new LlmView(this);
    m_llm->setMinimumSize(150, 110);
    auto *llm = dock(u"llmDock"_s, tr("LLM"), m_llm, Qt::BottomDockWidgetArea);

    // Hosts: state coloured (green up, amber connecting, red down/failed).
    m_hosts = new QTableView(this);
    m_hosts->setObjectName(u"hosts"_s);
    m_hosts->verticalHeader()->hide();
    m_hosts->horizontalHeader()->setStretchLastSection(true);
    m_hosts->setSelectionMode(QAbstractItemView::NoSelection);
    m_hostColours = new HostColours(this);
    m_hosts->setModel(m_hostColours);
    auto *hosts = dock(u"hostsDock"_s, tr("Hosts"), m_hosts, Qt::BottomDockWidgetArea);

    tabifyDockWidget(candidates, console);
    tabifyDockWidget(console, llm);
    tabifyDockWidget(llm, m_compareDock);
    tabifyDockWidget(m_compareDock, hosts);
    tabifyDockWidget(plan, reflexions);
    tabifyDockWidget(reflexions, memory);
    plan->raise();
    chart->raise();
    console->raise();
    // What `kwb hosts check` asks each host of the session, in the console.
    QMenu *hostMenu = menuBar()->addMenu(tr("&Hosts"));
    m_actions[u"checkHosts"_s] = hostMenu->addAction(tr("&Check hosts"), this, [this, console] {
        if (!m_workbench)
            return;
        console->raise();
        m_workbench->checkHosts();
        updateActions();
    });
    m_actions[u"checkHosts"_s]->setToolTip(
        tr("Whether each host of the session is reachable and has what the target needs"));
    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *d : findChildren<QDockWidget *>())
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    view->addAction(tr("&Reset layout"), this, &MainWindow::resetLayout);
    QAction *present = view->addAction(tr("&Presentation mode"));
    present->setCheckable(true);
    present->setShortcut(Qt::Key_F11);
    present->setToolTip(tr("Larger text and markers, the timeline and the chart first (F11)"));
    connect(present, &QAction::toggled, this, &MainWindow::setPresentationMode);
    m_actions[u"present"_s] = present;
    addAction(present); // the key works with the menu bar hidden too
    QMenu *settings = menuBar()->addMenu(tr("&Settings"));
    settings->addAction(tr("&Language…"), this, &MainWindow::chooseLanguage);
    settings->addAction(tr("LLM &provider…"), this, [this] {
        LlmSettingsDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted)
            statusBar()->showMessage(tr("The LLM provider applies from the next run."), 5000);
    });
}

void MainWindow::setWorkbench(std::unique_ptr<Workbench> workbench)
{
    if (m_workbench && m_workbench->loop())
        m_workbench->loop()->stop();
    m_pending.reset();
    m_selected = 0;
    m_evaluations.clear(); // the typical time is this session's
    m_evaluatedMs = 0;
    m_evaluatedCount = 0;
    m_workbench = std::move(workbench);
    m_error->hide();
    m_console->clear();
    restoreConsole();
    Workbench *wb = m_workbench.get();
    m_table->setModel(wb->candidates());
    m_timeline->setModel(wb->candidates());
    m_hostColours->setSourceModel(wb->hosts());
    m_hosts->resizeColumnsToContents();
    // A cluster's job counts outgrow "1 / 4": the column follows them.
    connect(wb->hosts(), &QAbstractItemModel::dataChanged, m_hosts,
            [hosts = m_hosts] { hosts->resizeColumnToContents(HostModel::LoadColumn); });
    wb->setSshPrompts(dialogPrompts(this));
    m_reflexionFilter->setSourceModel(wb->reflexions());
    m_reflexions->setModel(m_reflexionFilter);
    m_memory->setModel(wb->memory());
    m_compare->setWorkbench(wb);
    m_roofline->setModel(wb->candidates());
    const Goal &goal = wb->workload().goal;
    const MetricInfo *info = wb->target().metric(goal.metric);
    const QString title = info ? info->title() : goal.metric;
    m_chart->setModel(wb->candidates(), goal.metric, goal.target, goal.higherIsBetter, title);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &i) {
                // Not when selectCandidate itself moved the row (it would
                // show the same candidate twice).
                if (i.isValid() && i.data(CandidateModel::IdRole).toInt() != m_selected)
                    selectCandidate(i.data(CandidateModel::IdRole).toInt());
            });
    connect(wb, &Workbench::consoleLine, m_console, &QPlainTextEdit::appendPlainText);
    connect(wb, &Workbench::candidateLine, this, [this](int id, const QString &line) {
        // The harness says which stage it is in.
        static const std::pair<const char *, const char *> stages[] = {
            {"kwb: compiling", QT_TR_NOOP("compiling")},
            {"kwb: checking", QT_TR_NOOP("checking")},
            {"kwb: timing", QT_TR_NOOP("timing")},
            {"kwb: profiling", QT_TR_NOOP("profiling")}};
        for (const auto &[prefix, stage] : stages) {
            if (line.startsWith(QLatin1StringView(prefix)) && m_evaluations.contains(id)) {
                m_evaluations[id].stage = tr(stage);
                updateProgress(); // now, not at the next tick
            }
        }
    });
    connect(wb, &Workbench::candidateLine, m_console, [this](int id, const QString &line) {
        m_console->appendPlainText(u'#' + QString::number(id) + u"  "_s + line);
    });
    m_llm->setModel(wb->llmCalls());
    m_llm->setRecords(wb->session().experiments());
    connect(wb, &Workbench::errorOccurred, this, &MainWindow::showError);
    connect(wb, &Workbench::stateChanged, this, [this] {
        updateActions();
        updateStatus();
    });
    connect(wb, &Workbench::loopCreated, this, &MainWindow::bindLoop);
    connect(wb, &Workbench::replayProgress, this, [this](int shown, int total) {
        if (const ExperimentRecord *r = m_workbench->candidates()->recordAt(shown - 1))
            selectCandidate(r->id);
        m_phaseLabel->setText(tr("replay %1/%2").arg(shown).arg(total));
    });
    connect(wb, &Workbench::replayFinished, this, [this] {
        statusBar()->showMessage(tr("Replay finished."), 5000);
        updateActions();
    });
    setWindowTitle(tr("%1 — Kernel Workbench").arg(wb->workload().name));
    m_plan->setPlainText(
        tr("%1: %2 candidates recorded in %3.\nPress Run (F5) to start or resume the loop.")
            .arg(wb->workload().name)
            .arg(wb->candidates()->rowCount())
            .arg(wb->session().dir()));
    if (wb->candidates()->rowCount() > 0) {
        selectCandidate(wb->candidates()->recordAt(wb->candidates()->rowCount() - 1)->id);
    } else { // a fresh session: show what the loop will start from
        QFile start(wb->workload().kernelPath);
        const QString source =
            start.open(QIODevice::ReadOnly) ? QString::fromUtf8(start.readAll()) : QString();
        m_diff->setTexts(QString(), QString(),
                         tr("starting kernel %1 — press Run (F5)").arg(wb->workload().kernelPath),
                         source);
    }
    addRecent(wb->session().dir());
    updateActions();
    updateStatus();
}

namespace {

// What the window decides of a run: Settings → LLM provider laid over (or
// under) the workload's `llm`; the rest is the workload's.
RunOptions windowRunOptions()
{
    RunOptions options;
    const GuiLlmSettings llm = GuiLlmSettings::load();
    options.llmLayer = [llm](const Json &workloadLlm) { return llm.applyTo(workloadLlm); };
    options.llmAlways = llm.always;
    return options;
}

} // namespace

bool MainWindow::openSession(const QString &dir)
{
    QString error;
    auto wb = Workbench::open(dir, &error, windowRunOptions());
    if (!wb) {
        showError(tr("Cannot open the session %1:\n%2").arg(dir, error));
        return false;
    }
    setWorkbench(std::move(wb));
    return true;
}

bool MainWindow::newSession(const QString &workloadPath, const QString &dir)
{
    QString error;
    auto wb = Workbench::create(workloadPath, dir, &error, windowRunOptions());
    if (!wb) {
        showError(tr("Cannot start a session for %1:\n%2").arg(workloadPath, error));
        return false;
    }
    setWorkbench(std::move(wb));
    return true;
}

void MainWindow::showError(const QString &message)
{
    qCWarning(lcGui).noquote() << "kernel-workbench:" << message; // for logs and scripts too
    m_error->setText(message);
    m_error->show();
    statusBar()->showMessage(message.section(u'\n', 0, 0), 10'000);
}

void MainWindow::restoreConsole()
{
    // The last candidates' console, as the run showed it, from logs/<id>.log:
    // a reopened session reads like the one that was left.
    constexpr size_t kCandidates = 50;
    const std::vector<ExperimentRecord> &records = m_workbench->session().experiments();
    if (records.empty())
        return;
    const size_t first = records.size() > kCandidates ? records.size() - kCandidates : 0;
    QStringList lines{tr("── the console of the last %n candidate(s), from the session's logs ──",
                         nullptr, int(records.size() - first))};
    for (size_t i = first; i < records.size(); ++i) {
        const ExperimentRecord &r = records[i];
        const QString id = u'#' + QString::number(r.id);
        lines << tr("#%1 evaluating: %2").arg(r.id).arg(r.plan);
        for (const QString &line : m_workbench->session()
                                       .readLog(r.id, qint64(16) * 1024)
                                       .split(u'\n', Qt::SkipEmptyParts))
            lines << id + u"  "_s + line;
        lines << id + u"  "_s + verdictLabel(r.decision) +
                     (r.cause.isEmpty() ? QString() : u": "_s + r.cause);
    }
    m_console->appendPlainText(lines.join(u'\n'));
}

bool MainWindow::exportReport(const QString &path)
{
    QString error;
    if (!m_workbench || !writeHtmlReport(m_workbench->session(), path, &error)) {
        showError(m_workbench ? error : tr("Could not write %1.").arg(path));
        return false;
    }
    statusBar()->showMessage(tr("Report written to %1").arg(path), 5000);
    return true;
}

bool MainWindow::importTunerFile(const QString &path)
{
    if (!m_workbench)
        return false;
    const TunerImport imported = m_workbench->importTunerFile(path);
    if (!imported.warnings.isEmpty())
        m_console->appendPlainText(imported.warnings.join(u'\n'));
    if (imported.added > 0 || imported.error.isEmpty())
        m_console->appendPlainText(imported.summary(m_workbench->session().dir()).join(u'\n'));
    if (!imported.error.isEmpty()) {
        showError(tr("Could not import %1: %2").arg(QFileInfo(path).fileName(), imported.error));
        return false;
    }
    statusBar()->showMessage(tr("%n configurations imported", nullptr, imported.added), 5000);
    return true;
}

QString MainWindow::consoleText() const
{
    return m_console->toPlainText();
}

QString MainWindow::statusText() const
{
    return m_phaseLabel->text() + u" · "_s + m_statsLabel->text();
}

QString MainWindow::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void MainWindow::bindLoop(OptimizationLoop *loop)
{
    m_clock.start();
    m_finishedText.clear();
    m_plan->setPlainText(tr("%1: the loop runs in %2.")
                             .arg(m_workbench->workload().name, m_workbench->session().dir()));
    if (m_workbench->candidates()->rowCount() == 0)
        m_diff->setRightTitle(tr("starting kernel %1").arg(m_workbench->workload().kernelPath));
    connect(loop, &OptimizationLoop::awaitingApproval, this, [this](const Proposal &p) {
        m_pending = p;
        showPending(p);
        updateActions();
    });
    connect(loop, &OptimizationLoop::proposed, this, [this, loop](const Proposal &p) {
        const QString bottleneck = loop->bottleneck();
        m_plan->append(tr("<b>#%1</b> (round %2, %3): %4")
                           .arg(p.id)
                           .arg(p.round)
                           .arg(originWord(p.origin), p.plan.toHtmlEscaped()) +
                       (bottleneck.isEmpty()
                            ? QString()
                            : tr(" — incumbent is <i>%1</i>").arg(bottleneck.toHtmlEscaped())));
    });
    connect(loop, &OptimizationLoop::evaluationStarted, this, [this](const Proposal &p) {
        m_console->appendPlainText(tr("#%1 evaluating: %2").arg(p.id).arg(p.label));
        m_evaluations[p.id].clock.start();
        if (m_pending && m_pending->id == p.id) {
            m_pending.reset();
            m_diff->setRightEditable(false);
        }
        // The gate's words are over: the pane and the status bar say what runs.
        if (!m_pending) {
            if (m_gateShown == p.id)
                m_diff->setRightTitle(tr("#%1 — evaluating: %2").arg(p.id).arg(p.plan));
            statusBar()->clearMessage();
        }
        updateActions();
        updateStatus();
    });
    connect(loop, &OptimizationLoop::candidateFinished, this, [this](const ExperimentRecord &r) {
        m_llm->addRecord(r);
        if (const auto e = m_evaluations.constFind(r.id);
            e != m_evaluations.cend() && e->clock.isValid()) {
            m_evaluatedMs += e->clock.elapsed();
            ++m_evaluatedCount;
        }
        m_evaluations.remove(r.id);
        if (m_pending && m_pending->id == r.id) {
            m_pending.reset();
            m_diff->setRightEditable(false);
        }
        if (!m_pending)
            selectCandidate(r.id);
        updateActions();
        updateStatus();
    });
    connect(
        loop, &OptimizationLoop::reverted, this, [this](int from, int to, const QString &cause) {
            m_console->appendPlainText(tr("#%1 reverted to #%2: %3").arg(from).arg(to).arg(cause));
        });
    connect(
        loop, &OptimizationLoop::finished, this, [this](StopReason reason, const QString &detail) {
            m_elapsedMs = m_clock.isValid() ? m_clock.elapsed() : 0;
            m_clock.invalidate();  // the clock stops with the loop
            m_evaluations.clear(); // an abandoned one never finishes
            m_finishedText = tr("finished (%1)").arg(stopReasonName(reason));
            statusBar()->showMessage(tr("Finished (%1): %2").arg(stopReasonName(reason), detail));
            m_console->appendPlainText(
                tr("loop finished (%1): %2").arg(stopReasonName(reason), detail));
            m_pending.reset();
            updateActions();
            updateStatus();
        });
}

bool MainWindow::startReplay(double perSecond)
{
    if (!m_workbench || !m_workbench->startReplay(perSecond)) {
        showError(tr("A session replays only while its loop is not running."));
        return false;
    }
    m_diff->clear();
    statusBar()->showMessage(tr("Replaying %1 at %2 candidates a second; nothing runs on any host.")
                                 .arg(QDir(m_workbench->session().dir()).dirName())
                                 .arg(perSecond));
    updateActions();
    return true;
}

void MainWindow::runLoop()
{
    if (!m_workbench)
        return;
    if (m_workbench->loop() && m_workbench->loop()->isFinished())
        return askToContinue();
    // Settings → LLM provider, read now: it may have changed since the last run.
    m_workbench->setOptions(windowRunOptions());
    m_workbench->run(LoopMode(m_mode->currentIndex()));
    updateActions();
}

void MainWindow::askToContinue()
{
    const Goal &goal = m_workbench->workload().goal;
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Continue the run"));
    auto *form = new QFormLayout(&dialog);
    auto *target = new QDoubleSpinBox(&dialog);
    target->setDecimals(4);
    target->setRange(0, 1e15);
    target->setValue(goal.target);
    form->addRow(tr("Goal (%1 %2):").arg(goal.metric, goal.higherIsBetter ? u"≥"_s : u"≤"_s),
                 target);
    auto *evaluations = new QSpinBox(&dialog);
    evaluations->setRange(1, 100'000);
    evaluations->setValue(20);
    form->addRow(tr("At most this many more candidates:"), evaluations);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() == QDialog::Accepted)
        continueRun(target->value(), evaluations->value());
}

bool MainWindow::continueRun(std::optional<double> goal, int evaluations)
{
    if (!m_workbench)
        return false;
    const bool ok = m_workbench->continueRun(goal, evaluations, LoopMode(m_mode->currentIndex()));
    if (!ok)
        showError(tr("Only a finished run can be continued."));
    else
        m_chart->setGoal(m_workbench->workload().goal.target); // the new goal, drawn
    updateActions();
    updateStatus();
    return ok;
}

void MainWindow::approve()
{
    auto *loop = m_workbench ? m_workbench->loop() : nullptr;
    if (!loop || !m_pending)
        return;
    const int id = m_pending->id;
    const bool edited = m_diff->rightModified();
    const bool ok = edited ? loop->approveEdited(id, m_diff->rightText()) : loop->approve(id);
    if (!ok)
        showError(tr("#%1 is no longer waiting for approval.").arg(id));
    m_diff->setRightEditable(false);
    m_pending.reset(); // the gate is passed; the next candidate brings its own
    updateActions();
}

void MainWindow::editPending()
{
    if (!m_pending)
        return;
    m_diff->setRightEditable(true);
    m_diff->setFocus();
    statusBar()->showMessage(tr("Edit on the right, then Approve: it is checked and timed."));
}

void MainWindow::reject()
{
    auto *loop = m_workbench ? m_workbench->loop() : nullptr;
    if (!loop || !m_pending)
        return;
    loop->reject(m_pending->id);
    m_diff->setRightEditable(false);
    m_pending.reset();
    updateActions();
}

void MainWindow::revertToSelected()
{
    auto *loop = m_workbench ? m_workbench->loop() : nullptr;
    if (!loop || !m_selected)
        return;
    QString error;
    if (!loop->revertTo(m_selected, &error)) {
        showError(tr("Cannot revert to #%1: %2").arg(m_selected).arg(error));
        return;
    }
    m_console->appendPlainText(
        tr("the incumbent is now #%1; the next candidates branch from it").arg(m_selected));
    // What waited at the gate was proposed from the old incumbent: dropped.
    const std::vector<Proposal> waiting = loop->pending();
    if (m_pending && std::none_of(waiting.begin(), waiting.end(),
                                  [this](const Proposal &p) { return p.id == m_pending->id; })) {
        m_pending.reset();
        m_diff->setRightEditable(false);
        statusBar()->clearMessage();
        showCandidate(m_selected);
    }
    updateActions();
    updateStatus();
}

void MainWindow::showPending(const Proposal &p)
{
    m_gateShown = p.id;
    const int inc = m_workbench->candidates()->incumbentId();
    m_diff->setRightEditable(false);
    m_diff->setTexts(inc ? tr("#%1 (incumbent)").arg(inc) : tr("(nothing yet)"),
                     m_workbench->sourceOf(inc),
                     tr("#%1 — waiting for approval: %2").arg(p.id).arg(p.plan), p.source);
    statusBar()->showMessage(
        tr("#%1 waits for you: Approve, Edit, Reject or Regenerate.").arg(p.id));
}

void MainWindow::showCandidate(int id)
{
    const ExperimentRecord *r = m_workbench ? m_workbench->candidates()->recordById(id) : nullptr;
    if (!r)
        return;
    m_gateShown = 0;
    const int parent = r->parent.value_or(0);
    m_diff->setTexts(parent ? tr("#%1 (parent)").arg(parent) : tr("(no parent)"),
                     m_workbench->sourceOf(parent),
                     tr("#%1 — %2: %3").arg(id).arg(verdictLabel(r->decision), r->cause),
                     m_workbench->sourceOf(id));
    // A failed candidate's compiler or harness log goes to the console.
    if (r->decision == Verdict::Failed || r->decision == Verdict::Infra) {
        if (const QString log = m_workbench->session().readLog(id); !log.isEmpty()) {
            m_console->appendPlainText(tr("── log of #%1 (%2) ──").arg(id).arg(r->cause));
            m_console->appendPlainText(log);
        }
    }
}

void MainWindow::compare(int a, int b)
{
    m_compare->compare(a, b);
    m_compareDock->show();
    m_compareDock->raise();
    // Two kernels side by side and their metrics need room: half the
    // window's height (at least 420 px, at most all but 300 for the diff
    // above) where the dock had less; its row's docks share it. Closing
    // Compare gives the row its old height back.
    const int room = std::min(std::max(height() / 2, 420), height() - 300);
    if (m_compareDock->isFloating() || m_compareDock->height() >= room)
        return;
    if (m_layoutBeforeCompare.isEmpty())
        m_layoutBeforeCompare = saveState();
    resizeDocks({m_compareDock}, {room}, Qt::Vertical);
    // Where the docks around cannot give way (a small screen), Compare opens
    // over the window at most of its size (its title bar docks it again),
    // and the row keeps its height.
    QTimer::singleShot(0, this, [this] {
        constexpr int kLeast = 380; // the controls, the verdict, code and metrics
        if (m_compareDock->isFloating() || m_compareDock->height() >= kLeast)
            return;
        restoreState(std::exchange(m_layoutBeforeCompare, {}));
        m_compareDock->show();
        m_compareDock->setFloating(true);
        const QRect over = geometry();
        m_compareDock->setGeometry(over.adjusted(over.width() / 20, over.height() / 10,
                                                 -over.width() / 20, -over.height() / 20));
        m_compareDock->raise();
    });
}

void MainWindow::selectCandidate(int id)
{
    if (!m_workbench || !m_workbench->candidates()->recordById(id))
        return;
    m_selected = id;
    m_timeline->setSelectedId(id);
    const int row = m_workbench->candidates()->rowOf(id);
    if (m_table->currentIndex().row() != row)
        m_table->setCurrentIndex(m_workbench->candidates()->index(row, 0));
    if (!m_pending)
        showCandidate(id);
    m_bars->showCandidate(m_workbench.get(), id);
    updateActions();
}

void MainWindow::updateActions()
{
    OptimizationLoop *loop = m_workbench ? m_workbench->loop() : nullptr;
    const bool running = loop && !loop->isFinished();
    const bool gate = running && m_pending.has_value();
    const bool replaying = m_workbench && m_workbench->isReplaying();
    const bool connecting = m_workbench && m_workbench->isConnecting();
    const bool finished = loop && loop->isFinished();
    m_actions[u"run"_s]->setEnabled(m_workbench && !replaying && !connecting &&
                                    (!loop || finished || (running && loop->isPaused())));
    // A finished run goes further with a new goal or budget.
    m_actions[u"run"_s]->setText(finished ? tr("Continue…") : tr("Run"));
    m_actions[u"pause"_s]->setEnabled(running && !loop->isPaused());
    m_actions[u"step"_s]->setEnabled(m_workbench && (!loop || running));
    m_actions[u"approve"_s]->setEnabled(gate);
    m_actions[u"edit"_s]->setEnabled(gate);
    m_actions[u"reject"_s]->setEnabled(gate);
    m_actions[u"regenerate"_s]->setEnabled(gate);
    m_actions[u"revert"_s]->setEnabled(running && m_selected > 0);
    m_actions[u"stop"_s]->setEnabled(running);
    if (QAction *report = m_actions.value(u"exportReport"_s))
        report->setEnabled(m_workbench != nullptr);
    if (QAction *import = m_actions.value(u"importTuner"_s))
        import->setEnabled(m_workbench && m_workbench->canImport());
    if (QAction *check = m_actions.value(u"checkHosts"_s))
        check->setEnabled(m_workbench && !m_workbench->isCheckingHosts());
}

void MainWindow::chooseLanguage()
{
    QStringList codes = {QString(), u"en"_s};
    codes << language::translated();
    // The C locale names no language: the window then speaks English.
    const QString system = QLocale::system().nativeLanguageName();
    QStringList names = {
        tr("System default (%1)").arg(system.isEmpty() ? language::nativeName(u"en"_s) : system)};
    for (int i = 1; i < codes.size(); ++i)
        names << language::nativeName(codes[i]);
    bool ok = false;
    const int current = std::max<qsizetype>(0, codes.indexOf(language::chosen()));
    const QString name = QInputDialog::getItem(this, tr("Language"), tr("Language of the window:"),
                                               names, int(current), false, &ok);
    if (!ok)
        return;
    language::setChosen(codes.value(names.indexOf(name)));
    QMessageBox::information(this, tr("Language"),
                             tr("The new language applies the next time Kernel Workbench starts."));
}

void MainWindow::updateStatus()
{
    if (!m_workbench) {
        m_phaseLabel->setText(tr("no session"));
        m_statsLabel->clear();
        return;
    }
    if (m_workbench->isReplaying())
        return; // the replay writes its own progress
    m_phaseLabel->setText(loopStateText());
    {
        const OptimizationLoop *loop = m_workbench->loop();
        const bool stopping =
            loop && !loop->isFinished() && loop->isStopping() && !loop->evaluating().isEmpty();
        m_abandon->setVisible(stopping);
        if (stopping)
            m_abandon->setText(tr("Abandon #%1").arg(loop->evaluating().last()));
    }
    updateProgress();
    const CandidateModel *m = m_workbench->candidates();
    const double bestMs = m->bestMedianMs();
    const QString best =
        std::isfinite(bestMs) ? QString::number(bestMs, 'g', 4) + u" ms"_s : tr("—");
    const qint64 s = (m_clock.isValid() ? m_clock.elapsed() : m_elapsedMs) / 1000;
    m_statsLabel->setText(tr("host: %1 · elapsed %2:%3 · %4 evaluations · best %5")
                              .arg(m_workbench->hostSpecs().join(u", "_s))
                              .arg(s / 60)
                              .arg(s % 60, 2, 10, QLatin1Char('0'))
                              .arg(m->evaluatedCount())
                              .arg(best));
}

void MainWindow::updateProgress()
{
    const OptimizationLoop *loop = m_workbench ? m_workbench->loop() : nullptr;
    const bool running = loop && !loop->isFinished();
    m_runProgress->setVisible(running);
    QList<int> ids = running ? loop->evaluating() : QList<int>();
    m_evalProgress->setVisible(!ids.isEmpty());
    // Each bar holds its text on one line: it widens to what its text has
    // needed (never narrows while the run lasts, so it does not jitter).
    auto holdText = [](QProgressBar *bar) {
        const int needs = bar->fontMetrics().horizontalAdvance(bar->text()) + 16;
        bar->setMinimumWidth(std::min(bar->maximumWidth(), std::max(bar->minimumWidth(), needs)));
    };
    if (!running) {
        m_runProgress->setMinimumWidth(0);
        m_evalProgress->setMinimumWidth(0);
        return;
    }
    const Workload &w = m_workbench->workload();
    const int maxEvals = m_workbench->options().loop.maxEvals;
    const int planned = std::max(1, maxEvals > 0 ? maxEvals : w.rounds * std::max(1, w.batch));
    const int done = loop->evaluationsThisRun();
    m_runProgress->setRange(0, planned);
    m_runProgress->setValue(std::min(done, planned));
    QString text = tr("%1/%2 evaluations").arg(done).arg(planned);
    if (done > 0 && planned > done && m_clock.isValid())
        text += tr(" · ETA %1").arg(formatDuration(m_clock.elapsed() * (planned - done) / done));
    m_runProgress->setFormat(text);
    holdText(m_runProgress);
    if (ids.isEmpty())
        return;
    // The newest running evaluation, against the mean of those finished.
    const int id = ids.last();
    const Evaluation e = m_evaluations.value(id);
    const qint64 elapsed = e.clock.isValid() ? e.clock.elapsed() : 0;
    const qint64 typical = m_evaluatedCount > 0 ? m_evaluatedMs / m_evaluatedCount : 0;
    const QString stage = e.stage.isEmpty() ? tr("starting") : e.stage;
    m_evalProgress->setRange(0, typical > 0 ? int(std::min<qint64>(typical, INT_MAX)) : 1);
    m_evalProgress->setValue(typical > 0 ? int(std::min(elapsed, typical)) : 0);
    m_evalProgress->setFormat(
        typical > 0 ? tr("#%1 %2 · %3 of ~%4")
                          .arg(id)
                          .arg(stage, formatDuration(elapsed), formatDuration(typical))
                    : tr("#%1 %2 · %3").arg(id).arg(stage, formatDuration(elapsed)));
    holdText(m_evalProgress);
}

QString MainWindow::progressText() const
{
    QStringList parts;
    for (const QProgressBar *bar : {m_runProgress, m_evalProgress})
        if (!bar->isHidden())
            parts << bar->text();
    return parts.join(u" | "_s);
}

QString MainWindow::loopStateText() const
{
    if (!m_workbench)
        return tr("no session");
    const OptimizationLoop *loop = m_workbench->loop();
    if (m_workbench->isConnecting())
        return tr("connecting to the hosts");
    if (!loop)
        return tr("idle: press Run (F5)");
    if (loop->isFinished())
        return m_finishedText.isEmpty() ? tr("finished") : m_finishedText;
    QStringList running;
    for (int id : loop->evaluating())
        running << u'#' + QString::number(id);
    const QString ids = running.join(u", "_s);
    if (loop->isStopping())
        return ids.isEmpty() ? tr("stopping")
                             : tr("stopping: finishing %1 (Stop again abandons it)").arg(ids);
    const QString paused = loop->isPaused() ? tr(" (paused)") : QString();
    if (m_pending)
        return tr("#%1 waits for approval").arg(m_pending->id) + paused;
    if (!ids.isEmpty())
        return tr("evaluating %1").arg(ids) + paused;
    return tr("phase: %1").arg(phaseName(loop->phase())) + paused;
}

void MainWindow::addRecent(const QString &dir)
{
    QSettings settings;
    QStringList recent = settings.value(u"recentSessions"_s).toStringList();
    recent.removeAll(dir);
    recent.prepend(dir);
    settings.setValue(u"recentSessions"_s, recent.mid(0, 10));
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(u"recentSessions"_s).toStringList();
    for (const QString &dir : recent)
        m_recentMenu->addAction(dir, this, [this, dir] { openSession(dir); });
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    // Narrow windows show the loop's buttons as icons (their names are the
    // tooltips), so that the mode selector never falls off the toolbar.
    if (m_toolbar)
        m_toolbar->setToolButtonStyle(width() < 1200 ? Qt::ToolButtonIconOnly
                                                     : Qt::ToolButtonTextBesideIcon);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (!m_layoutChecked) {
        m_layoutChecked = true;
        // The docks take their sizes once the window is laid out.
        QTimer::singleShot(0, this, &MainWindow::checkRestoredLayout);
    }
}

void MainWindow::checkRestoredLayout()
{
    // A maximized or full-screen window takes its size from the window
    // manager later: its restored docks are not judged at a size they were
    // not meant for.
    if (windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen))
        return;
    QString problem;
    QSize sizeForScreen;
    // A geometry saved on a larger screen: what this one has.
    if (const QScreen *s = screen(); s && m_restoredGeometry) {
        const QRect room = s->availableGeometry();
        if (frameGeometry().width() > room.width() + 8 ||
            frameGeometry().height() > room.height() + 8) {
            problem = tr("the window was %1×%2 on a %3×%4 screen")
                          .arg(frameGeometry().width())
                          .arg(frameGeometry().height())
                          .arg(room.width())
                          .arg(room.height());
            sizeForScreen =
                QSize(std::min(width(), room.width() - 16), std::min(height(), room.height() - 48));
        }
    }
    if (problem.isEmpty() && m_restoredLayout)
        problem = layoutProblem();
    if (problem.isEmpty())
        return;
    resetLayout();
    if (!sizeForScreen.isEmpty()) // once the default layout's minimum allows it
        resize(sizeForScreen);
    statusBar()->showMessage(
        tr("The saved layout did not fit (%1): the default layout is back.").arg(problem), 10'000);
}

QString MainWindow::layoutProblem() const
{
    // Below these a pane shows nothing readable: a diff needs two panes of
    // a few dozen columns, a dock a title and a few lines.
    constexpr int kDiffWidth = 320, kDiffHeight = 160, kDockWidth = 120, kDockHeight = 70;
    if (m_diff->isVisible() && (m_diff->width() < kDiffWidth || m_diff->height() < kDiffHeight))
        return tr("the diff is %1×%2 px").arg(m_diff->width()).arg(m_diff->height());
    for (const QDockWidget *d : findChildren<QDockWidget *>()) {
        // A dock behind another's tab counts as visible, out of sight.
        if (!d->isVisible() || d->isFloating() || d->visibleRegion().isEmpty())
            continue;
        if (d->width() < kDockWidth || d->height() < kDockHeight)
            return tr("%1 is %2×%3 px").arg(d->windowTitle()).arg(d->width()).arg(d->height());
    }
    return {};
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(u"window/geometry"_s, saveGeometry());
    // The layout the engineer works in, not the presentation's, and never
    // one that crushes a pane (the next start would open crushed).
    // Compare floating over the window is for this session, not the next.
    if (m_compareDock->isFloating())
        m_compareDock->setFloating(false);
    if (m_presenting)
        settings.setValue(u"window/state"_s, m_layoutBeforePresenting);
    else if (layoutProblem().isEmpty())
        settings.setValue(u"window/state"_s, saveState());
    if (m_workbench && m_workbench->loop() && !m_workbench->loop()->isFinished())
        m_workbench->loop()->abort();
    event->accept();
}

} // namespace kwb
