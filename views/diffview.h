#pragma once

#include "diff/linediff.h"

#include <QFutureWatcher>
#include <QWidget>
#include <atomic>
#include <memory>

class QLabel;
class QsciScintilla;

namespace kwb {

/// Two QScintilla editors side by side: the incumbent (or the parent) on the
/// left, the candidate on the right. Lines are aligned with padding shown as
/// annotations (the texts stay as they are), changed lines and in-line
/// changes are marked, and both sides scroll together. While a candidate
/// waits at the gate the right side can be edited.
///
/// The texts show at once; the line diff is computed on a worker thread and
/// its marks and padding follow when it arrives (diffShown()), so selecting
/// a candidate never waits for it. A newer setTexts() supersedes a diff
/// still under way.
class DiffView : public QWidget
{
    Q_OBJECT
public:
    explicit DiffView(QWidget *parent = nullptr);

    /// Shows `left` against `right`; `fileName` picks the highlighting
    /// (.cpp/.cu/.h: C++, .py: Python).
    void setTexts(const QString &leftTitle, const QString &left, const QString &rightTitle,
                  const QString &right, const QString &fileName = QStringLiteral("kernel.cpp"));
    void clear();
    void setRightEditable(bool editable);
    /// Larger (or smaller) text in both panes, in points over the default.
    void setZoom(int points);
    /// The texts as given (or as edited, on the right), without padding.
    QString leftText() const { return m_leftText; }
    QString rightText() const;
    bool rightModified() const;
    /// The diff of the texts shown is still being computed.
    bool diffPending() const { return m_diffPending; }
    /// Rows with a change, and the padding lines each side shows (once the
    /// diff is shown).
    int changedRows() const { return m_changedRows; }
    int leftPadding() const { return m_leftPadding; }
    int rightPadding() const { return m_rightPadding; }
    /// The titles in full (on screen they elide to the pane's width).
    QString leftTitle() const;
    QString rightTitle() const;
    /// Retitles the right side (the candidate's state changed, not its text).
    void setRightTitle(const QString &title);
    QsciScintilla *leftEditor() const { return m_left; }
    QsciScintilla *rightEditor() const { return m_right; }

Q_SIGNALS:
    void rightEdited();
    /// The diff of the texts now shown is marked.
    void diffShown();

private:
    void onDiffReady();
    void fill(QsciScintilla *e, const QString &text, int top);
    void clearMarks();
    void apply(const LineDiff &diff);
    void syncFrom(QsciScintilla *from, QsciScintilla *to);

    class ElidedLabel;
    ElidedLabel *m_leftTitle;
    ElidedLabel *m_rightTitle;
    QsciScintilla *m_left;
    QsciScintilla *m_right;
    QString m_rightOriginal;
    QString m_leftText, m_rightText;
    int m_leftTop = 0, m_rightTop = 0; ///< blank document lines above the first real one
    bool m_syncing = false;
    int m_changedRows = 0;
    int m_leftPadding = 0;
    int m_rightPadding = 0;
    bool m_diffPending = false;
    QFutureWatcher<LineDiff> m_diffWatcher; ///< watches the newest diff only
    /// The newest diff asked for; a queued one that is not starts nothing.
    std::shared_ptr<std::atomic<int>> m_generation = std::make_shared<std::atomic<int>>(0);
};

} // namespace kwb
