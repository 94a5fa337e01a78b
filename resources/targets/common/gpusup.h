// The supervisor's side of the compiled GPU targets (cuda-cxx, hip): one
// evaluation for both. The compiler builds three programs from
// gpuharness.cu (check: kernel + reference; bench: kernel alone; answer:
// reference alone, once per problem), each runs as a child in its own
// process group and sandbox with a deadline, and one kwb.result/1 document
// comes out. A target is a Toolchain: how its compiler
// is called, what it says of a kernel's resources, which GPU a lock names
// and how one call is profiled.

#pragma once

#include "kwbhost.h"

namespace kwbhost {

class GpuToolchain
{
public:
    virtual ~GpuToolchain() = default;

    std::string compiler, arch;     ///< the compiler's path, the architecture built for
    std::vector<std::string> flags; ///< the workload's compiler flags
    double timeout = 600;           ///< per compile or link

    /// The compiler's flag for the architecture ("-arch=sm_90a").
    virtual std::string archFlag() const = 0;
    /// The compiler, its architecture and the workload's flags: every call starts so.
    std::vector<std::string> command() const
    {
        std::vector<std::string> argv = {compiler, archFlag()};
        argv.insert(argv.end(), flags.begin(), flags.end());
        return argv;
    }
    /// The host C++ compiler behind this one, which names the C and C++
    /// runtime the programs link (`-print-file-name`) for the symbol audit.
    virtual std::string hostCompiler() const { return compiler; }
    /// Flags that make a source of any extension this target's language.
    virtual std::vector<std::string> language() const = 0;
    /// The define that gives kwb_problem.h's 16-bit types this runtime's names.
    virtual std::string typesDefine() const = 0;
    /// Flags that make the compiler print the kernel's resource figures.
    virtual std::vector<std::string> resourceFlags() const = 0;
    /// The resource figures the compile printed, as metrics and a console line.
    virtual void readResources(const std::string &log, Result &r) const = 0;
    /// The name of the device lock: the GPU the harness will see first.
    virtual std::string lockName() const = 0;
    /// What times the samples ("cuda-events") and how the console says so.
    virtual std::string clock() const = 0;
    virtual std::string timingPhrase() const = 0;
    /// A command that prints the device's clock, power and the reasons it
    /// slows its clock, as CSV with a header, every 100 ms until stopped
    /// (empty: the target has none).
    virtual std::vector<std::string> conditionsSampler() const { return {}; }
    /// Records what the sampler printed in `r` ("gpu_conditions") and on
    /// the console.
    virtual void recordConditions(Result &r, const std::string &csv) const { (void)r, (void)csv; }
    /// Profiles one call of `program` and adds its counters to `r`, or says
    /// in r.countersReason why there are none.
    virtual void profile(Result &r, const Config &cfg, const std::string &candDir,
                         const std::vector<std::string> &program, double timeout) const = 0;

