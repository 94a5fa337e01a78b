#include "llmview.h"

#include "session/sessionstore.h"

#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

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
constexpr int kPromptRole = Qt::UserRole;
constexpr int kReplyRole = Qt::UserRole + 1;

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
    m_calls = new QTreeWidget(this);
    m_calls->setObjectName(u"llmCalls"_s);
    m_calls->setRootIsDecorated(false);
    m_calls->setColumnCount(ColumnCount);
    m_calls->setHeaderLabels({tr("#"), tr("Purpose"), tr("Round"), tr("Tokens in"),
                              tr("Tokens out"), tr("US$"), tr("Seconds"), tr("State")});
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
    connect(m_calls, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem *item) { showCall(item); });
    updateTotals();
}

void LlmView::loadSession(const QString &sessionDir)
{
    m_calls->clear();
    m_live.clear();
    m_ledger = readLedger(sessionDir);
    const QDir dir(sessionDir + u"/transcripts"_s);
    for (const QString &name : dir.entryList({u"*.json"_s}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const Json t = Json::parse(f.readAll().toStdString(), nullptr, false);
        if (!t.is_object())
            continue; // a transcript torn by a crash: the ledger still counts the call
        QTreeWidgetItem *item = addCall(qs(t.value("purpose", std::string())), t.value("round", 0),
                                        qs(t.value("system", std::string())) + u"\n\n"_s +
                                            qs(t.value("prompt", std::string())));
        item->setText(Number, QString::number(t.value("call", 0)));
        const bool ok = t.value("ok", false);
        item->setData(0, kReplyRole,
                      qs(ok ? t.value("reply", std::string()) : t.value("error", std::string())));
        item->setText(TokensIn, QString::number(t.value("tokens_in", 0)));
        item->setText(TokensOut, QString::number(t.value("tokens_out", 0)));
        item->setText(Cost, QString::number(t.value("cost", 0.0), 'f', 4));
        item->setText(Seconds, QString::number(t.value("ms", 0) / 1000.0, 'f', 1));
        item->setText(State, ok ? tr("done") : tr("failed"));
    }
    updateTotals();
}

QTreeWidgetItem *LlmView::addCall(const QString &purpose, int round, const QString &prompt)
{
    // Follow the newest call unless the engineer is reading an older one.
    const bool follow =
        !m_calls->currentItem() ||
        m_calls->indexOfTopLevelItem(m_calls->currentItem()) == m_calls->topLevelItemCount() - 1;
    auto *item = new QTreeWidgetItem(m_calls);
    item->setText(Number, QString::number(m_calls->topLevelItemCount()));
    item->setText(Purpose, purpose);
    item->setText(Round, QString::number(round));
    item->setData(0, kPromptRole, prompt);
    for (int c : {Number, Round, TokensIn, TokensOut, Cost, Seconds})
        item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    if (follow)
        m_calls->setCurrentItem(item);
    return item;
}

void LlmView::callStarted(int call, int round, const QString &purpose, const QString &system,
                          const QString &prompt)
{
    QTreeWidgetItem *item = addCall(purpose, round, system + u"\n\n"_s + prompt);
    item->setText(State, tr("streaming…"));
    m_live.insert(call, item);
    if (m_calls->currentItem() == item)
        showCall(item);
}

void LlmView::callDelta(int call, const QString &text)
{
    QTreeWidgetItem *item = m_live.value(call);
    if (!item)
        return;
    item->setData(0, kReplyRole, QString(item->data(0, kReplyRole).toString() + text));
    if (m_calls->currentItem() != item)
        return;
    QScrollBar *bar = m_reply->verticalScrollBar();
    const bool atEnd = bar->value() == bar->maximum();
    m_reply->moveCursor(QTextCursor::End);
    m_reply->insertPlainText(text);
    if (atEnd)
        bar->setValue(bar->maximum());
}

void LlmView::callFinished(int call, const QString &, const LlmReply &reply,
                           const LedgerTotals &ledger)
{
    QTreeWidgetItem *item = m_live.take(call);
    if (!item)
        return;
    item->setData(0, kReplyRole, reply.ok ? reply.text : reply.error);
    item->setText(TokensIn, QString::number(reply.tokensIn));
    item->setText(TokensOut, QString::number(reply.tokensOut));
    item->setText(Cost, QString::number(reply.cost, 'f', 4));
    item->setText(Seconds, QString::number(reply.ms / 1000.0, 'f', 1));
    item->setText(State, reply.ok ? tr("done") : reply.cancelled ? tr("cancelled") : tr("failed"));
    if (m_calls->currentItem() == item)
        showCall(item);
    m_ledger = ledger;
    updateTotals();
}

void LlmView::setRecords(const std::vector<ExperimentRecord> &records)
{
    m_deviceSeconds = 0;
    for (const ExperimentRecord &r : records)
        addRecord(r);
}

void LlmView::addRecord(const ExperimentRecord &record)
{
    for (const char *stage : {"compile_ms", "check_ms", "bench_ms"})
        m_deviceSeconds += numberAt(record.result, {"timings", stage}, 0) / 1000;
    updateTotals();
}

void LlmView::showCall(QTreeWidgetItem *item)
{
    m_prompt->setPlainText(item ? item->data(0, kPromptRole).toString() : QString());
    m_reply->setPlainText(item ? item->data(0, kReplyRole).toString() : QString());
}

void LlmView::updateTotals()
{
    if (m_ledger.calls == 0 && m_live.isEmpty()) {
        m_totals->setText(
            tr("No LLM calls in this session (the planner is the knob search, or nothing ran yet). "
               "Device time: %1 s.")
                .arg(m_deviceSeconds, 0, 'f', 1));
        return;
    }
    m_totals->setText(
        tr("%n LLM calls", nullptr, m_ledger.calls) +
        (m_ledger.failedCalls ? u' ' + tr("(%n failed)", nullptr, m_ledger.failedCalls)
                              : QString()) +
        u" · "_s +
        tr("%1 tokens in, %2 out · US$ %3 · %4 s waiting for the LLM · device time %5 s")
            .arg(m_ledger.tokensIn)
            .arg(m_ledger.tokensOut)
            .arg(m_ledger.cost, 0, 'f', 4)
            .arg(m_ledger.ms / 1000.0, 0, 'f', 1)
            .arg(m_deviceSeconds, 0, 'f', 1));
}

int LlmView::callCount() const
{
    return m_calls->topLevelItemCount();
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
