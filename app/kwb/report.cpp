#include "report.h"

#include "kwbtr.h"
#include "planning/llmplanner.h"
#include "session/runstats.h"
#include "session/sessionstore.h"
#include "workload/knobs.h"

#include <QRegularExpression>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

// What a row shows: the measured time, trusted or not (its flags say).
double medianOf(const ExperimentRecord &r)
{
    return recordedMedianMs(r);
}

// A figure of merit: only a timed, correct, trusted record has one.
double metricOf(const ExperimentRecord &r, MetricRole role)
{
    return r.trustedMetric(role).value_or(NAN);
}

QString ms(double v)
{
    if (!std::isfinite(v))
        return u"—"_s;
    if (v >= 100)
        return QString::number(v, 'f', 0) + u" ms"_s;
    if (v >= 1)
        return QString::number(v, 'f', 2) + u" ms"_s;
    return QString::number(v * 1000, 'g', 3) + u" µs"_s;
}

QString correctness(const ExperimentRecord &r)
{
    if (r.decision == Verdict::Infra || r.decision == Verdict::Rejected)
        return u"·"_s;
    if (correctPerResult(r))
        return u"✓"_s;
    const QString cls = failureClassOf(r);
    return cls.isEmpty() ? u"✗"_s : cls;
}

// Text for one cell of a one-line-per-record table: its lines joined with
// " · " (an infrastructure failure quotes the host's stderr, an LLM's plan
// may run over several lines), so no record breaks the table.
QString oneLine(const QString &text)
{
    if (!text.contains(u'\n') && !text.contains(u'\r'))
        return text;
    QStringList lines;
    for (const QString &line : text.split(QRegularExpression(u"[\r\n]+"_s), Qt::SkipEmptyParts)) {
        if (const QString kept = line.trimmed(); !kept.isEmpty())
            lines << kept;
    }
    return lines.join(u" · "_s);
}

QString describe(const ExperimentRecord &r)
{
    QString what = oneLine(r.plan);
    if (what.size() > 46)
        what = what.left(45) + u'…';
    return what;
}

// "[flagged]", "[reverified, cached]": a record's flags as a row shows them,
// and what stands in for the time of a record whose time is not trusted.
// The harness's flag counts where only the result holds it (a baseline,
// kwb eval's records); "" for a record without flags.
QString flagsText(const ExperimentRecord &r)
{
    const QStringList flags = shownFlags(r);
    return flags.isEmpty() ? QString() : u'[' + oneLine(flags.join(u", "_s)) + u']';
}

QString csvField(QString s)
{
    if (s.contains(u',') || s.contains(u'"') || s.contains(u'\n'))
        return u'"' + s.replace(u"\""_s, u"\"\""_s) + u'"';
    return s;
}

} // namespace

// The LLM ledger's line: calls, tokens, cost, per round; "" without LLM calls.
QString ledgerLine(const SessionStore &session)
{
    const LedgerTotals t = session.ledgerTotals();
    if (t.calls == 0)
        return {};
    QStringList rounds;
    QList<int> keys = t.costByRound.keys();
    std::sort(keys.begin(), keys.end());
    for (int round : std::as_const(keys))
        rounds << Kwb::tr("round %1 US$ %2").arg(round).arg(t.costByRound.value(round), 0, 'f', 4);
    return u"  "_s + Kwb::tr("llm").leftJustified(11) + u' ' +
           Kwb::tr("%n calls", nullptr, t.calls) +
           (t.failedCalls ? u' ' + Kwb::tr("(%n failed)", nullptr, t.failedCalls) : QString()) +
           u", "_s +
           Kwb::tr("%1 tokens in, %2 out, US$ %3, %4 s")
               .arg(t.tokensIn)
               .arg(t.tokensOut)
               .arg(t.cost, 0, 'f', 4)
               .arg(t.ms / 1000.0, 0, 'f', 1) +
           u"; "_s + rounds.join(u", "_s) + u'\n';
}

QString recordHeader()
{
    return u"    "_s + Kwb::tr("id").rightJustified(2) + u"  "_s + Kwb::tr("rnd").leftJustified(3) +
           u' ' + Kwb::tr("origin").leftJustified(9) + u' ' + Kwb::tr("plan").leftJustified(46) +
           u"  "_s + Kwb::tr("ok").leftJustified(9) + u' ' + Kwb::tr("median").rightJustified(10) +
           u"  "_s + Kwb::tr("speedup").rightJustified(7) + u"  "_s + Kwb::tr("decision");
}

