#pragma once

#include <QAbstractScrollArea>
#include <QHash>
#include <vector>

namespace kwb {

class CandidateModel;

/// The revert timeline: every candidate as a node in record order, coloured
/// and shaped by what became of it (legend at the top), with its lineage as
/// edges; a revert that branches from an earlier candidate opens a new lane.
/// Only the visible columns are painted, so thousands of candidates scroll
/// smoothly. Click selects, double-click compares with the parent.
class TimelineView : public QAbstractScrollArea
{
    Q_OBJECT
public:
    explicit TimelineView(QWidget *parent = nullptr);
    void setModel(CandidateModel *model);
    void setSelectedId(int id);
    int selectedId() const { return m_selected; }
    /// Larger nodes and spacing (presentation mode: 1.6); 1 is the default.
    void setScale(double scale);
    double scale() const { return m_scale; }
    /// The lane of a candidate (0 = the first line of descent).
    int laneOf(int id) const { return m_lanes.value(id, 0); }
    int laneCount() const { return m_laneCount; }
    /// The legend's words, as shown (for the translation test).
    QStringList legendTexts() const;
    /// The candidate drawn at a point of the viewport, 0 for none.
    int idAt(const QPoint &viewportPos) const;
    QPoint nodeCenter(int id) const;

Q_SIGNALS:
    void candidateSelected(int id);
    void compareWithParent(int id);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    struct LegendEntry
    {
        QString kind; ///< "" for plain text
        QString text;
        QPoint at; ///< the text's baseline start
    };
    /// The legend laid out for `width`, wrapping as needed.
    std::vector<LegendEntry> legend(int width) const;
    void resizeEvent(QResizeEvent *event) override;

private:
    void layoutRows(int first, int last);
    void updateScrollBars();
    int step() const { return int(22 * m_scale); }  ///< px between candidates
    int lane() const { return int(26 * m_scale); }  ///< px between lanes
    int radius() const { return int(6 * m_scale); } ///< a node's radius

    double m_scale = 1;
    CandidateModel *m_model = nullptr;
    QHash<int, int> m_lanes;       // id → lane
    QHash<int, int> m_tips;        // lane → its newest kept id
    QHash<int, int> m_branchLanes; // branch point id → the lane opened from it
    int m_laneCount = 1;
    int m_top = 34;                    ///< where the lanes begin: below the legend
    std::vector<LegendEntry> m_legend; ///< laid out for the viewport's width
    int m_selected = 0;
};

} // namespace kwb
