#pragma once

#include "session/sessionstore.h"

#include <QAbstractTableModel>
#include <QHash>
#include <cmath>
#include <vector>

namespace kwb {

/// Every candidate of a session, in record order: the table, the timeline
/// and the charts read it (QtCore only, so it lives in core). Filled from the store when a session
/// opens and grown one record at a time while the loop runs, so a live run and a reopened session
/// show the same thing.
class CandidateModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Id,
        Round,
        Origin,
        Plan,
        Status,
        Median,
        Speedup,
        Decision,
        ColumnCount
    };
    enum Role
    {
        IdRole = Qt::UserRole + 1, ///< int
        ParentRole,                ///< int, 0 when none
        KindRole,                  ///< "kept", "failed", "human-edited"… (see kindOf)
        MedianMsRole,              ///< double, NaN when untimed
        GoalMetricRole,            ///< double: the workload's goal metric, NaN when unknown
        CauseRole,                 ///< QString
        IncumbentRole,             ///< bool: the current incumbent (also starred in the # column)
    };

    explicit CandidateModel(QObject *parent = nullptr);

    /// Replaces everything with `records`; `goalMetric` names the metric the
    /// charts plot ("gflops").
    void reset(const std::vector<ExperimentRecord> &records, const QString &goalMetric);
    void append(const ExperimentRecord &record);
    void setIncumbent(int id);
    void setRevertedTo(int id);

    const ExperimentRecord *recordAt(int row) const;
    const ExperimentRecord *recordById(int id) const;
    int rowOf(int id) const { return m_rowById.value(id, -1); }
    int incumbentId() const { return m_incumbent; }
    /// Whether the engineer (or a failure streak) reverted to this candidate.
    bool wasRevertedTo(int id) const { return m_revertedTo.contains(id); }
    /// The starting kernel (the first human record of round 0): speedups are
    /// quoted against it.
    int startId() const { return m_start; }
    /// The fastest correct candidate's median (baselines aside); NaN when none.
    double bestMedianMs() const { return m_bestMs; }
    /// Candidates that were evaluated: not rejected at the gate (nor
    /// dropped), not lost to a host; as kwb run counts them.
    int evaluatedCount() const;

    /// How the timeline draws a record: kept, discarded, reverted, failed,
    /// rejected, baseline, infra, imported, human-edited (a flag wins).
    static QString kindOf(const ExperimentRecord &r);
    static double medianOf(const ExperimentRecord &r);
    double goalMetricOf(const ExperimentRecord &r) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<ExperimentRecord> m_records;
    QHash<int, int> m_rowById;
    QString m_goalMetric;
    int m_incumbent = 0;
    int m_start = 0;
    double m_bestMs = NAN;
    QList<int> m_revertedTo;
    void noteTiming(const ExperimentRecord &r);
};

} // namespace kwb
