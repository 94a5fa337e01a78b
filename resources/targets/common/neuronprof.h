// The Neuron profiler on the host side of the nki target: one call's NEFF
// captured and summarised (neuron-explorer, or neuron-profile before Neuron
// 2.29, both `view --output-format summary-json`), and the summary turned
// into the metric catalog's snake_case names. Field names as Neuron's
// profile schema documents them (tests/data/nki/PROVENANCE.md).

#pragma once

#include "kwbhost.h"


namespace kwbhost {

/// The summary's numbers: one object whose single member (keyed by the
/// profile) holds flat name → number pairs, or those pairs at the top (the
/// form tools and people keep once they have taken the member out).
/// Strings, booleans, nulls and nested values are skipped. Empty when the
/// text is not such a document.
inline std::map<std::string, double> parseNeuronSummary(const std::string &text)
{
    std::map<std::string, double> out;
    size_t i = 0;
    auto space = [&] {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
    };
    auto literal = [&](char c) {
        space();
        if (i < text.size() && text[i] == c) {
            ++i;
            return true;
        }
        return false;
    };
    auto string = [&](std::string *s) {
        space();
        if (i >= text.size() || text[i] != '"')
            return false;
        for (++i; i < text.size() && text[i] != '"'; ++i) {
            if (text[i] == '\\' && i + 1 < text.size())
                ++i;
            *s += text[i];
        }
        return i++ < text.size();
    };
    // Skips one value of any kind (the members this reader does not keep),
    // nested 64 deep at most.
    int depth = 0;
    std::function<bool()> skip = [&]() -> bool {
        space();
        if (i >= text.size() || depth > 64)
            return false;
        if (text[i] == '"') {
            std::string ignored;
            return string(&ignored);
        }
        if (text[i] == '{' || text[i] == '[') {
            const char close = text[i] == '{' ? '}' : ']';
            ++i;
            if (literal(close))
                return true;
            ++depth;
            do {
                std::string key;
                if (close == '}' && (!string(&key) || !literal(':')))
                    return false;
                if (!skip())
                    return false;
            } while (literal(','));
            --depth;
            return literal(close);
        }
        while (i < text.size() && std::string(",}] \t\r\n").find(text[i]) == std::string::npos)
            ++i;
        return true;
    };
    // The tool may print lines of its own before the document.
    i = std::min(text.find('{'), text.size());
    std::string profile;
    if (!literal('{'))
        return {};
    const size_t members = i;
    if (!string(&profile) || !literal(':'))
        return {};
    if (!literal('{'))
        i = members; // flat: the metrics are the top object's own members
    do {
        std::string key;
        if (!string(&key) || !literal(':'))
            return {};
        space();
        const char *begin = text.c_str() + i;
        char *end = nullptr;
        const double v = std::strtod(begin, &end);
        if (end != begin && (text[i] == '-' || std::isdigit(static_cast<unsigned char>(text[i])))) {
            i += size_t(end - begin);
            if (std::isfinite(v))
                out[key] = v;
        } else if (!skip()) {
            return {};
        }
    } while (literal(','));
    return literal('}') ? out : std::map<std::string, double>{};
}

/// The catalog's metrics from a summary. Its "*_percent" fields are
/// fractions (0.8 is 80 %), negative when the profiler could not tell (a
/// value above 1.5 is read as a percentage already: the schema calls the
/// unit "percent", and a release that prints one must not give 8000 %);
/// times are seconds.
inline std::map<std::string, double> neuronMetrics(const std::map<std::string, double> &s)
{
    std::map<std::string, double> m;
    auto has = [&](const char *k) { return s.count(k) > 0; };
    auto share = [&](const char *field, const char *metric) {
        if (has(field) && s.at(field) >= 0)
            m[metric] = s.at(field) > 1.5 ? s.at(field) : 100.0 * s.at(field);
    };
    if (has("total_time") && s.at("total_time") > 0)
        m["neuron_total_us"] = s.at("total_time") * 1e6;
    share("mfu_estimated_percent", "mfu_pct");
    share("mfu_max_achievable_estimated_percent", "mfu_ceiling_pct");
    share("mbu_estimated_percent", "mbu_pct");
    share("hfu_estimated_percent", "hfu_pct");
    if (m.count("mfu_pct") && m.count("mfu_ceiling_pct") && m["mfu_ceiling_pct"] > 0)
        m["roofline_efficiency_pct"] = 100.0 * m["mfu_pct"] / m["mfu_ceiling_pct"];
    for (const char *bytes : {"hbm_read_bytes", "hbm_write_bytes", "sbuf_read_bytes", "sbuf_write_bytes",
                              "psum_read_bytes", "psum_write_bytes", "spill_save_bytes", "spill_reload_bytes"}) {
        if (has(bytes))
            m[bytes] = s.at(bytes);
    }
    for (const char *engine : {"tensor", "vector", "scalar", "gpsimd"})
        share((std::string(engine) + "_engine_active_time_percent").c_str(),
              (std::string(engine) + "_engine_active_pct").c_str());
    share("dma_active_time_percent", "dma_active_pct");
    if (has("transpose_flops") && has("hardware_flops") && s.at("hardware_flops") > 0)
        m["transpose_flops_pct"] = 100.0 * s.at("transpose_flops") / s.at("hardware_flops");
    if (has("mm_arithmetic_intensity"))
        m["mm_arithmetic_intensity"] = s.at("mm_arithmetic_intensity");
    return m;
}

/// The profiler: $KWB_NEURON_PROFILER, neuron-explorer (Neuron 2.29 and
/// later), or neuron-profile, on PATH or in /opt/aws/neuron/bin.
inline std::string neuronProfiler()
{
    for (const char *tool : {"neuron-explorer", "neuron-profile"}) {
        if (std::string found = findTool("KWB_NEURON_PROFILER", tool, "/opt/aws/neuron/bin"); !found.empty())
            return found;
    }
    return {};
}

/// Runs `neff` (the profiled call's, from a folder the candidate could
/// write: a regular file, never a link) on the NeuronCore under `tool` and
/// adds the summary's metrics to `r`, or says in `countersReason` why there
/// are none. The trace goes to `outDir`, a fresh folder of the supervisor's.
inline void profileNeuron(Result &r, const std::string &tool, const std::string &neff, const std::string &outDir,
                          double timeout, const std::vector<std::string> &env)
{
    struct stat st;
    if (::lstat(neff.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
        r.countersReason = "the profiled call left no NEFF (" + neff + ")";
        return;
    }
    removeTree(outDir);
    if (::mkdir(outDir.c_str(), 0700) != 0) {
        r.countersReason = "cannot make " + outDir;
        return;
    }
    std::fprintf(stderr, "kwb: profiling one execution of %s with %s\n", neff.c_str(), tool.c_str());
    const std::string ntff = outDir + "/kwb.ntff";
    const auto t0 = Clock::now();
    Proc cap = run({tool, "capture", "-n", neff, "-s", ntff}, std::max(timeout, 300.0), false, 4u << 20, env);
    Proc view = cap.exitedOk() ? run({tool, "view", "--output-format", "summary-json", "-n", neff, "-s", ntff}, 300,
                                     false, 4u << 20, env)
                               : cap;
    r.profileMs += msSince(t0);
    removeTree(outDir);
    const auto metrics = neuronMetrics(parseNeuronSummary(view.out));
    if (!cap.exitedOk() || !view.exitedOk() || metrics.empty()) {
        r.countersReason = !cap.exitedOk()    ? tool + " capture " + describeExit(cap)
                           : !view.exitedOk() ? tool + " view " + describeExit(view)
                                              : tool + " printed no summary";
        r.logs["profile"] = excerpt(cap.out + cap.err + view.out + view.err, 4000);
        return;
    }
    for (const auto &[k, v] : metrics)
        r.metrics[k] = v;
    r.countersAvailable = true;
    r.stage = "profile";
    r.extra["profile"] = "{\"tool\":" + jsonString(tool.substr(tool.rfind('/') + 1)) + "}";
}

/// Prints the catalog metrics of a recorded summary, as JSON (tests).
inline int printNeuronMetrics(const std::string &path)
{
    const auto m = neuronMetrics(parseNeuronSummary(readFile(path)));
    std::printf("{\"metrics\":%s}\n", jsonNumbers(m).c_str());
    return m.empty() ? 1 : 0;
}

} // namespace kwbhost