QString recordLine(const ExperimentRecord &r, double startMedianMs)
{
    const double m = medianOf(r);
    // A speedup only for a time that can be trusted: a false win shows its
    // time and its flag, never a gain.
    const double trusted = trustedMedianMs(r);
    const QString speedup = std::isfinite(trusted) && std::isfinite(startMedianMs)
                                ? QString::number(startMedianMs / trusted, 'f', 1) + u'×'
                                : u"—"_s;
    QString decision = verdictWord(r.decision);
    if (!r.cause.isEmpty())
        decision += u": "_s + oneLine(r.cause);
    if (const QString flags = flagsText(r); !flags.isEmpty())
        decision += u' ' + flags;
    return u"  "_s + QString::number(r.id).rightJustified(4) + u"  "_s +
           QString::number(r.round).rightJustified(3) + u' ' +
           originWord(r.origin).leftJustified(9) + u' ' + describe(r).leftJustified(46) + u"  "_s +
           correctness(r).leftJustified(9) + u' ' + ms(m).rightJustified(10) + u"  "_s +
           speedup.rightJustified(7) + u"  "_s + decision;
}

static double startMedian(const SessionStore &s)
{
    const ExperimentRecord *start = startRecord(s.experiments(), s.loopId("start"));
    return start ? trustedMedianMs(*start) : NAN;
}

QString reportTable(const SessionStore &session)
{
    const std::string name = stringAt(session.info(), {"workload", "name"});
    QString out = name.empty() ? QString() : qs(name) + u" · "_s + session.dir() + u'\n';
    out += recordHeader() + u'\n';
    const double start = startMedian(session);
    for (const ExperimentRecord &r : session.experiments())
        out += recordLine(r, start) + u'\n';
    if (const ExperimentRecord *best = bestRecord(session.experiments())) {
        const double ms = trustedMedianMs(*best);
        out += u"\n"_s + Kwb::tr("best: #%1 %2").arg(best->id).arg(best->plan) + u", "_s +
               QString::number(ms, 'g', 4) + u" ms"_s +
               (std::isfinite(start)
                    ? u", "_s + Kwb::tr("%1× over the start").arg(start / ms, 0, 'f', 1)
                    : QString()) +
               u'\n';
    }
    out += ledgerLine(session);
    return out;
}

QString reportCsv(const SessionStore &session)
{
    QString out =
        u"id,round,parent,origin,plan,knobs,correct,failure,median_ms,min_ms,gflops,pct_peak_flops,bottleneck,decision,cause,flags,source_hash\n"_s;
    for (const ExperimentRecord &r : session.experiments()) {
        // Times only where they can be trusted: a false win's or a flagged
        // row keeps its flags and leaves its times empty (the JSON export
        // and the session keep what it claimed).
        const std::optional<Latency> latency = r.untrusted() ? std::nullopt : recordedLatency(r);
        // Empty where the result says neither (a compile failure, a crash).
        const std::optional<bool> correct = storedVerdictOf(r).correct;
        const auto figure = [](double v, int digits) {
            return std::isfinite(v) ? QString::number(v, 'g', digits) : QString();
        };
        QStringList f = {QString::number(r.id),
                         QString::number(r.round),
                         r.parent ? QString::number(*r.parent) : QString(),
                         originWord(r.origin),
                         csvField(r.plan),
                         csvField(qs(r.knobs.dump())),
                         !correct   ? QString()
                         : *correct ? u"true"_s
                                    : u"false"_s,
                         failureClassOf(r),
                         figure(latency ? latency->medianMs : NAN, 9),
                         figure(latency ? latency->minMs : NAN, 9),
                         figure(metricOf(r, MetricRole::FlopRate), 6),
                         figure(metricOf(r, MetricRole::ShareOfPeakFlops), 4),
                         bottleneckOf(r),
                         verdictWord(r.decision),
                         csvField(r.cause),
                         csvField(r.flags.join(u' ')),
                         r.sourceHash};
        out += f.join(u',') + u'\n';
    }
    return out;
}

