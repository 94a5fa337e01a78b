// The workbench window offscreen: models under QAbstractItemModelTester, and
// the toolbar driving a real loop on the tiny cpu-cxx workload (approve,
// edit-then-approve, reject, revert, step, stop), with a responsiveness
// probe while candidates compile and run.
#include "analysischarts.h"
#include "compareview.h"
#include "diffview.h"
#include "llm/llmclient.h"
#include "llmsettings.h"
#include "llmview.h"
#include "mainwindow.h"
#include "metricchart.h"
#include "qsci.h"
#include "remote/hostmodel.h"
#include "run/workbench.h"
#include "session/candidatemodel.h"
#include "session/compare.h"
#include "session/llmcalls.h"
#include "session/reflexionmodel.h"
#include "targets/targetprofile.h"
#include "timelineview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDirIterator>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLegendMarker>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QXYSeries>
#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

ExperimentRecord record(int id, std::optional<int> parent, const char *decision, double ms)
{
    ExperimentRecord r;
    r.id = id;
    r.round = id - 1;
    r.parent = parent;
    r.origin = id == 1 ? Origin::Human : Origin::Search;
    r.decision = verdictFromWord(QString::fromLatin1(decision));
    r.plan = u"plan "_s + QString::number(id);
    r.result = Json{{"correct", ms > 0},
                    {"latency", {{"median_ms", ms}}},
                    {"metrics", {{"gflops", ms > 0 ? 10 / ms : 0}, {"intensity", 2.0}}}};
    return r;
}

} // namespace

class TestGui : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;

    // Waits, with a bound, until the window has a candidate at the gate.
    bool waitForGate(MainWindow &w, int timeoutMs = 60'000)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < timeoutMs) {
            if (w.pendingCandidate() && w.action(u"approve"_s)->isEnabled())
                return true;
            QTest::qWait(20);
        }
        return false;
    }

    // What is crushed, grown or squeezed in the window as it stands (empty:
    // nothing): the checks after each step of the demo.
    static QString layoutTrouble(const MainWindow &w, const QSize &screen)
    {
        if (const QString problem = w.layoutProblem(); !problem.isEmpty())
            return problem;
        if (w.width() > screen.width() || w.height() > screen.height())
            return u"the window grew to %1×%2"_s.arg(w.width()).arg(w.height());
        const int left = w.diffView()->leftEditor()->width();
        const int right = w.diffView()->rightEditor()->width();
        if (std::min(left, right) < 140)
            return u"the diff's panes are %1 and %2 px wide"_s.arg(left).arg(right);
        // (a dock behind another's tab is "visible", out of sight)
        auto onScreen = [](const QWidget *x) { return !x->visibleRegion().isEmpty(); };
        if (onScreen(w.chart()) && w.chart()->chart()->plotArea().height() < 80)
            return u"the metric chart plots in %1 px"_s.arg(
                w.chart()->chart()->plotArea().height());
        if (onScreen(w.compareView())) {
            const int code = w.compareView()->diff()->leftEditor()->height();
            const int table = w.compareView()->table()->height();
            if (code < 100 || table < 80)
                return u"Compare shows %1 px of code and %2 px of metrics"_s.arg(code).arg(table);
        }
        // The status bar's progress bars hold their text on one line.
        for (const QProgressBar *bar : w.statusBar()->findChildren<QProgressBar *>()) {
            const int needs = bar->fontMetrics().horizontalAdvance(bar->text()) + 8;
            if (bar->isVisible() && bar->width() < needs)
                return u"a progress bar is %1 px for \"%2\" (%3 px)"_s.arg(bar->width())
                    .arg(bar->text())
                    .arg(needs);
        }
        const auto *timeline = w.findChild<QDockWidget *>(u"timelineDock"_s);
        if (onScreen(timeline) && timeline->width() < std::min(300, screen.width() / 3))
            return u"the timeline is %1 px wide"_s.arg(timeline->width());
        return {};
    }

    // A copy of the tiny search workload in its own folder with its text
    // edited (each `from` must occur): for tests that need a variant.
    // Empty on failure.
    QString tinyVariant(const QString &name, const QList<std::pair<QByteArray, QByteArray>> &edits)
    {
        const QString dir = m_tmp.path() + u'/' + name;
        if (!QDir().mkpath(dir))
            return {};
        for (const char *file :
             {"good.cpp", "slow.cpp", "hang.cpp", "template.cpp", "reference.cpp"}) {
            const QString f = QString::fromLatin1(file);
            if (!QFile::copy(QFINDTESTDATA(u"data/tiny/"_s + f), dir + u'/' + f))
                return {};
        }
        QFile in(QFINDTESTDATA("data/tiny/search.json"));
        if (!in.open(QIODevice::ReadOnly))
            return {};
        QByteArray text = in.readAll();
        for (const auto &[from, to] : edits) {
            if (!text.contains(from))
                return {};
            text.replace(from, to);
        }
        QFile out(dir + u"/workload.json"_s);
        if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size())
            return {};
        return out.fileName();
    }

    // With KWB_SCREENSHOT_DIR set, a picture of the window for the step.
    static void shoot(MainWindow &w, const QSize &screen, int step, const char *name)
    {
        const QString dir = qEnvironmentVariable("KWB_SCREENSHOT_DIR");
        if (dir.isEmpty())
            return;
        QDir().mkpath(dir);
        QCoreApplication::processEvents(); // the status bar and docks laid out as shown
        const QString file = u"%1/%2x%3-%4-%5.png"_s.arg(dir)
                                 .arg(screen.width())
                                 .arg(screen.height())
                                 .arg(step, 2, 10, QChar(u'0'))
                                 .arg(QString::fromLatin1(name));
        // The window and what floats over it (Compare on a small screen).
        QPixmap shot = w.grab();
        QPainter painter(&shot);
        for (QDockWidget *d : w.findChildren<QDockWidget *>()) {
            if (d->isFloating() && d->isVisible())
                painter.drawPixmap(d->geometry().topLeft() - w.geometry().topLeft(), d->grab());
        }
        painter.end();
        QVERIFY2(shot.save(file), qPrintable(file));
    }

