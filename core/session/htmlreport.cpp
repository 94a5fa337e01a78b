#include "htmlreport.h"

#include "diff/linediff.h"
#include "session/runstats.h"
#include "session/sessionstore.h"
#include "targets/targetprofile.h"
#include "workload/knobs.h"

#include <QDateTime>
#include <QFile>
#include <QSaveFile>
#include <algorithm>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

constexpr double kWidth = 880, kHeight = 260, kLeft = 64, kRight = 16, kTop = 14, kBottom = 36;

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString num(double v, int digits = 4)
{
    return QString::number(v, 'g', digits);
}

QString colourOf(Verdict v)
{
    switch (v) {
    case Verdict::Kept:
        return u"#2e7d32"_s;
    case Verdict::Reverted:
        return u"#ef6c00"_s;
    case Verdict::Failed:
        return u"#c62828"_s;
    case Verdict::Baseline:
        return u"#1565c0"_s;
    case Verdict::Evaluated:
        return u"#6a1b9a"_s;
    case Verdict::Imported:
        return u"#00838f"_s;
    default:
        return u"#9e9e9e"_s;
    }
}

double metricOf(const ExperimentRecord &r, const char *name)
{
    return r.trustedMetric(QString::fromUtf8(name)).value_or(NAN);
}

double metricOf(const ExperimentRecord &r, MetricRole role)
{
    return r.trustedMetric(role).value_or(NAN);
}

// The calibration a record was measured against (peak FLOP/s at its
// precision, bandwidth); NaN where it has none.
std::pair<double, double> peaksOf(const ExperimentRecord *r)
{
    const auto ceilings = r ? r->ceilings() : std::nullopt;
    return ceilings ? std::pair{ceilings->peakGflops, ceilings->peakGbs}
                    : std::pair{double(NAN), double(NAN)};
}

/// A scale from data to pixels, linear or log10, over [lo, hi] padded.
struct Axis
{
    double lo = 0, hi = 1;
    bool log = false;
    double px0 = 0, px1 = 1; ///< pixel positions of lo and hi
    double operator()(double v) const
    {
        const double a = log ? std::log10(lo) : lo, b = log ? std::log10(hi) : hi;
        const double x = log ? std::log10(v) : v;
        return px0 + (b > a ? (x - a) / (b - a) : 0.5) * (px1 - px0);
    }
    /// Tick values: powers of ten (log) or 1/2/5 × 10ⁿ steps, at most ~6.
    std::vector<double> ticks() const
    {
        std::vector<double> t;
        if (log) {
            for (double p = std::pow(10, std::floor(std::log10(lo))); p <= hi * 1.0001; p *= 10)
                if (p >= lo * 0.9999)
                    t.push_back(p);
            return t;
        }
        const double raw = (hi - lo) / 5, mag = std::pow(10, std::floor(std::log10(raw)));
        const double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : 5 * mag;
        if (!(step > 0) || !std::isfinite(step) || !std::isfinite(lo))
            return t;
        // Each tick from its index (a running sum drifts), at most a dozen.
        const double first = std::ceil(lo / step);
        for (int i = 0; i < 12; ++i) {
            const double v = (first + i) * step;
            if (v > hi + step * 1e-9)
                break;
            t.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
        }
        return t;
    }
};

Axis axisOver(double lo, double hi, bool log, double px0, double px1)
{
    Axis a;
    a.log = log && lo > 0;
    if (!(hi > lo)) {
        hi = lo + (lo == 0 ? 1 : std::abs(lo));
        lo = a.log ? lo / 2 : lo - (hi - lo);
    }
    if (a.log) {
        lo = std::pow(10, std::floor(std::log10(lo)));
        hi = std::pow(10, std::ceil(std::log10(hi)));
    }
    a.lo = lo;
    a.hi = hi;
    a.px0 = px0;
    a.px1 = px1;
    return a;
}

QString svgOpen(const QString &title)
{
    return u"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %1 %2\" width=\"%1\" "
           "height=\"%2\" role=\"img\" aria-label=\"%3\">"_s.arg(kWidth)
               .arg(kHeight)
               .arg(esc(title));
}

