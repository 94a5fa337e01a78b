#pragma once

// The LLM calls of a session, as the LLM view lists them: read from the
// session's transcripts and ledger (SessionStore), then fed live by the
// planner's calls (the Workbench forwards them).

#include "llm/llmclient.h"
#include "util/jsontext.h"

#include <QAbstractTableModel>
#include <QHash>
#include <vector>

namespace kwb {

class SessionStore;

/// What the LLM calls of a session cost, from its ledger (llm-ledger.jsonl).
struct LedgerTotals
{
    int calls = 0;
    int failedCalls = 0;
    qint64 tokensIn = 0, tokensOut = 0;
    double cost = 0;
    qint64 ms = 0;
    QHash<int, double> costByRound;

    /// Counts one ledger line.
    void add(const Json &line);
};

/// One row per LLM call: number, purpose, round, tokens, cost, seconds,
/// state; the exact prompt and the reply (streamed as it arrives) under
/// PromptRole and ReplyRole.
class LlmCallModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Number,
        Purpose,
        Round,
        TokensIn,
        TokensOut,
        Cost,
        Seconds,
        State,
        ColumnCount
    };
    enum Role
    {
        PromptRole = Qt::UserRole,
        ReplyRole,
    };

    explicit LlmCallModel(QObject *parent = nullptr);

    /// The calls recorded in `session`'s transcripts and its ledger.
    void load(const SessionStore &session);
    /// A call went out (`call`: the planner's id for it).
    void started(int call, int round, const QString &purpose, const QString &system,
                 const QString &prompt);
    /// More of a call's reply.
    void delta(int call, const QString &text);
    /// A call ended; `ledger` is the session's, this call included.
    void finished(int call, const LlmReply &reply, const LedgerTotals &ledger);

    const LedgerTotals &ledger() const { return m_ledger; }
    /// Calls still waiting for their reply.
    int liveCount() const { return int(m_live.size()); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    /// `text` was appended to the reply of `row` (the view streams it).
    void replyAppended(int row, const QString &text);
    /// The ledger's totals changed.
    void ledgerChanged();

private:
    enum class CallState
    {
        Streaming,
        Done,
        Failed,
        Cancelled
    };
    struct Call
    {
        int number = 0;
        QString purpose;
        int round = 0;
        QString prompt;
        QString reply;
        qint64 tokensIn = 0, tokensOut = 0;
        double cost = 0;
        double seconds = 0;
        CallState state = CallState::Streaming;
    };

    std::vector<Call> m_calls;
    QHash<int, int> m_live; ///< call id → row, while the reply streams
    LedgerTotals m_ledger;
};

} // namespace kwb