private Q_SLOTS:
    void candidateModelUnderTester()
    {
        CandidateModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.reset({record(1, std::nullopt, "kept", 10), record(2, 1, "discarded", 12)},
                    u"gflops"_s);
        model.append(record(3, 1, "kept", 5));
        model.append(record(4, 3, "failed", 0));
        model.append(record(4, 3, "failed", 0)); // the same record twice: ignored
        model.setIncumbent(3);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.startId(), 1);
        QCOMPARE(model.index(2, CandidateModel::Speedup).data().toString(), u"2.00×"_s);
        QCOMPARE(model.index(1, CandidateModel::Id).data().toString(), u"2"_s);
        QCOMPARE(model.index(3, CandidateModel::Median).data().toString(), u"—"_s);
        QCOMPARE(model.index(2, 0).data(CandidateModel::KindRole).toString(), u"kept"_s);
        QCOMPARE(model.index(2, 0).data(CandidateModel::GoalMetricRole).toDouble(), 2.0);
        QVERIFY(model.index(2, 0).data(CandidateModel::IncumbentRole).toBool());
        QCOMPARE(model.index(2, CandidateModel::Id).data().toString(),
                 u"★ 3"_s); // the incumbent, starred
    }

    void listModelsUnderTester()
    {
        JsonListModel reflexions(JsonListModel::Reflexions);
        QAbstractItemModelTester tester(&reflexions,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        reflexions.reset({Json{{"candidate", 2},
                               {"outcome", "discarded"},
                               {"tried", "BM 64→32"},
                               {"lesson", "BM barely matters"},
                               {"avoid", {"BM=16"}},
                               {"try", {"BK=32"}}}});
        reflexions.append(Json{{"candidate", 3},
                               {"outcome", "kept"},
                               {"tried", "BK 64→32"},
                               {"lesson", "smaller BK helps"}});
        QCOMPARE(reflexions.rowCount(), 2);
        const QString text = reflexions.index(0).data().toString();
        QVERIFY2(text.contains(u"lesson: BM barely matters"_s) &&
                     text.contains(u"avoid: BM=16"_s) && text.contains(u"try: BK=32"_s),
                 qPrintable(text));
        QCOMPARE(reflexions.index(1).data(JsonListModel::CandidateRole).toInt(), 3);
        JsonListModel memory(JsonListModel::Memory);
        QAbstractItemModelTester memoryTester(
            &memory, QAbstractItemModelTester::FailureReportingMode::QtTest);
        memory.append(Json{{"from", 1}, {"to", 3}, {"speedup", 2.0}, {"change", "BK 64→32"}});
        QCOMPARE(memory.index(0).data().toString(), u"#1 → #3: 2.00× — BK 64→32"_s);
    }

    void hostAndLlmCallModelsUnderTester()
    {
        HostModel hosts;
        QAbstractItemModelTester hostTester(&hosts,
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
        hosts.setHosts({u"local"_s, u"gpu1"_s});
        hosts.setState(u"gpu1"_s, HostModel::State::Connected);
        hosts.setLoad(u"gpu1"_s, 1, 2);
        hosts.setLatency(u"gpu1"_s, 3.5);
        hosts.setHosts({u"gpu1"_s});
        QCOMPARE(hosts.rowCount(), 1);

        LlmCallModel calls;
        QAbstractItemModelTester callTester(&calls,
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy appended(&calls, &LlmCallModel::replyAppended);
        calls.started(7, 2, u"planner"_s, u"system"_s, u"prompt"_s);
        calls.delta(7, u"half "_s);
        calls.delta(7, u"reply"_s);
        QCOMPARE(appended.count(), 2);
        QCOMPARE(calls.liveCount(), 1);
        LlmReply reply;
        reply.ok = true;
        reply.text = u"half reply"_s;
        reply.tokensIn = 10;
        reply.tokensOut = 5;
        LedgerTotals ledger;
        ledger.add(Json{{"ok", true}, {"tokens_in", 10}, {"tokens_out", 5}, {"round", 2}});
        calls.finished(7, reply, ledger);
        QCOMPARE(calls.liveCount(), 0);
        QCOMPARE(calls.rowCount(), 1);
        QCOMPARE(calls.index(0, LlmCallModel::TokensIn).data().toString(), u"10"_s);
        QCOMPARE(calls.index(0, 0).data(LlmCallModel::ReplyRole).toString(), u"half reply"_s);
        QCOMPARE(calls.ledger().calls, 1);
    }

    void diffViewAlignsWithPadding()
    {
        DiffView view;
        // The texts show at once; the diff's marks follow from a worker.
        auto shown = [&view] {
            if (view.diffPending())
                QSignalSpy(&view, &DiffView::diffShown).wait(5000);
            return !view.diffPending();
        };
        view.setTexts(u"a"_s, u"one\ntwo\nthree\n"_s, u"b"_s, u"one\n2\nthree\nfour\nfive\n"_s);
        QCOMPARE(view.rightEditor()->text(), u"one\n2\nthree\nfour\nfive\n"_s);
        QVERIFY(shown());
        QCOMPARE(view.changedRows(), 3); // two→2 changed; four, five inserted
        QCOMPARE(view.leftPadding(), 2); // the left pads the two inserted lines
        QCOMPARE(view.rightPadding(), 0);
        QCOMPARE(view.leftEditor()->text(), u"one\ntwo\nthree\n"_s); // the real text is untouched
        // Lines inserted above the first one: the read-only side shows blank
        // lines there (annotations only go below a line), numbered from the
        // first real line, so the first common line sits on the same row.
        view.setRightEditable(false);
        view.setTexts(u"a"_s, u"x\ny\n"_s, u"b"_s, u"new1\nnew2\nx\ny\n"_s);
        QVERIFY(shown());
        QCOMPARE(view.leftPadding(), 2);
        QCOMPARE(view.leftText(), u"x\ny\n"_s);
        QCOMPARE(view.leftEditor()->text(2), u"x\n"_s); // row 3 on both sides
        QCOMPARE(view.rightEditor()->text(2), u"x\n"_s);
        QByteArray number(16, '\0');
        view.leftEditor()->SendScintilla(QsciScintillaBase::SCI_MARGINGETTEXT, 2ul, number.data());
        QCOMPARE(QByteArray(number.constData()), QByteArray("1")); // numbered as line 1
        // Lines deleted above the first one, right side editable: its text
        // stays exactly the candidate's.
        view.setRightEditable(true);
        view.setTexts(u"a"_s, u"old\nx\n"_s, u"b"_s, u"x\n"_s);
        QVERIFY(shown());
        QCOMPARE(view.rightEditor()->text(), u"x\n"_s);
        QCOMPARE(view.rightText(), u"x\n"_s);
        view.setRightEditable(false);
        view.setTexts(u"a"_s, u"old\nx\n"_s, u"b"_s, u"x\n"_s);
        QVERIFY(shown());
        QCOMPARE(view.rightEditor()->text(1), u"x\n"_s); // padded when read-only
        QCOMPARE(view.rightText(), u"x\n"_s);
        QVERIFY(!view.rightModified());
        view.setRightEditable(true);
        QCOMPARE(view.rightEditor()->text(), u"x\n"_s); // the padding left when it became editable
        view.setTexts(u"a"_s, u"one\ntwo\nthree\n"_s, u"b"_s, u"one\n2\nthree\nfour\nfive\n"_s);
        QVERIFY(!view.rightModified());
        view.setRightEditable(true);
        view.rightEditor()->append(u"// hand edit\n"_s);
        QVERIFY(view.rightModified());

        // Selections in quick succession: the newest wins, whatever finishes
        // first (a long diff first, a short one after it).
        view.setRightEditable(false);
        QString longLeft, longRight;
        for (int i = 0; i < 3000; ++i) {
            longLeft += u"left "_s + QString::number(i) + u'\n';
            longRight += u"right "_s + QString::number(i * 7) + u'\n';
        }
        view.setTexts(u"a"_s, longLeft, u"b"_s, longRight);
        view.setTexts(u"a"_s, u"p\nq\n"_s, u"b"_s, u"p\nr\n"_s);
        QVERIFY(shown());
        QCOMPARE(view.changedRows(), 1);
        QCOMPARE(view.rightEditor()->text(), u"p\nr\n"_s);
        QVERIFY(!QSignalSpy(&view, &DiffView::diffShown).wait(300)); // the long one never lands
        QCOMPARE(view.changedRows(), 1);
        // An empty pane numbers no line (no stray "1" in its gutter).
        view.clear();
        QCOMPARE(view.leftEditor()->marginType(0), QsciScintilla::TextMarginRightJustified);
        view.setTexts(u"a"_s, u"p\n"_s, u"b"_s, u"p\n"_s);
        QCOMPARE(view.leftEditor()->marginType(0), QsciScintilla::NumberMargin);
    }

    void timelineLanesBranchAtReverts()
    {
        CandidateModel model;
        // 1 → 2 (kept) → 3 (kept); revert to 2: 4 and 5 hang off 2 → new lane.
        model.reset({record(1, std::nullopt, "kept", 10), record(2, 1, "kept", 8),
                     record(3, 2, "kept", 7), record(4, 2, "kept", 6),
                     record(5, 4, "discarded", 9)},
                    u"gflops"_s);
        TimelineView view;
        view.resize(600, 200);
        view.setModel(&model);
        QCOMPARE(view.laneOf(3), 0);
        QCOMPARE(view.laneOf(4), 1);
        QCOMPARE(view.laneOf(5), 1);
        QCOMPARE(view.laneCount(), 2);
        QSignalSpy selected(&view, &TimelineView::candidateSelected);
        QTest::mousePress(view.viewport(), Qt::LeftButton, {}, view.nodeCenter(4));
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected[0][0].toInt(), 4);
        // Thousands of candidates: every one laid out, only visible ones painted.
        std::vector<ExperimentRecord> many;
        for (int i = 1; i <= 5000; ++i)
            many.push_back(record(i, i > 1 ? std::optional(i - 1) : std::nullopt,
                                  i % 7 ? "discarded" : "kept", 5));
        model.reset(many, u"gflops"_s);
        QCOMPARE(view.idAt(view.nodeCenter(1)), 1);
        view.viewport()->repaint();
    }

    void chartFollowsTheModel()
    {
        CandidateModel model;
        MetricChart chart;
        auto legend = [&chart] {
            QStringList names;
            for (QLegendMarker *m : chart.chart()->legend()->markers())
                if (m->isVisible())
                    names << m->label();
            return names;
        };
        chart.show(); // a hidden view's markers are all hidden
        chart.setModel(&model, u"gflops"_s, 5.0, true);
        QTRY_COMPARE(legend(), QStringList{u"goal"_s}); // only what is drawn
        model.reset({}, u"gflops"_s);
        ExperimentRecord base = record(2, std::nullopt, "baseline", 20);
        base.origin = Origin::Baseline;
        model.append(base);
        QTRY_COMPARE(legend(), (QStringList{u"goal"_s, u"baseline"_s}));
        model.append(record(1, std::nullopt, "kept", 10)); // as a live run adds them
        QTRY_COMPARE(chart.pointCount(), 1);
        QTRY_COMPARE(legend(), (QStringList{u"best"_s, u"goal"_s, u"baseline"_s, u"candidates"_s}));
        model.reset({record(1, std::nullopt, "kept", 10)}, u"gflops"_s);
        QCOMPARE(chart.pointCount(), 1);
        model.append(record(2, 1, "kept", 4));
        model.append(record(3, 2, "failed", 0));
        QTRY_COMPARE_WITH_TIMEOUT(chart.pointCount(), 2,
                                  2000); // batched on the next turn; the failure is marked apart
        QTRY_COMPARE(legend(), (QStringList{u"failed"_s, u"best"_s, u"goal"_s, u"candidates"_s}));
        const QString png = m_tmp.path() + u"/chart.png"_s, svg = m_tmp.path() + u"/chart.svg"_s;
        chart.resize(400, 300);
        const QSizeF shown = chart.chart()->size();
        QVERIFY(chart.exportTo(png));
        QVERIFY(chart.exportTo(svg));
        QVERIFY(QFileInfo(png).size() > 1000);
        // Exported at its own size (1600×1000), not the dock's; the dock keeps its own.
        QCOMPARE(QImage(png).size(), QSize(1600, 1000));
        QCOMPARE(chart.chart()->size(), shown);
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray drawing = f.readAll();
        QVERIFY(drawing.contains("<svg"));
        QVERIFY(drawing.contains("1600"));
        QCOMPARE(chart.xTickInterval(), 2.0); // 0, 2, 4 … 10: round ticks
    }

    void falseWinIsNeverTheBest()
    {
        // The fastest times are a false win and a flagged result: the
        // model (and so the status bar's "best"), the speedup column, the
        // chart's best line and the roofline's points pass them over.
        CandidateModel model;
        MetricChart chart;
        chart.setModel(&model, u"gflops"_s, 5.0, true);
        RooflineChart roofline;
        roofline.setModel(&model);
        roofline.show();
        ExperimentRecord falseWin = record(3, 2, "failed", 0.5);
        falseWin.flags << u"false-win"_s;
        ExperimentRecord flagged = record(4, 2, "kept", 0.4);
        flagged.flags << u"flagged"_s;
        model.reset({record(1, std::nullopt, "kept", 10), record(2, 1, "kept", 5)}, u"gflops"_s);
        model.append(falseWin);
        model.append(flagged);
        QCOMPARE(model.bestMedianMs(), 5.0);
        QCOMPARE(model.index(2, CandidateModel::Speedup).data().toString(), u"—"_s);
        QCOMPARE(model.index(3, CandidateModel::Speedup).data().toString(), u"—"_s);
        QTRY_COMPARE_WITH_TIMEOUT(chart.pointCount(), 2, 2000);
        QCOMPARE(chart.bestValue(), 2.0);                          // gflops of #2: 10 / 5 ms
        QTRY_COMPARE_WITH_TIMEOUT(roofline.pointCount(), 2, 2000); // #1 and #2 only
    }

    // The roofline asks the result for the roles, not for names: a target
    // that calls its FLOP rate "gf" and its intensity "ai" keeps its points.
    void rooflineFollowsRolesNotNames()
    {
        CandidateModel model;
        RooflineChart roofline;
        roofline.setModel(&model);
        roofline.show();
        auto renamed = [](int id, double ms) {
            ExperimentRecord r =
                record(id, id > 1 ? std::optional<int>(id - 1) : std::nullopt, "kept", ms);
            r.result = Json{{"correct", true},
                            {"latency", {{"median_ms", ms}}},
                            {"metrics", {{"gf", 10 / ms}, {"ai", 2.0}}},
                            {"roles", {{"flop_rate", "gf"}, {"intensity", "ai"}}}};
            return r;
        };
        model.reset({renamed(1, 10), renamed(2, 5)}, u"gf"_s);
        QTRY_COMPARE_WITH_TIMEOUT(roofline.pointCount(), 2, 2000);
        // The same figures under names no role points at: no point.
        ExperimentRecord unnamed = renamed(3, 4);
        Json doc = unnamed.result.document();
        doc["roles"] = Json::object();
        unnamed.result = doc;
        model.append(unnamed);
        model.append(renamed(4, 2)); // taken as it comes: a point
        QCOMPARE(roofline.pointCount(), 3);
    }

    void comparisonSaysWhetherAGainIsNoise()
    {
        Diagnostic d;
        const TargetProfile target = *TargetRegistry::load(u"cpu-cxx"_s, &d);
        auto timed = [](int id, double median, double q1, double q3) {
            ExperimentRecord r = record(id, std::nullopt, "kept", median);
            Json doc = r.result.document();
            doc["latency"] = Json{{"median_ms", median}, {"q1_ms", q1}, {"q3_ms", q3}};
            doc["metrics"] = Json{{"median_ms", median}, {"gflops", 100 / median}};
            r.result = doc;
            return r;
        };
        const Comparison noise =
            compareRecords(timed(1, 10, 9.5, 10.5), timed(2, 9.8, 9.4, 10.2), target);
        QVERIFY(noise.withinNoise);
        QVERIFY2(noise.verdict.contains(u"2.0% faster"_s) &&
                     noise.verdict.contains(u"not a real difference"_s),
                 qPrintable(noise.verdict));
        const Comparison real =
            compareRecords(timed(1, 10, 9.9, 10.1), timed(2, 8, 7.9, 8.1), target);
        QVERIFY(!real.withinNoise);
        QVERIFY2(real.verdict.contains(u"20.0% faster"_s) && real.verdict.contains(u"beyond"_s),
                 qPrintable(real.verdict));
        bool sawGflops = false, sawMedian = false;
        for (const MetricComparison &m : real.metrics) {
            if (m.metric == u"gflops"_s) {
                sawGflops = true;
                QCOMPARE(m.verdict, 1); // higher is better, and it went up
                QCOMPARE(qRound(m.deltaPct), 25);
            }
            if (m.metric == u"median_ms"_s) {
                sawMedian = true;
                QCOMPARE(m.verdict, 1); // lower is better, and it went down
            }
        }
        QVERIFY(sawGflops && sawMedian);

        // A false win (wrong on re-check) or a flagged timing: its figures
        // are not a candidate's, so Compare and the Selected bars show none.
        for (const char *flag : {"false-win", "flagged"}) {
            ExperimentRecord cheat = timed(3, 0.01, 0.009, 0.011);
            cheat.flags << QString::fromLatin1(flag);
            const Comparison c = compareRecords(timed(1, 10, 9.9, 10.1), cheat, target);
            QVERIFY2(c.verdict.contains(u"cannot be compared"_s), qPrintable(c.verdict));
            for (const MetricComparison &m : c.metrics)
                QVERIFY2(std::isnan(m.b),
                         qPrintable(m.metric + u" shows "_s + QString::number(m.b)));
        }
    }

    void badWorkloadShowsAnError()
    {
        MainWindow w;
        // The default layout fits a 1280×800 screen.
        QVERIFY2(w.minimumSizeHint().height() <= 800 && w.minimumSizeHint().width() <= 1280,
                 qPrintable(QString::number(w.minimumSizeHint().width()) + u'×' +
                            QString::number(w.minimumSizeHint().height())));
        QVERIFY(!w.newSession(m_tmp.path() + u"/missing.json"_s, m_tmp.path() + u"/s-missing"_s));
        QVERIFY2(w.errorText().contains(u"no such workload file"_s), qPrintable(w.errorText()));
        QVERIFY(!w.action(u"run"_s)->isEnabled());
    }

    // Hosts → Check: what kwb hosts check asks each host, in the console,
    // without starting a run; one check at a time.
    void hostsAreCheckedFromTheWindow()
    {
        MainWindow w;
        QVERIFY2(w.newSession(QFINDTESTDATA("data/tiny/search.json"),
                              m_tmp.path() + u"/check-session"_s),
                 qPrintable(w.errorText()));
        QAction *check = w.action(u"checkHosts"_s);
        QVERIFY(check && check->isEnabled());
        QSignalSpy done(w.workbench(), &Workbench::hostsChecked);
        check->trigger();
        QVERIFY(!check->isEnabled());
        QVERIFY(!w.workbench()->checkHosts());
        QVERIFY(done.wait(60'000));
        QCOMPARE(done[0][0].toBool(), true);
        QVERIFY(check->isEnabled());
        QVERIFY(!w.workbench()->loop()); // nothing ran
        const QDockWidget *dock = w.findChild<QDockWidget *>(u"consoleDock"_s);
        const QString console = qobject_cast<QPlainTextEdit *>(dock->widget())->toPlainText();
        QVERIFY2(console.contains(u"local\n  ✓ bash"_s) &&
                     console.contains(u"  ✓ C++ compiler (g++)"_s) &&
                     console.contains(u"all hosts ready for cpu-cxx"_s),
                 qPrintable(console));
    }

    void tunerFileIsImportedFromTheWindow()
    {
        MainWindow w;
        const QString session = m_tmp.path() + u"/import-session"_s;
        QVERIFY2(w.newSession(QFINDTESTDATA("data/tiny/search.json"), session),
                 qPrintable(w.errorText()));
        QAction *import = w.action(u"importTuner"_s);
        QVERIFY(import && import->isEnabled());
        auto writeFile = [this](const QString &name, const QByteArray &text) {
            QFile f(m_tmp.path() + u'/' + name);
            if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
                return QString();
            return f.fileName();
        };
        // Three configurations of tiny/search.json's space, one that failed.
        const QString file = writeFile(u"tiny.cache.json"_s, R"({
  "device_name": "elsewhere", "tune_params_keys": ["REPEAT", "UNROLL", "SKEW"],
  "cache": {"1,4,0": {"REPEAT": 1, "UNROLL": 4, "SKEW": 0, "time": 0.01},
            "2,1,0": {"REPEAT": 2, "UNROLL": 1, "SKEW": 0, "time": 0.02},
            "8,1,1": {"REPEAT": 8, "UNROLL": 1, "SKEW": 1, "time": "RuntimeFailedConfig"}}}
)");
        QVERIFY(!file.isEmpty());
        const CandidateModel *candidates = w.workbench()->candidates();
        QCOMPARE(candidates->rowCount(), 0);
        QVERIFY2(w.importTunerFile(file), qPrintable(w.errorText()));
        QCOMPARE(candidates->rowCount(), 3);
        QVERIFY2(w.consoleText().contains(u"imported 3 of 3 configurations into "_s + session),
                 qPrintable(w.consoleText()));
        QCOMPARE(w.workbench()->session().experiments().size(), size_t(3));
        // Each measurement gets the figures the workload gives it here: 1,4,0
        // took 0.01 ms for 2·65536 FLOP, 13.1 GFLOP/s.
        const ExperimentRecord *fastest = nullptr;
        for (const ExperimentRecord &r : w.workbench()->session().experiments()) {
            QCOMPARE(r.origin, Origin::Imported);
            if (r.knobs == Json{{"REPEAT", 1}, {"UNROLL", 4}, {"SKEW", 0}})
                fastest = &r;
        }
        QVERIFY(fastest);
        QCOMPARE(fastest->trustedMetric(MetricRole::FlopRate).value_or(0),
                 2 * 65536 / 0.01e-3 / 1e9);
        // Nothing is imported twice.
        QVERIFY(w.importTunerFile(file));
        QCOMPARE(candidates->rowCount(), 3);
        QVERIFY2(w.consoleText().contains(u"imported 0 of 3 configurations"_s),
                 qPrintable(w.consoleText()));
        // A malformed file is named with its line and column; nothing changes.
        const QString bad = writeFile(u"bad.cache.json"_s,
                                      "{\n  \"tune_params_keys\": [\"REPEAT\", \"UNROLL\", "
                                      "\"SKEW\"],\n  \"cache\": {\"8,1,0\": {\"time\": }}\n}\n");
        QVERIFY(!w.importTunerFile(bad));
        QVERIFY2(w.errorText().contains(bad + u":3:"_s), qPrintable(w.errorText()));
        QCOMPARE(candidates->rowCount(), 3);
        QCOMPARE(w.workbench()->session().experiments().size(), size_t(3));

        // Refused while a run is under way, from its start to its end.
        w.action(u"run"_s)->trigger();
        QVERIFY(!import->isEnabled());
        QVERIFY(!w.workbench()->importTunerFile(file).error.isEmpty());
        QVERIFY(waitForGate(w));
        QVERIFY(!import->isEnabled());
        QVERIFY(!w.workbench()->canImport());
        w.action(u"stop"_s)->trigger();
        if (w.pendingCandidate())
            w.action(u"reject"_s)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w.workbench()->loop()->isFinished(), 60'000);
        QTRY_VERIFY_WITH_TIMEOUT(import->isEnabled(), 10'000);
    }

    void toolbarDrivesARealLoop()
    {
        MainWindow w;
        w.show();
        const QString session = m_tmp.path() + u"/gui-session"_s;
        QVERIFY2(w.newSession(QFINDTESTDATA("data/tiny/search.json"), session),
                 qPrintable(w.errorText()));
        Workbench *wb = w.workbench();
        auto *mode = w.findChild<QComboBox *>(u"mode"_s);
        QCOMPARE(mode->currentIndex(), int(LoopMode::ApproveEach));
        for (const char *name : {"run", "pause", "step", "approve", "edit", "reject", "regenerate",
                                 "revert", "stop"}) {
            QAction *a = w.action(QString::fromLatin1(name));
            QVERIFY2(!a->icon().pixmap(16, 16, QIcon::Normal).isNull(), name); // SVG icons load
            QVERIFY2(!a->shortcut().isEmpty(), name);
        }
        w.action(u"run"_s)->trigger();

        // Round 0: the starting kernel waits at the gate; approve it.
        QVERIFY(waitForGate(w));
        QCOMPARE(w.pendingCandidate(), 1);
        w.action(u"approve"_s)->trigger();

        // The next one: hand-edit it, then approve — it is checked and timed.
        QVERIFY(waitForGate(w));
        const int edited = w.pendingCandidate();
        w.action(u"edit"_s)->trigger();
        QVERIFY(!w.diffView()->rightEditor()->isReadOnly());
        w.diffView()->rightEditor()->append(u"// tuned by hand\n"_s);
        // Responsiveness while it compiles and runs: the event loop keeps
        // turning (each probe is a 10 ms timer; none may be late by > 100 ms).
        w.action(u"approve"_s)->trigger();
        QElapsedTimer probe;
        qint64 worst = 0;
        while (wb->candidates()->rowOf(edited) < 0) {
            probe.start();
            QTest::qWait(10);
            worst = std::max(worst, probe.elapsed());
            QVERIFY2(probe.elapsed() < 60'000, "the edited candidate never finished");
        }
        qInfo("worst event-loop stall while evaluating: %lld ms", worst);
        QVERIFY(worst < 100);
        const ExperimentRecord *e = wb->candidates()->recordById(edited);
        QVERIFY(e->flags.contains(u"human-edited"_s));
        QCOMPARE(CandidateModel::kindOf(*e), u"human-edited"_s);

        // Reject the next one: recorded as rejected, never evaluated.
        QVERIFY(waitForGate(w));
        const int rejected = w.pendingCandidate();
        w.action(u"reject"_s)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(wb->candidates()->rowOf(rejected) >= 0, 10'000);
        QCOMPARE(wb->candidates()->recordById(rejected)->decision, Verdict::Rejected);
        // The status bar counts evaluations: the rejected one is not.
        const int evaluated = wb->candidates()->rowCount() - 1;
        QCOMPARE(wb->candidates()->evaluatedCount(), evaluated);
        QTRY_VERIFY2(w.statusText().contains(u" · %1 evaluations · "_s.arg(evaluated)),
                     qPrintable(w.statusText()));

        // Revert to the starting kernel: the next candidate's parent is #1.
        QVERIFY(waitForGate(w));
        w.selectCandidate(1);
        QVERIFY(w.action(u"revert"_s)->isEnabled());
        w.action(u"revert"_s)->trigger();
        QVERIFY(w.errorText().isEmpty());
        w.action(u"reject"_s)->trigger(); // the one proposed before the revert
        QVERIFY(waitForGate(w));
        const int afterRevert = w.pendingCandidate();
        w.action(u"approve"_s)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(wb->candidates()->rowOf(afterRevert) >= 0, 60'000);
        QCOMPARE(wb->candidates()->recordById(afterRevert)->parent.value_or(0), 1);
        QVERIFY(wb->candidates()->wasRevertedTo(1));
        QCOMPARE(wb->session().loopState()["reverts"].back()["to"].get<int>(),
                 1); // kept for a reopened session

        // Step: one phase at a time.
        mode->setCurrentIndex(int(LoopMode::StepEachPhase));
        QVERIFY(waitForGate(w) || wb->loop()->isPaused());
        w.action(u"stop"_s)->trigger();
        if (w.pendingCandidate())
            w.action(u"reject"_s)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(wb->loop()->isFinished() || wb->loop()->isPaused(), 60'000);
        if (!wb->loop()->isFinished()) {
            const LoopPhase before = wb->loop()->phase();
            w.action(u"step"_s)->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(wb->loop()->phase() != before || wb->loop()->isFinished(),
                                     10'000);
        }

        // The timeline and chart show what the store holds.
        QCOMPARE(wb->candidates()->rowCount(), int(wb->session().experiments().size()));
        QVERIFY(w.chart()->pointCount() >= 2);
    }

    // Every piece of state text follows the loop: the gate, the evaluation,
    // Autopilot releasing the gate, Stop, the end.
    void gateTextFollowsTheLoop()
    {
        MainWindow w;
        w.show();
        QVERIFY2(
            w.newSession(QFINDTESTDATA("data/tiny/search.json"), m_tmp.path() + u"/gate-text"_s),
            qPrintable(w.errorText()));
        QCOMPARE(w.loopStateText(), u"idle: press Run (F5)"_s);
        w.action(u"run"_s)->trigger();
        QVERIFY(waitForGate(w));
        QCOMPARE(w.loopStateText(), u"#1 waits for approval"_s);
        QVERIFY2(w.diffView()->rightTitle().contains(u"waiting for approval"_s),
                 qPrintable(w.diffView()->rightTitle()));
        QVERIFY(w.statusBar()->currentMessage().contains(u"waits for you"_s));
        QVERIFY(!w.diffView()->rightTitle().contains(u"press Run"_s));
        w.action(u"approve"_s)->trigger();
        // While it is compiled and timed: no gate words anywhere.
        QTRY_COMPARE_WITH_TIMEOUT(w.loopStateText(), u"evaluating #1"_s, 10'000);
        // The run's progress and the running evaluation's stage and time.
        QTRY_VERIFY2_WITH_TIMEOUT(
            QRegularExpression(
                u"^0/\\d+ evaluations \\| #1 (starting|compiling|checking|timing) · \\d+s$"_s)
                .match(w.progressText())
                .hasMatch(),
            qPrintable(w.progressText()), 3000);
        QVERIFY2(w.diffView()->rightTitle().startsWith(u"#1 — evaluating"_s),
                 qPrintable(w.diffView()->rightTitle()));
        QVERIFY(!w.statusBar()->currentMessage().contains(u"waits for you"_s));

        // Autopilot at the next gate releases it.
        QVERIFY(waitForGate(w));
        const int released = w.pendingCandidate();
        w.findChild<QComboBox *>(u"mode"_s)->setCurrentIndex(int(LoopMode::Autopilot));
        QTRY_VERIFY_WITH_TIMEOUT(w.workbench()->candidates()->rowOf(released) >= 0, 60'000);
        QVERIFY(w.workbench()->candidates()->recordById(released)->decision != Verdict::Rejected);
        QCOMPARE(w.pendingCandidate(), 0);

        // Stop says it is stopping at once, then that the loop finished.
        w.action(u"stop"_s)->trigger();
        if (!w.workbench()->loop()->isFinished()) {
            QVERIFY2(w.loopStateText().startsWith(u"stopping"_s), qPrintable(w.loopStateText()));
            // The way out is on screen while a candidate still runs.
            auto *abandon = w.findChild<QPushButton *>(u"abandon"_s);
            if (!w.workbench()->loop()->evaluating().isEmpty())
                QVERIFY(abandon->isVisible() && abandon->text().startsWith(u"Abandon #"_s));
        }
        QTRY_VERIFY_WITH_TIMEOUT(w.workbench()->loop()->isFinished(), 60'000);
        QCOMPARE(w.loopStateText(), u"finished (stopped)"_s);
        QTRY_COMPARE_WITH_TIMEOUT(w.progressText(), QString(), 2000); // no bars once it ended
        QVERIFY(!w.findChild<QPushButton *>(u"abandon"_s)->isVisible());
        QVERIFY(w.statusText().startsWith(u"finished (stopped) · "_s));

        // A finished run is not the end: Run offers to continue it.
        QVERIFY(w.action(u"run"_s)->isEnabled());
        QCOMPARE(w.action(u"run"_s)->text(), u"Continue…"_s);
        const int before = w.workbench()->candidates()->rowCount();
        QVERIFY(w.continueRun(1e6, 2));
        QCOMPARE(w.chart()->goal(), 1e6); // the goal line follows the new goal
        QTRY_VERIFY_WITH_TIMEOUT(w.workbench()->loop() && w.workbench()->loop()->isFinished(),
                                 120'000);
        QCOMPARE(w.loopStateText(), u"finished (evaluation budget)"_s);
        QCOMPARE(w.workbench()->candidates()->rowCount(), before + 2);
        QCOMPARE(int(w.workbench()->session().experiments().size()), before + 2);
    }

    // The default layout fits a 1024×700 screen; a long title elides
    // instead of widening its pane; View → Reset layout restores the docks.
    void layoutFitsSmallScreensAndResets()
    {
        MainWindow w;
        w.resize(1024, 700);
        w.resetLayout();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QSize least = w.minimumSizeHint();
        qInfo("least size of the window: %d×%d", least.width(), least.height());
        QVERIFY2(least.width() <= 1024 && least.height() <= 640, // 700 less a title bar
                 qPrintable(u"%1×%2"_s.arg(least.width()).arg(least.height())));
        const QString longTitle = u"#7 — waiting for approval: "_s + QString(600, u'x');
        w.diffView()->setTexts(longTitle, u"a\n"_s, longTitle, u"b\n"_s);
        QCOMPARE(w.diffView()->rightTitle(), longTitle); // in full, for the tooltip
        QVERIFY(w.diffView()->minimumSizeHint().width() < 400);
        QTRY_VERIFY2_WITH_TIMEOUT(w.diffView()->leftEditor()->width() > 300,
                                  qPrintable(QString::number(w.diffView()->leftEditor()->width())),
                                  2000);
        QVERIFY(std::abs(w.diffView()->leftEditor()->width() -
                         w.diffView()->rightEditor()->width()) < 20); // the panes share the width
        QVERIFY(w.width() <= 1024);
        // The mode selector stays on the toolbar (the buttons show icons only).
        auto *mode = w.findChild<QComboBox *>(u"mode"_s);
        QVERIFY(mode->isVisible());
        QVERIFY(mode->mapTo(&w, QPoint(mode->width(), 0)).x() <= w.width());

        auto *chart = w.findChild<QDockWidget *>(u"chartDock"_s);
        chart->hide();
        w.resetLayout();
        QVERIFY(!chart->isHidden());
    }

    // Settings → LLM provider (a local command here) drives an llm workload;
    // the LLM view lists every call with its exact prompt and reply, and the
    // ledger; a reopened session shows the same calls from its transcripts.
    void llmCallsAreShownAndCounted()
    {
        const QString script = m_tmp.path() + u"/agent.sh"_s;
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(("#!/bin/sh\nprompt=$(cat)\n"
                 "case \"$prompt\" in\n"
                 "  *'Propose ONE optimization'*) echo 'Drop the seven redundant passes' ;;\n"
                 "  *'You keep the optimization memory'*) echo '{\"change\": \"one pass\", "
                 "\"why\": \"less work\"}' ;;\n"
                 "  *'You reflect on one experiment'*) echo '{\"tried\": \"t\", \"expected\": "
                 "\"e\", \"observed\": \"o\", "
                 "\"lesson\": \"l\", \"avoid\": [], \"try\": []}' ;;\n"
                 "  *) echo '```cpp'; cat '" +
                 QFINDTESTDATA("data/tiny/good.cpp").toUtf8() +
                 "'; echo '```' ;;\n"
                 "esac\n"));
        f.close();
        QSettings settings;
        settings.setValue(u"llm/provider"_s, u"command"_s);
        settings.setValue(u"llm/command"_s, QStringList{u"sh"_s, script});
        settings.setValue(u"llm/override"_s, true);
        auto forget = qScopeGuard([] { QSettings().remove(u"llm"_s); });
        // The engineer's own prompt folder, started from the built-in templates.
        const QString prompts = m_tmp.path() + u"/my-prompts"_s;
        QString error;
        const QStringList written = copyBuiltInPrompts(prompts, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(written.contains(prompts + u"/planner.md"_s) &&
                     written.contains(prompts + u"/cpu-cxx/executor.md"_s),
                 qPrintable(written.join(u' ')));
        QVERIFY(copyBuiltInPrompts(prompts, &error).isEmpty()); // what is there is kept
        QFile planner(prompts + u"/planner.md"_s);
        QVERIFY(planner.open(QIODevice::Append));
        planner.write("Mind the cache lines (the engineer's own line).\n");
        planner.close();
        settings.setValue(u"llm/prompts"_s, prompts);

        const QString session = m_tmp.path() + u"/gui-llm"_s;
        {
            MainWindow w;
            w.show();
            QVERIFY2(w.newSession(QFINDTESTDATA("data/tiny/llm.json"), session),
                     qPrintable(w.errorText()));
            Workbench *wb = w.workbench();
            w.findChild<QComboBox *>(u"mode"_s)->setCurrentIndex(int(LoopMode::Autopilot));
            w.action(u"run"_s)->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(wb->loop() && wb->loop()->isFinished(), 120'000);
            auto *view = w.findChild<LlmView *>();
            QVERIFY(view);
            // #2 kept first: only a kept gain is summarized, and a flag (the
            // outside clock on a loaded host, say) is named here, not as a
            // missing call.
            const ExperimentRecord &last = wb->session().experiments().back();
            QVERIFY2(last.decision == Verdict::Kept,
                     qPrintable(verdictWord(last.decision) + u": "_s + last.cause));
            // Reflexion on the start, planner, executor, summarizer, reflexion on #2.
            QCOMPARE(view->callCount(), 5);
            QVERIFY2(view->promptText().contains(u"You reflect on one experiment"_s),
                     qPrintable(view->promptText()));
            QVERIFY2(view->replyText().contains(u"\"lesson\": \"l\""_s),
                     qPrintable(view->replyText()));
            QVERIFY2(view->totalsText().contains(u"5 LLM calls"_s) &&
                         view->totalsText().contains(u"device time"_s),
                     qPrintable(view->totalsText()));
            QCOMPARE(wb->session().memory()[0].value("by", std::string()), std::string("llm"));
        }
        QString openError;
        auto store = SessionStore::open(session, &openError);
        QVERIFY2(store, qPrintable(openError));
        LlmCallModel calls;
        QAbstractItemModelTester tester(&calls,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        calls.load(*store);
        LlmView reopened;
        reopened.setModel(&calls);
        QCOMPARE(reopened.callCount(), 5);
        QVERIFY(reopened.totalsText().contains(
            u"5 LLM calls"_s)); // The planner's prompt came from the engineer's template, as its
                                // transcript says.
        const QStringList plans =
            QDir(session + u"/transcripts"_s).entryList({u"*-planner.json"_s}, QDir::Files);
        QCOMPARE(plans.size(), 1);
        QFile transcript(session + u"/transcripts/"_s + plans[0]);
        QVERIFY(transcript.open(QIODevice::ReadOnly));
        const Json t = Json::parse(transcript.readAll().toStdString());
        QCOMPARE(t.value("template", std::string()), planner.fileName().toStdString());
        QVERIFY(t.value("prompt", std::string()).find("Mind the cache lines") != std::string::npos);
    }

    // Settings → LLM provider remembers prices per model: naming a model
    // shows its prices; OK stores them under the model and in the workload's terms.
    void llmPricesAreRememberedPerModel()
    {
        QSettings settings;
        auto forget = qScopeGuard([] { QSettings().remove(u"llm"_s); });
        settings.setValue(u"llm/provider"_s, u"openai"_s);
        settings.setValue(u"llm/prices"_s, QVariantMap{{u"big-model"_s, QVariantList{3.0, 15.0}}});
        LlmSettingsDialog dialog;
        auto *model = dialog.findChild<QLineEdit *>(u"llmModel"_s);
        auto *priceIn = dialog.findChild<QDoubleSpinBox *>(u"llmPriceIn"_s);
        auto *priceOut = dialog.findChild<QDoubleSpinBox *>(u"llmPriceOut"_s);
        QVERIFY(model && priceIn && priceOut);
        model->setText(u"big-model"_s);
        QCOMPARE(priceIn->value(), 3.0);
        QCOMPARE(priceOut->value(), 15.0);
        model->setText(u"small-model"_s);
        priceIn->setValue(0.25);
        priceOut->setValue(1.0);
        dialog.accept();
        const GuiLlmSettings g = GuiLlmSettings::load();
        QCOMPARE(g.llm["prices"]["small-model"], Json::array({0.25, 1.0}));
        QCOMPARE(g.llm["prices"]["big-model"], Json::array({3.0, 15.0}));
        // A workload naming the big model is priced by the table.
        QString error;
        const auto s = LlmSettings::fromJson(g.applyTo(Json{{"model", "big-model"}}), &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->priceInPerMTok, 3.0);
    }

    void remoteHostConnectsWithConsentAndShowsItsState()
    {
        const QString sshd = qEnvironmentVariable("KWB_SSHD_DIR");
        if (sshd.isEmpty() || !QFile::exists(sshd + u"/port"_s))
            QSKIP("no sshd fixture (run through ctest, which starts tests/sshd/sshd.sh)");
        QFile portFile(sshd + u"/port"_s);
        QVERIFY(portFile.open(QIODevice::ReadOnly));
        const QString host = qEnvironmentVariable("USER", u"root"_s) + u"@127.0.0.1:"_s +
                             QString::fromUtf8(portFile.readAll().trimmed());
        // The tiny workload, on the SSH host only.
        const QString dir = m_tmp.path() + u"/remote-workload"_s;
        QVERIFY(QDir().mkpath(dir));
        for (const char *name : {"good.cpp", "template.cpp", "reference.cpp"})
            QVERIFY(QFile::copy(QFINDTESTDATA(u"data/tiny/"_s + QLatin1String(name)),
                                dir + u'/' + QLatin1String(name)));
        QFile in(QFINDTESTDATA("data/tiny/search.json")), out(dir + u"/workload.json"_s);
        QVERIFY(in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly));
        out.write(in.readAll().replace("\"hosts\": [\"local\"]",
                                       QByteArray("\"hosts\": [\"" + host.toUtf8() + "\"]")));
        out.close();
        qputenv("KWB_SSH_CONFIG", "none");
        qputenv("KWB_SSH_IDENTITY", (sshd + u"/client_key"_s).toUtf8());
        qputenv("KWB_SSH_KNOWN_HOSTS", (m_tmp.path() + u"/gui_known_hosts"_s).toUtf8());
        auto restore = qScopeGuard([] {
            qunsetenv("KWB_SSH_CONFIG");
            qunsetenv("KWB_SSH_IDENTITY");
            qunsetenv("KWB_SSH_KNOWN_HOSTS");
        });

        MainWindow w;
        w.show();
        QVERIFY2(w.newSession(dir + u"/workload.json"_s, m_tmp.path() + u"/remote-session"_s),
                 qPrintable(w.errorText()));
        Workbench *wb = w.workbench();
        HostModel *hosts = wb->hosts();
        QCOMPARE(hosts->rowCount(), 1);
        QCOMPARE(hosts->state(host), HostModel::State::NotConnected);
        QVERIFY(w.findChild<QTableView *>(u"hosts"_s));
        // The host-key question is modal: answered from a timer, which runs
        // inside the dialog's own event loop.
        QString shown;
        QTimer answer;
        connect(&answer, &QTimer::timeout, this, [&] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box || box->objectName() != u"hostKeyDialog"_s)
                return;
            shown = box->informativeText();
            for (QAbstractButton *b : box->buttons()) {
                if (box->buttonRole(b) == QMessageBox::AcceptRole)
                    b->click();
            }
        });
        answer.start(20);
        w.action(u"run"_s)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(hosts->state(host) == HostModel::State::Connected, 30'000);
        QVERIFY2(shown.contains(u"SHA256:"_s), qPrintable(shown));
        QFile known(m_tmp.path() + u"/gui_known_hosts"_s);
        QVERIFY(known.open(QIODevice::ReadOnly));
        QVERIFY(known.readAll().contains("[127.0.0.1]:"));
        QTRY_VERIFY_WITH_TIMEOUT(std::isfinite(hosts->latencyMs(host)), 60'000);
        QVERIFY(hosts->latencyMs(host) > 0);
        // Round 0's start kernel is evaluated there: the host is busy, then
        // the record names it.
        QVERIFY(waitForGate(w));
        w.action(u"approve"_s)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(hosts->busy(host) == 1, 30'000);
        QCOMPARE(hosts->stateText(host), u"busy"_s);
        QTRY_VERIFY_WITH_TIMEOUT(wb->candidates()->rowOf(1) >= 0, 60'000);
        QCOMPARE(wb->candidates()->recordById(1)->host, host);
        QVERIFY(wb->candidates()->recordById(1)->result.correct().value_or(false));
        QTRY_COMPARE_WITH_TIMEOUT(hosts->busy(host), 0, 10'000);
        QVERIFY(w.statusText().contains(host));
        w.action(u"stop"_s)->trigger();
        if (w.pendingCandidate())
            w.action(u"reject"_s)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(wb->loop()->isFinished(), 60'000);
    }

    void reopenedSessionLooksTheSame()
    {
        const QString session = m_tmp.path() + u"/gui-session"_s;
        MainWindow w;
        QVERIFY2(w.openSession(session), qPrintable(w.errorText()));
        QVERIFY(w.workbench()->candidates()->rowCount() >= 4);
        QCOMPARE(w.workbench()->candidates()->recordAt(0)->id, 1);
        QVERIFY(w.selectedCandidate() > 0); // the newest is shown
        QVERIFY(w.workbench()->candidates()->wasRevertedTo(
            1)); // the engineer's revert, from the session
        QVERIFY(!w.diffView()->rightEditor()->text().isEmpty());
        QVERIFY(w.workbench()->reflexions()->rowCount() >= 2);
        // Roofline: the calibrated ceilings and a point per correct candidate.
        QTRY_VERIFY_WITH_TIMEOUT(w.roofline()->pointCount() >= 2, 2000);
        QVERIFY(w.roofline()->peakGflops() > 0 && w.roofline()->peakGbs() > 0);
        // The selection's bars: one per shown metric, against parent and incumbent.
        w.selectCandidate(w.workbench()->candidates()->recordAt(1)->id);
        QVERIFY(!w.selectionBars()->values().isEmpty());
        const QString rooflineSvg = m_tmp.path() + u"/roofline.svg"_s;
        QVERIFY(exportChart(w.roofline(), rooflineSvg));
        QVERIFY(QFileInfo(rooflineSvg).size() > 500);
        // File → Export report: the session as one HTML page.
        QVERIFY(w.action(u"exportReport"_s)->isEnabled());
        const QString report = m_tmp.path() + u"/report.html"_s;
        QVERIFY(w.exportReport(report));
        QFile page(report);
        QVERIFY(page.open(QIODevice::ReadOnly));
        const QByteArray html = page.readAll();
        QCOMPARE(html.count("<svg "), 3);
        QCOMPARE(html.count("<tr><td class=\"n\">"),
                 qsizetype(w.workbench()->candidates()->rowCount()));
        QVERIFY(!w.exportReport(m_tmp.path() + u"/no/such/dir/report.html"_s));
        QVERIFY(w.errorText().contains(u"cannot write"_s));
        // The console reads as the run left it: each candidate's log lines
        // and its decision, from the session's logs.
        const ExperimentRecord *last =
            w.workbench()->candidates()->recordAt(w.workbench()->candidates()->rowCount() - 1);
        const QString lastLog = w.workbench()->session().readLog(last->id);
        QVERIFY(!lastLog.isEmpty());
        const QString console = w.consoleText();
        QVERIFY2(console.contains(u"#%1  "_s.arg(last->id) + lastLog.section(u'\n', 0, 0)),
                 qPrintable(console.right(2000)));
        QVERIFY(console.contains(u"#%1  "_s.arg(last->id) + verdictLabel(last->decision)));
        // Compare the starting kernel with the newest candidate.
        const int newest =
            w.workbench()->candidates()->recordAt(w.workbench()->candidates()->rowCount() - 1)->id;
        w.compare(1, newest);
        QVERIFY2(w.compareView()->verdict().contains(u"#"_s + QString::number(newest)),
                 qPrintable(w.compareView()->verdict()));
        QVERIFY(w.compareView()->table()->rowCount() >= 2);
        // Metrics by the catalog's words, not identifiers.
        QCOMPARE(w.compareView()->table()->item(0, 0)->text(), u"median time (ms)"_s);
        QVERIFY(!w.compareView()->diff()->rightEditor()->text().isEmpty());

        // Replay: from an empty view, in record order, then everything.
        QList<int> order;
        connect(w.workbench()->candidates(), &QAbstractItemModel::rowsInserted, this,
                [&](const QModelIndex &, int first) {
                    order << w.workbench()->candidates()->recordAt(first)->id;
                });
        QSignalSpy finished(w.workbench(), &Workbench::replayFinished);
        const size_t total = w.workbench()->session().experiments().size();
        QVERIFY(w.startReplay(200));
        QCOMPARE(w.workbench()->candidates()->rowCount(), 0);
        QVERIFY(!w.action(u"run"_s)->isEnabled()); // no host is touched while replaying
        QVERIFY(finished.wait(10'000));
        QCOMPARE(size_t(order.size()), total);
        for (int i = 0; i < order.size(); ++i)
            QCOMPARE(order[i], w.workbench()->session().experiments()[size_t(i)].id);
        QCOMPARE(size_t(w.workbench()->reflexions()->rowCount()),
                 w.workbench()->session().reflections().size());
        QVERIFY(w.action(u"run"_s)->isEnabled());
        QCOMPARE(size_t(w.workbench()->reflexions()->rowCount()),
                 w.workbench()->session().reflections().size());
    }

    // In the window, Compare's table and the Selected bars show none of a
    // false win's figures: its column reads "—" and its bars are empty.
    void comparingAFalseWinShowsNoFigures()
    {
        const QString from = m_tmp.path() + u"/gui-session"_s;
        const QString session = m_tmp.path() + u"/gui-session-false-win"_s;
        QDirIterator files(from, QDir::Files, QDirIterator::Subdirectories);
        while (files.hasNext()) {
            const QString file = files.next();
            const QString to = session + file.mid(from.size());
            QVERIFY(QDir().mkpath(QFileInfo(to).path()));
            QVERIFY(QFile::copy(file, to));
        }
        auto column = [](const QTableWidget *t, int col) {
            QStringList cells;
            for (int row = 0; row < t->rowCount(); ++row)
                cells << t->item(row, col)->text();
            return cells;
        };
        int cheat = 0;
        {
            MainWindow w;
            QVERIFY2(w.openSession(session), qPrintable(w.errorText()));
            for (const ExperimentRecord &r : w.workbench()->session().experiments()) {
                if (r.id != 1 && timedAndCorrect(r))
                    cheat = r.id; // the newest honest timing
            }
            QVERIFY(cheat > 1);
            w.compare(1, cheat);
            const QStringList before = column(w.compareView()->table(), 2);
            QVERIFY2(before.count(u"—"_s) < before.size(), qPrintable(before.join(u" | "_s)));
        }
        // It turns out wrong on a re-check (the loop marks it "false-win"),
        // with a forged time a thousand times faster.
        QFile log(session + u"/experiments.jsonl"_s);
        QVERIFY(log.open(QIODevice::ReadOnly));
        QByteArray rewritten;
        for (const QByteArray &line : log.readAll().split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            Json rec = Json::parse(line.toStdString());
            if (rec.value("id", 0) == cheat) {
                rec["flags"].push_back("false-win");
                for (const char *key : {"min_ms", "median_ms", "q1_ms", "q3_ms", "p90_ms"})
                    rec["result"]["latency"][key] = 1e-4;
                rec["result"]["metrics"]["median_ms"] = 1e-4;
                rec["result"]["metrics"]["gflops"] = 1e6;
            }
            rewritten += QByteArray::fromStdString(rec.dump()) + '\n';
        }
        log.close();
        QVERIFY(log.open(QIODevice::WriteOnly | QIODevice::Truncate));
        log.write(rewritten);
        log.close();

        MainWindow w;
        QVERIFY2(w.openSession(session), qPrintable(w.errorText()));
        w.compare(1, cheat);
        QVERIFY2(w.compareView()->verdict().contains(u"cannot be compared"_s),
                 qPrintable(w.compareView()->verdict()));
        const QStringList after = column(w.compareView()->table(), 2);
        QVERIFY(!after.isEmpty());
        QCOMPARE(after.count(u"—"_s), after.size());
        QVERIFY(column(w.compareView()->table(), 1).count(u"—"_s) < after.size()); // #1 still shows
        w.selectCandidate(cheat);
        for (const auto &[metric, bars] : w.selectionBars()->values())
            QVERIFY2(bars.first == 0 && bars.second == 0,
                     qPrintable(metric + u": "_s + QString::number(bars.first) + u", "_s +
                                QString::number(bars.second)));
    }

    // A layout saved crushed (the diff squeezed by a wide dock) is not
    // restored: the window opens with the default one and says so; and a
    // crushed layout is never saved.
    void aBrokenSavedLayoutIsNotRestored()
    {
        auto restore = qScopeGuard([] { QSettings().remove(u"window"_s); });
        QByteArray crushed;
        {
            MainWindow w;
            w.resize(1024, 700);
            w.resetLayout();
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QTRY_VERIFY2(w.layoutProblem().isEmpty(), qPrintable(w.layoutProblem()));
            w.resizeDocks({w.findChild<QDockWidget *>(u"chartDock"_s)}, {1000}, Qt::Horizontal);
            QTRY_VERIFY_WITH_TIMEOUT(!w.layoutProblem().isEmpty(), 2000);
            QVERIFY2(w.layoutProblem().contains(u"diff"_s), qPrintable(w.layoutProblem()));
            crushed = w.saveState();
            QSettings().remove(u"window/state"_s);
            w.close(); // not saved: the next start would open crushed
            QVERIFY(!QSettings().contains(u"window/state"_s));
        }
        QSettings().setValue(u"window/state"_s, crushed); // as an older version would have
        QSettings().remove(u"window/geometry"_s);         // the layout alone is at fault
        MainWindow w;
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY2_WITH_TIMEOUT(w.layoutProblem().isEmpty() && w.diffView()->width() > 400,
                                  qPrintable(w.layoutProblem()), 2000);
        QVERIFY2(w.statusBar()->currentMessage().contains(u"default layout is back"_s) &&
                     w.statusBar()->currentMessage().contains(u"the diff is"_s),
                 qPrintable(w.statusBar()->currentMessage()));
    }

    // Revert to an earlier candidate at the gate: what waited (proposed from
    // the old incumbent) is dropped, the next proposal branches from the
    // chosen one, the window names it as the incumbent, the timeline opens a
    // lane for the branch, the memory learns no slowdown as a gain, and all
    // of it reads the same after reopening.
    void revertBranchesEverywhere()
    {
        // A slow start (eight passes), so that the search soon keeps one.
        const QString workload = tinyVariant(
            u"revert-workload"_s, {{"\"kernel\": \"good.cpp\"", "\"kernel\": \"slow.cpp\""}});
        QVERIFY(!workload.isEmpty());
        const QString session = m_tmp.path() + u"/revert"_s;
        int dropped = 0, branched = 0, incumbent = 0, lane = 0;
        {
            MainWindow w;
            w.show();
            QVERIFY2(w.newSession(workload, session), qPrintable(w.errorText()));
            Workbench *wb = w.workbench();
            w.action(u"run"_s)->trigger();
            // Approve until a candidate after the start is the incumbent.
            for (int i = 0; wb->candidates()->incumbentId() <= 1; ++i) {
                QVERIFY2(i < 12, "no candidate was kept over the start");
                QVERIFY(waitForGate(w));
                const int id = w.pendingCandidate();
                w.action(u"approve"_s)->trigger();
                QTRY_VERIFY_WITH_TIMEOUT(wb->candidates()->rowOf(id) >= 0, 60'000);
            }
            const int oldIncumbent = wb->candidates()->incumbentId();
            QVERIFY(waitForGate(w));
            dropped = w.pendingCandidate();
            auto parentOf = [wb](int id) {
                for (const Proposal &p : wb->loop()->pending())
                    if (p.id == id)
                        return p.parent.value_or(0);
                return -1;
            };
            QCOMPARE(parentOf(dropped), oldIncumbent);
            w.selectCandidate(1);
            w.action(u"revert"_s)->trigger();
            QCOMPARE(wb->candidates()->incumbentId(), 1);
            // What waited is dropped, recorded with the reason, never run.
            QTRY_VERIFY_WITH_TIMEOUT(wb->candidates()->rowOf(dropped) >= 0, 10'000);
            const ExperimentRecord *d = wb->candidates()->recordById(dropped);
            QCOMPARE(d->decision, Verdict::Rejected);
            QVERIFY2(d->cause.contains(u"dropped"_s), qPrintable(d->cause));
            QVERIFY(!wasEvaluated(*d));
            // The next one branches from #1, and the window says so.
            QVERIFY(waitForGate(w));
            branched = w.pendingCandidate();
            QVERIFY(branched != dropped);
            QCOMPARE(parentOf(branched), 1);
            QVERIFY2(w.diffView()->leftTitle().startsWith(u"#1 (incumbent)"_s),
                     qPrintable(w.diffView()->leftTitle()));
            QCOMPARE(w.loopStateText(), u"#%1 waits for approval"_s.arg(branched));
            w.action(u"approve"_s)->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(wb->candidates()->rowOf(branched) >= 0, 60'000);
            QCOMPARE(wb->candidates()->recordById(branched)->parent.value_or(0), 1);
            // A lane of its own, beside the old line of descent.
            lane = w.timeline()->laneOf(branched);
            QVERIFY(lane > 0);
            QCOMPARE(w.timeline()->laneOf(oldIncumbent), 0);
            // The memory holds gains only (and holds some: a kept one).
            QVERIFY(wb->memory()->rowCount() > 0);
            for (int row = 0; row < wb->memory()->rowCount(); ++row) {
                const Json &m = *wb->memory()->itemAt(row);
                QVERIFY2(m.value("speedup", 0.0) >= 1.0, m.dump().c_str());
            }
            w.action(u"stop"_s)->trigger();
            if (w.pendingCandidate())
                w.action(u"reject"_s)->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(wb->loop()->isFinished(), 60'000);
            incumbent = wb->candidates()->incumbentId();
            QVERIFY(incumbent == 1 || incumbent == branched);
        }
        MainWindow w;
        QVERIFY2(w.openSession(session), qPrintable(w.errorText()));
        QVERIFY(w.workbench()->candidates()->wasRevertedTo(1));
        QCOMPARE(w.workbench()->candidates()->incumbentId(), incumbent);
        QCOMPARE(w.timeline()->laneOf(branched), lane);
        QCOMPARE(w.workbench()->candidates()->recordById(dropped)->decision, Verdict::Rejected);
    }

    // Stopped while round 0 still had a baseline to measure: reopened and
    // run again, the window measures it (in round 0, the start not again)
    // before the search goes on.
    void roundZeroStoppedThenResumedMeasuresTheBaselines()
    {
        const QString workload =
            tinyVariant(u"round0-workload"_s,
                        {{"\"knobs\": {", "\"baselines\": [{\"name\": \"reference\", "
                                          "\"kernel\": \"@reference\"}],\n  \"knobs\": {"}});
        QVERIFY(!workload.isEmpty());
        const QString session = m_tmp.path() + u"/round0-session"_s;
        {
            MainWindow w;
            w.show();
            QVERIFY2(w.newSession(workload, session), qPrintable(w.errorText()));
            w.action(u"run"_s)->trigger();
            QVERIFY(waitForGate(w));
            QCOMPARE(w.pendingCandidate(), 1);
            w.action(u"approve"_s)->trigger();
            w.action(u"stop"_s)->trigger(); // the baseline is not measured yet
            if (w.pendingCandidate())
                w.action(u"reject"_s)->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(w.workbench()->loop()->isFinished(), 60'000);
            for (const ExperimentRecord &r : w.workbench()->session().experiments())
                QVERIFY2(r.origin != Origin::Baseline || !wasEvaluated(r), qPrintable(r.plan));
        }
        MainWindow w;
        w.show();
        QVERIFY2(w.openSession(session), qPrintable(w.errorText()));
        Workbench *wb = w.workbench();
        w.findChild<QComboBox *>(u"mode"_s)->setCurrentIndex(int(LoopMode::Autopilot));
        w.action(u"run"_s)->trigger();
        auto searched = [wb] {
            const auto &records = wb->session().experiments();
            return std::any_of(records.begin(), records.end(), [](const ExperimentRecord &r) {
                return r.origin == Origin::Search;
            });
        };
        QTRY_VERIFY_WITH_TIMEOUT(searched(), 60'000);
        w.action(u"stop"_s)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(wb->loop()->isFinished(), 60'000);
        int baselines = 0, starts = 0;
        for (const ExperimentRecord &r : wb->session().experiments()) {
            if (r.origin == Origin::Baseline && wasEvaluated(r)) {
                ++baselines;
                QCOMPARE(r.round, 0);
                QVERIFY2(r.plan.contains(u"reference"_s), qPrintable(r.plan));
            }
            starts += r.origin == Origin::Human ? 1 : 0;
        }
        QCOMPARE(baselines, 1);
        QCOMPARE(starts, 1); // the start was not measured again
    }

    // Stop while a candidate runs says so at once and offers the way out;
    // Abandon ends the loop without waiting for it (a kernel that hangs
    // would hold Stop for its whole timeout), and records nothing for it.
    void stopOffersToAbandonTheRunningCandidate()
    {
        const QString workload = tinyVariant(
            u"hang-workload"_s, {{"\"kernel\": \"good.cpp\"", "\"kernel\": \"hang.cpp\""},
                                 {"\"timeout_s\": 10", "\"timeout_s\": 120"}});
        QVERIFY(!workload.isEmpty());
        MainWindow w;
        w.show();
        QVERIFY2(w.newSession(workload, m_tmp.path() + u"/hang-session"_s),
                 qPrintable(w.errorText()));
        w.findChild<QComboBox *>(u"mode"_s)->setCurrentIndex(int(LoopMode::Autopilot));
        w.action(u"run"_s)->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w.loopStateText(), u"evaluating #1"_s, 20'000);
        w.action(u"stop"_s)->trigger();
        QCOMPARE(w.loopStateText(), u"stopping: finishing #1 (Stop again abandons it)"_s);
        auto *abandon = w.findChild<QPushButton *>(u"abandon"_s);
        QTRY_VERIFY_WITH_TIMEOUT(abandon->isVisible(), 2000);
        QCOMPARE(abandon->text(), u"Abandon #1"_s);
        QVERIFY(!w.workbench()->loop()->isFinished()); // it waits for #1 (a 120 s timeout)
        abandon->click();
        QTRY_VERIFY_WITH_TIMEOUT(w.workbench()->loop()->isFinished(), 20'000);
        QVERIFY(!abandon->isVisible());
        for (const ExperimentRecord &r : w.workbench()->session().experiments())
            QVERIFY2(r.id != 1 || !wasEvaluated(r), "the abandoned candidate was recorded");
    }

    void demoScenario_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::newRow("1024x700") << QSize(1024, 700);
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    // The demo a new user gives: approve, edit, reject, revert, Autopilot,
    // compare, stop, continue, reopen, replay. After each step nothing is
    // crushed or wider than the screen and the state text is the loop's.
    // KWB_DEMO_WORKLOAD runs it on another workload (the bundled example);
    // KWB_SCREENSHOT_DIR keeps a picture of each step (HACKING says how).
    void demoScenario()
    {
        QFETCH(QSize, screen);
        const bool own = qEnvironmentVariableIsSet("KWB_DEMO_WORKLOAD");
        const QString workload = own ? qEnvironmentVariable("KWB_DEMO_WORKLOAD")
                                     : QFINDTESTDATA("data/tiny/search.json");
        const int slow = own ? 600'000 : 60'000;
        const QString session =
            m_tmp.path() + u"/demo-"_s + QString::fromLatin1(QTest::currentDataTag());
        QSettings().remove(u"window"_s); // a first start
        int step = 0;
        QString trouble;
#define KWB_DEMO_STEP(window, name)                                                                \
    do {                                                                                           \
        QTRY_VERIFY2_WITH_TIMEOUT((trouble = layoutTrouble(window, screen)).isEmpty(),             \
                                  qPrintable(u"" name ": "_s + trouble), 3000);                    \
        shoot(window, screen, ++step, name);                                                       \
        if (QTest::currentTestFailed())                                                            \
            return;                                                                                \
    } while (false)
        {
            MainWindow w;
            w.resize(screen);
            w.resetLayout();
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY2(w.newSession(workload, session), qPrintable(w.errorText()));
            Workbench *wb = w.workbench();
            KWB_DEMO_STEP(w, "new");
            w.action(u"run"_s)->trigger();
            QVERIFY(waitForGate(w, slow));
            QCOMPARE(w.loopStateText(), u"#1 waits for approval"_s);
            KWB_DEMO_STEP(w, "gate");
            w.action(u"approve"_s)->trigger();
            // (with the round's baselines, where the workload has them)
            QTRY_VERIFY2_WITH_TIMEOUT(w.loopStateText().startsWith(u"evaluating #1"_s),
                                      qPrintable(w.loopStateText()), 10'000);
            KWB_DEMO_STEP(w, "evaluating");

            QVERIFY(waitForGate(w, slow));
            const int edited = w.pendingCandidate();
            w.action(u"edit"_s)->trigger();
            w.diffView()->rightEditor()->append(u"// tuned by hand\n"_s);
            KWB_DEMO_STEP(w, "edit");
            w.action(u"approve"_s)->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(wb->candidates()->rowOf(edited) >= 0, slow);

            QVERIFY(waitForGate(w, slow));
            const int rejected = w.pendingCandidate();
            w.action(u"reject"_s)->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(wb->candidates()->rowOf(rejected) >= 0, 10'000);
            QVERIFY(waitForGate(w, slow));
            KWB_DEMO_STEP(w, "rejected");

            w.selectCandidate(1);
            w.action(u"revert"_s)->trigger();
            QVERIFY(waitForGate(w, slow));
            QVERIFY2(w.diffView()->leftTitle().startsWith(u"#1 (incumbent)"_s),
                     qPrintable(w.diffView()->leftTitle()));
            KWB_DEMO_STEP(w, "reverted");

            const int before = wb->candidates()->evaluatedCount();
            w.findChild<QComboBox *>(u"mode"_s)->setCurrentIndex(int(LoopMode::Autopilot));
            QTRY_VERIFY_WITH_TIMEOUT(wb->candidates()->evaluatedCount() >= before + 2, slow);
            QVERIFY2(!w.loopStateText().contains(u"waits"_s), qPrintable(w.loopStateText()));
            KWB_DEMO_STEP(w, "autopilot");

            int best = 0;
            for (int row = 0; row < wb->candidates()->rowCount(); ++row) {
                const ExperimentRecord *r = wb->candidates()->recordAt(row);
                if (CandidateModel::medianOf(*r) == wb->candidates()->bestMedianMs())
                    best = r->id;
            }
            QVERIFY(best > 0);
            const int rowBeforeCompare = w.findChild<QDockWidget *>(u"timelineDock"_s)->height();
            w.compare(1, best);
            QVERIFY(w.findChild<QDockWidget *>(u"compareDock"_s)->isVisible());
            KWB_DEMO_STEP(w, "compare");
            auto *timelineDock = w.findChild<QDockWidget *>(u"timelineDock"_s);
            w.findChild<QDockWidget *>(u"compareDock"_s)->close(); // seen: back to the run
            // The bottom row is as it was before Compare asked for room.
            QTRY_COMPARE_WITH_TIMEOUT(timelineDock->height(), rowBeforeCompare, 2000);

            const bool endedBefore = wb->loop()->isFinished(); // a small space can run out
            w.action(u"stop"_s)->trigger();
            if (!wb->loop()->isFinished()) {
                QVERIFY2(w.loopStateText().startsWith(u"stopping"_s),
                         qPrintable(w.loopStateText()));
                KWB_DEMO_STEP(w, "stopping");
            }
            QTRY_VERIFY_WITH_TIMEOUT(wb->loop()->isFinished(), slow);
            if (endedBefore)
                QVERIFY2(w.loopStateText().startsWith(u"finished ("_s),
                         qPrintable(w.loopStateText()));
            else
                QCOMPARE(w.loopStateText(), u"finished (stopped)"_s);
            KWB_DEMO_STEP(w, "stopped");

            QVERIFY(w.continueRun(std::nullopt, 2));
            QTRY_VERIFY_WITH_TIMEOUT(wb->loop() && wb->loop()->isFinished(), 2 * slow);
            QVERIFY2(w.loopStateText().startsWith(u"finished ("_s), qPrintable(w.loopStateText()));
            KWB_DEMO_STEP(w, "continued");
        }
        MainWindow w;
        w.resize(screen);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(w.openSession(session), qPrintable(w.errorText()));
        QCOMPARE(w.loopStateText(), u"idle: press Run (F5)"_s);
        QVERIFY(w.workbench()->candidates()->wasRevertedTo(1));
        QVERIFY(!w.consoleText().isEmpty());
        KWB_DEMO_STEP(w, "reopened");
        QSignalSpy finished(w.workbench(), &Workbench::replayFinished);
        QVERIFY(w.startReplay(own ? 2 : 20));
        QTRY_VERIFY_WITH_TIMEOUT(w.workbench()->candidates()->rowCount() >= 4, 10'000);
        KWB_DEMO_STEP(w, "replay");
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() > 0, 120'000);
#undef KWB_DEMO_STEP
    }

    void presentationModeEnlargesAndRestores()
    {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY2(w.openSession(m_tmp.path() + u"/gui-session"_s), qPrintable(w.errorText()));
        auto visibleDocks = [&w] {
            QStringList names;
            for (QDockWidget *d : w.findChildren<QDockWidget *>())
                if (d->isVisible())
                    names << d->objectName();
            names.sort();
            return names;
        };
        const QStringList docksBefore = visibleDocks();
        const qreal textBefore = w.font().pointSizeF();
        const QFont ticksBefore = w.chart()->chart()->axes().front()->labelsFont();
        const QFont legendBefore = w.chart()->chart()->legend()->font();
        QAction *present = w.action(u"present"_s);
        QCOMPARE(present->shortcut(), QKeySequence(Qt::Key_F11));
        present->trigger();
        QVERIFY(w.isPresenting());
        QVERIFY(w.font().pointSizeF() >= textBefore * 1.4);
        QVERIFY(w.chart()->chart()->axes().front()->labelsFont().pointSizeF() >=
                ticksBefore.pointSizeF() * 1.2);
        QCOMPARE(w.timeline()->scale(), 1.6);
        QTRY_COMPARE(visibleDocks(), (QStringList{u"chartDock"_s, u"timelineDock"_s}));
        // Replay works in it: the candidates come back, their markers large.
        QSignalSpy finished(w.workbench(), &Workbench::replayFinished);
        QVERIFY(w.startReplay(200));
        QVERIFY(finished.wait(10'000));
        QVERIFY(w.chart()->pointCount() >= 2);
        bool large = false;
        for (QAbstractSeries *series : w.chart()->chart()->series())
            if (auto *xy = qobject_cast<QXYSeries *>(series); xy && xy->count() > 0)
                large = large || xy->markerSize() >= 14;
        QVERIFY(large);
        // And back: the text, the scale and the docks as they were.
        present->trigger();
        QVERIFY(!w.isPresenting());
        QCOMPARE(w.font().pointSizeF(), textBefore);
        // The charts' own (theme) fonts, not the window's.
        QCOMPARE(w.chart()->chart()->axes().front()->labelsFont(), ticksBefore);
        QCOMPARE(w.chart()->chart()->legend()->font(), legendBefore);
        QCOMPARE(w.timeline()->scale(), 1.0);
        QTRY_COMPARE(visibleDocks(), docksBefore);
    }
};

QTEST_MAIN(TestGui)
#include "tst_gui.moc"
