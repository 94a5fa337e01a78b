#pragma once

#include "util/jsontext.h"

#include <QAbstractListModel>
#include <vector>

namespace kwb {

/// The session's reflexions in order, each linked to its candidate, and the
/// optimization memory's slow→fast records: one list model each, filled from
/// the store and grown by the loop's signals.
class JsonListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Kind
    {
        Reflexions,
        Memory
    };
    enum Role
    {
        CandidateRole = Qt::UserRole + 1, ///< int: the candidate a row is about
        JsonRole,                         ///< QString: the record as JSON text
        SearchTextRole,                   ///< QString: every field, for filtering
    };

    explicit JsonListModel(Kind kind, QObject *parent = nullptr);
    void reset(const std::vector<Json> &items);
    void append(const Json &item);
    const Json *itemAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QString display(const Json &item) const;
    Kind m_kind;
    std::vector<Json> m_items;
};

} // namespace kwb