QString axes(const Axis &x, const Axis &y, const QString &xLabel, const QString &yLabel)
{
    QString s;
    s += u"<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"none\" stroke=\"#999\"/>"_s
             .arg(kLeft)
             .arg(kTop)
             .arg(kWidth - kLeft - kRight)
             .arg(kHeight - kTop - kBottom);
    for (double t : x.ticks())
        s += u"<text x=\"%1\" y=\"%2\" class=\"tick\" text-anchor=\"middle\">%3</text>"_s.arg(x(t))
                 .arg(kHeight - kBottom + 14)
                 .arg(numberText(t));
    for (double t : y.ticks())
        s += u"<line x1=\"%1\" x2=\"%2\" y1=\"%3\" y2=\"%3\" stroke=\"#eee\"/>"
             "<text x=\"%4\" y=\"%5\" class=\"tick\" text-anchor=\"end\">%6</text>"_s.arg(kLeft)
                 .arg(kWidth - kRight)
                 .arg(y(t))
                 .arg(kLeft - 4)
                 .arg(y(t) + 4)
                 .arg(numberText(t));
    s += u"<text x=\"%1\" y=\"%2\" class=\"label\" text-anchor=\"middle\">%3</text>"_s
             .arg((kLeft + kWidth - kRight) / 2)
             .arg(kHeight - 4)
             .arg(esc(xLabel));
    s += u"<text x=\"12\" y=\"%1\" class=\"label\" text-anchor=\"middle\" "
         "transform=\"rotate(-90 12 %1)\">%2</text>"_s.arg((kTop + kHeight - kBottom) / 2)
             .arg(esc(yLabel));
    return s;
}

/// Median time per candidate (log scale), coloured by decision, with the
/// best kept so far as a step line.
QString timelineSvg(const std::vector<ExperimentRecord> &records)
{
    std::vector<std::pair<const ExperimentRecord *, double>> timed;
    double lo = INFINITY, hi = 0;
    int maxId = 1;
    for (const ExperimentRecord &r : records) {
        maxId = std::max(maxId, r.id);
        const double ms = trustedMedianMs(r);
        if (!std::isfinite(ms))
            continue;
        timed.emplace_back(&r, ms);
        lo = std::min(lo, ms);
        hi = std::max(hi, ms);
    }
    if (timed.empty())
        return u"<p class=\"none\">No candidate was timed and correct.</p>"_s;
    const Axis x = axisOver(0, maxId + 1, false, kLeft, kWidth - kRight);
    const Axis y = axisOver(lo, hi, true, kHeight - kBottom, kTop);
    QString s = svgOpen(u"timeline"_s) + axes(x, y, u"candidate"_s, u"median time (ms)"_s);
    QString steps; // the best kept so far: a step at each new best
    double best = INFINITY;
    for (const auto &[r, ms] : timed) {
        if (!canBeBest(*r) || ms >= best)
            continue;
        steps += steps.isEmpty() ? u"M%1 %2"_s.arg(x(r->id)).arg(y(ms))
                                 : u" H%1 V%2"_s.arg(x(r->id)).arg(y(ms));
        best = ms;
    }
    if (!steps.isEmpty())
        s += u"<path d=\"%1 H%2\" fill=\"none\" stroke=\"#2e7d32\" stroke-width=\"1.5\"/>"_s
                 .arg(steps)
                 .arg(kWidth - kRight);
    for (const auto &[r, ms] : timed)
        s += u"<circle cx=\"%1\" cy=\"%2\" r=\"3.5\" fill=\"%3\"><title>#%4 %5: %6 ms</title>"
             "</circle>"_s.arg(x(r->id))
                 .arg(y(ms))
                 .arg(colourOf(r->decision))
                 .arg(r->id)
                 .arg(esc(verdictShown(r->decision)), num(ms));
    // Candidates without a time: a mark on the axis.
    for (const ExperimentRecord &r : records)
        if (!std::isfinite(trustedMedianMs(r)))
            s += u"<text x=\"%1\" y=\"%2\" fill=\"%3\" text-anchor=\"middle\" font-size=\"10\">×"
                 "<title>#%4 %5</title></text>"_s.arg(x(r.id))
                     .arg(kHeight - kBottom - 3)
                     .arg(colourOf(r.decision))
                     .arg(r.id)
                     .arg(esc(verdictShown(r.decision)));
    return s + u"</svg>"_s;
}

