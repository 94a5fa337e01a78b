#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTreeView;

namespace kwb {

struct ExperimentRecord;
class LlmCallModel;

/// Every LLM call of the session: a list (purpose, round, tokens, cost,
/// time, state) and, for the selected call, the exact prompt and the reply,
/// streamed as it arrives. Above them the ledger: the session's calls,
/// tokens and cost beside the device time spent compiling, checking and
/// benchmarking. The calls come from the Workbench's LlmCallModel (a
/// reopened session's transcripts, then each live call).
class LlmView : public QWidget
{
    Q_OBJECT
public:
    explicit LlmView(QWidget *parent = nullptr);

    void setModel(LlmCallModel *model);
    /// The device time beside the LLM's cost: the session's records, then each new one.
    void setRecords(const std::vector<ExperimentRecord> &records);
    void addRecord(const ExperimentRecord &record);

    int callCount() const;
    QString promptText() const;
    QString replyText() const;
    QString totalsText() const;

private:
    void showCall(int row);
    void updateTotals();

    LlmCallModel *m_model = nullptr;
    QLabel *m_totals = nullptr;
    QTreeView *m_calls = nullptr;
    QPlainTextEdit *m_prompt = nullptr;
    QPlainTextEdit *m_reply = nullptr;
    double m_deviceSeconds = 0;
};

} // namespace kwb
