#include "llmcalls.h"

#include "sessionstore.h"

namespace kwb {

using namespace Qt::Literals::StringLiterals;

void LedgerTotals::add(const Json &line)
{
    ++calls;
    failedCalls += line.value("ok", true) ? 0 : 1;
    tokensIn += line.value("tokens_in", qint64(0));
    tokensOut += line.value("tokens_out", qint64(0));
    cost += line.value("cost", 0.0);
    ms += line.value("ms", qint64(0));
    costByRound[line.value("round", 0)] += line.value("cost", 0.0);
}

LlmCallModel::LlmCallModel(QObject *parent) : QAbstractTableModel(parent) {}

void LlmCallModel::load(const SessionStore &session)
{
    beginResetModel();
    m_calls.clear();
    m_live.clear();
    m_ledger = session.ledgerTotals();
    for (const Json &t : session.transcripts()) {
        Call c;
        c.number = int(numberAt(t, {"call"}, 0));
        c.purpose = qs(stringAt(t, {"purpose"}));
        c.round = int(numberAt(t, {"round"}, 0));
        c.prompt = qs(stringAt(t, {"system"})) + u"\n\n"_s + qs(stringAt(t, {"prompt"}));
        const bool ok = findAt(t, {"ok"}) && *findAt(t, {"ok"}) == Json(true);
        c.reply = qs(stringAt(t, {ok ? "reply" : "error"}));
        c.tokensIn = qint64(numberAt(t, {"tokens_in"}, 0));
        c.tokensOut = qint64(numberAt(t, {"tokens_out"}, 0));
        c.cost = numberAt(t, {"cost"}, 0);
        c.seconds = numberAt(t, {"ms"}, 0) / 1000.0;
        c.state = ok ? CallState::Done : CallState::Failed;
        m_calls.push_back(std::move(c));
    }
    endResetModel();
    Q_EMIT ledgerChanged();
}

void LlmCallModel::started(int call, int round, const QString &purpose, const QString &system,
                           const QString &prompt)
{
    const int row = int(m_calls.size());
    beginInsertRows({}, row, row);
    Call c;
    c.number = row + 1;
    c.purpose = purpose;
    c.round = round;
    c.prompt = system + u"\n\n"_s + prompt;
    m_calls.push_back(std::move(c));
    m_live.insert(call, row);
    endInsertRows();
}

void LlmCallModel::delta(int call, const QString &text)
{
    const int row = m_live.value(call, -1);
    if (row < 0)
        return;
    m_calls[size_t(row)].reply += text;
    Q_EMIT replyAppended(row, text);
}

void LlmCallModel::finished(int call, const LlmReply &reply, const LedgerTotals &ledger)
{
    const int row = m_live.value(call, -1);
    m_live.remove(call);
    if (row >= 0) {
        Call &c = m_calls[size_t(row)];
        c.reply = reply.ok ? reply.text : reply.error;
        c.tokensIn = reply.tokensIn;
        c.tokensOut = reply.tokensOut;
        c.cost = reply.cost;
        c.seconds = double(reply.ms) / 1000.0;
        c.state = reply.ok          ? CallState::Done
                  : reply.cancelled ? CallState::Cancelled
                                    : CallState::Failed;
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    m_ledger = ledger;
    Q_EMIT ledgerChanged();
}

int LlmCallModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_calls.size());
}

int LlmCallModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LlmCallModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_calls.size()))
        return {};
    const Call &c = m_calls[size_t(index.row())];
    switch (role) {
    case PromptRole:
        return c.prompt;
    case ReplyRole:
        return c.reply;
    case Qt::TextAlignmentRole:
        return index.column() == Purpose || index.column() == State
                   ? QVariant()
                   : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    const bool live = c.state == CallState::Streaming;
    switch (Column(index.column())) {
    case Number:
        return QString::number(c.number);
    case Purpose:
        return c.purpose;
    case Round:
        return QString::number(c.round);
    case TokensIn:
        return live ? QString() : QString::number(c.tokensIn);
    case TokensOut:
        return live ? QString() : QString::number(c.tokensOut);
    case Cost:
        return live ? QString() : QString::number(c.cost, 'f', 4);
    case Seconds:
        return live ? QString() : QString::number(c.seconds, 'f', 1);
    case State:
        switch (c.state) {
        case CallState::Streaming:
            return tr("streaming…");
        case CallState::Done:
            return tr("done");
        case CallState::Failed:
            return tr("failed");
        case CallState::Cancelled:
            return tr("cancelled");
        }
        return {};
    case ColumnCount:
        break;
    }
    return {};
}

QVariant LlmCallModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Number:
        return tr("#");
    case Purpose:
        return tr("Purpose");
    case Round:
        return tr("Round");
    case TokensIn:
        return tr("Tokens in");
    case TokensOut:
        return tr("Tokens out");
    case Cost:
        return tr("US$");
    case Seconds:
        return tr("Seconds");
    case State:
        return tr("State");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace kwb
