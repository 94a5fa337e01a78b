#include "compareview.h"

#include "diffview.h"
#include "run/workbench.h"
#include "session/compare.h"
#include "targets/targetprofile.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

CompareView::CompareView(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto *row = new QHBoxLayout;
    m_a = new QSpinBox(this);
    m_b = new QSpinBox(this);
    for (QSpinBox *s : {m_a, m_b}) {
        s->setPrefix(u"#"_s);
        s->setRange(0, 1'000'000);
        connect(s, &QSpinBox::valueChanged, this, &CompareView::refresh);
    }
    auto *swap = new QPushButton(tr("Swap"), this);
    connect(swap, &QPushButton::clicked, this, [this] { compare(m_b->value(), m_a->value()); });
    row->addWidget(new QLabel(tr("Compare"), this));
    row->addWidget(m_a);
    row->addWidget(new QLabel(tr("with"), this));
    row->addWidget(m_b);
    row->addWidget(swap);
    row->addStretch(1);
    layout->addLayout(row);
    m_verdict = new QLabel(this);
    m_verdict->setWordWrap(true);
    layout->addWidget(m_verdict);
    auto *split = new QSplitter(Qt::Vertical, this);
    m_diff = new DiffView(split);
    m_table = new QTableWidget(0, 4, split);
    m_table->setHorizontalHeaderLabels({tr("Metric"), tr("A"), tr("B"), tr("Δ")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    split->addWidget(m_diff);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
}

void CompareView::setWorkbench(Workbench *workbench)
{
    m_workbench = workbench;
    refresh();
}

void CompareView::compare(int a, int b)
{
    const QSignalBlocker ba(m_a), bb(m_b);
    m_a->setValue(a);
    m_b->setValue(b);
    refresh();
}

QString CompareView::verdict() const
{
    return m_verdict->text();
}

void CompareView::refresh()
{
    m_table->setRowCount(0);
    const ExperimentRecord *a =
        m_workbench ? m_workbench->candidates()->recordById(m_a->value()) : nullptr;
    const ExperimentRecord *b =
        m_workbench ? m_workbench->candidates()->recordById(m_b->value()) : nullptr;
    if (!a || !b) {
        m_verdict->setText(tr("Pick two recorded candidates (double-click one in the timeline to "
                              "compare it with its parent)."));
        m_diff->clear();
        return;
    }
    m_diff->setTexts(tr("#%1 (A) — %2").arg(a->id).arg(a->plan), m_workbench->sourceOf(a->id),
                     tr("#%1 (B) — %2").arg(b->id).arg(b->plan), m_workbench->sourceOf(b->id));
    const Comparison c = compareRecords(*a, *b, m_workbench->target());
    m_verdict->setText(c.verdict);
    m_table->setRowCount(int(c.metrics.size()));
    auto number = [](double v) { return std::isfinite(v) ? QString::number(v, 'g', 4) : u"—"_s; };
    for (int i = 0; i < int(c.metrics.size()); ++i) {
        const MetricComparison &m = c.metrics[size_t(i)];
        auto *name = new QTableWidgetItem(withUnit(m.label, m.unit));
        name->setToolTip(m.description.isEmpty() ? m.metric : m.metric + u": "_s + m.description);
        m_table->setItem(i, 0, name);
        m_table->setItem(i, 1, new QTableWidgetItem(number(m.a)));
        m_table->setItem(i, 2, new QTableWidgetItem(number(m.b)));
        auto *delta = new QTableWidgetItem(std::isfinite(m.deltaPct)
                                               ? (m.deltaPct >= 0 ? u"+"_s : QString()) +
                                                     QString::number(m.deltaPct, 'f', 1) + u'%'
                                               : u"—"_s);
        if (m.verdict != 0)
            delta->setForeground(m.verdict > 0 ? QColor(46, 125, 50) : QColor(198, 40, 40));
        m_table->setItem(i, 3, delta);
    }
    m_table->resizeColumnsToContents();
}

} // namespace kwb
