#pragma once

#include "llm/codeblocks.h"
#include "llm/llmclient.h"
#include "planning/planner.h"
#include "session/llmcalls.h"
#include "session/sessionstore.h"

#include <QHash>
#include <QObject>
#include <memory>
#include <vector>

namespace kwb {

class SessionStore;
struct TargetProfile;
struct Workload;

struct LlmPlannerOptions
{
    int fixAttempts =
        3; ///< a compile error or wrong result fed back this often before the plan is dropped
    int formatRetries = 2; ///< a reply without a usable kernel, asked again this often
};

/// The `llm` planner of DESIGN.md. Per proposal: the planner prompt
/// (incumbent source, its displayed metrics with their descriptions, the
/// bottleneck, the best optimization-memory records, recent reflexions and
/// failures) yields a plan; the executor prompt (plan, source, the target's
/// constraints, error feedback) yields a whole kernel, taken from the reply's
/// code block (asked again when there is none). A generated candidate that
/// fails to compile or computes wrong results goes back to the executor with
/// the error, up to fixAttempts times. Every call's prompt and reply are kept
/// in the session's transcripts/, its tokens and cost in llm-ledger.jsonl;
/// the API key never is. Guards flag reward hacking before a candidate ships.
class LlmPlanner : public QObject, public Planner
{
    Q_OBJECT
public:
    LlmPlanner(const Workload &workload, const TargetProfile &target, SessionStore &session,
               const LlmSettings &settings, const LlmPlannerOptions &options = {},
               QObject *parent = nullptr);
    ~LlmPlanner() override;

    QString name() const override;
    void observe(const ExperimentRecord &record) override;
    void setIncumbent(const ExperimentRecord *incumbent) override;
    std::vector<Proposal> propose(int count, const ExperimentRecord *incumbent,
                                  const QString &bottleneck) override;
    void proposeLater(int count, const ExperimentRecord *incumbent, const QString &bottleneck,
                      ProposalsReady ready) override;
    void cancel() override;
    double cost() const override { return m_totals.cost; }
    QString willFix(const ExperimentRecord &failed) const override;
    /// The summarizer and reflexion writers (when the settings' writeNotes):
    /// the LLM words the record's text fields as validated JSON; the figures
    /// stay the rules', and the rules' record is kept when the answer does
    /// not validate after formatRetries, the call fails or Stop cancels it.
    void writeMemory(const Json &rules, const ExperimentRecord &slow, const ExperimentRecord &fast,
                     RecordReady done) override;
    void writeReflection(const Json &rules, const ExperimentRecord &candidate,
                         const ExperimentRecord *parent, RecordReady done) override;

    const LedgerTotals &totals() const { return m_totals; }
    /// The round the calls belong to (the one being planned).
    int round() const { return m_round; }
    LlmClient &client() { return m_client; }

Q_SIGNALS:
    /// A call went out: its exact prompt (the GUI shows it, then the reply as it streams).
    void callStarted(int call, const QString &purpose, const QString &system,
                     const QString &prompt);
    void callDelta(int call, const QString &text);
    void callFinished(int call, const QString &purpose, const LlmReply &reply);
    /// A line for the console: a plan taken, a retry, a guard's verdict.
    void note(const QString &line);

private:
    struct Job
    {
        QString plan;     ///< the planner's reply
        QString source;   ///< the kernel to change
        QString feedback; ///< error feedback for the executor
        int formatTries = 0;
        int fixOf = 0;     ///< a fix: the candidate whose failure started the chain
        int fixNo = 0;     ///< a fix: its number, 1…fixAttempts
        int sampleOf = -1; ///< a further sample: the job whose plan it implements
        int sample = 0, samples = 1;
        bool done = false;
    };
    /// A kernel the executor wrote, by source hash: what a fix of it needs.
    struct Generated
    {
        QString plan;
        int fixNo = 0;
        int fixOf = 0;
    };

    /// A call in flight: its job and exactly what was sent, for the transcript.
    struct Sent
    {
        int job = -1;
        QString purpose, system, prompt;
        QString templatePath;                       ///< the template file the prompt came from
        std::function<void(const LlmReply &)> then; ///< a note's call: what to do with the reply
    };
    struct Note
    {
        QString purpose; ///< summarizer or reflexion
        QHash<QString, QString> values;
        std::vector<ReplyField> fields;
        Json rules;
        RecordReady done;
        int formatTries = 0;
    };

    /// The values every prompt of a round shares (read once a round: the
    /// session's memory and reflexions are files).
    QHash<QString, QString> roundValues(const QString &incumbentText) const;
    // The parts of roundValues that read the session.
    QString incumbentMetricsText() const;
    QString memoryText() const;
    QString reflexionsText() const;
    QString recentFailuresText() const;
    /// The round's values with the job's own: source, plan, feedback.
    QHash<QString, QString> promptValues(const Job &job) const;
    /// Renders template `purpose` with `values` and sends it (`then`: a
    /// note's handler of the reply); false with `error` when the template
    /// cannot be loaded.
    bool startCall(int job, const QString &purpose, const QHash<QString, QString> &values,
                   std::function<void(const LlmReply &)> then, QString *error);
    void send(int job, const QString &purpose);
    /// Asks for a note (a JSON record) and hands the result to its `done`.
    void sendNote(std::shared_ptr<Note> n);
    void noteFailure(const QString &purpose, const QString &why);
    void onFinished(int call, const LlmReply &reply);
    void jobDone(int job, std::optional<Proposal> proposal, const QString &error = {});
    void record(const Sent &sent, const LlmReply &reply);
    QString incumbentSource() const;
    QString feedbackFor(const ExperimentRecord &failed) const;
    /// The number of the fix `failed` would get (1…fixAttempts); 0 when it is
    /// not a generated kernel's fixable failure or its fixes are spent.
    int nextFix(const ExperimentRecord &failed) const;

    const Workload &m_workload;
    const TargetProfile &m_target;
    SessionStore &m_session;
    LlmPlannerOptions m_options;
    LlmClient m_client;
    LedgerTotals m_totals;
    /// A copy: the session's records move in memory as records are added.
    std::optional<ExperimentRecord> m_incumbent;
    QString m_bottleneck;

    std::vector<Job> m_jobs;
    QHash<int, Sent> m_sent; ///< by call id
    QHash<QString, QString> m_roundValues;
    std::vector<Proposal> m_results;
    QString m_lastError;
    ProposalsReady m_ready;
    int m_round = 0;
    int m_plans = 0; ///< planner calls of the round
    bool m_cancelled = false;

    QHash<QString, Generated> m_generated;
    std::vector<Job> m_fixes; ///< fixes to ask for in the next round, in order
};

} // namespace kwb
