// Evaluation supervisor of the cuda-cxx target. Never links kernel code:
// nvcc builds two programs per candidate (check: kernel + reference;
// bench: kernel alone), each runs as a child in its own process group with
// a deadline, and one kwb.result/1 document comes out on stdout.
//
//   supervisor eval CANDIDATE_DIR    (reads CANDIDATE_DIR/eval.conf)
//   supervisor calibrate
//   supervisor ncu-metrics CSV       (parses a recorded Nsight Compute CSV: tests)
//   supervisor ptxas LOG             (parses nvcc -Xptxas -v output: tests)
//
// Exit status 3 (no document): the host cannot evaluate (no GPU, no driver,
// nvcc missing); kwb retries it elsewhere and never blames the kernel.

#include "kwbhost.h"
#include "ncu.h"

namespace {

using namespace kwbhost;

struct Gpu
{
    bool present = false;
    std::string name, computeCap, driver, problem;
};

// nvidia-smi answers without a CUDA context; its words go to the engineer
// when there is no usable device.
Gpu queryGpu()
{
    Gpu g;
    std::vector<std::string> argv = {"nvidia-smi", "--query-gpu=name,compute_cap,driver_version", "--format=csv,noheader"};
    if (const char *visible = std::getenv("CUDA_VISIBLE_DEVICES"); visible && *visible) {
        const std::string first = std::string(visible).substr(0, std::string(visible).find(','));
        if (!first.empty() && first.find_first_not_of("0123456789") == std::string::npos)
            argv.push_back("--id=" + first); // the GPU the harness will see
    }
    Proc p = run(argv, 30, false);
    if (!p.exitedOk()) {
        g.problem = p.exitedWith(127) ? "nvidia-smi is not installed (no NVIDIA driver on this host)"
                                      : "nvidia-smi " + describeExit(p) + ": " + trim(excerpt(p.out + p.err, 300));
        return g;
    }
    std::vector<std::string> f = csvFields(trim(p.out.substr(0, p.out.find('\n'))));
    if (f.size() < 3) {
        g.problem = "nvidia-smi lists no GPU";
        return g;
    }
    g.present = true;
    g.name = trim(f[0]);
    g.computeCap = trim(f[1]);
    g.driver = trim(f[2]);
    return g;
}

// "9.0" → "sm_90a" (Hopper's arch-specific features: wgmma, TMA), "8.6" → "sm_86".
std::string archFor(const std::string &computeCap)
{
    std::string digits;
    for (char c : computeCap) {
        if (std::isdigit(static_cast<unsigned char>(c)))
            digits += c;
    }
    if (digits.empty())
        return {};
    return "sm_" + digits + ((digits == "90" || digits == "100" || digits == "120") ? "a" : "");
}

struct PtxasFigures
{
    double registers = 0, spillStores = 0, spillLoads = 0, stack = 0, smem = 0;
    int functions = 0;
    std::string summary;
};

// nvcc -Xptxas -v: "Function properties for F / N bytes stack frame, N bytes
// spill stores, N bytes spill loads" and "Used N registers, … N bytes smem".
PtxasFigures parsePtxas(const std::string &log)
{
    PtxasFigures f;
    std::istringstream in(log);
    std::string line, function;
    auto number = [](const std::string &l, const std::string &before) -> double {
        const size_t at = l.find(before);
        if (at == std::string::npos)
            return NAN;
        size_t b = at;
        while (b > 0 && (std::isdigit(static_cast<unsigned char>(l[b - 1])) || l[b - 1] == '.'))
            --b;
        return b == at ? NAN : std::atof(l.substr(b, at - b).c_str());
    };
    while (std::getline(in, line)) {
        if (const size_t at = line.find("Compiling entry function '"); at != std::string::npos) {
            function = line.substr(at + 26, line.find('\'', at + 26) - at - 26);
            ++f.functions;
        }
        if (line.find("bytes stack frame") != std::string::npos) {
            f.stack = std::max(f.stack, number(line, " bytes stack frame"));
            const double st = number(line, " bytes spill stores"), ld = number(line, " bytes spill loads");
            f.spillStores += std::isfinite(st) ? st : 0;
            f.spillLoads += std::isfinite(ld) ? ld : 0;
        }
        if (line.find("Used ") != std::string::npos && line.find(" registers") != std::string::npos) {
            const double regs = number(line, " registers");
            const double smem = number(line, " bytes smem");
            if (std::isfinite(regs))
                f.registers = std::max(f.registers, regs);
            if (std::isfinite(smem))
                f.smem = std::max(f.smem, smem);
            f.summary += (f.summary.empty() ? "" : "; ") + (function.empty() ? std::string("kernel") : function) + ": "
                + trim(line.substr(line.find("Used ")));
        }
    }
    return f;
}

std::string nvccBinary(const Config &cfg)
{
    if (const char *env = std::getenv("KWB_NVCC"); env && *env)
        return env;
    const std::string configured = cfg.get("cxx", "nvcc");
    if (configured != "nvcc")
        return configured;
    if (::access("/usr/local/cuda/bin/nvcc", X_OK) == 0 && run({"nvcc", "--version"}, 30, false).exitedWith(127))
        return "/usr/local/cuda/bin/nvcc";
    return "nvcc";
}

struct Build
{
    std::string nvcc, arch;
    std::vector<std::string> flags;
    double timeout = 600;
};

// Compiles `source` to `object` unless a cached object with that name exists
// (temporary name, then rename: concurrent evaluations never see half an object).
Proc compileObject(const Build &b, const std::string &source, const std::string &object,
                   const std::vector<std::string> &extra, const Sandbox *sandbox = nullptr)
{
    std::vector<std::string> argv = {b.nvcc, "-arch=" + b.arch};
    argv.insert(argv.end(), b.flags.begin(), b.flags.end());
    argv.insert(argv.end(), extra.begin(), extra.end());
    const std::string tmp = object + ".tmp." + std::to_string(::getpid());
    argv.insert(argv.end(), {"-DKWB_CUDA_TYPES", "-include", "kwb_problem.h", "-I.", "-c", source, "-o", tmp});
    Proc p = run(sandbox ? sandbox->wrap(argv) : argv, b.timeout, false);
    if (p.exitedOk())
        std::rename(tmp.c_str(), object.c_str());
    else
        std::remove(tmp.c_str());
    return p;
}

int evaluate(const std::string &candDir)
{
    const Config cfg = Config::read(candDir + "/eval.conf");
    Result r;
    r.clock = "cuda-events";
    const double timeout = cfg.num("timeout_seconds", 120);
    Build b;
    b.timeout = cfg.num("compile_timeout_seconds", 600);
    b.nvcc = nvccBinary(cfg);
    b.flags = cfg.flags;
    const std::string kernelSrc = candDir + "/" + cfg.get("kernel", "kernel.cu");
    if (!fileExists(candDir + "/eval.conf") || !fileExists(kernelSrc)) {
        std::fprintf(stderr, "kwb: candidate folder %s lacks eval.conf or its kernel\n", candDir.c_str());
        return kInfraExit;
    }
    if (run({b.nvcc, "--version"}, 60, false).exitedWith(127)) {
        std::fprintf(stderr, "kwb: nvcc is not installed on this host (install the CUDA toolkit, or set KWB_NVCC)\n");
        return kInfraExit;
    }
    const Gpu gpu = queryGpu();
    b.arch = cfg.get("arch", "auto");
    if (const char *env = std::getenv("KWB_CUDA_ARCH"); env && *env)
        b.arch = env;
    if (b.arch == "auto")
        b.arch = gpu.present ? archFor(gpu.computeCap) : cfg.get("fallback_arch", "sm_90a");
    if (gpu.present)
        std::fprintf(stderr, "kwb: %s (compute capability %s, driver %s): compiling for %s\n", gpu.name.c_str(),
                     gpu.computeCap.c_str(), gpu.driver.c_str(), b.arch.c_str());
    else
        std::fprintf(stderr, "kwb: no GPU found (%s); compiling for %s\n", gpu.problem.c_str(), b.arch.c_str());
    r.extra["device"] = "{\"name\":" + jsonString(gpu.present ? gpu.name : "") + ",\"compute_capability\":"
        + jsonString(gpu.computeCap) + ",\"driver\":" + jsonString(gpu.driver) + ",\"arch\":" + jsonString(b.arch)
        + "}";

    // ---- compile ----
    const auto tCompile = Clock::now();
    std::fprintf(stderr, "kwb: compiling %s\n", kernelSrc.c_str());
    std::string flagsKey = b.nvcc + " " + b.arch;
    for (const std::string &f : b.flags)
        flagsKey += " " + f;
    const std::string problemKey = hex64(fnv1a(readFile("kwb_problem.h") + flagsKey));
    ::mkdir("obj", 0755);
    const std::string refSrc = cfg.get("reference", "reference.cu");
    const bool refOnHost = refSrc.size() < 3 || refSrc.substr(refSrc.size() - 3) != ".cu";
    const std::string refObj = "obj/reference-" + hex64(fnv1a(readFile(refSrc), fnv1a(problemKey))) + ".o";
    const std::string harnessKey = hex64(fnv1a(readFile("harness.cu"), fnv1a(problemKey + (refOnHost ? "h" : "d"))));
    const std::string checkObj = "obj/harness-check-" + harnessKey + ".o";
    const std::string benchObj = "obj/harness-bench-" + harnessKey + ".o";
    HostCache shared(b.nvcc); // built once per host
    for (const auto &[obj, defines] :
         {std::pair{checkObj, std::vector<std::string>{"-DKWB_HARNESS", "-DKWB_WITH_REFERENCE"}},
          std::pair{benchObj, std::vector<std::string>{"-DKWB_HARNESS"}}}) {
        if (fileExists(obj) || shared.fetch(obj))
            continue;
        if (obj == checkObj)
            std::fprintf(stderr, "kwb: building the harness for this problem (once per host)\n");
        std::vector<std::string> extra = defines;
        if (refOnHost)
            extra.push_back("-DKWB_REFERENCE_ON_HOST");
        Proc p = compileObject(b, "harness.cu", obj, extra);
        if (!p.exitedOk()) {
            std::fprintf(stderr, "kwb: the harness does not compile on this host:\n%s%s", p.out.c_str(), p.err.c_str());
            return kInfraExit;
        }
        shared.keep(obj);
    }
    if (!fileExists(refObj) && !shared.fetch(refObj)) {
        // After the harness: a host whose nvcc builds nothing is the host's
        // problem, not a broken reference. A .cpp reference is host code;
        // it is still compiled as CUDA so it can convert half types.
        Proc p = compileObject(b, refSrc, refObj, {"-x", "cu"});
        if (!p.exitedOk()) {
            r.logs["compile"] = p.out + p.err;
            r.fail("reference", "compile", "the workload's reference does not compile: " + describeExit(p));
            r.compileMs = msSince(tCompile);
            return r.print();
        }
        shared.keep(refObj);
    }
    const std::string kernelObj = candDir + "/kernel.o";
    // What reads the candidate's source or runs its code does it in a
    // sandbox (see cpu-cxx): nvcc writes only the candidate's folder.
    const std::string work = currentFolder(), cand = realPath(candDir);
    Sandbox compileBox = Sandbox::forCompiledStage(work, {}, {cand});
    compileBox.bindTool(b.nvcc);
    r.extra["sandbox"] = compileBox.json();
    compileBox.warnWhenOff();
    Proc cc = compileObject(b, kernelSrc, kernelObj, {"-Xptxas", "-v"}, &compileBox);
    r.logs["compile"] = cc.out + cc.err;
    if (!cc.exitedOk()) {
        std::fprintf(stderr, "%s", (cc.out + cc.err).c_str());
        r.compileMs = msSince(tCompile);
        r.fail(cc.timedOut ? "timeout" : "compile", "compile",
               cc.timedOut ? "nvcc ran past " + jsonNumber(b.timeout) + " s"
                           : "the kernel does not compile (nvcc " + describeExit(cc) + ")");
        return r.print();
    }
    const PtxasFigures ptxas = parsePtxas(cc.out + cc.err);
    if (ptxas.functions > 0) {
        r.metrics["registers"] = ptxas.registers;
        r.metrics["spill_stores_bytes"] = ptxas.spillStores;
        r.metrics["spill_loads_bytes"] = ptxas.spillLoads;
        r.metrics["stack_bytes"] = ptxas.stack;
        r.metrics["static_smem_bytes"] = ptxas.smem;
        std::fprintf(stderr, "kwb: ptxas: %s\n", ptxas.summary.c_str());
    }
    const std::string checkBin = candDir + "/check", benchBin = candDir + "/bench";
    for (const auto &[bin, objs] : {std::pair{checkBin, std::vector<std::string>{kernelObj, checkObj, refObj}},
                                    std::pair{benchBin, std::vector<std::string>{kernelObj, benchObj}}}) {
        std::vector<std::string> link = {b.nvcc, "-arch=" + b.arch};
        link.insert(link.end(), objs.begin(), objs.end());
        link.insert(link.end(), {"-o", bin});
        link.insert(link.end(), cfg.ldflags.begin(), cfg.ldflags.end());
        Proc ld = run(link, b.timeout, true);
        if (!ld.exitedOk()) {
            r.compileMs = msSince(tCompile);
            r.logs["compile"] += ld.out + ld.err;
            r.fail("compile", "compile",
                   "the kernel does not link (is the entry defined extern \"C\" with the declared signature, and are "
                   "its libraries installed?)");
            return r.print();
        }
    }
    r.compileMs = msSince(tCompile);
    r.compiled = true;

    // ---- check ----
    r.stage = "check";
    const std::string expectDir = candDir + "/expect";
    ::mkdir(expectDir.c_str(), 0755);
    // The reference's outputs for the benchmark are as large as the outputs
    // themselves: gone when this evaluation ends, however it ends.
    const Cleanup dropExpected{expectDir};
    std::fprintf(stderr, "kwb: checking against the reference over seeds %s\n", cfg.get("seeds").c_str());
    const auto tCheck = Clock::now();
    std::optional<DeviceLock> checkLock(std::in_place, visibleGpu(), true);
    // The check (kernel and reference) writes the expected outputs; the
    // benchmark may read them, never write them.
    const std::vector<std::string> programs = {realPath(checkBin), realPath(benchBin)};
    const Sandbox checkBox = Sandbox::forCompiledStage(work, programs, {realPath(expectDir)});
    Proc chk = run(checkBox.wrap({checkBin, "check", cfg.get("seeds", "1"), cfg.get("atol", "1e-2"),
                                  cfg.get("rtol", "1e-2"), expectDir}),
                   timeout, true);
    r.checkMs = msSince(tCheck);
    r.logs["check"] = chk.err;
    if (const int end = readCheck(r, chk, timeout, cfg.get("seeds", "1")); end >= 0)
        return end;

    // ---- bench ----
    r.stage = "bench";
    r.coldCache = true; // the L2 is flushed before every timed call
    std::fprintf(stderr, "kwb: timing with CUDA events (L2 flushed before each call, at least %s calls)\n",
                 cfg.get("iters", "20").c_str());
    checkLock.reset();
    const DeviceLock gpuLock(visibleGpu());
    const auto tBench = Clock::now();
    std::vector<std::string> readable = programs;
    readable.push_back(realPath(expectDir));
    const Sandbox benchBox = Sandbox::forCompiledStage(work, readable, {});
    Proc bench = run(benchBox.wrap({benchBin, "bench", cfg.get("warmup_ms", "25"), cfg.get("rep_ms", "100"),
                                    cfg.get("iters", "20"), cfg.get("max_seconds", "10"), expectDir,
                                    cfg.get("atol", "1e-2"), cfg.get("rtol", "1e-2")}),
                     timeout, true);
    r.benchMs = msSince(tBench);
    r.logs["bench"] = bench.err;
    if (harnessSaysInfra(bench))
        return infraFailure(bench, "the benchmark");
    if (!readBench(r, bench, timeout))
        return r.print();
    profileOnce(r, cfg, candDir, {benchBin, "profile"}, timeout);
    return r.print();
}

int calibrate()
{
    const Config cfg = Config::read("calibrate.conf");
    const Gpu gpu = queryGpu();
    if (!gpu.present) {
        std::fprintf(stderr, "kwb: cannot calibrate: %s\n", gpu.problem.c_str());
        return kInfraExit;
    }
    return buildAndCalibrate({nvccBinary(cfg), "-O3", "-arch=" + archFor(gpu.computeCap)}, "calibrate.cu",
                             {"-lcublas"});
}

int ptxasOf(const std::string &path)
{
    const PtxasFigures f = parsePtxas(readFile(path));
    std::printf("{\"functions\":%d,\"registers\":%s,\"spill_stores_bytes\":%s,\"spill_loads_bytes\":%s,"
                "\"stack_bytes\":%s,\"static_smem_bytes\":%s}\n",
                f.functions, jsonNumber(f.registers).c_str(), jsonNumber(f.spillStores).c_str(),
                jsonNumber(f.spillLoads).c_str(), jsonNumber(f.stack).c_str(), jsonNumber(f.smem).c_str());
    return f.functions > 0 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    installSignalHandlers();
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "eval" && argc == 3)
        return evaluateLocked(argv[2], evaluate);
    if (mode == "calibrate")
        return calibrate();
    if (mode == "ncu-metrics" && argc == 3)
        return printNcuMetrics(argv[2]);
    if (mode == "ptxas" && argc == 3)
        return ptxasOf(argv[2]);
    std::fprintf(stderr, "usage: supervisor eval CANDIDATE_DIR | calibrate | ncu-metrics CSV | ptxas LOG\n");
    return 2;
}
