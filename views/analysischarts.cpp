#include "analysischarts.h"

#include "metricchart.h"
#include "run/workbench.h"
#include "session/candidatemodel.h"
#include "session/compare.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalBarSeries>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QTimer>
#include <QValueAxis>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

RooflineChart::RooflineChart(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    auto *c = themedChart();
    c->setTitle(tr("Roofline"));
    c->legend()->setAlignment(Qt::AlignBottom);
    c->setMargins(QMargins(4, 4, 4, 4));
    QChart *initial = chart(); // setChart() gives the first chart up: ours to delete
    setChart(c);
    delete initial;
    m_ceiling = new QLineSeries;
    m_ceiling->setName(tr("ceilings (calibrated)"));
    m_ceiling->setPen(QPen(QColor(120, 120, 120), 2));
    m_path = new QLineSeries;
    m_path->setName(tr("kept, in order"));
    m_path->setPen(QPen(QColor(46, 160, 67), 2));
    m_x = new QLogValueAxis;
    m_x->setTitleText(tr("FLOP/byte"));
    m_x->setLabelFormat(u"%g"_s);
    m_y = new QLogValueAxis;
    m_y->setTitleText(tr("GFLOP/s"));
    m_y->setLabelFormat(u"%g"_s);
    c->addSeries(m_ceiling);
    c->addSeries(m_path);
    attachAxes(c, m_x, m_y);
    m_points =
        std::make_unique<ChunkedMarkers>(c, m_x, m_y, tr("candidates"), QColor(33, 150, 243));
}

RooflineChart::~RooflineChart() = default;

void RooflineChart::setModel(CandidateModel *model)
{
    m_model = model;
    // Rebuilt on reset (at the next turn of the event loop, and only while
    // visible); new candidates are added as points.
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        if (!m_dirty) {
            m_dirty = true;
            if (isVisible())
                QTimer::singleShot(0, this, &RooflineChart::rebuild);
        }
    });
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) {
                if (m_dirty)
                    return; // a rebuild is due anyway
                for (int row = first; row <= last; ++row)
                    addRecord(*m_model->recordAt(row));
            });
    rebuild();
}

void RooflineChart::showEvent(QShowEvent *event)
{
    QChartView::showEvent(event);
    if (m_dirty)
        rebuild();
}

int RooflineChart::pointCount() const
{
    return m_points->count();
}

void RooflineChart::addRecord(const ExperimentRecord &r)
{
    QPointF p;
    if (!pointOf(r, &p))
        return;
    m_points->append({p});
    if (r.decision == Verdict::Kept)
        m_path->append(p);
    if (p.x() < m_x->min() || p.x() > m_x->max() || p.y() < m_y->min() || p.y() > m_y->max())
        rebuild();
}

bool RooflineChart::pointOf(const ExperimentRecord &r, QPointF *p)
{
    if (!m_peakGflops) {
        if (const auto ceilings = r.ceilings()) {
            m_peakGflops = ceilings->peakGflops;
            m_peakGbs = ceilings->peakGbs;
        }
    }
    // Only a trusted record is a point: a false win's figures never are.
    const double x = r.trustedMetric(MetricRole::Intensity).value_or(NAN);
    const double y = r.trustedMetric(MetricRole::FlopRate).value_or(NAN);
    if (!(x > 0) || !(y > 0))
        return false;
    *p = QPointF(x, y);
    return true;
}

void RooflineChart::rebuild()
{
    m_dirty = false;
    QList<QPointF> points, path;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    for (int row = 0; m_model && row < m_model->rowCount(); ++row) {
        const ExperimentRecord *r = m_model->recordAt(row);
        QPointF p;
        if (!pointOf(*r, &p))
            continue;
        points << p;
        if (r->decision == Verdict::Kept)
            path << p;
        xlo = std::min(xlo, p.x());
        xhi = std::max(xhi, p.x());
        ylo = std::min(ylo, p.y());
        yhi = std::max(yhi, p.y());
    }
    m_points->clear();
    m_points->append(points);
    m_path->replace(path);
    QList<QPointF> ceiling;
    if (m_peakGflops > 0 && m_peakGbs > 0) {
        const double ridge = m_peakGflops / m_peakGbs;
        xlo = std::min(xlo, ridge / 16);
        xhi = std::max(xhi, ridge * 16);
        ceiling << QPointF(xlo, xlo * m_peakGbs) << QPointF(ridge, m_peakGflops)
                << QPointF(xhi, m_peakGflops);
        ylo = std::min(ylo, xlo * m_peakGbs);
        yhi = std::max(yhi, m_peakGflops);
    }
    m_ceiling->replace(ceiling);
    if (std::isfinite(xlo) && xhi > 0) {
        m_x->setRange(xlo / 2, xhi * 2);
        m_y->setRange(ylo / 2, yhi * 2);
    }
}

