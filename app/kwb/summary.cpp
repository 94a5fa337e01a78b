#include "summary.h"

#include "eval/result.h"
#include "kwbtr.h"
#include "targets/targetprofile.h"
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
    if (std::abs(v) >= 1000 || (std::abs(v) >= 100 && v == std::round(v)))
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
        out += u"      "_s +
               Kwb::tr("[… %n more lines in the session log]", nullptr, int(total - maxLines)) +
               u'\n';
    return out;
}

// What the GPU went through during the benchmark (sampled beside it): its
// SM clock against its top, its power against its limit, and what slowed it.
QString conditionsText(const GpuConditions &c)
{
    auto range = [](const GpuConditions::Range &r) {
        return r.max > r.min ? fig(r.min) + u'–' + fig(r.max) : fig(r.min);
    };
    QStringList parts;
    if (c.smClockMhz) {
        QString text = Kwb::tr("SM clock %1 MHz").arg(range(*c.smClockMhz));
        if (std::isfinite(c.smClockTopMhz))
            text += u' ' + Kwb::tr("(of %1)").arg(fig(c.smClockTopMhz));
        parts << text;
    }
    if (c.powerW) {
        QString text = Kwb::tr("power %1 W").arg(range(*c.powerW));
        if (std::isfinite(c.powerLimitW))
            text += u' ' + Kwb::tr("of its %1 W limit").arg(fig(c.powerLimitW));
        parts << text;
    }
    if (c.slowedBy) {
        QStringList reasons;
        for (QString reason : *c.slowedBy)
            reasons << reason.replace(u'_', u' ');
        parts << (reasons.isEmpty() ? Kwb::tr("never slowed")
                                    : Kwb::tr("slowed by %1").arg(reasons.join(u", "_s)));
    }
    const QString count =
        c.samples == 1 ? Kwb::tr("(1 sample)") : Kwb::tr("(%1 samples)").arg(fig(c.samples));
    return parts.isEmpty() ? count : parts.join(u", "_s) + u' ' + count;
}

// The compile stage's time in the document's "timings" (0 when absent).
double compileMsOf(const EvalResult &r)
{
    const auto compile = r.stageMs.find(u"compile"_s);
    return compile == r.stageMs.end() ? 0.0 : compile->second;
}

} // namespace

