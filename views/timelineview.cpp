#include "timelineview.h"

#include "session/candidatemodel.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QToolTip>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

constexpr int kLeft = 16;

struct Style
{
    QColor color;
    enum Shape
    {
        Disc,
        Ring,
        Cross,
        Diamond,
        Square
    } shape;
    const char *label;
};

Style styleOf(const QString &kind)
{
    if (kind == u"kept"_s)
        return {QColor(46, 160, 67), Style::Disc, QT_TRANSLATE_NOOP("kwb::TimelineView", "kept")};
    if (kind == u"discarded"_s)
        return {QColor(140, 140, 140), Style::Ring,
                QT_TRANSLATE_NOOP("kwb::TimelineView", "discarded")};
    if (kind == u"reverted"_s) // a regression: the loop did not move (revert targets are ringed)
        return {QColor(230, 126, 34), Style::Ring,
                QT_TRANSLATE_NOOP("kwb::TimelineView", "regressed")};
    if (kind == u"failed"_s)
        return {QColor(211, 47, 47), Style::Cross,
                QT_TRANSLATE_NOOP("kwb::TimelineView", "failed")};
    if (kind == u"rejected"_s)
        return {QColor(120, 120, 120), Style::Cross,
                QT_TRANSLATE_NOOP("kwb::TimelineView", "rejected")};
    if (kind == u"baseline"_s)
        return {QColor(25, 118, 210), Style::Diamond,
                QT_TRANSLATE_NOOP("kwb::TimelineView", "baseline")};
    if (kind == u"human-edited"_s)
        return {QColor(142, 36, 170), Style::Square,
                QT_TRANSLATE_NOOP("kwb::TimelineView", "human-edited")};
    if (kind == u"infra"_s)
        return {QColor(180, 180, 180), Style::Ring,
                QT_TRANSLATE_NOOP("kwb::TimelineView", "host lost")};
    return {QColor(160, 160, 160), Style::Disc, QT_TRANSLATE_NOOP("kwb::TimelineView", "other")};
}

void drawNode(QPainter &p, QPointF c, const Style &s, qreal r)
{
    p.setPen(QPen(s.color, 2));
    p.setBrush(s.shape == Style::Ring ? Qt::NoBrush : QBrush(s.color));
    switch (s.shape) {
    case Style::Disc:
    case Style::Ring:
        p.drawEllipse(c, r, r);
        break;
    case Style::Square:
        p.drawRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r));
        break;
    case Style::Diamond:
        p.drawPolygon(QPolygonF(
            {c + QPointF(0, -r), c + QPointF(r, 0), c + QPointF(0, r), c + QPointF(-r, 0)}));
        break;
    case Style::Cross:
        p.drawLine(c + QPointF(-r, -r), c + QPointF(r, r));
        p.drawLine(c + QPointF(-r, r), c + QPointF(r, -r));
        break;
    }
}

} // namespace

TimelineView::TimelineView(QWidget *parent) : QAbstractScrollArea(parent)
{
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setMinimumHeight(40 + 2 * lane());
}

void TimelineView::setScale(double scale)
{
    m_scale = std::clamp(scale, 0.5, 4.0);
    setMinimumHeight(40 + 2 * lane());
    updateGeometry();
    updateScrollBars();
    viewport()->update();
}

void TimelineView::setModel(CandidateModel *model)
{
    m_model = model;
    auto reset = [this] {
        m_lanes.clear();
        m_tips.clear();
        m_branchLanes.clear();
        m_laneCount = 1;
        layoutRows(0, m_model->rowCount() - 1);
        viewport()->update();
    };
    connect(model, &QAbstractItemModel::modelReset, this, reset);
    // The incumbent or a revert mark changed: nothing moves.
    connect(model, &QAbstractItemModel::dataChanged, viewport(), qOverload<>(&QWidget::update));
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) {
                // Follow the newest candidate while the view is at the end.
                const bool atEnd =
                    horizontalScrollBar()->value() >= horizontalScrollBar()->maximum() - step();
                layoutRows(first, last);
                viewport()->update();
                if (atEnd)
                    horizontalScrollBar()->setValue(horizontalScrollBar()->maximum());
            });
    reset();
}

