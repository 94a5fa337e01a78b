// Evaluation supervisor of the opencl target. Never links kernel code and
// never builds it in its own process: the harness (host C++ against the
// OpenCL ICD loader) builds the candidate's OpenCL C with clBuildProgram in
// a child, so a build error is the kernel's compile failure with the
// compiler's log, and a crash inside the OpenCL runtime ends a child, not
// the supervisor. One kwb.result/1 document comes out on stdout.
//
//   supervisor eval CANDIDATE_DIR    (reads CANDIDATE_DIR/eval.conf)
//   supervisor calibrate
//
// Exit status 3 (no document): the host cannot evaluate (no OpenCL
// platform or device, no compiler or OpenCL headers for the harness).

#include "kwbhost.h"

namespace {

using namespace kwbhost;

struct Programs
{
    std::string check, bench;
};

std::string cxxOf(const Config &cfg)
{
    if (const char *env = std::getenv("KWB_HOST_CXX"); env && *env)
        return env;
    return cfg.get("cxx", "g++");
}

// The harness's two programs, built once per harness, problem, reference
// and compiler (they do not depend on the candidate: its source is read at
// run time). Returns false with `r` failed for a broken reference, or with
// `infra` set when the host cannot build the harness.
bool buildPrograms(const Config &cfg, Result &r, Programs *out, std::string *infra)
{
    const std::string cxx = cxxOf(cfg);
    const std::string refSrc = cfg.get("reference", "reference.cpp");
    const bool refIsC = refSrc.size() > 2 && refSrc.substr(refSrc.size() - 2) == ".c";
    const std::string key = hex64(fnv1a(readFile("harness.cpp") + readFile("kwbcheck.h") + readFile("kwbsamples.h") + readFile("clhost.h") + readFile("kwbproto.h") + readFile("kwb_problem.h")
                                        + readFile(refSrc) + cxx));
    ::mkdir("obj", 0755);
    out->check = "obj/check-" + key;
    out->bench = "obj/bench-" + key;
    HostCache shared(cxx); // built once per host
    if ((fileExists(out->check) || shared.fetch(out->check)) && (fileExists(out->bench) || shared.fetch(out->bench)))
        return true;
    std::fprintf(stderr, "kwb: building the harness for this problem (once per host)\n");
    const std::string refObj = "obj/reference-" + key + ".o";
    const std::string tmp = "." + std::to_string(::getpid());
    // The harness first: a host that cannot build it (no OpenCL headers or
    // loader) is the host's problem, not a broken reference.
    for (const auto &[bin, defines] : {std::pair{out->bench, std::string("-DKWB_HARNESS")},
                                       std::pair{out->check, std::string("-DKWB_WITH_REFERENCE")}}) {
        if (bin == out->check && !fileExists(refObj)) {
            Proc ref = run({refIsC ? std::string("gcc") : cxx, "-O2", "-include", "kwb_problem.h", "-I.", "-c", refSrc,
                            "-o", refObj + tmp},
                           600, false);
            if (!ref.exitedOk()) {
                std::remove((refObj + tmp).c_str());
                r.logs["compile"] = ref.out + ref.err;
                r.fail("reference", "compile", "the workload's reference does not compile: " + describeExit(ref));
                return false;
            }
            std::rename((refObj + tmp).c_str(), refObj.c_str());
        }
        std::vector<std::string> argv = {cxx, "-O2", "-std=c++17", "-I.", "-DKWB_HARNESS", defines, "harness.cpp"};
        if (bin == out->check)
            argv.push_back(refObj);
        argv.insert(argv.end(), {"-o", bin + tmp, "-lOpenCL"});
        Proc p = run(argv, 600, false);
        if (!p.exitedOk()) {
            std::remove((bin + tmp).c_str());
            *infra = "the OpenCL harness does not build on this host (are the OpenCL headers and ICD loader "
                     "installed? Debian: apt-get install ocl-icd-opencl-dev opencl-c-headers):\n"
                + p.out + p.err;
            return false;
        }
        std::rename((bin + tmp).c_str(), bin.c_str());
        shared.keep(bin);
    }
    return true;
}

std::string joined(const std::vector<std::string> &parts)
{
    std::string s;
    for (const std::string &p : parts)
        s += (s.empty() ? "" : " ") + p;
    return s;
}

int evaluate(const std::string &candDir)
{
    const Config cfg = Config::read(candDir + "/eval.conf");
    Result r;
    r.clock = "opencl-events";
    r.countersReason = "OpenCL exposes no hardware counters; the kernel's work-group figures are recorded instead";
    const double timeout = cfg.num("timeout_seconds", 120);
    const double compileTimeout = cfg.num("compile_timeout_seconds", 600);
    const std::string kernelSrc = candDir + "/" + cfg.get("kernel", "kernel.cl");
    if (!fileExists(candDir + "/eval.conf") || !fileExists(kernelSrc)) {
        std::fprintf(stderr, "kwb: candidate folder %s lacks eval.conf or its kernel\n", candDir.c_str());
        return kInfraExit;
    }

    // ---- compile: the harness, then the candidate's program in a child ----
    const auto tCompile = Clock::now();
    Programs programs;
    std::string infra;
    if (!buildPrograms(cfg, r, &programs, &infra)) {
        if (!infra.empty()) {
            std::fprintf(stderr, "kwb: %s\n", infra.c_str());
            return kInfraExit;
        }
        r.compileMs = msSince(tCompile);
        return r.print();
    }
    if (const std::string launchError = cfg.get("launch_error"); !launchError.empty()) {
        r.compileMs = msSince(tCompile);
        r.fail("compile", "compile", "the launch geometry cannot be computed: " + launchError);
        return r.print();
    }
    std::vector<std::string> env = {
        "KWB_CL_SOURCE=" + kernelSrc,          "KWB_CL_ENTRY=" + cfg.get("kernel_entry", "kernel"),
        "KWB_CL_OPTIONS=" + joined(cfg.flags), "KWB_CL_GLOBAL=" + cfg.get("global"),
        "KWB_CL_LOCAL=" + cfg.get("local"),
    };
    // The workload's device; else the host's KWB_CL_DEVICE, else the default.
    if (!cfg.get("device").empty())
        env.push_back("KWB_CL_DEVICE=" + cfg.get("device"));
    // The runtime compiles the candidate's source in the harness's process
    // (its #include resolved there), and on a CPU device runs the kernel in
    // it: every stage is sandboxed (see cpu-cxx). PoCL's cache is the
    // candidate's, so the check and the benchmark reuse the build's.
    const std::string work = currentFolder(), cand = realPath(candDir);
    const std::string cache = cand + "/runtime-cache";
    ::mkdir(cache.c_str(), 0755);
    env.push_back("POCL_CACHE_DIR=" + cache);
    const std::vector<std::string> shown = {realPath(programs.check), realPath(programs.bench), realPath(kernelSrc)};
    const Sandbox buildBox = Sandbox::forCompiledStage(work, shown, {cache});
    r.extra["sandbox"] = buildBox.json();
    buildBox.warnWhenOff();
    std::fprintf(stderr, "kwb: building %s with clBuildProgram (options: %s; global %s, local %s)\n",
                 kernelSrc.c_str(), joined(cfg.flags).c_str(), cfg.get("global").c_str(),
                 cfg.get("local").empty() ? "chosen by the runtime" : cfg.get("local").c_str());
    Proc build = run(buildBox.wrap({programs.bench, "build"}), compileTimeout, false, 4u << 20, env);
    r.compileMs = msSince(tCompile);
    r.logs["compile"] = build.err;
    if (harnessSaysInfra(build))
        return infraFailure(r, build, "the build");
    std::string device, figures, compileError;
    for (const std::string &l : taggedLines(build.out, "kwb:device ", false))
        device = l;
    for (const std::string &l : taggedLines(build.out, "kwb:compiled ", false))
        figures = l;
    for (const std::string &l : taggedLines(build.out, "kwb:compile-error ", false))
        compileError = l;
    if (!device.empty()) {
        r.extra["device"] = "{\"name\":" + jsonString(device) + "}";
        std::fprintf(stderr, "kwb: OpenCL device: %s\n", device.c_str());
    }
    for (const auto &[k, v] : parseKeyValues(figures)) {
        if (!v.empty())
            r.metrics[k] = std::atof(v.c_str());
    }
    if (!build.exitedOk()) {
        if (!build.err.empty())
            std::fprintf(stderr, "%s", build.err.c_str());
        if (build.timedOut)
            r.fail("timeout", "compile", "clBuildProgram ran past " + jsonNumber(compileTimeout) + " s");
        else if (!compileError.empty())
            r.fail("compile", "compile", compileError);
        else if (build.signalled() && WTERMSIG(build.status) == SIGKILL)
            r.hostProblem = "the build was killed from outside (SIGKILL); it will be evaluated again";
        else
            r.fail("crash", "compile", "the OpenCL runtime " + describeExit(build) + " while building the kernel");
        return r.print();
    }
    r.compiled = true;
    if (!figures.empty())
        std::fprintf(stderr, "kwb: %s\n", figures.c_str());

    // ---- check ----
    const bool trust = cfg.get("trust", "on") != "off";
    const CheckSeeds drawnSeed;
    r.stage = "check";
    // The workload's seeds (reproducible), one of them drawn for this
    // evaluation with the defences on: the check's inputs cannot be known in
    // advance either (a kernel honest only on the known ones fails here).
    const std::string checkSeeds = drawnSeed.list(cfg.get("seeds", "1"), trust);
    std::fprintf(stderr, "kwb: checking against the reference over seeds %s%s\n", checkSeeds.c_str(),
                 trust ? " (the last drawn for this evaluation)" : "");
    const auto tCheck = Clock::now();
    std::optional<DeviceLock> checkLock(std::in_place, "opencl-" + hex64(fnv1a(device)), true);
    const Sandbox checkBox = Sandbox::forCompiledStage(work, shown, {cache});
    const std::vector<std::string> check = {programs.check, "check", checkSeeds, cfg.get("atol", "1e-4"),
                                            cfg.get("rtol", "1e-4")};
    Proc chk = run(checkBox.wrap(check), timeout, true, 4u << 20, env);
    r.checkMs = msSince(tCheck);
    r.logs["check"] = chk.err;
    if (const int end = readCheck(r, chk, timeout, checkSeeds); end >= 0)
        return end;

    // ---- bench ----
    r.stage = "bench";
    r.coldCache = cfg.get("cold_cache", "0") == "1";
    std::fprintf(stderr, "kwb: timing with OpenCL profiling events (%s, at least %s calls)\n",
                 r.coldCache ? "caches flushed before each call" : "warm caches", cfg.get("iters", "20").c_str());
    checkLock.reset();
    std::optional<DeviceLock> lock(std::in_place, "opencl-" + hex64(fnv1a(device)));
    const auto tBench = Clock::now();
    const Sandbox benchBox = Sandbox::forCompiledStage(work, shown, {cache});
    Proc bench = run(benchBox.wrap({programs.bench, "bench", cfg.get("warmup_ms", "25"), cfg.get("rep_ms", "100"),
                                    cfg.get("iters", "20"), cfg.get("max_seconds", "10"), r.coldCache ? "1" : "0",
                                    trust ? "1" : "0"}),
                     timeout, true, 4u << 20, env);
    r.benchMs = msSince(tBench);
    r.logs["bench"] = bench.err;
    lock.reset();
    if (harnessSaysInfra(bench))
        return infraFailure(r, bench, "the benchmark");
    if (!readBench(r, bench, timeout))
        return r.print();

    // ---- verify the calls picked now, with the reference, on the host alone ----
    if (trust) {
        const Sandbox verifyBox = Sandbox::forCompiledStage(work, shown, {}); // verifying writes nothing
        if (const int end = verifyPickedSamples(r, bench,
                                                {programs.check, "verify", "1",
                                                 cfg.get("atol", "1e-4"), cfg.get("rtol", "1e-4")},
                                                verifyBox, timeout);
            end >= 0)
            return end;
    }
    return r.print();
}

int calibrate()
{
    const Config cfg = Config::read("calibrate.conf");
    return buildAndCalibrate({cxxOf(cfg), "-O2", "-std=c++17", "-I."}, "calibrate.cpp", {"-lOpenCL"});
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
    std::fprintf(stderr, "usage: supervisor eval CANDIDATE_DIR | calibrate\n");
    return 2;
}
