#include "diffview.h"

#include "qsci.h"

#include <QCoreApplication>
#include <QGridLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QPalette>
#include <QScrollBar>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

// Markers and indicators shared by both sides.
enum
{
    ChangedMarker = 1,
    DeletedMarker = 2,
    InsertedMarker = 3
};
enum
{
    InlineIndicator = 8
};

QsciScintilla *makeEditor(QWidget *parent)
{
    auto *e = new QsciScintilla(parent);
    e->setUtf8(true);
    e->setReadOnly(true);
    e->setMarginType(0, QsciScintilla::NumberMargin);
    e->setMarginWidth(0, u"00000"_s);
    e->setFolding(QsciScintilla::NoFoldStyle);
    e->setAnnotationDisplay(QsciScintilla::AnnotationStandard);
    e->setWrapMode(QsciScintilla::WrapNone);
    e->markerDefine(QsciScintilla::Background, ChangedMarker);
    e->setMarkerBackgroundColor(QColor(255, 236, 179, 160), ChangedMarker);
    e->markerDefine(QsciScintilla::Background, DeletedMarker);
    e->setMarkerBackgroundColor(QColor(255, 205, 210, 160), DeletedMarker);
    e->markerDefine(QsciScintilla::Background, InsertedMarker);
    e->setMarkerBackgroundColor(QColor(200, 230, 201, 160), InsertedMarker);
    e->indicatorDefine(QsciScintilla::FullBoxIndicator, InlineIndicator);
    e->setIndicatorForegroundColor(QColor(255, 152, 0, 110), InlineIndicator);
    return e;
}

void setLexer(QsciScintilla *e, const QString &fileName)
{
    QsciLexer *lexer = nullptr;
    if (fileName.endsWith(u".py"_s))
        lexer = new QsciLexerPython(e);
    else
        lexer = new QsciLexerCPP(e); // C++, CUDA and headers
    QFont mono(u"DejaVu Sans Mono"_s);
    mono.setStyleHint(QFont::Monospace);
    mono.setPointSize(9);
    lexer->setDefaultFont(mono);
    lexer->setFont(mono);
    const QPalette pal = QGuiApplication::palette();
    if (pal.color(QPalette::Base).lightness() < 128) {
        // The lexers' colours assume a white page: on a dark one, light text
        // and brighter syntax colours.
        lexer->setDefaultPaper(pal.color(QPalette::Base));
        lexer->setPaper(pal.color(QPalette::Base), -1);
        lexer->setDefaultColor(pal.color(QPalette::Text));
        lexer->setColor(pal.color(QPalette::Text), -1);
        if (auto *cpp = qobject_cast<QsciLexerCPP *>(lexer)) {
            cpp->setColor(QColor(120, 170, 255), QsciLexerCPP::Keyword);
            cpp->setColor(QColor(110, 180, 110), QsciLexerCPP::Comment);
            cpp->setColor(QColor(110, 180, 110), QsciLexerCPP::CommentLine);
            cpp->setColor(QColor(240, 170, 100), QsciLexerCPP::DoubleQuotedString);
            cpp->setColor(QColor(160, 220, 140), QsciLexerCPP::Number);
            cpp->setColor(QColor(200, 150, 240), QsciLexerCPP::PreProcessor);
            cpp->setColor(QColor(140, 140, 140), QsciLexerCPP::InactiveDefault);
        }
        e->setMarginsBackgroundColor(pal.color(QPalette::Window));
        e->setMarginsForegroundColor(pal.color(QPalette::WindowText));
        e->setCaretForegroundColor(pal.color(QPalette::Text));
        for (int marker : {ChangedMarker, DeletedMarker, InsertedMarker}) {
            const QColor c = marker == ChangedMarker   ? QColor(120, 90, 20, 150)
                             : marker == DeletedMarker ? QColor(130, 40, 40, 150)
                                                       : QColor(40, 100, 50, 150);
            e->setMarkerBackgroundColor(c, marker);
        }
    }
    e->setLexer(lexer);
    e->setMarginsFont(mono);
}

QThreadPool *diffPool()
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool(QCoreApplication::instance());
        p->setMaxThreadCount(1);
        return p;
    }();
    return pool;
}

} // namespace

// A title that elides instead of widening its pane: a long plan or a
// Compare header never pushes the panes apart; the full text is the tooltip.
class DiffView::ElidedLabel : public QLabel
{
public:
    explicit ElidedLabel(QWidget *parent) : QLabel(parent)
    {
        setTextFormat(Qt::PlainText);
        setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    }
    void setFullText(const QString &text)
    {
        m_full = text;
        setToolTip(text);
        elide();
    }
    const QString &fullText() const { return m_full; }
    QSize minimumSizeHint() const override { return {0, QLabel::minimumSizeHint().height()}; }
    QSize sizeHint() const override { return {0, QLabel::sizeHint().height()}; }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QLabel::resizeEvent(event);
        elide();
    }

