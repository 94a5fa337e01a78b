#include "metricchart.h"

#include "candidatemodel.h"

#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QSvgGenerator>
#include <QTimer>
#include <QValueAxis>

#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

MetricChart::MetricChart(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    auto *c = new QChart;
    c->legend()->setAlignment(Qt::AlignBottom);
    c->setMargins(QMargins(4, 4, 4, 4));
    setChart(c);
    m_points = new QScatterSeries;
    m_points->setName(tr("candidates"));
    m_points->setMarkerSize(7);
    m_failed = new QScatterSeries;
    m_failed->setName(tr("failed"));
    m_failed->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_failed->setMarkerSize(7);
    m_failed->setColor(QColor(211, 47, 47));
    m_bestLine = new QLineSeries;
    m_bestLine->setName(tr("best so far"));
    m_bestLine->setPen(QPen(QColor(46, 160, 67), 2));
    m_goalLine = new QLineSeries;
    m_goalLine->setName(tr("goal"));
    m_goalLine->setPen(QPen(QColor(25, 118, 210), 1.5, Qt::DashLine));
    m_baselineLine = new QLineSeries;
    m_baselineLine->setName(tr("best baseline"));
    m_baselineLine->setPen(QPen(QColor(120, 120, 120), 1.5, Qt::DotLine));
    m_x = new QValueAxis;
    m_x->setTitleText(tr("candidate"));
    m_x->setLabelFormat(u"%d"_s);
    m_y = new QValueAxis;
    for (QAbstractSeries *s : std::initializer_list<QAbstractSeries *>{m_points, m_failed, m_bestLine, m_goalLine, m_baselineLine}) {
        c->addSeries(s);
    }
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries *s : c->series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
}

void MetricChart::setModel(CandidateModel *model, const QString &metric, double goal, bool higherIsBetter)
{
    m_model = model;
    m_metric = metric;
    m_goal = goal;
    m_higherIsBetter = higherIsBetter;
    m_y->setTitleText(metric);
    connect(model, &QAbstractItemModel::modelReset, this, &MetricChart::rebuild);
    // New candidates arrive one by one; draw them together at the next turn
    // of the event loop.
    connect(model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &, int first, int last) {
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

void MetricChart::rebuild()
{
    for (QXYSeries *s : std::initializer_list<QXYSeries *>{m_points, m_failed, m_bestLine, m_goalLine, m_baselineLine})
        s->clear();
    m_haveBest = false;
    m_bestTail = false;
    m_lo = m_goal;
    m_hi = m_goal;
    if (m_model && m_model->rowCount() > 0)
        addRows(0, m_model->rowCount() - 1);
    rescale();
}

void MetricChart::addRows(int first, int last)
{
    if (m_bestTail) { // the best so far drawn to the right edge: redrawn below
        m_bestLine->remove(m_bestLine->count() - 1);
        m_bestTail = false;
    }
    QList<QPointF> points, failed, best;
    for (int row = first; row <= last; ++row) {
        const ExperimentRecord *r = m_model->recordAt(row);
        const double v = m_model->goalMetricOf(*r);
        const double x = r->id;
        if (r->origin == u"baseline"_s) {
            if (std::isfinite(v)) {
                const double current = m_baselineLine->count() ? m_baselineLine->at(0).y() : NAN;
                if (std::isnan(current) || (m_higherIsBetter ? v > current : v < current)) {
                    m_baselineLine->clear();
                    m_baselineLine->append(0, v);
                    m_baselineLine->append(1, v); // stretched in rescale()
                }
                m_lo = std::min(m_lo, v);
                m_hi = std::max(m_hi, v);
            }
            continue;
        }
        if (!std::isfinite(v)) {
            if (r->decision != u"infra"_s && r->decision != u"rejected"_s)
                failed << QPointF(x, 0);
            continue;
        }
        points << QPointF(x, v);
        m_lo = std::min(m_lo, v);
        m_hi = std::max(m_hi, v);
        if (!m_haveBest || (m_higherIsBetter ? v > m_best : v < m_best)) {
            if (m_haveBest)
                best << QPointF(x, m_best); // the step: flat until here, then up
            m_best = v;
            m_haveBest = true;
        }
        best << QPointF(x, m_best);
    }
    m_points->append(points);
    m_failed->append(failed);
    m_bestLine->append(best);
}

void MetricChart::rescale()
{
    const int n = m_model ? m_model->rowCount() : 0;
    const double xmax = std::max(2, n + 1);
    m_x->setRange(0, xmax);
    m_goalLine->clear();
    if (m_goal > 0) {
        m_goalLine->append(0, m_goal);
        m_goalLine->append(xmax, m_goal);
    }
    if (m_baselineLine->count() == 2)
        m_baselineLine->replace(1, QPointF(xmax, m_baselineLine->at(0).y()));
    if (m_bestTail)
        m_bestLine->remove(m_bestLine->count() - 1);
    m_bestTail = m_bestLine->count() > 0;
    if (m_bestTail)
        m_bestLine->append(xmax, m_best); // the best so far holds to the right edge
    const double lo = std::min(0.0, m_lo), hi = m_hi > lo ? m_hi : lo + 1;
    m_y->setRange(lo, hi * 1.08);
}

int MetricChart::pointCount() const
{
    return int(m_points->count());
}

bool MetricChart::exportTo(const QString &path)
{
    if (path.endsWith(u".svg"_s, Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size());
        svg.setViewBox(rect());
        svg.setTitle(tr("Kernel Workbench: %1 per candidate").arg(m_metric));
        QPainter p;
        if (!p.begin(&svg))
            return false;
        render(&p);
        return p.end();
    }
    return grab().save(path);
}

} // namespace kwb
