#include "planner.h"

#include "eval/evaluator.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "util/logging.h"
#include "workload/workload.h"

#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

SearchPlanner::SearchPlanner(const Workload &workload, const TargetProfile &target,
                             SearchStrategy strategy, quint64 seed)
    : m_workload(workload), m_target(target), m_strategy(strategy),
      m_search(workload.knobs, strategy, seed)
{
    m_search.setBottleneckKnobs(workload.knobMap);
}

QString SearchPlanner::name() const
{
    return u"search/"_s + strategyName(m_strategy);
}

void SearchPlanner::observe(const ExperimentRecord &record)
{
    auto config = m_workload.knobs.configFromJson(record.knobs);
    if (!config || record.decision == Verdict::Infra || record.decision == Verdict::Rejected)
        return;
    m_search.observe(*config, trustedMedianMs(record));
}

void SearchPlanner::setIncumbent(const ExperimentRecord *incumbent)
{
    m_search.setBase(incumbent ? m_workload.knobs.configFromJson(incumbent->knobs) : std::nullopt);
}

std::vector<Proposal> SearchPlanner::propose(int count, const ExperimentRecord *incumbent,
                                             const QString &bottleneck)
{
    std::vector<Proposal> out;
    qCDebug(lcPlan).noquote() << name() << "asked for" << count << "candidates";
    if (m_workload.templatePath.isEmpty() || m_workload.knobs.isEmpty())
        return out;
    const auto base = incumbent ? m_workload.knobs.configFromJson(incumbent->knobs) : std::nullopt;
    for (KnobProposal &kp : m_search.propose(count, bottleneck)) {
        QString error;
        Proposal p;
        p.source = instantiateTemplate(m_workload, m_target, kp.config, &error);
        if (!error.isEmpty())
            break;
        p.origin = Origin::Search;
        p.knobs = m_workload.knobs.toJson(kp.config);
        // The plan names what changes relative to the incumbent.
        QStringList changes;
        const auto &knobs = m_workload.knobs.knobs();
        for (size_t k = 0; k < knobs.size(); ++k) {
            const QString to = knobs[k].values[size_t(kp.config[k])].text;
            if (!base)
                continue;
            const QString from = knobs[k].values[size_t((*base)[k])].text;
            if (from != to)
                changes << knobs[k].name + u' ' + from + u"→"_s + to;
        }
        p.plan = (base ? (changes.isEmpty() ? u"no change"_s : changes.join(u", "_s))
                       : m_workload.knobs.describe(kp.config)) +
                 u" ("_s + kp.reason + u')';
        p.label = m_workload.knobs.describe(kp.config);
        out.push_back(std::move(p));
    }
    return out;
}

} // namespace kwb
