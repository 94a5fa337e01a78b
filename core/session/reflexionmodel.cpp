#include "reflexionmodel.h"

#include <QStringList>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

JsonListModel::JsonListModel(Kind kind, QObject *parent) : QAbstractListModel(parent), m_kind(kind)
{
}

void JsonListModel::reset(const std::vector<Json> &items)
{
    beginResetModel();
    m_items = items;
    endResetModel();
}

void JsonListModel::append(const Json &item)
{
    const int row = int(m_items.size());
    beginInsertRows({}, row, row);
    m_items.push_back(item);
    endInsertRows();
}

const Json *JsonListModel::itemAt(int row) const
{
    return row >= 0 && row < int(m_items.size()) ? &m_items[size_t(row)] : nullptr;
}

int JsonListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

namespace {

QString list(const Json &j, const char *key)
{
    QStringList out;
    if (const Json *a = findAt(j, {key}); a && a->is_array()) {
        for (const Json &v : *a) {
            if (v.is_string())
                out << qs(v.get<std::string>());
        }
    }
    return out.join(u"; "_s);
}

} // namespace

QString JsonListModel::display(const Json &item) const
{
    if (m_kind == Reflexions) {
        QString s = tr("#%1 %2 — %3")
                        .arg(numberAt(item, {"candidate"}, 0))
                        .arg(qs(stringAt(item, {"outcome"})), qs(stringAt(item, {"tried"})));
        s += u'\n' + tr("lesson: %1").arg(qs(stringAt(item, {"lesson"})));
        if (const QString avoid = list(item, "avoid"); !avoid.isEmpty())
            s += u'\n' + tr("avoid: %1").arg(avoid);
        if (const QString next = list(item, "try"); !next.isEmpty())
            s += u'\n' + tr("try: %1").arg(next);
        return s;
    }
    return tr("#%1 → #%2: %3× — %4")
        .arg(numberAt(item, {"from"}, 0))
        .arg(numberAt(item, {"to"}, 0))
        .arg(QString::number(numberAt(item, {"speedup"}, NAN), 'f', 2),
             qs(stringAt(item, {"change"})));
}

QVariant JsonListModel::data(const QModelIndex &index, int role) const
{
    const Json *item = index.isValid() ? itemAt(index.row()) : nullptr;
    if (!item)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return display(*item);
    case Qt::ToolTipRole:
    case JsonRole:
        return qs(item->dump(1));
    case CandidateRole:
        return int(numberAt(*item, {m_kind == Reflexions ? "candidate" : "to"}, 0));
    case SearchTextRole:
        return qs(item->dump());
    default:
        return {};
    }
}

} // namespace kwb