QString reportJson(const SessionStore &session)
{
    Json records = Json::array();
    for (const ExperimentRecord &r : session.experiments())
        records.push_back(r.toJson());
    const LedgerTotals t = session.ledgerTotals();
    const Json llm = {{"calls", t.calls},        {"failed_calls", t.failedCalls},
                      {"tokens_in", t.tokensIn}, {"tokens_out", t.tokensOut},
                      {"cost", t.cost},          {"ms", t.ms}};
    return qs(Json{{"session", ss(session.dir())},
                   {"loop", session.loopState()},
                   {"experiments", records},
                   {"llm", llm}}
                  .dump(2)) +
           u'\n';
}

QString runSummary(const SessionStore &session, int startId, int bestId, int evaluationsThisRun)
{
    const RunStats st = runStats(session.experiments(), startId, bestId);
    const ExperimentRecord *start = st.start, *best = st.best;
    const double startMs = st.startMs, bestMs = st.bestMs;
    QStringList baselines;
    for (const ExperimentRecord *r : st.baselines) {
        const double m = trustedMedianMs(*r);
        QString text;
        if (std::isfinite(m))
            text = ms(m) + (std::isfinite(bestMs)
                                ? u' ' + Kwb::tr("(best is %1× as fast)").arg(m / bestMs, 0, 'f', 2)
                                : QString());
        else if (r->untrusted())
            text = flagsText(*r);
        else
            text = Kwb::tr("failed: %1").arg(r->cause);
        baselines << r->plan.section(u": "_s, 1) + u' ' + text;
    }
    auto line = [](const QString &label, const QString &text) -> QString {
        return u"  "_s + label.leftJustified(11) + u' ' + text + u'\n';
    };
    QString s;
    if (start)
        s += line(Kwb::tr("start"), u"#"_s + QString::number(start->id) + u' ' + start->plan +
                                        u", "_s +
                                        (start->untrusted() ? flagsText(*start) : ms(startMs)));
    if (best) {
        QString b = u"#"_s + QString::number(best->id) + u' ' +
                    (best->knobs.empty() ? best->plan : knobsText(best->knobs)) + u", "_s +
                    ms(bestMs);
        if (const double g = metricOf(*best, MetricRole::FlopRate); std::isfinite(g))
            b += u", "_s + QString::number(g, 'f', 1) + u" GFLOP/s"_s;
        if (const double p = metricOf(*best, MetricRole::ShareOfPeakFlops); std::isfinite(p))
            b += u' ' + Kwb::tr("= %1% of measured peak").arg(p, 0, 'f', 1);
        s += line(Kwb::tr("best"), b);
        if (std::isfinite(startMs))
            s += line(Kwb::tr("speedup"),
                      Kwb::tr("%1× over the start").arg(st.speedup(), 0, 'f', 1));
    } else if (!st.untrustedKept.empty()) {
        QStringList flagged;
        for (const ExperimentRecord *r : st.untrustedKept)
            flagged << u"#"_s + QString::number(r->id) + u' ' + flagsText(*r);
        s += line(Kwb::tr("best"),
                  Kwb::tr("no trusted kernel yet (untrusted: %1)").arg(flagged.join(u", "_s)));
    } else {
        s += line(Kwb::tr("best"), Kwb::tr("no correct kernel yet"));
    }
    for (const QString &b : std::as_const(baselines))
        s += line(Kwb::tr("baseline"), b);
    QStringList f;
    for (const auto &[cls, count] : st.failures)
        f << cls + u' ' + QString::number(count);
    s += line(
        Kwb::tr("evaluations"),
        Kwb::tr("%1 this run, %2 in the session; failures: %3")
                .arg(QString::number(evaluationsThisRun), QString::number(st.evaluated),
                     f.isEmpty() ? Kwb::tr("none") : f.join(u", "_s)) +
            (st.sentBack
                 ? u"; "_s + Kwb::tr("%n sent back to the LLM for a fix", nullptr, st.sentBack)
                 : QString()) +
            (st.infra ? u"; "_s + Kwb::tr("%n lost to the host (not counted)", nullptr, st.infra)
                      : QString()));
    s += ledgerLine(session);
    s += line(Kwb::tr("time"), Kwb::tr("compile %1 s, check %2 s, bench %3 s")
                                   .arg(QString::number(st.compileMs / 1000, 'f', 1),
                                        QString::number(st.checkMs / 1000, 'f', 1),
                                        QString::number(st.benchMs / 1000, 'f', 1)));
    return s;
}

} // namespace kwb