void TimelineView::layoutRows(int first, int last)
{
    // A candidate continues its parent's lane when the parent is that lane's
    // newest kept candidate; a child of an older candidate (after a revert)
    // opens a new lane. Rows only ever arrive at the end, so earlier lanes
    // never change.
    for (int row = first; m_model && row <= last; ++row) {
        const ExperimentRecord *r = m_model->recordAt(row);
        int lane = 0;
        if (r->parent && m_lanes.contains(*r->parent)) {
            const int p = *r->parent;
            const int parentLane = m_lanes.value(p);
            if (m_tips.value(parentLane) == p || !m_tips.contains(parentLane)) {
                lane = parentLane;
            } else if (m_branchLanes.contains(p)) {
                lane = m_branchLanes.value(p);
            } else {
                lane = m_laneCount++;
                m_branchLanes.insert(p, lane);
            }
        }
        m_lanes.insert(r->id, lane);
        if (r->decision == Verdict::Kept)
            m_tips.insert(lane, r->id);
    }
    updateScrollBars();
}

void TimelineView::updateScrollBars()
{
    const int width = kLeft * 2 + (m_model ? m_model->rowCount() : 0) * step();
    const int height = m_top + m_laneCount * lane();
    horizontalScrollBar()->setRange(0, std::max(0, width - viewport()->width()));
    horizontalScrollBar()->setPageStep(viewport()->width());
    verticalScrollBar()->setRange(0, std::max(0, height - viewport()->height()));
    verticalScrollBar()->setPageStep(viewport()->height());
}

QStringList TimelineView::legendTexts() const
{
    QStringList texts;
    for (const LegendEntry &e : legend(viewport()->width()))
        texts << e.text;
    return texts;
}

std::vector<TimelineView::LegendEntry> TimelineView::legend(int width) const
{
    std::vector<LegendEntry> entries;
    const QFontMetrics fm(font());
    const int row = fm.height() + 4;
    int x = 8, y = 8 + fm.ascent();
    auto place = [&](const QString &kind, const QString &text) {
        const int w = (kind.isEmpty() ? 0 : 14) + fm.horizontalAdvance(text) + 10;
        if (x > 8 && x + w > width - 4) {
            x = 8;
            y += row;
        }
        entries.push_back({kind, text, QPoint(x, y)});
        x += w;
    };
    for (const char *kind : {"kept", "discarded", "reverted", "failed", "rejected", "human-edited",
                             "baseline", "infra"}) {
        const QString k = QString::fromLatin1(kind);
        place(k, tr(styleOf(k).label));
    }
    place(QString(), tr("failed: C compile · W wrong · X crash · T timeout · F false win"));
    return entries;
}

void TimelineView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    m_legend = legend(viewport()->width());
    m_top = (m_legend.empty() ? 0 : m_legend.back().at.y()) + 16; // below the legend's last row
    updateScrollBars();
    viewport()->update();
}

QPoint TimelineView::nodeCenter(int id) const
{
    const int row = m_model ? m_model->rowOf(id) : -1;
    return QPoint(kLeft + row * step() - horizontalScrollBar()->value(),
                  m_top + laneOf(id) * lane() + lane() / 2 - verticalScrollBar()->value());
}

