#pragma once

#include <QChartView>
#include <memory>
#include <vector>

class QAbstractAxis;
class QChart;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace kwb {

class CandidateModel;

/// Writes a chart view as PNG or SVG (by the extension); false on failure.
/// Writes the chart as PNG or SVG (by the extension) at `size`, whatever
/// the size of its dock: legends and ticks laid out for that size.
bool exportChart(QChartView *view, const QString &path, QSize size = QSize(1600, 1000));

/// Adds `x` (bottom) and `y` (left) to `chart` and attaches every series to both.
void attachAxes(QChart *chart, QAbstractAxis *x, QAbstractAxis *y);

/// A new chart themed for the application's palette (dark or light).
QChart *themedChart();

/// A series drawn as markers only, painted by one item: QScatterSeries makes
/// a graphics item per point, which takes seconds at thousands of points.
QLineSeries *markerSeries(const QString &name, const QColor &color, bool square = false);
/// How large markers are drawn, for the series made from now on
/// (presentation mode enlarges them); 1 is the default size.
void setMarkerScale(double scale);
double markerScale();

/// Many markers as a chain of marker series of bounded size: a series
/// recomputes all its points' geometry when one is added, so one big series
/// would make every new candidate cost as much as all the old ones.
class ChunkedMarkers
{
public:
    ChunkedMarkers(QChart *chart, QAbstractAxis *x, QAbstractAxis *y, const QString &name,
                   const QColor &color);
    void append(const QList<QPointF> &points);
    void clear();
    int count() const;
    /// The first chunk: the one that has a legend entry.
    QLineSeries *first() const { return m_chunks.front(); }

private:
    QChart *m_chart;
    QAbstractAxis *m_x;
    QAbstractAxis *m_y;
    QString m_name;
    QColor m_color;
    std::vector<QLineSeries *> m_chunks;
};

/// The goal metric of every candidate (dots), the best so far (a step line),
/// the baselines' and the goal's levels, failed candidates marked on the
/// axis. Fed from the candidate model; new rows are added in batches.
class MetricChart : public QChartView
{
    Q_OBJECT
public:
    explicit MetricChart(QWidget *parent = nullptr);
    /// `title` names the metric on the axis (the catalog's label and unit);
    /// empty: the metric's name.
    void setModel(CandidateModel *model, const QString &metric, double goal, bool higherIsBetter,
                  const QString &title = QString());
    /// A new goal (a continued run): the goal line moves.
    void setGoal(double goal);
    double goal() const { return m_goal; }
    /// The x axis's distance between ticks (1, 2 or 5 times a power of ten).
    double xTickInterval() const;
    /// Writes the chart as PNG or SVG (by the extension); false on failure.
    bool exportTo(const QString &path);
    int pointCount() const;
    /// The level of the best-so-far line (NaN before any best).
    double bestValue() const { return m_haveBest ? m_best : qQNaN(); }

private:
    void rebuild();
    void addRows(int first, int last);
    void rescale();

    CandidateModel *m_model = nullptr;
    QString m_metric;
    double m_goal = 0;
    bool m_higherIsBetter = true;
    double m_best = 0;
    bool m_haveBest = false;
    bool m_bestTail = false;
    double m_lo = 0, m_hi = 1;
    double m_maxX = 0;  ///< largest candidate id plotted
    double m_xmax = -1; ///< the x axis' end
    std::unique_ptr<ChunkedMarkers> m_points;
    QLineSeries *m_failed = nullptr;
    QLineSeries *m_bestLine = nullptr;
    QLineSeries *m_goalLine = nullptr;
    QLineSeries *m_baselineLine = nullptr;
    QValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
    int m_pendingFirst = -1;
    int m_pendingLast = -1;
};

} // namespace kwb