/// The goal metric of every timed, correct candidate, with the goal.
QString metricSvg(const std::vector<ExperimentRecord> &records, const std::string &metric,
                  const QString &title, double goal)
{
    double lo = INFINITY, hi = -INFINITY;
    int maxId = 1;
    for (const ExperimentRecord &r : records) {
        maxId = std::max(maxId, r.id);
        const double v = metricOf(r, metric.c_str());
        if (std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    if (!std::isfinite(lo))
        return u"<p class=\"none\">No candidate has the goal metric.</p>"_s;
    if (std::isfinite(goal)) {
        lo = std::min(lo, goal);
        hi = std::max(hi, goal);
    }
    const Axis x = axisOver(0, maxId + 1, false, kLeft, kWidth - kRight);
    const Axis y = axisOver(std::min(0.0, lo), hi * 1.05, false, kHeight - kBottom, kTop);
    QString s = svgOpen(u"goal metric"_s) + axes(x, y, u"candidate"_s, title);
    if (std::isfinite(goal))
        s += u"<line x1=\"%1\" x2=\"%2\" y1=\"%3\" y2=\"%3\" stroke=\"#c62828\" "
             "stroke-dasharray=\"6 4\"/><text x=\"%2\" y=\"%4\" class=\"tick\" "
             "text-anchor=\"end\" fill=\"#c62828\">goal %5</text>"_s.arg(kLeft)
                 .arg(kWidth - kRight - 2)
                 .arg(y(goal))
                 .arg(y(goal) - 4)
                 .arg(num(goal));
    for (const ExperimentRecord &r : records) {
        const double v = metricOf(r, metric.c_str());
        if (std::isfinite(v))
            s += u"<circle cx=\"%1\" cy=\"%2\" r=\"3.5\" fill=\"%3\"><title>#%4: %5</title>"
                 "</circle>"_s.arg(x(r.id))
                     .arg(y(v))
                     .arg(colourOf(r.decision))
                     .arg(r.id)
                     .arg(num(v));
    }
    return s + u"</svg>"_s;
}

/// GFLOP/s against arithmetic intensity (log-log) under the calibrated roof.
QString rooflineSvg(const std::vector<ExperimentRecord> &records, const ExperimentRecord *best)
{
    const auto [peak, bw] = peaksOf(best);
    double iLo = INFINITY, iHi = 0, gHi = 0, gLo = INFINITY;
    for (const ExperimentRecord &r : records) {
        const double i = metricOf(r, MetricRole::Intensity), g = metricOf(r, MetricRole::FlopRate);
        if (std::isfinite(i) && std::isfinite(g) && i > 0 && g > 0) {
            iLo = std::min(iLo, i);
            iHi = std::max(iHi, i);
            gLo = std::min(gLo, g);
            gHi = std::max(gHi, g);
        }
    }
    if (!std::isfinite(iLo) || !(peak > 0) || !(bw > 0))
        return u"<p class=\"none\">No roofline: the candidates carry no intensity or the host "
               "no calibration.</p>"_s;
    const double ridge = peak / bw;
    iLo = std::min(iLo, ridge) / 4;
    iHi = std::max(iHi, ridge) * 4;
    const Axis x = axisOver(iLo, iHi, true, kLeft, kWidth - kRight);
    // Points above the roof (another node type's result, a false win) stay
    // in the frame.
    const Axis y = axisOver(std::min(gLo, bw * iLo), std::max(peak * 1.5, gHi * 1.2), true,
                            kHeight - kBottom, kTop);
    QString s =
        svgOpen(u"roofline"_s) + axes(x, y, u"arithmetic intensity (FLOP/byte)"_s, u"GFLOP/s"_s);
    s += u"<path d=\"M%1 %2 L%3 %4 H%5\" fill=\"none\" stroke=\"#555\" stroke-width=\"2\"/>"
         "<text x=\"%5\" y=\"%6\" class=\"tick\" text-anchor=\"end\">peak %7 GFLOP/s, %8 "
         "GB/s</text>"_s.arg(x.px0)
             .arg(y(bw * x.lo))
             .arg(x(ridge))
             .arg(y(peak))
             .arg(x.px1)
             .arg(y(peak) - 4)
             .arg(num(peak), num(bw));
    for (const ExperimentRecord &r : records) {
        const double i = metricOf(r, MetricRole::Intensity), g = metricOf(r, MetricRole::FlopRate);
        if (std::isfinite(i) && std::isfinite(g) && i > 0 && g > 0)
            s += u"<circle cx=\"%1\" cy=\"%2\" r=\"3.5\" fill=\"%3\"><title>#%4: %5 GFLOP/s at "
                 "%6 FLOP/byte</title></circle>"_s.arg(x(i))
                     .arg(y(g))
                     .arg(colourOf(r.decision))
                     .arg(r.id)
                     .arg(num(g), num(i));
    }
    return s + u"</svg>"_s;
}

QString readKernel(const SessionStore &session, const ExperimentRecord *r)
{
    if (!r)
        return {};
    QFile f(session.kernelPath(r->sourceHash));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// The best kernel against the start, unified, three lines of context.
QString diffHtml(const QString &start, const QString &best)
{
    const LineDiff d = LineDiff::compute(start, best);
    const auto &rows = d.rows();
    std::vector<bool> show(rows.size(), false);
    for (size_t i = 0; i < rows.size(); ++i)
        if (rows[i].kind != DiffRow::Kind::Equal)
            for (size_t j = i >= 3 ? i - 3 : 0; j < std::min(rows.size(), i + 4); ++j)
                show[j] = true;
    QString s = u"<pre class=\"diff\">"_s;
    int hidden = 0;
    auto flush = [&] {
        if (hidden > 0)
            s += u"<span class=\"skip\">… %1 unchanged line(s)</span>\n"_s.arg(hidden);
        hidden = 0;
    };
    for (size_t i = 0; i < rows.size(); ++i) {
        const DiffRow &r = rows[i];
        if (!show[i]) {
            ++hidden;
            continue;
        }
        flush();
        const QString left = r.left >= 0 ? esc(d.leftLines().value(r.left)) : QString();
        const QString right = r.right >= 0 ? esc(d.rightLines().value(r.right)) : QString();
        switch (r.kind) {
        case DiffRow::Kind::Equal:
            s += u"  "_s + right + u'\n';
            break;
        case DiffRow::Kind::Changed:
            s += u"<del>- "_s + left + u"</del>\n<ins>+ "_s + right + u"</ins>\n"_s;
            break;
        case DiffRow::Kind::Deleted:
            s += u"<del>- "_s + left + u"</del>\n"_s;
            break;
        case DiffRow::Kind::Inserted:
            s += u"<ins>+ "_s + right + u"</ins>\n"_s;
            break;
        }
    }
    flush();
    return s + u"</pre>"_s;
}

const char *kStyle = R"(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:960px;color:#222;padding:0 12px}
h1{font-size:22px;margin-bottom:4px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
.sub{color:#666}.none{color:#888;font-style:italic}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px}dt{color:#666}dd{margin:0}
table{border-collapse:collapse;width:100%;font-size:12.5px}th,td{border-bottom:1px solid #eee;padding:3px 6px;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f6f6f6}
.tick{font-size:10px;fill:#555}.label{font-size:11px;fill:#333}
svg{max-width:100%;height:auto}
pre.diff{background:#fafafa;border:1px solid #eee;padding:8px;overflow-x:auto;font-size:12px}
del{background:#ffebee;text-decoration:none;display:inline-block;width:100%}ins{background:#e8f5e9;text-decoration:none;display:inline-block;width:100%}
.skip{color:#999}.legend span{margin-right:12px}.legend i{display:inline-block;width:10px;height:10px;border-radius:5px;margin-right:4px;vertical-align:-1px}
)";

} // namespace

QString htmlReport(const SessionStore &session)
{
    const std::vector<ExperimentRecord> &records = session.experiments();
    const Json &info = session.info();
    const QString name = qs(stringAt(info, {"workload", "name"}));
    const std::string metric = stringAt(info, {"workload", "goal", "metric"});
    const double goal = numberAt(info, {"workload", "goal", "target"}, NAN);
    // The goal metric as the window names it: the target catalog's label and unit.
    QString metricTitle = qs(metric);
    if (Diagnostic ignored;
        auto target = TargetRegistry::load(qs(stringAt(info, {"target"})), &ignored)) {
        if (const MetricInfo *m = target->metric(metricTitle))
            metricTitle = m->title();
    }
    const ExperimentRecord *startFound = startRecord(records, session.loopId("start"));
    const ExperimentRecord *bestFound = bestRecord(records);
    const RunStats stats =
        runStats(records, startFound ? startFound->id : 0, bestFound ? bestFound->id : 0);
    const ExperimentRecord *start = stats.start, *best = stats.best;
    const double startMs = stats.startMs, bestMs = stats.bestMs;
    // A record's flags, for a figure that cannot be trusted.
    auto flagged = [](const ExperimentRecord &r) {
        return QString(u"["_s + esc(shownFlags(r).join(u", "_s)) + u']');
    };

    QString h = u"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"_s +
                u"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"_s +
                u"<title>"_s + esc(name) + u" — Kernel Workbench report</title><style>"_s +
                QString::fromUtf8(kStyle) + u"</style></head><body>\n"_s;
    h += u"<h1>"_s + esc(name) + u"</h1><div class=\"sub\">Kernel Workbench session "_s +
         esc(session.dir()) + u" · target "_s + esc(qs(stringAt(info, {"target"}))) +
         u" · report written "_s +
         QDateTime::currentDateTimeUtc().toString(u"yyyy-MM-dd HH:mm 'UTC'"_s) + u"</div>\n"_s;

    // Summary.
    int evaluated = 0, failed = 0, kept = 0;
    QStringList baselines;
    for (const ExperimentRecord &r : records) {
        evaluated += wasEvaluated(r) ? 1 : 0;
        failed += r.decision == Verdict::Failed ? 1 : 0;
        kept += r.decision == Verdict::Kept ? 1 : 0;
        if (r.origin == Origin::Baseline && std::isfinite(trustedMedianMs(r)))
            baselines << esc(r.plan) + u": "_s + num(trustedMedianMs(r)) + u" ms"_s +
                             (std::isfinite(bestMs)
                                  ? u" (best is "_s + num(trustedMedianMs(r) / bestMs, 3) +
                                        u"× as fast)"_s
                                  : QString());
    }
    h += u"<h2>Summary</h2><dl>"_s;
    if (start)
        h += u"<dt>start</dt><dd>#%1 %2, %3</dd>"_s.arg(start->id).arg(
            esc(start->plan),
            start->untrusted() ? flagged(*start) : QString(num(startMs) + u" ms"_s));
    if (best) {
        h += u"<dt>best</dt><dd>#%1 %2, %3 ms"_s.arg(best->id).arg(esc(best->plan), num(bestMs));
        if (const double g = metricOf(*best, MetricRole::FlopRate); std::isfinite(g))
            h += u", %1 GFLOP/s"_s.arg(num(g));
        if (const double p = metricOf(*best, MetricRole::ShareOfPeakFlops); std::isfinite(p))
            h += u" = %1 % of the calibrated peak"_s.arg(num(p, 3));
        h += u"</dd>"_s;
        if (std::isfinite(startMs))
            h += u"<dt>speedup</dt><dd>%1× over the start</dd>"_s.arg(num(startMs / bestMs, 3));
    } else if (!stats.untrustedKept.empty()) {
        QStringList untrusted;
        for (const ExperimentRecord *r : stats.untrustedKept)
            untrusted << u"#"_s + QString::number(r->id) + u' ' + flagged(*r);
        h += u"<dt>best</dt><dd>no trusted kernel yet (untrusted: "_s + untrusted.join(u", "_s) +
             u")</dd>"_s;
    } else {
        h += u"<dt>best</dt><dd>no correct kernel yet</dd>"_s;
    }
    for (const QString &b : std::as_const(baselines))
        h += u"<dt>baseline</dt><dd>"_s + b + u"</dd>"_s;
    h += u"<dt>candidates</dt><dd>%1 recorded, %2 evaluated, %3 kept, %4 failed</dd>"_s
             .arg(records.size())
             .arg(evaluated)
             .arg(kept)
             .arg(failed);
    if (!metric.empty() && std::isfinite(goal)) {
        // The direction as written; a workload that leaves it to the metric
        // catalog gets no comparison sign rather than a wrong one.
        const std::string direction = stringAt(info, {"workload", "goal", "direction"});
        h += u"<dt>goal</dt><dd>"_s + esc(metricTitle) + u' ' +
             (direction == "min"   ? u"≤ "_s
              : direction == "max" ? u"≥ "_s
                                   : u"target "_s) +
             num(goal) + u"</dd>"_s;
    }
    h += u"</dl>\n"_s;

    h += u"<h2>Timeline</h2><div class=\"legend\">"_s;
    for (Verdict v :
         {Verdict::Kept, Verdict::Discarded, Verdict::Reverted, Verdict::Failed, Verdict::Baseline})
        h += u"<span><i style=\"background:%1\"></i>%2</span>"_s.arg(colourOf(v), verdictShown(v));
    h += u"<span>× not timed</span></div>\n"_s + timelineSvg(records) + u'\n';
    if (!metric.empty())
        h += u"<h2>Goal metric: "_s + esc(metricTitle) + u"</h2>\n"_s +
             metricSvg(records, metric, metricTitle, goal) + u'\n';
    h += u"<h2>Roofline</h2>\n"_s + rooflineSvg(records, best) + u'\n';

    h += u"<h2>Decisions</h2><table><tr><th>#</th><th>round</th><th>origin</th><th>plan</th>"
         "<th>median</th><th>speedup</th><th>decision</th><th>cause</th></tr>\n"_s;
    for (const ExperimentRecord &r : records) {
        const double ms = trustedMedianMs(r);
        h += u"<tr><td class=\"n\">%1</td><td class=\"n\">%2</td><td>%3</td><td>%4</td>"
             "<td class=\"n\">%5</td><td class=\"n\">%6</td><td style=\"color:%7\">%8</td>"
             "<td>%9</td></tr>\n"_s.arg(r.id)
                 .arg(r.round)
                 .arg(originWord(r.origin), esc(r.plan),
                      std::isfinite(ms) ? num(ms) + u" ms"_s : u"—"_s,
                      std::isfinite(ms) && std::isfinite(startMs) ? num(startMs / ms, 3) + u"×"_s
                                                                  : u"—"_s,
                      colourOf(r.decision), verdictShown(r.decision),
                      esc(r.cause.isEmpty() ? r.infraError : r.cause));
    }
    h += u"</table>\n"_s;

    h += u"<h2>The best kernel against the start</h2>\n"_s;
    if (start && best && start->id != best->id)
        h += u"<div class=\"sub\">#%1 (start) → #%2 (best)</div>"_s.arg(start->id).arg(best->id) +
             diffHtml(readKernel(session, start), readKernel(session, best));
    else
        h += u"<p class=\"none\">The start is the best so far: nothing to compare.</p>"_s;
    return h + u"\n</body></html>\n"_s;
}

bool writeHtmlReport(const SessionStore &session, const QString &path, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(htmlReport(session).toUtf8()) < 0 || !f.commit()) {
        if (error)
            *error = u"cannot write "_s + path + u": "_s + f.errorString();
        return false;
    }
    return true;
}

} // namespace kwb
