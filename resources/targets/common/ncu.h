// Nsight Compute on the host side of the GPU targets: where ncu is, how to
// profile one call of a harness, and its CSV turned into the metric
// catalog's snake_case names. Shared by cuda-cxx and triton.
#pragma once

#include "kwbhost.h"

namespace kwbhost {

/// One ncu metric and the catalog name it becomes (value × scale).
struct NcuMetric
{
    const char *ncu;
    const char *name;
    double scale;
};

/// What one profiled launch is asked for. Names checked against
/// `ncu --query-metrics` on an H100 (Nsight Compute 2025.x).
inline const std::vector<NcuMetric> &ncuCatalog()
{
    static const std::vector<NcuMetric> metrics = {
        {"gpu__time_duration.sum", "ncu_duration_us", 1e-3},
        {"sm__throughput.avg.pct_of_peak_sustained_elapsed", "sm_throughput_pct", 1},
        {"gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed", "memory_throughput_pct", 1},
        {"dram__throughput.avg.pct_of_peak_sustained_elapsed", "dram_throughput_pct", 1},
        {"sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active", "tensor_pipe_pct", 1},
        {"sm__warps_active.avg.pct_of_peak_sustained_active", "achieved_occupancy_pct", 1},
        {"sm__maximum_warps_per_active_cycle_pct", "theoretical_occupancy_pct", 1},
        {"l1tex__t_sector_hit_rate.pct", "l1_hit_rate_pct", 1},
        {"lts__t_sector_hit_rate.pct", "l2_hit_rate_pct", 1},
        {"smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct", "global_load_efficiency_pct", 1},
        {"launch__registers_per_thread", "registers_per_thread", 1},
        {"launch__shared_mem_per_block_static", "static_smem_bytes", 1},
        {"launch__shared_mem_per_block_dynamic", "dynamic_smem_bytes", 1},
        {"launch__block_size", "block_size", 1},
        {"launch__grid_size", "grid_size", 1},
        {"launch__waves_per_multiprocessor", "waves_per_sm", 1},
        {"smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio", "stall_long_scoreboard", 1},
        {"smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio", "stall_short_scoreboard", 1},
        {"smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio", "stall_barrier", 1},
        {"smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio", "stall_mio_throttle", 1},
        {"smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio", "stall_math_pipe_throttle", 1},
        {"smsp__average_warps_issue_stalled_wait_per_issue_active.ratio", "stall_wait", 1},
        {"smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio", "stall_lg_throttle", 1},
        {"smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio", "stall_not_selected", 1},
    };
    return metrics;
}

/// The ncu executable: $KWB_NCU, then PATH, then the usual install places.
inline std::string ncuBinary()
{
    if (const char *env = std::getenv("KWB_NCU"); env && *env)
        return env;
    std::vector<std::string> dirs;
    if (const char *path = std::getenv("PATH")) {
        std::istringstream in(path);
        std::string d;
        while (std::getline(in, d, ':'))
            dirs.push_back(d);
    }
    for (const char *d : {"/usr/local/cuda/bin", "/opt/nvidia/nsight-compute"})
        dirs.push_back(d);
    for (const std::string &d : dirs) {
        if (::access((d + "/ncu").c_str(), X_OK) == 0)
            return d + "/ncu";
    }
    // /opt/nvidia/nsight-compute/<version>/ncu
    if (FILE *ls = ::popen("ls -d /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda*/bin/ncu 2>/dev/null", "r")) {
        char buf[512];
        std::string found;
        while (std::fgets(buf, sizeof buf, ls))
            found = trim(buf);
        ::pclose(ls);
        if (!found.empty())
            return found;
    }
    return {};
}

/// ncu's arguments to profile every launch between cudaProfilerStart and
/// Stop of `program`, writing the raw CSV page to `csvPath`.
inline std::vector<std::string> ncuCommand(const std::string &ncu, const std::string &csvPath,
                                           const std::vector<std::string> &program)
{
    std::string list;
    for (const NcuMetric &m : ncuCatalog())
        list += (list.empty() ? "" : ",") + std::string(m.ncu);
    std::vector<std::string> argv = {ncu,       "--csv",         "--page",           "raw",
                                     "--print-units", "base",    "--profile-from-start", "off",
                                     "--target-processes", "all", "--metrics",       list,
                                     "--log-file", csvPath};
    argv.insert(argv.end(), program.begin(), program.end());
    return argv;
}

/// Why ncu gave no counters, in words an engineer can act on; empty if it did.
inline std::string ncuProblem(const Proc &p, const std::string &log)
{
    const std::string all = log + p.out + p.err;
    if (all.find("ERR_NVGPUCTRPERM") != std::string::npos)
        return "the driver does not permit profiling for this user (ERR_NVGPUCTRPERM; an administrator can set "
               "NVreg_RestrictProfilingToAdminUsers=0)";
    if (p.timedOut)
        return "Nsight Compute ran past its time limit";
    if (all.find("No kernels were profiled") != std::string::npos)
        return "Nsight Compute saw no kernel launch in the profiled call";
    if (all.find("Failed to find metric") != std::string::npos) {
        const size_t at = all.find("Failed to find metric");
        return "this Nsight Compute does not know a metric kwb asks for: " + trim(all.substr(at, 160));
    }
    if (!p.exitedOk())
        return "Nsight Compute " + describeExit(p) + ": " + trim(excerpt(all, 400));
    return {};
}

/// A number as ncu prints it ("1,234.5", "n/a"); NAN when not a number.
inline double ncuNumber(std::string s)
{
    s.erase(std::remove(s.begin(), s.end(), ','), s.end());
    s = trim(s);
    if (s.empty())
        return NAN;
    char *end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    return end && *end == '\0' ? v : NAN;
}

/// One profiled kernel launch: its name and metric values by ncu name.
struct NcuLaunch
{
    std::string kernel;
    std::map<std::string, double> values;
};

/// Reads ncu's CSV: the raw page (one row per launch, one column per metric,
/// a units row under the header) or the long form (one row per metric, with
/// "Metric Name" and "Metric Value" columns). Lines before the header
/// (==PROF== messages) are skipped.
inline std::vector<NcuLaunch> parseNcuCsv(const std::string &text)
{
    std::vector<NcuLaunch> launches;
    std::istringstream in(text);
    std::string line;
    std::vector<std::string> header;
    int idCol = -1, kernelCol = -1, nameCol = -1, valueCol = -1;
    std::map<std::string, size_t> byId; // long form: launch id → index
    while (std::getline(in, line)) {
        if (line.empty() || line.rfind("==", 0) == 0)
            continue;
        std::vector<std::string> f = csvFields(line);
        if (header.empty()) {
            if (std::find(f.begin(), f.end(), "Kernel Name") == f.end())
                continue;
            header = f;
            for (size_t i = 0; i < f.size(); ++i) {
                if (f[i] == "ID")
                    idCol = int(i);
                else if (f[i] == "Kernel Name")
                    kernelCol = int(i);
                else if (f[i] == "Metric Name")
                    nameCol = int(i);
                else if (f[i] == "Metric Value")
                    valueCol = int(i);
            }
            continue;
        }
        if (f.size() < header.size())
            continue;
        const std::string id = idCol >= 0 ? f[size_t(idCol)] : std::string();
        if (id.empty() || !std::isdigit(static_cast<unsigned char>(id[0])))
            continue; // the units row
        if (nameCol >= 0 && valueCol >= 0) {
            auto it = byId.find(id);
            if (it == byId.end()) {
                it = byId.emplace(id, launches.size()).first;
                launches.push_back({kernelCol >= 0 ? f[size_t(kernelCol)] : std::string(), {}});
            }
            launches[it->second].values[f[size_t(nameCol)]] = ncuNumber(f[size_t(valueCol)]);
            continue;
        }
        NcuLaunch l;
        l.kernel = kernelCol >= 0 ? f[size_t(kernelCol)] : std::string();
        for (size_t i = 0; i < header.size(); ++i) {
            const double v = ncuNumber(f[i]);
            if (std::isfinite(v))
                l.values[header[i]] = v;
        }
        launches.push_back(std::move(l));
    }
    return launches;
}

/// The catalog's metrics of the longest launch (the kernel that matters when
/// an entry launches several), plus how many launches the call made. The
/// main stall reason's name goes to `mainStall`.
inline std::map<std::string, double> ncuMetrics(const std::vector<NcuLaunch> &launches, std::string *mainKernel,
                                                std::string *mainStall)
{
    std::map<std::string, double> out;
    if (launches.empty())
        return out;
    const NcuLaunch *main = &launches.front();
    double total = 0;
    for (const NcuLaunch &l : launches) {
        auto d = l.values.find("gpu__time_duration.sum");
        const double v = d == l.values.end() ? 0 : d->second;
        total += std::isfinite(v) ? v : 0;
        auto m = main->values.find("gpu__time_duration.sum");
        if (m == main->values.end() || v > m->second)
            main = &l;
    }
    for (const NcuMetric &m : ncuCatalog()) {
        auto it = main->values.find(m.ncu);
        if (it != main->values.end() && std::isfinite(it->second))
            out[m.name] = it->second * m.scale;
    }
    // No bytes per sector means no global load instructions (a kernel fed by
    // TMA or cp.async.bulk): there is no coalescing to rate.
    if (auto e = out.find("global_load_efficiency_pct"); e != out.end() && e->second == 0)
        out.erase(e);
    out["kernels_launched"] = double(launches.size());
    if (total > 0)
        out["ncu_total_us"] = total * 1e-3;
    if (mainKernel)
        *mainKernel = main->kernel;
    double worst = -1;
    for (const auto &[name, v] : out) {
        if (name.rfind("stall_", 0) == 0 && v > worst) {
            worst = v;
            if (mainStall)
                *mainStall = name.substr(6);
        }
    }
    if (auto s = out.find("static_smem_bytes"); s != out.end())
        out["shared_mem_bytes"] = s->second + (out.count("dynamic_smem_bytes") ? out["dynamic_smem_bytes"] : 0);
    return out;
}

/// Profiles one call of `program` (which brackets it with cudaProfilerStart
/// and Stop) under Nsight Compute and adds the catalog's metrics to `r`, or
/// says in `countersReason` why there are none.
inline void profileOnce(Result &r, const Config &cfg, const std::string &candDir,
                        const std::vector<std::string> &program, double timeout)
{
    if (cfg.get("perf", "auto") == "off") {
        r.countersReason = "counters disabled for this run";
        return;
    }
    const std::string ncu = ncuBinary();
    if (ncu.empty()) {
        r.countersReason = "Nsight Compute (ncu) is not installed on this host";
        return;
    }
    std::fprintf(stderr, "kwb: profiling one launch with Nsight Compute\n");
    const std::string csv = candDir + "/ncu.csv";
    std::remove(csv.c_str());
    const auto t0 = Clock::now();
    Proc prof = run(ncuCommand(ncu, csv, program), std::max(timeout, 300.0), false);
    r.profileMs = msSince(t0);
    const std::string csvText = readFile(csv);
    std::string problem = ncuProblem(prof, csvText);
    std::string mainKernel, mainStall;
    const auto metrics = ncuMetrics(parseNcuCsv(csvText), &mainKernel, &mainStall);
    if (problem.empty() && metrics.empty())
        problem = "Nsight Compute printed no metrics";
    if (!problem.empty()) {
        r.countersReason = problem;
        r.logs["profile"] = excerpt(prof.out + prof.err + csvText, 4000);
        return;
    }
    for (const auto &[k, v] : metrics)
        r.metrics[k] = v;
    r.countersAvailable = true;
    r.stage = "profile";
    r.extra["profile"] = "{\"tool\":\"ncu\",\"kernel\":" + jsonString(mainKernel) + ",\"main_stall\":"
        + jsonString(mainStall) + "}";
}

/// Prints the catalog metrics a recorded ncu CSV holds, as JSON (tests).
inline int printNcuMetrics(const std::string &path)
{
    std::string kernel, stall;
    const auto m = ncuMetrics(parseNcuCsv(readFile(path)), &kernel, &stall);
    std::printf("{\"kernel\":%s,\"main_stall\":%s,\"metrics\":%s}\n", jsonString(kernel).c_str(),
                jsonString(stall).c_str(), jsonNumbers(m).c_str());
    return m.empty() ? 1 : 0;
}

} // namespace kwbhost
