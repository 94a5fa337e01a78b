#pragma once

#include "planning/knobsearch.h"
#include "session/record.h"
#include "util/jsontext.h"

#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace kwb {

struct ExperimentRecord;
struct TargetProfile;
struct Workload;

/// A candidate the planner proposes, before the gate.
struct Proposal
{
    int id = 0; ///< assigned by the loop; the record's id
    int round = 0;
    std::optional<int> parent;
    Origin origin = Origin::Search;
    QString source;
    Json knobs = Json::object();
    QString plan;  ///< what changes and why, in a few words
    QString label; ///< for progress lines and the timeline
    QStringList linkFlags;
    QStringList flags;
    /// Why a guard flagged the source (reward hacking); empty when clean. A
    /// flagged candidate waits for the engineer, or is rejected on autopilot.
    QString guard;
};

/// Called once with the proposals (none: nothing left, or `error` says why).
using ProposalsReady = std::function<void(std::vector<Proposal> proposals, const QString &error)>;

/// Called once with the record to store (a memory record or a reflection).
using RecordReady = std::function<void(Json record)>;

/// Proposes candidates. Peers: search (knobs), llm and manual later.
class Planner
{
public:
    virtual ~Planner() = default;
    virtual QString name() const = 0;
    /// Learns from a finished candidate, also from an earlier run of the session.
    virtual void observe(const ExperimentRecord &record) = 0;
    /// The loop moved its incumbent (a keep or an engineer's revert).
    virtual void setIncumbent(const ExperimentRecord *incumbent) = 0;
    /// Up to `count` new proposals; none when there is nothing left to try.
    virtual std::vector<Proposal> propose(int count, const ExperimentRecord *incumbent,
                                          const QString &bottleneck) = 0;
    /// The same, for planners that answer later (an LLM): `ready` is called
    /// once, possibly before this returns. The default answers with propose().
    virtual void proposeLater(int count, const ExperimentRecord *incumbent,
                              const QString &bottleneck, ProposalsReady ready)
    {
        ready(propose(count, incumbent, bottleneck), {});
    }
    /// Stop: an answer in progress ends at once (ready() gets none).
    virtual void cancel() {}
    /// US$ spent so far in this session (LLM calls), for the loop's budget.
    virtual double cost() const { return 0; }
    /// A failed candidate the planner will send back for a fix (an LLM's
    /// error feedback): what it will do, e.g. "sent back to the executor (fix
    /// 1/3)"; empty when the failure is final. The loop counts a candidate as
    /// failed only once its fixes are spent.
    virtual QString willFix(const ExperimentRecord &failed) const
    {
        Q_UNUSED(failed)
        return {};
    }

    /// The summarizer: the rules wrote `rules`, the slow→fast memory record
    /// of a keep; a planner with a language model may word its change and
    /// why it helped (the figures stay the rules'). `done` is called once,
    /// possibly before this returns. The default stores the rules' record.
    virtual void writeMemory(const Json &rules, const ExperimentRecord &slow,
                             const ExperimentRecord &fast, RecordReady done)
    {
        Q_UNUSED(slow)
        Q_UNUSED(fast)
        done(rules);
    }
    /// The reflexion step, the same way: the rules' reflection on `candidate`
    /// (tried, expected, observed, lesson, avoid, try) may be rewritten.
    virtual void writeReflection(const Json &rules, const ExperimentRecord &candidate,
                                 const ExperimentRecord *parent, RecordReady done)
    {
        Q_UNUSED(candidate)
        Q_UNUSED(parent)
        done(rules);
    }
};

/// The built-in, LLM-free planner: a knob search over the workload's template.
class SearchPlanner : public Planner
{
public:
    SearchPlanner(const Workload &workload, const TargetProfile &target, SearchStrategy strategy,
                  quint64 seed);
    QString name() const override;
    void observe(const ExperimentRecord &record) override;
    void setIncumbent(const ExperimentRecord *incumbent) override;
    std::vector<Proposal> propose(int count, const ExperimentRecord *incumbent,
                                  const QString &bottleneck) override;

    KnobSearch &search() { return m_search; }

private:
    const Workload &m_workload;
    const TargetProfile &m_target;
    SearchStrategy m_strategy;
    KnobSearch m_search;
};

} // namespace kwb
