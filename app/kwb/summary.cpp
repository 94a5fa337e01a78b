#include "summary.h"

#include "eval/result.h"
#include "workload/workload.h"

#include <QStringList>

#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

QString fig(double v, int precision = 3)
{
    if (!std::isfinite(v))
        return u"n/a"_s;
    if (std::abs(v) >= 1000)
        return QString::number(v, 'f', 0);
    if (std::abs(v) >= 100)
        return QString::number(v, 'f', 1);
    return QString::number(v, 'g', precision);
}

QString sci(double v)
{
    return v == 0 ? u"0"_s : QString::number(v, 'e', 1);
}

QString row(const QString &label, const QString &text)
{
    return u"  "_s + label.leftJustified(12) + u' ' + text + u'\n';
}

QString indentedLog(const QString &log, int maxLines)
{
    QStringList lines = log.trimmed().split(u'\n');
    const qsizetype total = lines.size();
    if (total > maxLines)
        lines = lines.mid(0, maxLines);
    QString out;
    for (const QString &l : std::as_const(lines))
        out += u"      "_s + l + u'\n';
    if (total > maxLines)
        out += u"      [… "_s + QString::number(total - maxLines) + u" more lines in the session log]\n"_s;
    return out;
}

} // namespace

QString formatSummary(const Workload &w, const EvalResult &r, const QString &kernelLabel,
                      const QString &sourceHash, const QString &host)
{
    QString s = w.name + u" · "_s + w.target + u" on "_s + host + u" · "_s + kernelLabel + u" (sha "_s
        + sourceHash.left(10) + u")\n"_s;

    const double compileMs = r.document.value("timings", Json::object()).value("compile_ms", 0.0);
    if (r.failureClass == u"reference"_s) {
        s += row(u"reference"_s, u"broken: "_s + r.failureMessage + u" (fix the workload, not the kernel)"_s);
        const QString log = r.log(u"compile"_s);
        if (!log.trimmed().isEmpty())
            s += u"    compiler log:\n"_s + indentedLog(log, 25);
        return s;
    }
    if (r.compiled) {
        s += row(u"compiled"_s, u"yes ("_s + fig(compileMs / 1000.0) + u" s)"_s);
    } else {
        s += row(u"compiled"_s, u"no: "_s + r.failureMessage);
        const QString log = r.log(u"compile"_s);
        if (!log.trimmed().isEmpty())
            s += u"    compiler log:\n"_s + indentedLog(log, 25);
        return s;
    }

    if (!r.checks.empty()) {
        double worstRel = 0, worstAbs = 0;
        int okSeeds = 0;
        QStringList seedLines;
        for (const SeedCheck &c : r.checks) {
            worstRel = std::max(worstRel, c.relL2);
            worstAbs = std::max(worstAbs, c.maxAbs);
            okSeeds += c.ok ? 1 : 0;
            QString line = u"seed "_s + QString::number(c.seed).leftJustified(3) + u' ' + c.output
                + u"  rel L2 "_s + sci(c.relL2) + u"  max abs "_s + sci(c.maxAbs);
            if (!c.ok)
                line += u"  ✗ "_s + QString::number(c.mismatches) + u" elements off"_s
                    + (c.nonfinite ? u" ("_s + QString::number(c.nonfinite) + u" NaN/Inf or unwritten)"_s : QString());
            seedLines << line;
        }
        const QString tol = u"atol "_s + fig(w.correctness.atol) + u" + rtol "_s + fig(w.correctness.rtol)
            + u"·|ref|"_s;
        const bool correct = r.correct.value_or(false);
        s += row(u"correct"_s, (correct ? u"yes"_s : u"NO"_s) + u", "_s + QString::number(okSeeds) + u'/'
                                  + QString::number(r.checks.size()) + u" checks within "_s + tol
                                  + u"; worst rel L2 "_s + sci(worstRel) + u", max abs "_s + sci(worstAbs));
        for (const QString &l : std::as_const(seedLines))
            s += u"               "_s + l + u'\n';
    }
    if (r.failed() && r.failureClass != u"incorrect"_s) {
        s += row(u"failed"_s, r.failureClass + u" during "_s + r.failureStage + u": "_s + r.failureMessage);
        const QString log = r.log(r.failureStage);
        if (!log.trimmed().isEmpty())
            s += indentedLog(log, 15);
    }
    if (r.failed()) {
        s += row(u"bottleneck"_s, r.bottleneck + (r.bottleneckWhy.isEmpty() ? QString() : u": "_s + r.bottleneckWhy));
        return s;
    }

    if (r.latency) {
        const Latency &l = *r.latency;
        s += row(u"latency"_s, u"median "_s + fig(l.medianMs) + u" ms, min "_s + fig(l.minMs) + u" ms, p90 "_s
                                  + fig(l.p90Ms) + u" ms; spread "_s + fig(l.spreadPct(), 2)
                                  + u"% (IQR/median) over "_s + QString::number(l.samplesMs.size())
                                  + u" samples"_s
                                  + (l.callsPerSample > 1 ? u" × "_s + QString::number(l.callsPerSample) + u" calls"_s
                                                          : QString()));
    }
    const Json calib = r.document.value("calibration", Json());
    const double peakF = calib.value("peak_gflops", NAN), peakB = calib.value("peak_gbs", NAN);
    if (auto g = r.metric(u"gflops"_s)) {
        QString text = fig(*g) + u" GFLOP/s"_s;
        if (auto p = r.metric(u"pct_peak_flops"_s))
            text += u" = "_s + fig(*p, 2) + u"% of measured peak ("_s + fig(peakF) + u" GFLOP/s, 1 core fp32)"_s;
        else
            text += u" (no calibration, so no % of peak)"_s;
        s += row(u"throughput"_s, text);
    }
    if (auto b = r.metric(u"bandwidth_gbs"_s)) {
        QString text = fig(*b) + u" GB/s compulsory traffic"_s;
        if (auto p = r.metric(u"pct_peak_bw"_s))
            text += u" = "_s + fig(*p, 2) + u"% of measured bandwidth ("_s + fig(peakB) + u" GB/s)"_s;
        s += row(u"bandwidth"_s, text);
    }
    if (r.countersAvailable) {
        QStringList parts;
        if (auto v = r.metric(u"ipc"_s))
            parts << u"IPC "_s + fig(*v);
        if (auto v = r.metric(u"cache_miss_rate"_s))
            parts << u"cache misses "_s + fig(*v) + u"% of references"_s;
        s += row(u"counters"_s, parts.join(u", "_s));
    } else {
        s += row(u"counters"_s, u"unavailable: "_s + r.countersReason);
    }
    if (!r.bottleneck.isEmpty())
        s += row(u"bottleneck"_s, r.bottleneck + (r.bottleneckWhy.isEmpty() ? QString() : u": "_s + r.bottleneckWhy));
    return s;
}

} // namespace kwb
