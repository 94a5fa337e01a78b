#include "candidatemodel.h"

#include <algorithm>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

CandidateModel::CandidateModel(QObject *parent) : QAbstractTableModel(parent) {}

void CandidateModel::reset(const std::vector<ExperimentRecord> &records, const QString &goalMetric)
{
    beginResetModel();
    m_records = records;
    m_goalMetric = goalMetric;
    m_rowById.clear();
    m_start = 0;
    m_revertedTo.clear();
    m_bestMs = NAN;
    for (int i = 0; i < int(m_records.size()); ++i) {
        m_rowById.insert(m_records[size_t(i)].id, i);
        noteTiming(m_records[size_t(i)]);
    }
    if (const ExperimentRecord *start = startRecord(m_records))
        m_start = start->id;
    endResetModel();
}

void CandidateModel::append(const ExperimentRecord &record)
{
    if (m_rowById.contains(record.id))
        return;
    const int row = int(m_records.size());
    beginInsertRows({}, row, row);
    m_records.push_back(record);
    m_rowById.insert(record.id, row);
    noteTiming(record); // a regression moves nothing: revert targets come from setRevertedTo
    if (const ExperimentRecord *start = m_start ? nullptr : startRecord(m_records))
        m_start = start->id;
    endInsertRows();
}

void CandidateModel::noteTiming(const ExperimentRecord &r)
{
    // The best by the one rule (record.h): never a baseline, a discarded or
    // imported record, a false win or a flagged one.
    if (canBeBest(r) && !(trustedMedianMs(r) >= m_bestMs))
        m_bestMs = trustedMedianMs(r);
}

void CandidateModel::setIncumbent(int id)
{
    const int old = rowOf(m_incumbent);
    m_incumbent = id;
    for (int row : {old, rowOf(id)}) {
        if (row >= 0)
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
}

void CandidateModel::setRevertedTo(int id)
{
    m_revertedTo << id;
    setIncumbent(id);
}

const ExperimentRecord *CandidateModel::recordAt(int row) const
{
    return row >= 0 && row < int(m_records.size()) ? &m_records[size_t(row)] : nullptr;
}

int CandidateModel::evaluatedCount() const
{
    return int(std::count_if(m_records.begin(), m_records.end(), wasEvaluated));
}

const ExperimentRecord *CandidateModel::recordById(int id) const
{
    return recordAt(rowOf(id));
}

QString CandidateModel::kindOf(const ExperimentRecord &r)
{
    if (r.flags.contains(u"human-edited"_s))
        return u"human-edited"_s;
    if (r.untrusted())
        return verdictWord(Verdict::Failed);
    return verdictWord(r.decision);
}

double CandidateModel::medianOf(const ExperimentRecord &r)
{
    return trustedMedianMs(r);
}

double CandidateModel::goalMetricOf(const ExperimentRecord &r) const
{
    return r.trustedMetric(m_goalMetric).value_or(NAN);
}

int CandidateModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_records.size());
}

int CandidateModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

QString formatMs(double ms)
{
    if (std::isnan(ms))
        return u"—"_s;
    if (ms < 1)
        return QString::number(ms * 1000, 'f', ms < 0.01 ? 2 : 0) + u" µs"_s;
    return QString::number(ms, 'f', ms < 100 ? 2 : 0) + u" ms"_s;
}

} // namespace

QVariant CandidateModel::data(const QModelIndex &index, int role) const
{
    const ExperimentRecord *r = index.isValid() ? recordAt(index.row()) : nullptr;
    if (!r)
        return {};
    switch (role) {
    case IdRole:
        return r->id;
    case ParentRole:
        return r->parent.value_or(0);
    case KindRole:
        return kindOf(*r);
    case MedianMsRole:
        return medianOf(*r);
    case GoalMetricRole:
        return goalMetricOf(*r);
    case CauseRole:
        return r->cause;
    case Qt::ToolTipRole:
        return tr("#%1 %2\n%3: %4").arg(r->id).arg(r->plan, verdictLabel(r->decision), r->cause);
    case IncumbentRole:
        return r->id == m_incumbent;
    case Qt::TextAlignmentRole:
        if (index.column() == Median || index.column() == Speedup || index.column() == Id ||
            index.column() == Round)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (Column(index.column())) {
    case Id:
        return r->id == m_incumbent ? u"★ "_s + QString::number(r->id) : QString::number(r->id);
    case Round:
        return r->round;
    case Origin:
        return originWord(r->origin);
    case Plan:
        return r->plan;
    case Status: {
        if (r->decision == Verdict::Infra)
            return tr("host lost");
        if (const QString cls = failureClassOf(*r); !cls.isEmpty())
            return cls;
        return std::isnan(medianOf(*r)) ? tr("—") : tr("correct");
    }
    case Median:
        return formatMs(medianOf(*r));
    case Speedup: {
        const ExperimentRecord *start = recordById(m_start);
        const double s = start ? medianOf(*start) / medianOf(*r) : NAN;
        return std::isfinite(s) ? QString::number(s, 'f', s < 10 ? 2 : 1) + u'×' : u"—"_s;
    }
    case Decision:
        return verdictLabel(r->decision);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant CandidateModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Id:
        return tr("#");
    case Round:
        return tr("Round");
    case Origin:
        return tr("Origin");
    case Plan:
        return tr("Plan");
    case Status:
        return tr("Status");
    case Median:
        return tr("Median");
    case Speedup:
        return tr("Speedup");
    case Decision:
        return tr("Decision");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace kwb
