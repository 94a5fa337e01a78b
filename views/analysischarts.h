#pragma once

#include <QChartView>
#include <memory>

class QBarCategoryAxis;
class QHorizontalBarSeries;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace kwb {

class CandidateModel;
class ChunkedMarkers;
class Workbench;
struct ExperimentRecord;

/// The roofline: the machine's ceilings (bandwidth slope up to the ridge,
/// then the compute peak, as calibrated) on log–log axes, every correct
/// candidate at its arithmetic intensity and achieved GFLOP/s, and the kept
/// candidates joined in order as the trajectory of the run.
class RooflineChart : public QChartView
{
    Q_OBJECT
public:
    explicit RooflineChart(QWidget *parent = nullptr);
    ~RooflineChart() override;
    void setModel(CandidateModel *model);
    int pointCount() const;
    /// The ceilings in use: peak GFLOP/s and GB/s (0 until a record has them).
    double peakGflops() const { return m_peakGflops; }
    double peakGbs() const { return m_peakGbs; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void rebuild();
    void addRecord(const ExperimentRecord &r);
    bool pointOf(const ExperimentRecord &r, QPointF *point);

    CandidateModel *m_model = nullptr;
    bool m_dirty = true; ///< a rebuild is due (after a reset, or rows that arrived while hidden)
                         ///< ///< rows arrived while hidden: rebuild when shown
    QLineSeries *m_ceiling;
    std::unique_ptr<ChunkedMarkers> m_points;
    QLineSeries *m_path;
    QLogValueAxis *m_x;
    QLogValueAxis *m_y;
    double m_peakGflops = 0;
    double m_peakGbs = 0;
};

/// The selected candidate against its parent and the incumbent: one bar per
/// shown metric, the change in percent, signed so that right is better
/// whichever way the metric points.
class SelectionBars : public QChartView
{
    Q_OBJECT
public:
    explicit SelectionBars(QWidget *parent = nullptr);
    void showCandidate(Workbench *workbench, int id);
    /// The bar values of the last show(): (vs parent, vs incumbent) per metric.
    QList<std::pair<QString, std::pair<double, double>>> values() const { return m_values; }

private:
    QList<std::pair<QString, std::pair<double, double>>> m_values;
};

} // namespace kwb