    /// Compiles `source` to `object` (temporary name, then rename: concurrent
    /// evaluations never see half an object).
    Proc compileObject(const std::string &source, const std::string &object, const std::vector<std::string> &extra,
                       const Sandbox *sandbox = nullptr) const
    {
        std::vector<std::string> argv = command();
        argv.insert(argv.end(), extra.begin(), extra.end());
        const std::string tmp = object + ".tmp." + std::to_string(::getpid());
        argv.insert(argv.end(), {typesDefine(), "-include", "kwb_problem.h", "-I.", "-c", source, "-o", tmp});
        Proc p = run(sandbox ? sandbox->wrap(argv) : argv, timeout, false);
        if (p.exitedOk())
            std::rename(tmp.c_str(), object.c_str());
        else
            std::remove(tmp.c_str());
        return p;
    }
};

/// The GPU compiler to run: $`envVar`, else eval.conf's `cxx=` when it names
/// another, else `name` from PATH, else the toolkit's own copy at `installed`.
inline std::string gpuCompiler(const Config &cfg, const char *envVar, const std::string &name,
                               const std::string &installed)
{
    if (const char *env = std::getenv(envVar); env && *env)
        return env;
    const std::string configured = cfg.get("cxx", name);
    if (configured != name)
        return configured;
    if (onPath(name).empty() && ::access(installed.c_str(), X_OK) == 0)
        return installed;
    return name;
}

/// The architecture to build for: eval.conf's `arch=`, overridden by
/// $`envVar`; "auto" is the GPU's own (`detected`), or eval.conf's
/// `fallback_arch=` (else `fallback`) on a host without one.
inline std::string gpuArch(const Config &cfg, const char *envVar, const std::string &detected,
                           const std::string &fallback)
{
    std::string arch = cfg.get("arch", "auto");
    if (const char *env = std::getenv(envVar); env && *env)
        arch = env;
    if (arch != "auto")
        return arch;
    return detected.empty() ? cfg.get("fallback_arch", fallback) : detected;
}

/// The toolchain's settings from eval.conf, once the candidate folder is
/// whole and the compiler is there; else the host cannot evaluate (the
/// console says why, with `install` as what to do) and this is false.
inline bool prepareToolchain(GpuToolchain &tc, const Config &cfg, const std::string &candDir,
                             const std::string &defaultKernel, const std::string &install)
{
    tc.timeout = cfg.num("compile_timeout_seconds", 600);
    tc.flags = cfg.flags;
    if (!fileExists(candDir + "/eval.conf") || !fileExists(candDir + "/" + cfg.get("kernel", defaultKernel))) {
        std::fprintf(stderr, "kwb: candidate folder %s lacks eval.conf or its kernel\n", candDir.c_str());
        return false;
    }
    if (run({tc.compiler, "--version"}, 60, false).exitedWith(127)) {
        std::fprintf(stderr, "kwb: %s is not installed on this host (%s)\n", tc.compiler.c_str(), install.c_str());
        return false;
    }
    return true;
}

/// The timed calls against the harness's own clock around each of them,
/// from an idle device to the end of a device-wide synchronisation, which
/// waits for work on every stream (gpuharness.cu's synced_ms), less the
/// same span around a kernel that does nothing, timed before the
/// candidate's first call: work a call leaves on another stream, which its
/// events do not see, is inside that clock (boundByOutsideClock's rule).
inline void boundBySynchronisedCalls(Result &r, const Proc &bench)
{
    std::vector<double> synced, nullMs;
    for (const std::string &line : taggedLines(bench.out, "kwb:bench ", false)) {
        auto kv = parseKeyValues(line);
        synced = parseNumberList(kv["synced_ms"]);
        nullMs = parseNumberList(kv["null_synced_ms"]);
    }
    if (synced.size() != r.samples.size() || nullMs.empty()) {
        r.flag("timing-tampered", "the benchmark did not time each of its calls around a device-wide "
                                  "synchronisation");
        return;
    }
    double section = 0;
    for (double v : synced)
        section += v;
    boundByOutsideClock(r, section, int(synced.size()), medianOf(nullMs), "synchronised_clock",
                        "from an idle device to a device-wide synchronisation after it");
    r.summarizeSamples(); // the metrics from the samples as bounded
}

/// One candidate through compile, check, bench and profile. `r` arrives
/// with what the target already knows (the device).
inline int evaluateCompiledGpu(const std::string &candDir, const Config &cfg, const GpuToolchain &tc, Result r)
{
    r.clock = tc.clock();
    const double timeout = cfg.num("timeout_seconds", 120);
    const std::string kernelSrc = candDir + "/" + cfg.get("kernel");

    // ---- compile ----
    const auto tCompile = Clock::now();
    std::fprintf(stderr, "kwb: compiling %s\n", kernelSrc.c_str());
    std::string flagsKey;
    for (const std::string &f : tc.command())
        flagsKey += " " + f;
    const std::string problemKey = hex64(fnv1a(readFile("kwb_problem.h") + flagsKey));
    ::mkdir("obj", 0755);
    const std::string refSrc = cfg.get("reference", "reference.cu");
    const std::string ext = refSrc.substr(refSrc.rfind('.') == std::string::npos ? refSrc.size() : refSrc.rfind('.'));
    const bool refOnHost = ext != ".cu" && ext != ".hip";
    const std::string refObj = "obj/reference-" + hex64(fnv1a(readFile(refSrc), fnv1a(problemKey))) + ".o";
    const std::string harness = "gpuharness.cu";
    const std::string harnessKey =
        hex64(fnv1a(readFile(harness) + readFile("gpurt.h") + readFile("kwbproto.h") + readFile("kwbcheck.h")
                        + readFile("kwbsamples.h"),
                    fnv1a(problemKey + (refOnHost ? "h" : "d"))));
    const std::string checkObj = "obj/harness-check-" + harnessKey + ".o";
    const std::string benchObj = "obj/harness-bench-" + harnessKey + ".o";
    const std::string answerObj = "obj/harness-answer-" + harnessKey + ".o";
    HostCache shared(tc.compiler); // built once per host
    for (const auto &[obj, defines] :
         {std::pair{checkObj, std::vector<std::string>{"-DKWB_HARNESS", "-DKWB_WITH_REFERENCE"}},
          std::pair{benchObj, std::vector<std::string>{"-DKWB_HARNESS"}},
          std::pair{answerObj, std::vector<std::string>{"-DKWB_HARNESS", "-DKWB_WITH_REFERENCE", "-DKWB_ANSWER"}}}) {
        if (fileExists(obj) || shared.fetch(obj))
            continue;
        if (obj == checkObj)
            std::fprintf(stderr, "kwb: building the harness for this problem (once per host)\n");
        std::vector<std::string> extra = defines;
        if (refOnHost)
            extra.push_back("-DKWB_REFERENCE_ON_HOST");
        const std::vector<std::string> lang = tc.language();
        extra.insert(extra.end(), lang.begin(), lang.end());
        Proc p = tc.compileObject(harness, obj, extra);
        if (!p.exitedOk()) {
            std::fprintf(stderr, "kwb: the harness does not compile on this host:\n%s%s", p.out.c_str(), p.err.c_str());
            return kInfraExit;
        }
        shared.keep(obj);
    }
    if (!fileExists(refObj) && !shared.fetch(refObj)) {
        // After the harness: a host whose compiler builds nothing is the
        // host's problem, not a broken reference. A host reference is still
        // compiled in the GPU language so it can convert half types.
        Proc p = tc.compileObject(refSrc, refObj, tc.language());
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
    // sandbox (see cpu-cxx): the compiler writes only the candidate's folder.
    const std::string work = currentFolder(), cand = realPath(candDir);
    Sandbox compileBox = Sandbox::forCompiledStage(work, {}, {cand});
    compileBox.bindTool(tc.compiler);
    r.extra["sandbox"] = compileBox.json();
    compileBox.warnWhenOff();
    std::vector<std::string> kernelFlags = tc.resourceFlags();
    const std::vector<std::string> lang = tc.language();
    kernelFlags.insert(kernelFlags.end(), lang.begin(), lang.end());
    Proc cc = tc.compileObject(kernelSrc, kernelObj, kernelFlags, &compileBox);
    r.logs["compile"] = cc.out + cc.err;
    const std::string compilerName = tc.compiler.substr(tc.compiler.rfind('/') + 1);
    if (!cc.exitedOk()) {
        std::fprintf(stderr, "%s", (cc.out + cc.err).c_str());
        r.compileMs = msSince(tCompile);
        r.fail(cc.timedOut ? "timeout" : "compile", "compile",
               cc.timedOut ? compilerName + " ran past " + jsonNumber(tc.timeout) + " s"
                           : "the kernel does not compile (" + compilerName + " " + describeExit(cc) + ")");
        return r.print();
    }
    tc.readResources(cc.out + cc.err, r);
    // ---- the symbol audit of the kernel's host object (see cpu-cxx): a
    // kernel file's host code may launch its kernels and call what the
    // target lists, never replace the runtime's, the harness's or the
    // reference's functions (an event timer, a clock), open files or start
    // threads ----
    if (const auto end = auditCompiledKernel(r, cfg, tc.hostCompiler(), kernelObj, {checkObj, benchObj, refObj},
                                             tCompile))
        return *end;
    const std::string checkBin = candDir + "/check", benchBin = candDir + "/bench";
    auto link = [&](const std::string &bin, const std::vector<std::string> &objs) {
        std::vector<std::string> command = {tc.compiler, tc.archFlag()}; // the workload's flags are compile flags
        command.insert(command.end(), objs.begin(), objs.end());
        command.insert(command.end(), {"-o", bin});
        command.insert(command.end(), cfg.ldflags.begin(), cfg.ldflags.end());
        return run(command, tc.timeout, true);
    };
    // The harness and the reference first: their copies of anything also in
    // the kernel's object (inline functions, template instances) are kept.
    for (const auto &[bin, objs] : {std::pair{checkBin, std::vector<std::string>{checkObj, refObj, kernelObj}},
                                    std::pair{benchBin, std::vector<std::string>{benchObj, kernelObj}}}) {
        Proc ld = link(bin, objs);
        if (!ld.exitedOk()) {
            r.compileMs = msSince(tCompile);
            r.logs["compile"] += ld.out + ld.err;
            r.fail("compile", "compile",
                   "the kernel does not link (is the entry defined extern \"C\" with the declared signature, and are "
                   "its libraries installed?)");
            return r.print();
        }
    }
    // The answer program has no kernel in it: linked once for this problem.
    std::string answerBin;
    if (const auto end = linkAnswerProgram(r, cfg, answerObj, refObj, link, tCompile, &answerBin))
        return *end;
    r.compileMs = msSince(tCompile);
    r.compiled = true;

    // ---- check ----
    r.stage = "check";
    // With the defences on, one of the check's seeds is drawn for this
    // evaluation: the check's inputs cannot be known in advance (a kernel
    // honest only on the known inputs fails here), and the benchmark draws
    // its own as its samples start.
    const bool trust = cfg.get("trust", "on") != "off";
    const CheckSeeds drawnSeed;
    // The supervisor's own files (the GPU's conditions): no stage writes them.
    const std::string ownDir = candDir + "/supervisor";
    ::mkdir(ownDir.c_str(), 0755);
    const Cleanup dropOwn{ownDir};
    const std::string checkSeeds = drawnSeed.list(cfg.get("seeds", "1"), trust);
    std::fprintf(stderr, "kwb: checking against the reference over seeds %s%s\n", checkSeeds.c_str(),
                 trust ? " (the last drawn for this evaluation)" : "");
    const auto tCheck = Clock::now();
    std::optional<DeviceLock> checkLock(std::in_place, tc.lockName(), true);
    // Every program runs in a sandbox where it writes nothing.
    const Sandbox box =
        Sandbox::forCompiledStage(work, {realPath(checkBin), realPath(benchBin), realPath(answerBin)}, {});
    Proc chk = run(box.wrap({checkBin, "check", checkSeeds, cfg.get("atol", "1e-2"), cfg.get("rtol", "1e-2")}),
                   timeout, true);
    r.checkMs = msSince(tCheck);
    r.logs["check"] = chk.err;
    if (const int end = readCheck(r, chk, timeout, checkSeeds); end >= 0)
        return end;

    // ---- bench ----
    r.stage = "bench";
    r.coldCache = true; // the L2 is flushed before every timed call
    std::fprintf(stderr, "kwb: %s (L2 flushed before each call, at least %s calls)\n", tc.timingPhrase().c_str(),
                 cfg.get("iters", "20").c_str());
    checkLock.reset();
    const DeviceLock gpuLock(tc.lockName());
    const auto tBench = Clock::now();
    // Beside the benchmark, out of its reach (it sees no folder of the
    // candidate's but its programs).
    ConditionsSampler sampler(tc.conditionsSampler(), ownDir + "/conditions.csv");
    Proc bench = run(box.wrap({benchBin, "bench", cfg.get("warmup_ms", "25"), cfg.get("rep_ms", "100"),
                                  cfg.get("iters", "20"), cfg.get("max_seconds", "10"), trust ? "1" : "0"}),
                     timeout, true);
    r.benchMs = msSince(tBench);
    tc.recordConditions(r, sampler.stop());
    r.logs["bench"] = bench.err;
    if (harnessSaysInfra(bench))
        return infraFailure(r, bench, "the benchmark");
    if (!readBench(r, bench, timeout))
        return r.print();
    boundBySynchronisedCalls(r, bench);
    // ---- verify the timed calls picked now, with the reference, in the answer program ----
    if (trust) {
        if (const int end = verifyPickedSamples(r, bench,
                                                {answerBin, "verify", "1",
                                                 cfg.get("atol", "1e-2"), cfg.get("rtol", "1e-2")},
                                                box, timeout);
            end >= 0)
            return end;
    }
    tc.profile(r, cfg, candDir, {realPath(benchBin), "profile"}, timeout);
    return r.print();
}

} // namespace kwbhost