private:
    void elide()
    {
        setText(fontMetrics().elidedText(m_full, Qt::ElideRight, contentsRect().width()));
    }
    QString m_full;
};

DiffView::DiffView(QWidget *parent) : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(2);
    m_leftTitle = new ElidedLabel(this);
    m_rightTitle = new ElidedLabel(this);
    m_left = makeEditor(this);
    m_right = makeEditor(this);
    grid->addWidget(m_leftTitle, 0, 0);
    grid->addWidget(m_rightTitle, 0, 1);
    grid->addWidget(m_left, 1, 0);
    grid->addWidget(m_right, 1, 1);
    grid->setColumnStretch(0, 1); // the panes share the width equally, whatever they show
    grid->setColumnStretch(1, 1);
    // Both sides have as many visual lines (padding included): scrolling one
    // scrolls the other to the same visual line.
    connect(m_left->verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this] { syncFrom(m_left, m_right); });
    connect(m_right->verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this] { syncFrom(m_right, m_left); });
    connect(m_left->horizontalScrollBar(), &QScrollBar::valueChanged,
            m_right->horizontalScrollBar(), &QScrollBar::setValue);
    connect(m_right->horizontalScrollBar(), &QScrollBar::valueChanged,
            m_left->horizontalScrollBar(), &QScrollBar::setValue);
    connect(&m_diffWatcher, &QFutureWatcher<LineDiff>::finished, this, &DiffView::onDiffReady);
    connect(m_right, &QsciScintilla::textChanged, this, [this] {
        if (!m_right->isReadOnly())
            Q_EMIT rightEdited();
    });
}

void DiffView::syncFrom(QsciScintilla *from, QsciScintilla *to)
{
    if (m_syncing)
        return;
    m_syncing = true;
    to->SendScintilla(QsciScintilla::SCI_SETFIRSTVISIBLELINE,
                      from->SendScintilla(QsciScintilla::SCI_GETFIRSTVISIBLELINE));
    m_syncing = false;
}

void DiffView::setTexts(const QString &leftTitle, const QString &left, const QString &rightTitle,
                        const QString &right, const QString &fileName)
{
    m_leftTitle->setFullText(leftTitle);
    m_rightTitle->setFullText(rightTitle);
    m_leftText = left;
    m_rightText = right;
    m_rightOriginal = right;
    for (QsciScintilla *e : {m_left, m_right}) {
        if (!e->lexer())
            setLexer(e, fileName);
    }
    // The texts now, unmarked; the diff on a worker thread (setFuture drops
    // the one still under way: the newest selection wins).
    m_leftTop = m_rightTop = 0;
    fill(m_left, left, 0);
    fill(m_right, right, 0);
    clearMarks();
    m_changedRows = m_leftPadding = m_rightPadding = 0;
    m_diffPending = true;
    // One diff at a time, off the GUI thread and off its core's back: a
    // selection superseded before its diff began is skipped, so quick
    // clicks through the timeline never pile up work.
    const int generation = ++*m_generation;
    m_diffWatcher.setFuture(
        QtConcurrent::run(diffPool(), [left, right, generation, current = m_generation] {
            return current->load() == generation ? LineDiff::compute(left, right) : LineDiff();
        }));
}

void DiffView::onDiffReady()
{
    const LineDiff diff = m_diffWatcher.result();
    // An edit begun before the diff arrived: its marks would be wrong.
    m_diffPending = false;
    if (!m_right->isReadOnly() && m_right->text() != m_rightText)
        return;
    // Padding above the first line cannot be an annotation (they go below
    // a line): a read-only side gets real blank lines there instead, and
    // its margin numbers the real lines.
    const bool editable = !m_right->isReadOnly();
    for (const DiffRow &row : diff.rows()) {
        if (row.left >= 0)
            break;
        ++m_leftTop;
    }
    for (const DiffRow &row : diff.rows()) {
        if (row.right >= 0 || editable)
            break;
        ++m_rightTop;
    }
    if (m_leftTop > 0)
        fill(m_left, m_leftText, m_leftTop);
    if (m_rightTop > 0)
        fill(m_right, m_rightText, m_rightTop);
    apply(diff);
    Q_EMIT diffShown();
}