int TimelineView::idAt(const QPoint &pos) const
{
    if (!m_model)
        return 0;
    const int row = (pos.x() + horizontalScrollBar()->value() - kLeft + step() / 2) / step();
    const ExperimentRecord *r = m_model->recordAt(row);
    if (!r)
        return 0;
    const QPoint c = nodeCenter(r->id);
    return (c - pos).manhattanLength() <= radius() * 2 + 2 ? r->id : 0;
}

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(viewport()->rect(), palette().base());
    if (!m_model)
        return;
    const int first = std::max(0, (horizontalScrollBar()->value() - kLeft) / step() - 1);
    const int last = std::min(m_model->rowCount() - 1, first + viewport()->width() / step() + 2);
    // Edges first (also from parents scrolled off to the left).
    p.setPen(QPen(palette().color(QPalette::Mid), 1.2));
    for (int row = first; row <= last; ++row) {
        const ExperimentRecord *r = m_model->recordAt(row);
        if (!r->parent || m_model->rowOf(*r->parent) < 0)
            continue;
        const QPointF a = nodeCenter(*r->parent), b = nodeCenter(r->id);
        QPainterPath path(a);
        path.cubicTo(QPointF((a.x() + b.x()) / 2, a.y()), QPointF((a.x() + b.x()) / 2, b.y()), b);
        p.drawPath(path);
    }
    for (int row = first; row <= last; ++row) {
        const ExperimentRecord *r = m_model->recordAt(row);
        const QPointF c = nodeCenter(r->id);
        const QString kind = CandidateModel::kindOf(*r);
        drawNode(p, c, styleOf(kind), radius());
        if (kind == u"failed"_s) { // the class, as a letter under the node
            const QString cls = failureClassOf(*r);
            const QString letter = r->flags.contains(u"false-win"_s) ? u"F"_s
                                   : r->flags.contains(u"flagged"_s) ? u"!"_s
                                   : cls == u"compile"_s             ? u"C"_s
                                   : cls == u"incorrect"_s           ? u"W"_s
                                   : cls == u"timeout"_s             ? u"T"_s
                                   : cls == u"crash"_s               ? u"X"_s
                                                                     : u"?"_s;
            QFont small = font();
            small.setPointSizeF(small.pointSizeF() * 0.75);
            p.setFont(small);
            p.setPen(QColor(211, 47, 47));
            p.drawText(QRectF(c.x() - 8, c.y() + radius() + 1, 16, 12), Qt::AlignCenter, letter);
            p.setFont(font());
        }
        if (m_model->wasRevertedTo(r->id)) { // a revert target: a second, dashed ring
            p.setPen(QPen(QColor(230, 126, 34), 1.5, Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(c, radius() + 7, radius() + 7);
        }
        if (r->id == m_model->incumbentId()) {
            p.setPen(QPen(palette().color(QPalette::Text), 1.5));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(c, radius() + 4, radius() + 4);
        }
        if (r->id == m_selected) {
            p.setPen(QPen(palette().color(QPalette::Highlight), 2.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(c.x() - radius() - 5, c.y() - radius() - 5, 2 * radius() + 10,
                              2 * radius() + 10));
        }
    }
    // The legend stays put; its entries wrap onto as many rows as the width needs.
    p.fillRect(QRect(0, 0, viewport()->width(), m_top - 8), palette().window());
    p.setPen(palette().color(QPalette::WindowText));
    for (const LegendEntry &e : m_legend) {
        if (!e.kind.isEmpty())
            drawNode(p, QPointF(e.at.x() + 5, e.at.y() - 4), styleOf(e.kind), 5);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QPointF(e.at.x() + (e.kind.isEmpty() ? 0 : 14), e.at.y()), e.text);
    }
}

void TimelineView::setSelectedId(int id)
{
    m_selected = id;
    if (m_model && m_model->rowOf(id) >= 0) {
        const int cx = nodeCenter(id).x();
        if (cx < 0 || cx > viewport()->width())
            horizontalScrollBar()->setValue(horizontalScrollBar()->value() + cx -
                                            viewport()->width() / 2);
    }
    viewport()->update();
}

void TimelineView::mousePressEvent(QMouseEvent *event)
{
    if (const int id = idAt(event->position().toPoint())) {
        setSelectedId(id);
        Q_EMIT candidateSelected(id);
    }
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (const int id = idAt(event->position().toPoint()))
        Q_EMIT compareWithParent(id);
}

bool TimelineView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_model) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (const ExperimentRecord *r = m_model->recordById(idAt(help->pos()))) {
            QToolTip::showText(help->globalPos(), tr("#%1 · %2\n%3\n%4: %5")
                                                      .arg(r->id)
                                                      .arg(originWord(r->origin), r->plan,
                                                           verdictWord(r->decision), r->cause));
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace kwb
