#include "reflection.h"

#include "rules/decision.h"
#include "session/sessionstore.h"
#include "workload/knobs.h"

#include <algorithm>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

Json summary(const ExperimentRecord &r)
{
    Json s = Json::object();
    s["id"] = r.id;
    // Only trusted figures: the planner learns nothing from a false win.
    if (const double ms = trustedMedianMs(r); std::isfinite(ms))
        s["median_ms"] = ms;
    // The figures of merit by role, under the target's names for them.
    for (MetricRole role :
         {MetricRole::FlopRate, MetricRole::ShareOfPeakFlops, MetricRole::Bandwidth}) {
        if (const auto v = r.trustedMetric(role))
            s[ss(r.result.metricName(role))] = *v;
    }
    s["bottleneck"] = ss(bottleneckOf(r));
    return s;
}

// "BM=128 UNROLL=8": the knob values a candidate set differently from its parent.
QString knobChanges(const ExperimentRecord &c, const ExperimentRecord *parent)
{
    QStringList out;
    for (const auto &[k, v] : c.knobs.items()) {
        const Json *known =
            parent && parent->knobs.is_object() ? findAt(parent->knobs, {k.c_str()}) : nullptr;
        const Json before = known ? *known : Json();
        if (before != v)
            out << qs(k) + u'=' + knobValueText(v);
    }
    return out.join(u' ');
}

} // namespace

Json memoryRecord(const ExperimentRecord &slow, const ExperimentRecord &fast)
{
    const Json before = summary(slow), after = summary(fast);
    const double b = before.value("median_ms", 0.0), a = after.value("median_ms", 0.0);
    return Json{{"from", slow.id},
                {"to", fast.id},
                {"round", fast.round},
                {"change", ss(fast.plan)},
                {"knobs_before", slow.knobs},
                {"knobs_after", fast.knobs},
                {"before", before},
                {"after", after},
                {"speedup", a > 0 ? b / a : 0.0},
                {"bottleneck", before.value("bottleneck", std::string())}};
}

// memory.json as a list of records; whatever else a damaged file holds is left out.
static std::vector<Json> memoryRecords(const Json &memory)
{
    std::vector<Json> all;
    for (const Json &m : memory.is_array() ? memory : Json::array()) {
        if (m.is_object())
            all.push_back(m);
    }
    return all;
}

Json addToMemory(const Json &memory, const Json &record, int cap)
{
    std::vector<Json> all = memoryRecords(memory);
    all.push_back(record);
    std::stable_sort(all.begin(), all.end(), [](const Json &x, const Json &y) {
        return numberAt(x, {"speedup"}, 0) > numberAt(y, {"speedup"}, 0);
    });
    if (int(all.size()) > cap)
        all.resize(size_t(cap));
    return Json(all);
}

Json rankMemory(const Json &memory, const QString &bottleneck)
{
    std::vector<Json> all = memoryRecords(memory);
    const std::string b = ss(bottleneck);
    std::stable_sort(all.begin(), all.end(), [&](const Json &x, const Json &y) {
        const bool xs = stringAt(x, {"bottleneck"}) == b, ys = stringAt(y, {"bottleneck"}) == b;
        if (xs != ys)
            return xs;
        return numberAt(x, {"speedup"}, 0) > numberAt(y, {"speedup"}, 0);
    });
    return Json(all);
}

Json ruleReflection(const ExperimentRecord &c, const ExperimentRecord *parent, const Decision &d)
{
    const QString changes = knobChanges(c, parent);
    const QString what = changes.isEmpty()
                             ? (c.plan.isEmpty() ? originWord(c.origin) + u" candidate"_s : c.plan)
                             : changes;
    const Json mine = summary(c);
    const Json theirs = parent ? summary(*parent) : Json::object();
    const double parentMs = theirs.value("median_ms", 0.0);
    QString expected = parent && parentMs > 0
                           ? u"faster than #"_s + QString::number(parent->id) + u" ("_s +
                                 QString::number(parentMs, 'g', 4) + u" ms)"_s
                           : u"a correct, timed first kernel"_s;
    QString observed, lesson;
    Json avoid = Json::array(), tryNext = Json::array();
    const QString failure = failureMessageOf(c);
    switch (d.kind) {
    case Decision::Kind::Kept:
        observed = u"correct, "_s + QString::number(mine.value("median_ms", 0.0), 'g', 4) +
                   u" ms ("_s + QString::number(d.speedup, 'f', 2) + u"× the incumbent)"_s;
        lesson = what + u" helps"_s +
                 (theirs.value("bottleneck", std::string()).empty()
                      ? QString()
                      : u" when "_s + qs(theirs.value("bottleneck", std::string())));
        if (!changes.isEmpty())
            tryNext.push_back(ss(u"continue in the direction of "_s + changes));
        break;
    case Decision::Kind::Discarded:
    case Decision::Kind::Evaluated: // not decisions of the loop: doReflect never asks
    case Decision::Kind::Rejected:
    case Decision::Kind::Infra:
    case Decision::Kind::Baseline:
    case Decision::Kind::Imported:
    case Decision::Kind::Unknown:
        observed = u"correct, "_s + d.cause;
        lesson = what + u" has no effect beyond the noise"_s;
        tryNext.push_back("change a different knob");
        break;
    case Decision::Kind::Reverted:
        observed = u"correct, but "_s + d.cause;
        lesson = what + u" slows the kernel down"_s;
        if (!changes.isEmpty())
            avoid.push_back(ss(changes));
        break;
    case Decision::Kind::Failed:
        observed =
            u"failed ("_s + d.cause + u")"_s + (failure.isEmpty() ? QString() : u": "_s + failure);
        lesson = what + u" breaks the kernel ("_s + d.cause + u')';
        if (!changes.isEmpty())
            avoid.push_back(ss(changes));
        break;
    }
    return Json{{"candidate", c.id},
                {"round", c.round},
                {"origin", ss(originWord(c.origin))},
                {"tried", ss(what)},
                {"expected", ss(expected)},
                {"observed", ss(observed)},
                {"outcome", ss(Decision::kindName(d.kind))},
                {"lesson", ss(lesson)},
                {"avoid", avoid},
                {"try", tryNext},
                {"by", "rules"}};
}

} // namespace kwb
