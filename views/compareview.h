#pragma once

#include <QWidget>

class QLabel;
class QSpinBox;
class QTableWidget;

namespace kwb {

class DiffView;
class Workbench;

/// Any two candidates side by side: their diff and a metric table with
/// absolute values, deltas coloured by each metric's direction, and a
/// sentence saying whether the latency difference is beyond the timings'
/// spread, so a gain inside the noise reads as such.
class CompareView : public QWidget
{
    Q_OBJECT
public:
    explicit CompareView(QWidget *parent = nullptr);
    void setWorkbench(Workbench *workbench);
    void compare(int a, int b);
    QString verdict() const;
    QTableWidget *table() const { return m_table; }
    DiffView *diff() const { return m_diff; }

private:
    void refresh();

    Workbench *m_workbench = nullptr;
    QSpinBox *m_a;
    QSpinBox *m_b;
    QLabel *m_verdict;
    DiffView *m_diff;
    QTableWidget *m_table;
};

} // namespace kwb
