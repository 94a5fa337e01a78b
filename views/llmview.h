#pragma once

#include "planning/llmplanner.h"

#include <QHash>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace kwb {

struct ExperimentRecord;

/// Every LLM call of the session: a list (purpose, round, tokens, cost,
/// time, state) and, for the selected call, the exact prompt and the reply,
/// streamed as it arrives. Above them the ledger: the session's calls,
/// tokens and cost beside the device time spent compiling, checking and
/// benchmarking. A reopened session shows its calls from transcripts/.
class LlmView : public QWidget
{
    Q_OBJECT
public:
    explicit LlmView(QWidget *parent = nullptr);

    /// Shows the calls recorded in `sessionDir`'s transcripts.
    void loadSession(const QString &sessionDir);
    void callStarted(int call, int round, const QString &purpose, const QString &system,
                     const QString &prompt);
    void callDelta(int call, const QString &text);
    /// A call ended; `ledger` is the session's, this call included.
    void callFinished(int call, const QString &purpose, const LlmReply &reply,
                      const LedgerTotals &ledger);
    /// The device time beside the LLM's cost: the session's records, then each new one.
    void setRecords(const std::vector<ExperimentRecord> &records);
    void addRecord(const ExperimentRecord &record);

    int callCount() const;
    QString promptText() const;
    QString replyText() const;
    QString totalsText() const;

private:
    QTreeWidgetItem *addCall(const QString &purpose, int round, const QString &prompt);
    void showCall(QTreeWidgetItem *item);
    void updateTotals();

    QLabel *m_totals = nullptr;
    QTreeWidget *m_calls = nullptr;
    QPlainTextEdit *m_prompt = nullptr;
    QPlainTextEdit *m_reply = nullptr;
    QHash<int, QTreeWidgetItem *> m_live; ///< calls in flight, by call id
    LedgerTotals m_ledger;
    double m_deviceSeconds = 0;
};

} // namespace kwb
