#include "hostmodel.h"

#include <cmath>
#include <limits>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

void HostModel::setHosts(const QStringList &names)
{
    beginResetModel();
    m_rows.clear();
    for (const QString &n : names) {
        Row r;
        r.name = n;
        r.state = n == u"local"_s ? State::Local : State::NotConnected;
        r.latencyMs = std::numeric_limits<double>::quiet_NaN();
        m_rows.push_back(r);
    }
    endResetModel();
}

int HostModel::find(const QString &name) const
{
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].name == name)
            return int(i);
    }
    return -1;
}

void HostModel::changed(int row)
{
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void HostModel::setState(const QString &name, State state, const QString &detail)
{
    const int i = find(name);
    if (i < 0)
        return;
    m_rows[size_t(i)].state = state;
    if (!detail.isNull())
        m_rows[size_t(i)].detail = detail;
    changed(i);
}

void HostModel::setLoad(const QString &name, int busy, int slots)
{
    const int i = find(name);
    if (i < 0)
        return;
    m_rows[size_t(i)].busy = busy;
    m_rows[size_t(i)].slots = slots;
    changed(i);
}

void HostModel::setLatency(const QString &name, double ms)
{
    const int i = find(name);
    if (i < 0)
        return;
    m_rows[size_t(i)].latencyMs = ms;
    changed(i);
}

void HostModel::setQueue(const QString &name, int pending, int running, int done, int failed,
                         double meanQueueMs)
{
    const int i = find(name);
    if (i < 0)
        return;
    QString text = tr("%1 pending · %2 running · %3 done · %4 failed")
                       .arg(pending)
                       .arg(running)
                       .arg(done)
                       .arg(failed);
    if (std::isfinite(meanQueueMs))
        text += tr(" · queue wait %1 s").arg(meanQueueMs / 1000.0, 0, 'f', 1);
    m_rows[size_t(i)].queue = text;
    changed(i);
}

HostModel::State HostModel::state(const QString &name) const
{
    const int i = find(name);
    return i < 0 ? State::Failed : m_rows[size_t(i)].state;
}

int HostModel::busy(const QString &name) const
{
    const int i = find(name);
    return i < 0 ? 0 : m_rows[size_t(i)].busy;
}

double HostModel::latencyMs(const QString &name) const
{
    const int i = find(name);
    return i < 0 ? std::numeric_limits<double>::quiet_NaN() : m_rows[size_t(i)].latencyMs;
}

QString HostModel::stateText(const QString &name) const
{
    const int i = find(name);
    return i < 0 ? QString() : stateText(m_rows[size_t(i)]);
}

QString HostModel::stateText(const Row &r) const
{
    const bool working = r.state == State::Local || r.state == State::Connected;
    if (working && r.busy > 0)
        return tr("busy");
    switch (r.state) {
    case State::Local:
        return tr("local");
    case State::NotConnected:
        return tr("not connected");
    case State::Connecting:
        return tr("connecting");
    case State::Connected:
        return tr("connected");
    case State::Down:
        return tr("down");
    case State::Failed:
        return tr("failed");
    }
    return {};
}

int HostModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HostModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HostModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const Row &r = m_rows[size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case NameColumn:
            return r.name;
        case StateColumn:
            return stateText(r);
        case LoadColumn:
            if (!r.queue.isEmpty())
                return r.queue;
            return QString(QString::number(r.busy) + u" / "_s + QString::number(r.slots));
        case LatencyColumn:
            return std::isfinite(r.latencyMs)
                       ? QString(QString::number(r.latencyMs, 'f', 1) + u" ms"_s)
                       : QString();
        case DetailColumn:
            return r.detail;
        }
    }
    if (role == Qt::ToolTipRole && index.column() == DetailColumn)
        return r.detail;
    if (role == Qt::ToolTipRole && index.column() == LoadColumn && !r.queue.isEmpty())
        return r.queue;
    if (role == StateRole)
        return int(r.state);
    return {};
}

QVariant HostModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Host");
    case StateColumn:
        return tr("State");
    case LoadColumn:
        return tr("Busy");
    case LatencyColumn:
        return tr("Latency");
    case DetailColumn:
        return tr("Last problem");
    }
    return {};
}

} // namespace kwb
