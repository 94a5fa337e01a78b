#include "metricchart.h"

#include "session/candidatemodel.h"

#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGuiApplication>
#include <QImage>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QScopeGuard>
#include <QSvgGenerator>
#include <QTimer>
#include <QValueAxis>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

void attachAxes(QChart *chart, QAbstractAxis *x, QAbstractAxis *y)
{
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries *s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
}

QChart *themedChart()
{
    auto *chart = new QChart;
    if (QGuiApplication::palette().color(QPalette::Window).lightness() < 128) {
        chart->setTheme(QChart::ChartThemeDark);
        chart->setBackgroundBrush(QGuiApplication::palette().color(QPalette::Base));
    }
    return chart;
}

namespace {
double g_markerScale = 1;
} // namespace

void setMarkerScale(double scale)
{
    g_markerScale = std::clamp(scale, 0.5, 4.0);
}

double markerScale()
{
    return g_markerScale;
}

QLineSeries *markerSeries(const QString &name, const QColor &color, bool square)
{
    auto *series = new QLineSeries;
    series->setName(name);
    series->setColor(color);
    series->setPen(QPen(Qt::transparent, 0));
    QImage marker(9, 9, QImage::Format_ARGB32_Premultiplied);
    marker.fill(Qt::transparent);
    QPainter p(&marker);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    if (square)
        p.drawRect(1, 1, 7, 7);
    else
        p.drawEllipse(QRectF(0.5, 0.5, 8, 8));
    p.end();
    series->setLightMarker(marker);
    series->setMarkerSize(8 * g_markerScale);
    return series;
}

ChunkedMarkers::ChunkedMarkers(QChart *chart, QAbstractAxis *x, QAbstractAxis *y,
                               const QString &name, const QColor &color)
    : m_chart(chart), m_x(x), m_y(y), m_name(name), m_color(color)
{
    clear();
}

void ChunkedMarkers::clear()
{
    for (QLineSeries *s : m_chunks) {
        m_chart->removeSeries(s);
        delete s;
    }
    m_chunks.clear();
    QLineSeries *first = markerSeries(m_name, m_color);
    m_chart->addSeries(first);
    first->attachAxis(m_x);
    first->attachAxis(m_y);
    m_chunks.push_back(first);
}

void ChunkedMarkers::append(const QList<QPointF> &points)
{
    constexpr qsizetype kChunk = 128;
    for (qsizetype at = 0; at < points.size();) {
        QLineSeries *tail = m_chunks.back();
        if (tail->count() >= kChunk) {
            tail = markerSeries(m_name, m_color);
            m_chart->addSeries(tail);
            tail->attachAxis(m_x);
            tail->attachAxis(m_y);
            for (QLegendMarker *marker : m_chart->legend()->markers(tail))
                marker->setVisible(false); // one legend entry for all chunks
            m_chunks.push_back(tail);
        }
        const qsizetype n = std::min(points.size() - at, kChunk - tail->count());
        tail->append(points.mid(at, n));
        at += n;
    }
}

int ChunkedMarkers::count() const
{
    int n = 0;
    for (const QLineSeries *s : m_chunks)
        n += int(s->count());
    return n;
}

MetricChart::MetricChart(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    auto *c = themedChart();
    c->legend()->setAlignment(Qt::AlignBottom);
    c->legend()->setShowToolTips(true);
    c->setMargins(QMargins(4, 4, 4, 4));
    QChart *initial = chart(); // setChart() gives the first chart up: ours to delete
    setChart(c);
    delete initial;
    m_failed = markerSeries(tr("failed", "chart legend: keep it short"), QColor(211, 47, 47), true);
    m_bestLine = new QLineSeries;
    m_bestLine->setName(tr("best", "chart legend: the best so far"));
    m_bestLine->setPen(QPen(QColor(46, 160, 67), 2));
    m_goalLine = new QLineSeries;
    m_goalLine->setName(tr("goal"));
    m_goalLine->setPen(QPen(QColor(25, 118, 210), 1.5, Qt::DashLine));
    m_baselineLine = new QLineSeries;
    m_baselineLine->setName(tr("baseline", "chart legend: the best baseline"));
    m_baselineLine->setPen(QPen(QColor(120, 120, 120), 1.5, Qt::DotLine));
    m_x = new QValueAxis;
    m_x->setTitleText(tr("candidate"));
    m_x->setTruncateLabels(false);
    m_x->setLabelFormat(u"%d"_s);
    m_y = new QValueAxis;
    for (QAbstractSeries *s : std::initializer_list<QAbstractSeries *>{
             m_failed, m_bestLine, m_goalLine, m_baselineLine}) {
        c->addSeries(s);
    }
    attachAxes(c, m_x, m_y);
    m_points =
        std::make_unique<ChunkedMarkers>(c, m_x, m_y, tr("candidates"), QColor(33, 150, 243));
}