QString formatSummary(const Workload &w, const EvalResult &r, const QString &kernelLabel,
                      const QString &sourceHash, const QString &host)
{
    QString s = Kwb::tr("%1 · %2 on %3 · %4 (sha %5)")
                    .arg(w.name, w.target, host, kernelLabel, sourceHash.left(10)) +
                u'\n';

    const double compileMs = compileMsOf(r);
    if (r.failureClass == u"reference"_s) {
        s += row(Kwb::tr("reference"),
                 Kwb::tr("broken: %1 (fix the workload, not the kernel)").arg(r.failureMessage));
        const QString log = r.log(u"compile"_s);
        if (!log.trimmed().isEmpty())
            s += u"    "_s + Kwb::tr("compiler log:") + u'\n' + indentedLog(log, 25);
        return s;
    }
    if (r.compiled) {
        s += row(Kwb::tr("compiled"), Kwb::tr("yes (%1 s)").arg(fig(compileMs / 1000.0)));
    } else {
        s += row(Kwb::tr("compiled"), Kwb::tr("no: %1").arg(r.failureMessage));
        const QString log = r.log(u"compile"_s);
        if (!log.trimmed().isEmpty())
            s += u"    "_s + Kwb::tr("compiler log:") + u'\n' + indentedLog(log, 25);
        return s;
    }

    if (!r.checks.empty()) {
        double worstRel = 0, worstAbs = 0;
        int okSeeds = 0;
        QStringList seedLines;
        // One column for the seeds, as wide as the widest (a drawn seed has 16 digits).
        qsizetype seedWidth = 3;
        for (const SeedCheck &c : r.checks)
            seedWidth = std::max(seedWidth, QString::number(c.seed).size());
        for (const SeedCheck &c : r.checks) {
            worstRel = std::max(worstRel, c.relL2);
            worstAbs = std::max(worstAbs, c.maxAbs);
            okSeeds += c.ok ? 1 : 0;
            QString line = Kwb::tr("seed %1 %2  rel L2 %3  max abs %4")
                               .arg(QString::number(c.seed).leftJustified(seedWidth), c.output,
                                    sci(c.relL2), sci(c.maxAbs));
            if (!c.ok)
                line += u"  ✗ "_s + Kwb::tr("%n elements off", nullptr, int(c.mismatches)) +
                        (c.nonfinite ? u' ' + Kwb::tr("(%n NaN/Inf or unwritten)", nullptr,
                                                      int(c.nonfinite))
                                     : QString());
            seedLines << line;
        }
        const QString tol = u"atol "_s + fig(w.correctness.atol) + u" + rtol "_s +
                            fig(w.correctness.rtol) + u"·|ref|"_s;
        const bool correct = r.correct.value_or(false);
        s += row(Kwb::tr("correct"),
                 (correct ? Kwb::tr("yes, %1/%2 checks within %3; worst rel L2 %4, max abs %5")
                          : Kwb::tr("NO, %1/%2 checks within %3; worst rel L2 %4, max abs %5"))
                     .arg(QString::number(okSeeds), QString::number(r.checks.size()), tol,
                          sci(worstRel), sci(worstAbs)));
        for (const QString &l : std::as_const(seedLines))
            s += u"               "_s + l + u'\n';
    }
    if (r.failed() && r.failureClass != u"incorrect"_s) {
        s += row(Kwb::tr("failed"),
                 Kwb::tr("%1 during %2: %3").arg(r.failureClass, r.failureStage, r.failureMessage));
        const QString log = r.log(r.failureStage);
        if (!log.trimmed().isEmpty())
            s += indentedLog(log, 15);
    }
    if (r.failed()) {
        s +=
            row(Kwb::tr("bottleneck"),
                r.bottleneck + (r.bottleneckWhy.isEmpty() ? QString() : u": "_s + r.bottleneckWhy));
        return s;
    }

    for (const HarnessFlag &f : r.flags)
        s += row(Kwb::tr("flagged"), f.id + u": "_s + f.reason);
    const QString clock = r.latency ? r.clock : QString();
    if (r.latency) {
        const Latency &l = *r.latency;
        s += row(
            Kwb::tr("latency"),
            Kwb::tr("median %1 ms, min %2 ms, p90 %3 ms; spread %4% (IQR/median) over %5 samples")
                    .arg(fig(l.medianMs), fig(l.minMs), fig(l.p90Ms), fig(l.spreadPct(), 2),
                         QString::number(l.samplesMs.size())) +
                (l.callsPerSample > 1 ? u' ' + Kwb::tr("× %1 calls").arg(l.callsPerSample)
                                      : QString()) +
                (clock == u"interpreter"_s
                     ? u' ' + Kwb::tr("(interpreter time on the CPU, never a GPU time)")
                     : QString()));
    }
    const RecordedCalibration calib = r.calibration.value_or(RecordedCalibration{});
    const QString &device = calib.device;
    if (auto g = r.metric(MetricRole::FlopRate)) {
        QString text = fig(*g) + u" GFLOP/s"_s;
        const auto p = r.metric(MetricRole::ShareOfPeakFlops);
        if (p && *p > 0 && !device.isEmpty())
            text += u' ' + Kwb::tr("= %1% of the measured %2 peak of %3 (%4 GFLOP/s)")
                               .arg(fig(*p, 2), w.precision, device, fig(*g * 100.0 / *p));
        else if (p)
            text += u' ' + Kwb::tr("= %1% of measured peak (%2 GFLOP/s, 1 core fp32)")
                               .arg(fig(*p, 2), fig(calib.peakGflops));
        else
            text += u' ' + Kwb::tr("(no calibration, so no % of peak)");
        s += row(Kwb::tr("throughput"), text);
    }
    if (auto b = r.metric(MetricRole::Bandwidth)) {
        QString text = Kwb::tr("%1 GB/s compulsory traffic").arg(fig(*b));
        if (auto p = r.metric(MetricRole::ShareOfPeakBandwidth))
            text += u' ' + Kwb::tr("= %1% of measured bandwidth (%2 GB/s)")
                               .arg(fig(*p, 2), fig(calib.peakGbs));
        s += row(Kwb::tr("bandwidth"), text);
    }
    if (auto regs = r.metric(u"registers"_s)) {
        s += row(Kwb::tr("resources"),
                 Kwb::tr("%1 registers per thread, %2 bytes spilled, %3 bytes static shared memory")
                     .arg(fig(*regs), fig(r.metric(u"spill_stores_bytes"_s).value_or(0)),
                          fig(r.metric(u"static_smem_bytes"_s).value_or(0))));
    }
    if (r.outsideClock && r.latency) {
        const OutsideClock &o = *r.outsideClock;
        QString text = o.available
                           ? Kwb::tr("the supervisor timed the section at %1 ms; the reported "
                                     "times explain %2% of it")
                                 .arg(fig(o.timedSectionMs), fig(100.0 * o.explained))
                           : Kwb::tr("none: the harness marked no timed section");
        if (o.bounded)
            text += u' ' + Kwb::tr("(raised to its bound)");
        s += row(Kwb::tr("clock check"), text);
    }
    if (r.conditions)
        s += row(Kwb::tr("conditions"), conditionsText(*r.conditions));
    if (r.countersAvailable) {
        QStringList parts;
        if (auto v = r.metric(u"ipc"_s))
            parts << u"IPC "_s + fig(*v);
        if (auto v = r.metric(u"cache_miss_rate"_s))
            parts << Kwb::tr("cache misses %1% of references").arg(fig(*v));
        for (const auto &[name, label] : {std::pair{"sm_throughput_pct", "compute SOL"},
                                          {"memory_throughput_pct", "memory SOL"},
                                          {"dram_throughput_pct", "DRAM"},
                                          {"tensor_pipe_pct", "tensor pipe"},
                                          {"achieved_occupancy_pct", "occupancy"}}) {
            if (auto v = r.metric(QString::fromLatin1(name)))
                parts << QString::fromLatin1(label) + u' ' + fig(*v) + u'%';
        }
        if (!r.mainStall.isEmpty())
            parts << u"main stall "_s + r.mainStall;
        s += row(Kwb::tr("counters"), parts.join(u", "_s));
    } else if (!r.countersReason.isEmpty()) {
        s += row(Kwb::tr("counters"), Kwb::tr("unavailable: %1").arg(r.countersReason));
    }
    if (!r.bottleneck.isEmpty())
        s +=
            row(Kwb::tr("bottleneck"),
                r.bottleneck + (r.bottleneckWhy.isEmpty() ? QString() : u": "_s + r.bottleneckWhy));
    return s;
}

QString formatLearntBeforeInfra(const TargetProfile &target, const EvalResult &partial)
{
    if (!partial.compiled)
        return {};
    QStringList figures;
    for (const auto &[name, value] : partial.metrics) {
        const MetricInfo *info = target.metric(name);
        const QString label = info && !info->label.isEmpty() ? info->label : name;
        const QString unit = info ? info->unit : QString();
        figures << label + u' ' + fig(value) + (unit.isEmpty() ? QString() : u' ' + unit);
    }
    QString s =
        Kwb::tr("compiled in %1 s before the host failed").arg(fig(compileMsOf(partial) / 1000.0));
    if (!figures.isEmpty())
        s += u"; "_s + figures.join(u", "_s);
    return s;
}

} // namespace kwb
