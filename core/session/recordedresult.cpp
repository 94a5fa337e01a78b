#include "recordedresult.h"

#include "eval/calibration.h"

#include <algorithm>
#include <cmath>

namespace kwb {

RecordedResult::RecordedResult(Json document) : m_doc(std::move(document))
{
    if (!m_doc.is_object())
        return;
    const Json &d = m_doc;
    m_compiled = d.value("compiled", Json()) == Json(true);
    m_flags = flagsIn(d);
    if (const Json *correct = findAt(d, {"correct"}); correct && correct->is_boolean())
        m_correct = correct->get<bool>();
    m_failureClass = qs(stringAt(d, {"failure", "class"}));
    m_failureMessage = qs(stringAt(d, {"failure", "message"}));
    m_bottleneck = qs(stringAt(d, {"bottleneck", "class"}));
    m_bottleneckWhy = qs(stringAt(d, {"bottleneck", "why"}));
    const std::string device = stringAt(d, {"calibration", "device"});
    m_calibratedDevice = qs(device.empty() ? stringAt(d, {"calibration", "cpu"}) : device);

    m_medianMs = numberAt(d, {"latency", "median_ms"}, NAN);
    if (const Json *l = findAt(d, {"latency"});
        l && l->is_object() && std::isfinite(m_medianMs) && m_medianMs > 0) {
        Latency lat;
        lat.medianMs = m_medianMs;
        lat.minMs = numberAt(*l, {"min_ms"}, lat.medianMs);
        lat.q1Ms = numberAt(*l, {"q1_ms"}, lat.medianMs);
        lat.q3Ms = numberAt(*l, {"q3_ms"}, lat.medianMs);
        lat.p90Ms = numberAt(*l, {"p90_ms"}, lat.medianMs);
        lat.maxMs = numberAt(*l, {"max_ms"}, lat.medianMs);
        lat.meanMs = numberAt(*l, {"mean_ms"}, lat.medianMs);
        lat.stddevMs = numberAt(*l, {"stddev_ms"}, 0);
        lat.callsPerSample = int(std::clamp(numberAt(*l, {"calls_per_sample"}, 1), 1.0, 1e9));
        if (const Json *samples = findAt(*l, {"samples_ms"}); samples && samples->is_array()) {
            for (const Json &v : *samples) {
                if (v.is_number())
                    m_samplesMs.push_back(v.get<double>());
            }
        }
        m_latency = lat;
    }

    if (const Json *metrics = findAt(d, {"metrics"}); metrics && metrics->is_object()) {
        for (const auto &[name, value] : metrics->items()) {
            if (value.is_number() && std::isfinite(value.get<double>()))
                m_metrics.emplace_back(qs(name), value.get<double>());
        }
    }
    for (MetricRole role : metricRoles()) {
        if (const QString name = metricNameFor(d, role); !name.isEmpty())
            m_roleNames.emplace(role, name);
    }
    m_stageMs = stageTimesIn(d);
    if (const Json *c = findAt(d, {"calibration"})) {
        QString ignored;
        if (const auto calibration = Calibration::fromJson(*c, &ignored);
            calibration && calibration->isValid())
            m_ceilings = Ceilings{calibration->peakGflops, calibration->peakGbs};
    }
}

std::optional<double> RecordedResult::metric(const QString &name) const
{
    for (const auto &[n, v] : m_metrics) {
        if (n == name)
            return v;
    }
    return std::nullopt;
}

std::vector<std::pair<QString, QString>> RecordedResult::stageLogs() const
{
    std::vector<std::pair<QString, QString>> out;
    if (const Json *logs = findAt(m_doc, {"log"}); logs && logs->is_object()) {
        for (const auto &[stage, log] : logs->items()) {
            if (log.is_string() && !log.get<std::string>().empty())
                out.emplace_back(qs(stage), qs(log.get<std::string>()));
        }
    }
    return out;
}

std::optional<double> RecordedResult::metric(MetricRole role) const
{
    const QString name = metricName(role);
    return name.isEmpty() ? std::nullopt : metric(name);
}

QString RecordedResult::metricName(MetricRole role) const
{
    const auto it = m_roleNames.find(role);
    return it == m_roleNames.end() ? QString() : it->second;
}

} // namespace kwb
