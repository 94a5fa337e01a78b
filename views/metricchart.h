#pragma once

#include <QChartView>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace kwb {

class CandidateModel;

/// The goal metric of every candidate (dots), the best so far (a step line),
/// the baselines' and the goal's levels, failed candidates marked on the
/// axis. Fed from the candidate model; new rows are added in batches.
class MetricChart : public QChartView
{
    Q_OBJECT
public:
    explicit MetricChart(QWidget *parent = nullptr);
    void setModel(CandidateModel *model, const QString &metric, double goal, bool higherIsBetter);
    /// Writes the chart as PNG or SVG (by the extension); false on failure.
    bool exportTo(const QString &path);
    int pointCount() const;

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
    QScatterSeries *m_points = nullptr;
    QScatterSeries *m_failed = nullptr;
    QLineSeries *m_bestLine = nullptr;
    QLineSeries *m_goalLine = nullptr;
    QLineSeries *m_baselineLine = nullptr;
    QValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
    int m_pendingFirst = -1;
    int m_pendingLast = -1;
};

} // namespace kwb
