// nvidia-smi on the host side of the NVIDIA targets (cuda-cxx, and triton
// on a GPU): the device the harness sees, and the GPU's conditions while a
// benchmark runs (SM clock, power, the reasons NVML gives for a lowered
// clock) sampled beside it and turned into the result's "gpu_conditions".
#pragma once

#include "kwbhost.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

namespace kwbhost {

// nvidia-smi's "--id=N" for the GPU the harness will see first (none when
// CUDA_VISIBLE_DEVICES does not name one by number).
inline std::vector<std::string> smiDevice()
{
    if (const char *visible = std::getenv("CUDA_VISIBLE_DEVICES"); visible && *visible) {
        const std::string first = std::string(visible).substr(0, std::string(visible).find(','));
        // nvidia-smi takes an index or a GPU's UUID (not a MIG instance's).
        if ((!first.empty() && first.find_first_not_of("0123456789") == std::string::npos)
            || first.rfind("GPU-", 0) == 0)
            return {"--id=" + first};
    }
    return {};
}

/// The smallest and largest of some values (NaN before the first).
struct SmiRange
{
    double lo = NAN, hi = NAN;
    void add(double v)
    {
        if (std::isnan(v))
            return;
        lo = std::isnan(lo) ? v : std::min(lo, v);
        hi = std::isnan(hi) ? v : std::max(hi, v);
    }
    bool seen() const { return !std::isnan(lo); }
};

// The GPU's clock, power and the reasons it slowed its clock, over the
// samples nvidia-smi took while the benchmark ran.
struct SmiConditions
{
    int samples = 0;
    SmiRange sm, smTop, power, powerLimit;
    std::optional<unsigned long long> reasons; ///< NVML's clocks event reasons, OR'ed over the samples
};

// NVML's clocks event reasons (nvmlClocksEventReasons) by bit.
inline const std::pair<unsigned long long, const char *> kSmiReasons[] = {
    {0x2, "applications_clocks"}, {0x4, "sw_power_cap"},     {0x8, "hw_slowdown"},
    {0x10, "sync_boost"},         {0x20, "sw_thermal"},      {0x40, "hw_thermal"},
    {0x80, "hw_power_brake"},     {0x100, "display_clocks"}};

// Reads `nvidia-smi --query-gpu=… --format=csv` by its header, whatever
// the order of its columns ("clocks.current.sm [MHz]", "power.draw [W]",
// "clocks_event_reasons.active", …); values with units ("1485 MHz") or
// without, "[N/A]" skipped. Samples of an idle GPU (reason 0x1) count only
// when every sample is idle.
inline SmiConditions parseSmiConditions(const std::string &csv)
{
    enum Column { Sm, SmTop, Power, Limit, Reasons, Other };
    std::vector<Column> columns;
    struct Sample
    {
        double values[Reasons] = {NAN, NAN, NAN, NAN};
        std::optional<unsigned long long> reasons;
        bool idle() const { return reasons && (*reasons & 1); }
    };
    std::vector<Sample> samples;
    std::istringstream in(csv);
    for (std::string line; std::getline(in, line);) {
        line = trim(line);
        if (line.empty() || line[0] == '#')
            continue;
        const std::vector<std::string> f = csvFields(line);
        if (line.find("power.draw") != std::string::npos || line.find("clocks.") != std::string::npos) {
            columns.clear();
            for (std::string name : f) {
                name = trim(name.substr(0, name.find(" [")));
                columns.push_back(name == "clocks.current.sm" || name == "clocks.sm" ? Sm
                                  : name == "clocks.max.sm" || name == "clocks.max.sm_clock" ? SmTop
                                  : name == "power.draw" || name == "power.draw.instant" ? Power
                                  : name == "power.limit"                          ? Limit
                                  : name.find("reasons.active") != std::string::npos ? Reasons
                                                                                     : Other);
            }
            continue;
        }
        if (columns.empty() || f.size() != columns.size())
            continue;
        Sample s;
        for (size_t i = 0; i < f.size(); ++i) {
            const std::string v = trim(f[i]);
            if (columns[i] == Reasons && v.rfind("0x", 0) == 0) {
                s.reasons = std::strtoull(v.c_str(), nullptr, 16);
            } else if (columns[i] < Reasons) {
                char *end = nullptr;
                const double x = std::strtod(v.c_str(), &end);
                if (end != v.c_str() && std::isfinite(x))
                    s.values[columns[i]] = x;
            }
        }
        samples.push_back(s);
    }
    const bool allIdle = std::all_of(samples.begin(), samples.end(), [](const Sample &s) { return s.idle(); });
    SmiConditions c;
    for (const Sample &s : samples) {
        if (s.idle() && !allIdle)
            continue;
        ++c.samples;
        c.sm.add(s.values[Sm]);
        c.smTop.add(s.values[SmTop]);
        c.power.add(s.values[Power]);
        c.powerLimit.add(s.values[Limit]);
        if (s.reasons)
            c.reasons = c.reasons.value_or(0) | *s.reasons;
    }
    return c;
}

// The result's "gpu_conditions" and the console's line; false without a sample.
inline bool describeConditions(const SmiConditions &c, std::string *json, std::string *line)
{
    if (c.samples == 0 || (!c.sm.seen() && !c.power.seen()))
        return false;
    auto range = [](const SmiRange &r) {
        return "{\"min\":" + jsonNumber(r.lo) + ",\"max\":" + jsonNumber(r.hi) + "}";
    };
    auto figure = [](double v) {
        char b[32];
        std::snprintf(b, sizeof b, "%.0f", v);
        return std::string(b);
    };
    auto words = [&](const SmiRange &r) { return figure(r.lo) + (r.hi > r.lo ? "–" + figure(r.hi) : ""); };
    *json = "{\"samples\":" + std::to_string(c.samples);
    std::vector<std::string> parts;
    if (c.sm.seen()) {
        *json += ",\"sm_clock_mhz\":" + range(c.sm);
        parts.push_back("SM clock " + words(c.sm) + " MHz" + (c.smTop.seen() ? " (of " + figure(c.smTop.hi) + ")" : ""));
    }
    if (c.smTop.seen())
        *json += ",\"sm_clock_top_mhz\":" + jsonNumber(c.smTop.hi);
    if (c.power.seen()) {
        *json += ",\"power_w\":" + range(c.power);
        parts.push_back("power " + words(c.power) + " W"
                        + (c.powerLimit.seen() ? " of its " + figure(c.powerLimit.hi) + " W limit" : ""));
    }
    if (c.powerLimit.seen())
        *json += ",\"power_limit_w\":" + jsonNumber(c.powerLimit.hi);
    if (c.reasons) {
        std::string names, said;
        for (const auto &[bit, name] : kSmiReasons) {
            if (!(*c.reasons & bit))
                continue;
            names += (names.empty() ? "" : ",") + jsonString(name);
            std::string word = name;
            std::replace(word.begin(), word.end(), '_', ' ');
            said += (said.empty() ? "" : ", ") + word;
        }
        *json += ",\"slowed_by\":[" + names + "]";
        parts.push_back(said.empty() ? "never slowed" : "slowed by " + said);
    }
    *json += "}";
    line->clear();
    for (const std::string &p : parts)
        *line += (line->empty() ? "" : ", ") + p;
    *line += " (" + std::to_string(c.samples) + (c.samples == 1 ? " sample)" : " samples)");
    return true;
}

// nvidia-smi's name for the reasons: clocks_event_reasons since driver
// R535, clocks_throttle_reasons before.
inline const std::string &smiReasonsField()
{
    static const std::string field =
        run({"nvidia-smi", "--query-gpu=clocks_event_reasons.active", "--format=csv,noheader"}, 30, false)
                .exitedOk()
            ? "clocks_event_reasons.active"
            : "clocks_throttle_reasons.active";
    return field;
}

/// The sampler a benchmark runs beside (ConditionsSampler): nvidia-smi's
/// query every 100 ms, as CSV with a header; empty without nvidia-smi.
inline std::vector<std::string> smiSampler()
{
    if (onPath("nvidia-smi").empty())
        return {};
    // Line-buffered where stdbuf is there: into a file, nvidia-smi's
    // stdio would keep a short benchmark's samples in its buffer when
    // it is stopped.
    std::vector<std::string> argv;
    if (!onPath("stdbuf").empty())
        argv = {"stdbuf", "-oL"};
    argv.insert(argv.end(),
                {"nvidia-smi", "--query-gpu=clocks.sm,clocks.max.sm,power.draw,power.limit," + smiReasonsField(),
                 "--format=csv", "-lms", "100"});
    // One GPU's samples: on a host with several, the one the harness sees
    // (without CUDA_VISIBLE_DEVICES, CUDA's first, nvidia-smi's index 0
    // where the GPUs are alike), never every GPU's lines mixed.
    const std::vector<std::string> device = smiDevice();
    argv.insert(argv.end(), device.begin(), device.end());
    if (device.empty())
        argv.push_back("--id=0");
    return argv;
}

/// Reads what smiSampler() printed into `r` ("gpu_conditions") and the
/// console; nothing when it printed no usable sample.
inline void recordSmiConditions(Result &r, const std::string &csv)
{
    std::string json, line;
    if (!describeConditions(parseSmiConditions(csv), &json, &line))
        return;
    r.extra["gpu_conditions"] = json;
    std::fprintf(stderr, "kwb: during the benchmark: %s\n", line.c_str());
}

} // namespace kwbhost
