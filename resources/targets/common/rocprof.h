// rocprofv3 on the host side of the AMD targets: one call of a harness
// profiled in two counter passes, and its counter CSVs turned into the
// metric catalog's snake_case names. Field names and counters as
// rocprofiler-sdk documents them (tests/data/rocprof/PROVENANCE.md).

#pragma once

#include "kwbhost.h"

#include <dirent.h>

namespace kwbhost {

/// The counters of one call, in passes that fit gfx90a's and gfx942's
/// per-block limits (SQ 8, TCC 4, GRBM 2; FETCH_SIZE and WRITE_SIZE are
/// derived from 2–3 TCC counters each).
inline const char *rocprofPasses()
{
    return "pmc: SQ_WAVES SQ_INSTS_VALU SQ_INSTS_MFMA SQ_INSTS_LDS SQ_LDS_BANK_CONFLICT SQ_LDS_IDX_ACTIVE "
           "FETCH_SIZE\n"
           "pmc: WRITE_SIZE TCC_HIT_sum TCC_MISS_sum\n";
}

/// The empty kernel the harness's profile mode launches between its warm
/// call and the profiled one (gpurt.h): the dispatches after it are the call's.
constexpr const char *kProfileMarker = "kwb_profile_marker";

/// The rocprofv3 executable: $KWB_ROCPROF, then PATH, then ROCm's place.
inline std::string rocprofBinary()
{
    return findTool("KWB_ROCPROF", "rocprofv3", "/opt/rocm/bin");
}

/// Every *_counter_collection.csv under `dir` (one per pass), links not
/// followed, three folders deep at most.
inline std::vector<std::string> rocprofCsvFiles(const std::string &dir, int depth = 3)
{
    std::vector<std::string> files;
    DIR *d = depth > 0 ? ::opendir(dir.c_str()) : nullptr;
    if (!d)
        return files;
    static const std::string suffix = "_counter_collection.csv";
    while (const dirent *e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (name == "." || name == "..")
            continue;
        const std::string path = dir + "/" + name;
        struct stat st;
        if (::lstat(path.c_str(), &st) != 0 || S_ISLNK(st.st_mode))
            continue;
        if (S_ISREG(st.st_mode) && name.size() > suffix.size()
            && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            files.push_back(path);
        else if (S_ISDIR(st.st_mode)) {
            const std::vector<std::string> inner = rocprofCsvFiles(path, depth - 1);
            files.insert(files.end(), inner.begin(), inner.end());
        }
    }
    ::closedir(d);
    std::sort(files.begin(), files.end());
    return files;
}

struct RocprofDispatch
{
    long long id = 0;
    std::string kernel;
    double startNs = NAN, endNs = NAN;
    std::map<std::string, double> counters;
};

/// One pass's CSV: a row per dispatch and counter, columns found by name
/// (releases add and move columns). Dispatches in Dispatch_Id order.
inline std::vector<RocprofDispatch> parseRocprofCsv(const std::string &text)
{
    std::istringstream in(text);
    std::string line;
    std::map<std::string, size_t> col;
    std::map<long long, RocprofDispatch> byId;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const std::vector<std::string> f = csvFields(line);
        if (col.empty()) {
            for (size_t i = 0; i < f.size(); ++i)
                col[f[i]] = i;
            if (!col.count("Dispatch_Id") || !col.count("Counter_Name") || !col.count("Counter_Value"))
                col.clear(); // not the header yet
            continue;
        }
        auto field = [&](const char *name) -> std::string {
            const auto it = col.find(name);
            return it != col.end() && it->second < f.size() ? f[it->second] : std::string();
        };
        const std::string id = field("Dispatch_Id"), value = field("Counter_Value");
        if (id.empty() || value.empty())
            continue;
        RocprofDispatch &d = byId[std::atoll(id.c_str())];
        d.id = std::atoll(id.c_str());
        d.kernel = field("Kernel_Name");
        if (const std::string s = field("Start_Timestamp"), e = field("End_Timestamp"); !s.empty() && !e.empty()) {
            d.startNs = std::atof(s.c_str());
            d.endNs = std::atof(e.c_str());
        }
        d.counters[field("Counter_Name")] += std::atof(value.c_str());
    }
    std::vector<RocprofDispatch> out;
    for (auto &[id, d] : byId)
        out.push_back(std::move(d));
    return out;
}

/// The catalog's metrics of one profiled call from its passes' CSVs. The
/// harness's profile mode calls the entry twice, a warm call and the
/// profiled one, with the marker kernel between them: the dispatches after
/// the marker are the call's (without a marker, the later half). The first
/// pass's longest dispatch names the kernel that matters; every pass gives
/// that kernel's counters, so no figure mixes two kernels.
inline std::map<std::string, double> rocprofMetrics(const std::vector<std::string> &passTexts, std::string *mainKernel)
{
    std::map<std::string, double> counters, m;
    double durationNs = NAN;
    size_t launched = 0;
    std::string kernel;
    // Releases before 6.3 write no timestamps: then the first dispatch.
    auto length = [](const RocprofDispatch &d) {
        const double len = d.endNs - d.startNs;
        return std::isfinite(len) ? len : -1.0;
    };
    for (const std::string &text : passTexts) {
        std::vector<RocprofDispatch> all = parseRocprofCsv(text);
        size_t first = all.size() / 2;
        for (size_t i = 0; i < all.size(); ++i) {
            if (all[i].kernel.find(kProfileMarker) != std::string::npos)
                first = i + 1;
        }
        if (first >= all.size())
            continue;
        const RocprofDispatch *chosen = nullptr;
        for (size_t i = first; i < all.size(); ++i) {
            if (!kernel.empty() && all[i].kernel != kernel)
                continue; // later passes: the first pass's kernel only
            if (!chosen || length(all[i]) > length(*chosen))
                chosen = &all[i];
        }
        if (!chosen)
            continue; // the kernel that matters did not run in this pass
        if (kernel.empty()) {
            kernel = chosen->kernel;
            durationNs = chosen->endNs - chosen->startNs;
        }
        launched = std::max(launched, all.size() - first);
        for (const auto &[name, v] : chosen->counters)
            counters[name] = v;
    }
    if (mainKernel)
        *mainKernel = kernel;
    if (counters.empty())
        return m;
    auto has = [&](const char *name) { return counters.count(name) > 0; };
    m["kernels_launched"] = double(launched);
    if (std::isfinite(durationNs) && durationNs > 0)
        m["rocprof_duration_us"] = durationNs / 1e3;
    for (const auto &[counter, metric] : {std::pair{"SQ_WAVES", "waves"}, std::pair{"SQ_INSTS_VALU", "valu_insts"},
                                          std::pair{"SQ_INSTS_MFMA", "mfma_insts"}, std::pair{"SQ_INSTS_LDS", "lds_insts"},
                                          std::pair{"SQ_LDS_BANK_CONFLICT", "lds_bank_conflict_cycles"}}) {
        if (has(counter))
            m[metric] = counters[counter];
    }
    if (has("SQ_LDS_BANK_CONFLICT") && has("SQ_LDS_IDX_ACTIVE") && counters["SQ_LDS_IDX_ACTIVE"] > 0)
        m["lds_bank_conflict_pct"] = 100.0 * counters["SQ_LDS_BANK_CONFLICT"] / counters["SQ_LDS_IDX_ACTIVE"];
    if (has("TCC_HIT_sum") && has("TCC_MISS_sum") && counters["TCC_HIT_sum"] + counters["TCC_MISS_sum"] > 0)
        m["l2_hit_rate_pct"] =
            100.0 * counters["TCC_HIT_sum"] / (counters["TCC_HIT_sum"] + counters["TCC_MISS_sum"]);
    // FETCH_SIZE and WRITE_SIZE are kilobytes of traffic past the L2.
    if (has("FETCH_SIZE"))
        m["hbm_read_bytes"] = counters["FETCH_SIZE"] * 1024.0;
    if (has("WRITE_SIZE"))
        m["hbm_write_bytes"] = counters["WRITE_SIZE"] * 1024.0;
    if (m.count("hbm_read_bytes") && m.count("hbm_write_bytes") && m.count("rocprof_duration_us"))
        m["hbm_bandwidth_gbs"] = (m["hbm_read_bytes"] + m["hbm_write_bytes"]) / (m["rocprof_duration_us"] * 1e3);
    return m;
}

/// Why rocprofv3 gave no counters, in words an engineer can act on.
inline std::string rocprofProblem(const Proc &p)
{
    const std::string log = p.out + p.err;
    if (p.timedOut)
        return "rocprofv3 ran past its deadline";
    if (log.find("EXCEEDS_HW_LIMIT") != std::string::npos)
        return "rocprofv3 could not fit the counters in one pass on this GPU";
    if (log.find("ermission") != std::string::npos)
        return "rocprofv3 may not read this GPU's counters (permission denied: see ROCm's profiling permissions)";
    if (!p.exitedOk())
        return "rocprofv3 " + describeExit(p) + ": " + trim(excerpt(log, 300));
    return {};
}

/// Profiles one call of `program` under rocprofv3 (two counter passes) in
/// `box`, the sandbox the program runs in when timed, and adds the
/// catalog's metrics to `r`, or says in `countersReason` why there are none.
inline void profileWithRocprof(Result &r, const Config &cfg, const std::string &candDir,
                               const std::vector<std::string> &program, double timeout, Sandbox box,
                               const std::vector<std::string> &env = {})
{
    if (cfg.get("perf", "auto") == "off") {
        r.countersReason = "counters disabled for this run";
        return;
    }
    const std::string rocprof = rocprofBinary();
    if (rocprof.empty()) {
        r.countersReason = "rocprofv3 is not installed on this host (ROCm 6.2 or newer: rocprofiler-sdk)";
        return;
    }
    std::fprintf(stderr, "kwb: profiling one call with rocprofv3 (two counter passes, sandboxed)\n");
    const std::string out = candDir + "/rocprof", passes = candDir + "/rocprof-counters.txt";
    removeTree(out); // an earlier evaluation's passes
    if (!writeCacheFile(passes, rocprofPasses()) || ::mkdir(out.c_str(), 0755) != 0) {
        r.countersReason = "cannot write rocprofv3's counter file or folder in " + candDir;
        return;
    }
    std::vector<std::string> argv = {rocprof, "-i", passes, "-d", out, "-o", "kwb", "--output-format", "csv", "--"};
    argv.insert(argv.end(), program.begin(), program.end());
    // The candidate's code runs under the profiler too: in its sandbox (the
    // GPU's /dev/kfd and /dev/dri are bound there), writing only the
    // profiler's folder. AMD's counters need no driver rights.
    box.readOnly.push_back(realPath(passes));
    box.writable.push_back(realPath(out));
    box.bindTool(rocprof);
    const auto t0 = Clock::now();
    Proc prof = run(box.wrap(argv), std::max(timeout, 300.0), false, 4u << 20, env);
    r.profileMs = msSince(t0);
    std::vector<std::string> texts;
    for (const std::string &f : rocprofCsvFiles(out))
        texts.push_back(readFile(f));
    std::string problem = rocprofProblem(prof), kernel;
    const auto metrics = rocprofMetrics(texts, &kernel);
    if (problem.empty() && metrics.empty())
        problem = "rocprofv3 wrote no counters";
    if (!problem.empty()) {
        r.countersReason = problem;
        r.logs["profile"] = excerpt(prof.out + prof.err, 4000);
        return;
    }
    for (const auto &[k, v] : metrics)
        r.metrics[k] = v;
    r.countersAvailable = true;
    r.stage = "profile";
    r.extra["profile"] = "{\"tool\":\"rocprofv3\",\"kernel\":" + jsonString(kernel) + "}";
}

/// Prints the catalog metrics of the counter CSVs under a folder, as JSON (tests).
inline int printRocprofMetrics(const std::string &dir)
{
    std::vector<std::string> texts;
    for (const std::string &f : rocprofCsvFiles(dir))
        texts.push_back(readFile(f));
    std::string kernel;
    const auto m = rocprofMetrics(texts, &kernel);
    std::printf("{\"kernel\":%s,\"passes\":%zu,\"metrics\":%s}\n", jsonString(kernel).c_str(), texts.size(),
                jsonNumbers(m).c_str());
    return m.empty() ? 1 : 0;
}

} // namespace kwbhost