void DiffView::fill(QsciScintilla *e, const QString &text, int top)
{
    const bool readOnly = e->isReadOnly();
    e->setReadOnly(false);
    e->setText(QString(top, u'\n') + text);
    e->setReadOnly(readOnly);
    if (text.isEmpty()) { // an empty pane shows no line number
        e->setMarginType(0, QsciScintilla::TextMarginRightJustified);
        e->clearMarginText();
        return;
    }
    if (top == 0) {
        e->setMarginType(0, QsciScintilla::NumberMargin);
        return;
    }
    e->setMarginType(0, QsciScintilla::TextMarginRightJustified);
    e->clearMarginText();
    for (int line = top; line < e->lines(); ++line)
        e->setMarginText(line, QString::number(line - top + 1), 0);
}

void DiffView::clear()
{
    setTexts(QString(), QString(), QString(), QString());
}

void DiffView::clearMarks()
{
    for (QsciScintilla *e : {m_left, m_right}) {
        e->markerDeleteAll();
        e->clearAnnotations();
        e->clearIndicatorRange(0, 0, std::max(0, e->lines() - 1),
                               e->text(std::max(0, e->lines() - 1)).size(), InlineIndicator);
    }
}

void DiffView::apply(const LineDiff &diff)
{
    clearMarks();
    m_changedRows = diff.changedRows();
    m_leftPadding = m_leftTop;
    m_rightPadding = m_rightTop;
    // Padding: a run of rows missing on one side becomes blank annotation
    // lines under that side's previous line (under line 0 when at the top).
    int padLeft = 0, padRight = 0, lastLeft = 0, lastRight = 0;
    bool seenLeft = false, seenRight = false;
    const int lt = m_leftTop, rt = m_rightTop; // document lines above the real first line
    auto flushPads = [&] {
        if (!seenLeft && lt > 0)
            padLeft = 0; // already blank lines in the document
        if (!seenRight && rt > 0)
            padRight = 0;
        // An empty annotation shows nothing: pad with blank-looking lines.
        if (padLeft > 0)
            m_left->annotate(lastLeft, QStringList(padLeft, u" "_s).join(u'\n'), 0);
        if (padRight > 0)
            m_right->annotate(lastRight, QStringList(padRight, u" "_s).join(u'\n'), 0);
        m_leftPadding += padLeft;
        m_rightPadding += padRight;
        padLeft = padRight = 0;
    };
    for (const DiffRow &row : diff.rows()) {
        if (row.left >= 0 && padLeft > 0)
            flushPads();
        if (row.right >= 0 && padRight > 0)
            flushPads();
        const int l = row.left + lt, r = row.right + rt; // document lines
        switch (row.kind) {
        case DiffRow::Kind::Equal:
            break;
        case DiffRow::Kind::Changed:
            m_left->markerAdd(l, ChangedMarker);
            m_right->markerAdd(r, ChangedMarker);
            for (const auto &[at, n] : row.leftSpans)
                m_left->fillIndicatorRange(l, at, l, at + n, InlineIndicator);
            for (const auto &[at, n] : row.rightSpans)
                m_right->fillIndicatorRange(r, at, r, at + n, InlineIndicator);
            break;
        case DiffRow::Kind::Deleted:
            m_left->markerAdd(l, DeletedMarker);
            ++padRight;
            break;
        case DiffRow::Kind::Inserted:
            m_right->markerAdd(r, InsertedMarker);
            ++padLeft;
            break;
        }
        if (row.left >= 0) {
            lastLeft = l;
            seenLeft = true;
        }
        if (row.right >= 0) {
            lastRight = r;
            seenRight = true;
        }
    }
    flushPads();
}

void DiffView::setRightEditable(bool editable)
{
    const bool was = !m_right->isReadOnly();
    m_right->setReadOnly(!editable);
    if (editable && !was && m_rightTop > 0) // the padding lines must not become part of an edit
        setTexts(m_leftTitle->fullText(), m_leftText, m_rightTitle->fullText(), m_rightText);
    m_right->setCaretLineVisible(editable);
    m_rightTitle->setStyleSheet(editable ? u"font-weight: bold"_s : QString());
}

void DiffView::setZoom(int points)
{
    m_left->zoomTo(points);
    m_right->zoomTo(points);
}

QString DiffView::leftTitle() const
{
    return m_leftTitle->fullText();
}

QString DiffView::rightTitle() const
{
    return m_rightTitle->fullText();
}

void DiffView::setRightTitle(const QString &title)
{
    m_rightTitle->setFullText(title);
}

QString DiffView::rightText() const
{
    return m_rightTop > 0 ? m_rightText : m_right->text();
}

bool DiffView::rightModified() const
{
    return rightText() != m_rightOriginal;
}

} // namespace kwb