SelectionBars::SelectionBars(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    QChart *initial = chart(); // setChart() gives the first chart up: ours to delete
    setChart(themedChart());
    delete initial;
    // The title is the axis's: the dock's height goes to the bars.
    chart()->setToolTip(tr("Selected candidate: change in % (right = better)"));
    chart()->legend()->setAlignment(Qt::AlignBottom);
    chart()->setMargins(QMargins(4, 4, 4, 4));
}

void SelectionBars::showCandidate(Workbench *workbench, int id)
{
    m_values.clear();
    chart()->removeAllSeries();
    for (QAbstractAxis *a : chart()->axes()) {
        chart()->removeAxis(a); // gives up ownership: ours to delete (ASan found the leak)
        delete a;
    }
    const CandidateModel *m = workbench ? workbench->candidates() : nullptr;
    const ExperimentRecord *r = m ? m->recordById(id) : nullptr;
    if (!r)
        return;
    const ExperimentRecord *parent = r->parent ? m->recordById(*r->parent) : nullptr;
    const ExperimentRecord *incumbent = m->recordById(m->incumbentId());
    auto *vsParent = new QBarSet(parent ? tr("vs parent #%1").arg(parent->id) : tr("vs parent"));
    auto *vsIncumbent =
        new QBarSet(incumbent ? tr("vs incumbent #%1").arg(incumbent->id) : tr("vs incumbent"));
    // Better is green, worse red (by each metric's direction); the parent's
    // bars darker than the incumbent's.
    vsParent->setColor(QColor(46, 125, 50));
    vsParent->setSelectedColor(QColor(198, 40, 40));
    vsIncumbent->setColor(QColor(129, 199, 132));
    vsIncumbent->setSelectedColor(QColor(239, 154, 154));
    QStringList categories;
    auto improvement = [](const MetricComparison &c) {
        // Positive when better, whichever way the metric points.
        return std::isfinite(c.deltaPct)
                   ? (c.verdict < 0 ? -std::abs(c.deltaPct) : std::abs(c.deltaPct))
                   : 0.0;
    };
    const Comparison p = parent ? compareRecords(*parent, *r, workbench->target()) : Comparison{};
    const Comparison i =
        incumbent ? compareRecords(*incumbent, *r, workbench->target()) : Comparison{};
    const auto &rows = !p.metrics.empty() ? p.metrics : i.metrics;
    for (const MetricComparison &row : rows) {
        double a = 0, b = 0;
        for (const MetricComparison &x : p.metrics) {
            if (x.metric == row.metric)
                a = improvement(x);
        }
        for (const MetricComparison &x : i.metrics) {
            if (x.metric == row.metric)
                b = improvement(x);
        }
        categories << (row.label.isEmpty() ? row.metric : row.label);
        vsParent->append(a);
        vsIncumbent->append(b);
        m_values.append({row.metric, {a, b}});
    }
    QList<int> worseParent, worseIncumbent;
    for (int k = 0; k < m_values.size(); ++k) {
        if (m_values[k].second.first < 0)
            worseParent << k;
        if (m_values[k].second.second < 0)
            worseIncumbent << k;
    }
    vsParent->selectBars(worseParent);
    vsIncumbent->selectBars(worseIncumbent);
    auto *series = new QHorizontalBarSeries;
    series->append(vsParent);
    series->append(vsIncumbent);
    series->setLabelsVisible(categories.size() <= 6); // labels collide beyond that
    chart()->addSeries(series);
    auto *y = new QBarCategoryAxis;
    y->append(categories);
    y->setTruncateLabels(false); // a metric's name in full, never "…"
    QFont small = y->labelsFont();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() - 1));
    y->setLabelsFont(small);
    auto *x = new QValueAxis;
    x->setLabelFormat(u"%.0f%%"_s);
    x->setTitleText(tr("% change (right: better)"));
    // The scale reads the changes that matter: a noisy figure (a spread
    // that grew 15×) runs off the edge rather than squeezing every other bar.
    double lim = 5;
    for (const auto &[name, v] : std::as_const(m_values))
        lim = std::max({lim, std::abs(v.first), std::abs(v.second)});
    lim = std::min(lim, 100.0);
    x->setRange(-lim * 1.15, lim * 1.15);
    x->applyNiceNumbers();
    chart()->addAxis(y, Qt::AlignLeft);
    chart()->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);
}

} // namespace kwb