void MetricChart::setModel(CandidateModel *model, const QString &metric, double goal,
                           bool higherIsBetter, const QString &title)
{
    m_model = model;
    m_metric = metric;
    m_goal = goal;
    m_higherIsBetter = higherIsBetter;
    m_y->setTitleText(title.isEmpty() ? metric : title);
    m_y->setTruncateLabels(false);
    connect(model, &QAbstractItemModel::modelReset, this, &MetricChart::rebuild);
    // New candidates arrive one by one; draw them together at the next turn
    // of the event loop.
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) {
                const bool scheduled = m_pendingFirst >= 0;
                m_pendingFirst = scheduled ? std::min(m_pendingFirst, first) : first;
                m_pendingLast = std::max(m_pendingLast, last);
                if (!scheduled) {
                    QTimer::singleShot(0, this, [this] {
                        const int f = m_pendingFirst, l = m_pendingLast;
                        m_pendingFirst = m_pendingLast = -1;
                        addRows(f, l);
                        rescale();
                    });
                }
            });
    rebuild();
}

void MetricChart::setGoal(double goal)
{
    m_goal = goal;
    rebuild();
}

void MetricChart::rebuild()
{
    for (QXYSeries *s :
         std::initializer_list<QXYSeries *>{m_failed, m_bestLine, m_goalLine, m_baselineLine})
        s->clear();
    m_points->clear();
    m_haveBest = false;
    m_bestTail = false;
    m_maxX = 0;
    m_xmax = -1;
    m_lo = m_goal;
    m_hi = m_goal;
    if (m_model && m_model->rowCount() > 0)
        addRows(0, m_model->rowCount() - 1);
    rescale();
}

void MetricChart::addRows(int first, int last)
{
    QList<QPointF> points, failed, best;
    for (int row = first; row <= last; ++row) {
        const ExperimentRecord *r = m_model->recordAt(row);
        const double v = m_model->goalMetricOf(*r);
        const double x = r->id;
        m_maxX = std::max(m_maxX, x);
        if (r->origin == Origin::Baseline) {
            if (std::isfinite(v)) {
                const double current = m_baselineLine->count() ? m_baselineLine->at(0).y() : NAN;
                if (std::isnan(current) || (m_higherIsBetter ? v > current : v < current)) {
                    m_baselineLine->clear();
                    m_baselineLine->append(0, v);
                    m_baselineLine->append(std::max(m_xmax, 1.0), v);
                }
                m_lo = std::min(m_lo, v);
                m_hi = std::max(m_hi, v);
            }
            continue;
        }
        if (!std::isfinite(v)) {
            if (r->decision != Verdict::Infra && r->decision != Verdict::Rejected)
                failed << QPointF(x, 0);
            continue;
        }
        points << QPointF(x, v);
        m_lo = std::min(m_lo, v);
        m_hi = std::max(m_hi, v);
        // The step follows the best by the one rule (record.h); every
        // timed-and-correct point is drawn.
        if (canBeBest(*r) && (!m_haveBest || (m_higherIsBetter ? v > m_best : v < m_best))) {
            if (m_haveBest)
                best << QPointF(x, m_best); // the step: flat until here, then up
            best << QPointF(x, v);
            m_best = v;
            m_haveBest = true;
        }
    }
    m_points->append(points);
    if (!failed.isEmpty())
        m_failed->append(failed);
    if (!best.isEmpty()) {
        if (m_bestTail) // the best so far drawn to the right edge: redrawn below
            m_bestLine->remove(m_bestLine->count() - 1);
        m_bestTail = false;
        m_bestLine->append(best);
    }
}

