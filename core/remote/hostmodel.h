#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

namespace kwb {

/// The hosts of a session and how each is doing, for the GUI's host list:
/// state (local, not connected, connecting, connected, down, failed), slots in use,
/// round-trip latency and the last problem. Filled by the Workbench from
/// the connections and the evaluation pool.
class HostModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        StateColumn,
        LoadColumn,
        LatencyColumn,
        DetailColumn,
        ColumnCount
    };
    enum class State
    {
        Local,
        NotConnected,
        Connecting,
        Connected,
        Down,
        Failed
    };
    static constexpr int StateRole = Qt::UserRole + 1; ///< int(State), for the view's colours

    using QAbstractTableModel::QAbstractTableModel;

    void setHosts(const QStringList &names);
    void setState(const QString &name, State state, const QString &detail = {});
    void setLoad(const QString &name, int busy, int slots);
    void setLatency(const QString &name, double ms);
    /// A Slurm host's jobs: shown in place of its busy slots.
    void setQueue(const QString &name, int pending, int running, int done, int failed,
                  double meanQueueMs);

    State state(const QString &name) const;
    int busy(const QString &name) const;
    double latencyMs(const QString &name) const; ///< NaN until measured
    /// "busy" for a working host, else the state's name.
    QString stateText(const QString &name) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Row
    {
        QString name;
        State state = State::NotConnected;
        int busy = 0;
        int slots = 1;
        double latencyMs;
        QString detail;
        QString queue; ///< a Slurm host's jobs, when it is one
    };
    int find(const QString &name) const;
    void changed(int row);
    QString stateText(const Row &r) const;

    std::vector<Row> m_rows;
};

} // namespace kwb
