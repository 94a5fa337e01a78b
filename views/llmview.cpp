#include "llmview.h"

#include "session/llmcalls.h"
#include "session/sessionstore.h"

#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

QPlainTextEdit *textPane(QWidget *parent, const QString &placeholder)
{
    auto *t = new QPlainTextEdit(parent);
    t->setReadOnly(true);
    t->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    t->setFont(QFont(u"DejaVu Sans Mono"_s, 9));
    t->setPlaceholderText(placeholder);
    return t;
}

} // namespace

LlmView::LlmView(QWidget *parent) : QWidget(parent)
{
    m_totals = new QLabel(this);
    m_totals->setObjectName(u"llmTotals"_s);
    m_totals->setWordWrap(true);
    m_calls = new QTreeView(this);
    m_calls->setObjectName(u"llmCalls"_s);
    m_calls->setRootIsDecorated(false);
    m_calls->setUniformRowHeights(true);
    m_calls->header()->setStretchLastSection(true);
    m_calls->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_prompt = textPane(this, tr("The exact prompt of the selected call."));
    m_prompt->setObjectName(u"llmPrompt"_s);
    m_reply = textPane(this, tr("Its reply, as it streams in."));
    m_reply->setObjectName(u"llmReply"_s);

    auto *texts = new QSplitter(Qt::Horizontal, this);
    texts->addWidget(m_prompt);
    texts->addWidget(m_reply);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_calls);
    split->addWidget(texts);
    split->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_totals);
    layout->addWidget(split, 1);
    updateTotals();
}

void LlmView::setModel(LlmCallModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_calls->setModel(model);
    showCall(-1);
    updateTotals();
    if (!model)
        return;
    connect(
        m_calls->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex &current) { showCall(current.isValid() ? current.row() : -1); });
    // Follow the newest call unless the engineer is reading an older one.
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int, int last) {
                const int current =
                    m_calls->currentIndex().isValid() ? m_calls->currentIndex().row() : -1;
                if (current < 0 || current == last - 1)
                    m_calls->setCurrentIndex(m_model->index(last, 0));
                updateTotals();
            });
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        showCall(-1);
        updateTotals();
    });
    connect(model, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                const int current = m_calls->currentIndex().row();
                if (current >= topLeft.row() && current <= bottomRight.row())
                    showCall(current);
            });
    connect(model, &LlmCallModel::replyAppended, this, [this](int row, const QString &text) {
        if (m_calls->currentIndex().row() != row)
            return;
        QScrollBar *bar = m_reply->verticalScrollBar();
        const bool atEnd = bar->value() == bar->maximum();
        m_reply->moveCursor(QTextCursor::End);
        m_reply->insertPlainText(text);
        if (atEnd)
            bar->setValue(bar->maximum());
    });
    connect(model, &LlmCallModel::ledgerChanged, this, &LlmView::updateTotals);
}

void LlmView::setRecords(const std::vector<ExperimentRecord> &records)
{
    m_deviceSeconds = 0;
    for (const ExperimentRecord &r : records)
        addRecord(r);
}

void LlmView::addRecord(const ExperimentRecord &record)
{
    for (const QString &stage : {u"compile"_s, u"check"_s, u"bench"_s})
        m_deviceSeconds += stageMs(record, stage) / 1000;
    updateTotals();
}

void LlmView::showCall(int row)
{
    const QModelIndex i = m_model && row >= 0 ? m_model->index(row, 0) : QModelIndex();
    m_prompt->setPlainText(i.isValid() ? i.data(LlmCallModel::PromptRole).toString() : QString());
    m_reply->setPlainText(i.isValid() ? i.data(LlmCallModel::ReplyRole).toString() : QString());
}

void LlmView::updateTotals()
{
    const LedgerTotals ledger = m_model ? m_model->ledger() : LedgerTotals{};
    if (ledger.calls == 0 && (!m_model || m_model->liveCount() == 0)) {
        m_totals->setText(
            tr("No LLM calls in this session (the planner is the knob search, or nothing ran yet). "
               "Device time: %1 s.")
                .arg(m_deviceSeconds, 0, 'f', 1));
        return;
    }
    m_totals->setText(
        tr("%n LLM calls", nullptr, ledger.calls) +
        (ledger.failedCalls ? u' ' + tr("(%n failed)", nullptr, ledger.failedCalls) : QString()) +
        u" · "_s +
        tr("%1 tokens in, %2 out · US$ %3 · %4 s waiting for the LLM · device time %5 s")
            .arg(ledger.tokensIn)
            .arg(ledger.tokensOut)
            .arg(ledger.cost, 0, 'f', 4)
            .arg(ledger.ms / 1000.0, 0, 'f', 1)
            .arg(m_deviceSeconds, 0, 'f', 1));
}

int LlmView::callCount() const
{
    return m_model ? m_model->rowCount() : 0;
}

QString LlmView::promptText() const
{
    return m_prompt->toPlainText();
}

QString LlmView::replyText() const
{
    return m_reply->toPlainText();
}

QString LlmView::totalsText() const
{
    return m_totals->text();
}

} // namespace kwb