void MetricChart::rescale()
{
    // The x axis grows in steps, so most new candidates change no axis and
    // only their own point is drawn.
    const double n = m_maxX + 1;
    const double step = n < 100 ? 10 : n < 1000 ? 100 : 1000;
    const double xmax = std::max(10.0, std::ceil(n / step) * step);
    if (xmax != m_xmax) {
        m_xmax = xmax;
        m_x->setRange(0, xmax);
        // Ticks at round numbers (0, 2, 4 … or 0, 10, 20 …), at most six.
        double interval = 1;
        while (xmax / interval > 5) {
            for (double f : {2.0, 2.5, 2.0}) { // 1 → 2 → 5 → 10 → 20 …
                if (xmax / interval <= 5)
                    break;
                interval *= f;
            }
        }
        m_x->setTickType(QValueAxis::TicksDynamic);
        m_x->setTickAnchor(0);
        m_x->setTickInterval(interval);
        m_goalLine->clear();
        if (m_goal > 0)
            m_goalLine->append({QPointF(0, m_goal), QPointF(xmax, m_goal)});
        if (m_baselineLine->count() == 2)
            m_baselineLine->replace(1, QPointF(xmax, m_baselineLine->at(0).y()));
        if (m_bestTail) {
            m_bestLine->remove(m_bestLine->count() - 1);
            m_bestTail = false;
        }
    }
    if (!m_bestTail && m_haveBest) {
        m_bestLine->append(xmax, m_best); // the best so far holds to the right edge
        m_bestTail = true;
    }
    const double lo = std::min(0.0, m_lo), hi = (m_hi > lo ? m_hi : lo + 1) * 1.08;
    if (lo < m_y->min() || hi > m_y->max() || m_y->max() > 2 * hi) {
        m_y->setRange(lo, hi);
        m_y->applyNiceNumbers(); // round ticks: 0, 20, 40 rather than 0, 22.3, 44.7
    }
    // The legend names what is drawn, each entry from its first point: five
    // entries do not fit a narrow dock, and an empty one would be elided
    // for nothing. (An elided one shows its name as a tooltip.)
    bool changed = false;
    auto entry = [this, &changed](QAbstractSeries *series, bool shown) {
        for (QLegendMarker *marker : chart()->legend()->markers(series)) {
            changed = changed || marker->isVisible() != shown;
            marker->setVisible(shown);
        }
    };
    entry(m_failed, m_failed->count() > 0);
    entry(m_bestLine, m_haveBest);
    entry(m_goalLine, m_goalLine->count() > 0);
    entry(m_baselineLine, m_baselineLine->count() > 0);
    entry(m_points->first(), m_points->count() > 0);
    // Qt 6.4 lays the legend out again only when told to (an entry shown
    // later would take no room).
    if (changed)
        chart()->legend()->layout()->invalidate();
}

double MetricChart::xTickInterval() const
{
    return m_x->tickInterval();
}

int MetricChart::pointCount() const
{
    return m_points->count();
}

bool MetricChart::exportTo(const QString &path)
{
    return exportChart(this, path);
}

bool exportChart(QChartView *view, const QString &path, QSize size)
{
    // The chart is laid out again at `size` for the picture, then put back.
    QChart *chart = view->chart();
    const QRectF shown = chart->geometry();
    const QRectF target(QPointF(0, 0), QSizeF(size));
    auto relayout = [chart](const QRectF &rect) {
        chart->setGeometry(rect);
        if (QGraphicsLayout *layout = chart->layout())
            layout->activate(); // now, not at the next turn of the event loop
    };
    relayout(target);
    auto restore = qScopeGuard([&] { relayout(shown); });
    QGraphicsScene *scene = view->scene();
    if (path.endsWith(u".svg"_s, Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(target);
        svg.setTitle(chart->title().isEmpty() ? QStringLiteral("Kernel Workbench chart")
                                              : chart->title());
        QPainter p;
        if (!p.begin(&svg))
            return false;
        scene->render(&p, target, chart->sceneBoundingRect());
        return p.end();
    }
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(view->palette().color(QPalette::Window));
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    scene->render(&p, target, chart->sceneBoundingRect());
    p.end();
    return image.save(path);
}

} // namespace kwb
