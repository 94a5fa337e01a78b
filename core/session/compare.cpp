#include "compare.h"

#include <QCoreApplication>
#include <cmath>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

Comparison compareRecords(const ExperimentRecord &a, const ExperimentRecord &b,
                          const TargetProfile &target)
{
    Comparison c;
    // A record's figures only when they can be trusted: a false win or a
    // flagged timing shows as "—", never as a candidate's figure.
    auto valueOf = [](const ExperimentRecord &r, const QString &metric) {
        return r.trustedMetric(metric).value_or(NAN);
    };
    for (const MetricInfo &m : target.metrics) {
        if (!m.shown)
            continue;
        MetricComparison row;
        row.metric = m.name;
        row.label = m.displayName();
        row.unit = m.unit;
        row.description = m.description;
        row.a = valueOf(a, m.name);
        row.b = valueOf(b, m.name);
        if (std::isnan(row.a) && std::isnan(row.b))
            continue;
        if (std::isfinite(row.a) && std::isfinite(row.b) && row.a != 0) {
            row.deltaPct = (row.b - row.a) / std::abs(row.a) * 100;
            if (std::abs(row.deltaPct) >= 0.05)
                row.verdict = (row.b > row.a) == m.higherIsBetter ? 1 : -1;
        }
        c.metrics.push_back(row);
    }
    // Latency: beyond the noise when the interquartile ranges do not overlap.
    const double am = trustedMedianMs(a), bm = trustedMedianMs(b);
    const auto al = recordedLatency(a), bl = recordedLatency(b);
    const double aq1 = al ? al->q1Ms : am, aq3 = al ? al->q3Ms : am;
    const double bq1 = bl ? bl->q1Ms : bm, bq3 = bl ? bl->q3Ms : bm;
    if (!std::isfinite(am) || !std::isfinite(bm)) {
        c.verdict =
            QCoreApplication::translate("Compare", "#%1 and #%2 cannot be compared: one of them "
                                                   "has no trusted timing (it failed, was not "
                                                   "timed, or was a false win or flagged).")
                .arg(a.id)
                .arg(b.id);
        return c;
    }
    c.withinNoise = !(bq3 < aq1 || aq3 < bq1);
    const double pct = (am - bm) / am * 100;
    const QString how =
        pct >= 0
            ? QCoreApplication::translate("Compare", "%1% faster").arg(QString::number(pct, 'f', 1))
            : QCoreApplication::translate("Compare", "%1% slower")
                  .arg(QString::number(-pct, 'f', 1));
    c.verdict =
        c.withinNoise
            ? QCoreApplication::translate("Compare",
                                          "#%1 is %2 than #%3, inside the run-to-run spread (IQR "
                                          "%4–%5 ms against %6–%7 ms): not a real difference.")
                  .arg(b.id)
                  .arg(how)
                  .arg(a.id)
                  .arg(bq1, 0, 'g', 4)
                  .arg(bq3, 0, 'g', 4)
                  .arg(aq1, 0, 'g', 4)
                  .arg(aq3, 0, 'g', 4)
            : QCoreApplication::translate("Compare", "#%1 is %2 than #%3, beyond the run-to-run "
                                                     "spread (IQR %4–%5 ms against %6–%7 ms).")
                  .arg(b.id)
                  .arg(how)
                  .arg(a.id)
                  .arg(bq1, 0, 'g', 4)
                  .arg(bq3, 0, 'g', 4)
                  .arg(aq1, 0, 'g', 4)
                  .arg(aq3, 0, 'g', 4);
    return c;
}

} // namespace kwb
