// Evaluation supervisor of the triton target. Never imports candidate code:
// each stage is `python harness.py STAGE` in its own process group with a
// deadline (compile = import, check against the reference, bench without
// the reference, one call under Nsight Compute), and one kwb.result/1
// document comes out on stdout.
//
//   supervisor eval CANDIDATE_DIR    (reads CANDIDATE_DIR/eval.conf)
//   supervisor ncu-metrics CSV       (parses a recorded Nsight Compute CSV: tests)
// (run.sh runs calibrate.py itself.)
//
// Exit status 3 (no document): the host cannot evaluate (no GPU, no torch or
// triton); kwb retries it elsewhere and never blames the kernel.
// TRITON_INTERPRET=1 in the environment runs everything on the CPU through
// Triton's interpreter; its latency is labelled "interpreter".

#include "kwbhost.h"
#include "ncu.h"

namespace {

using namespace kwbhost;

std::string pythonBinary(const Config &cfg)
{
    if (const char *env = std::getenv("KWB_PYTHON"); env && *env)
        return env;
    return cfg.get("python", "python3");
}

int evaluate(const std::string &candDir)
{
    const Config cfg = Config::read(candDir + "/eval.conf");
    Result r;
    const double timeout = cfg.num("timeout_seconds", 120);
    const double compileTimeout = cfg.num("compile_timeout_seconds", 600);
    const std::string python = pythonBinary(cfg);
    if (!fileExists(candDir + "/eval.conf") || !fileExists(candDir + "/kernel.py")) {
        std::fprintf(stderr, "kwb: candidate folder %s lacks eval.conf or kernel.py\n", candDir.c_str());
        return kInfraExit;
    }
    const char *interp = std::getenv("TRITON_INTERPRET");
    const bool interpreter = interp && std::string(interp) == "1";
    if (interpreter)
        std::fprintf(stderr, "kwb: TRITON_INTERPRET=1: kernels run on the CPU in Triton's interpreter; times are "
                             "interpreter time, not GPU time\n");

    // ---- compile: the module imports (Triton compiles on the first launch) ----
    const auto tCompile = Clock::now();
    std::fprintf(stderr, "kwb: importing %s/kernel.py\n", candDir.c_str());
    Proc cc = run({python, "harness.py", "compile", candDir}, compileTimeout, false);
    r.compileMs = msSince(tCompile);
    r.logs["compile"] = cc.err;
    if (cc.exitedWith(127)) {
        std::fprintf(stderr, "kwb: %s is not installed on this host (set KWB_PYTHON)\n", python.c_str());
        return kInfraExit;
    }
    if (harnessSaysInfra(cc))
        return infraFailure(cc, "the import");
    if (!cc.exitedOk()) {
        std::fprintf(stderr, "%s", cc.err.c_str());
        std::string why;
        for (const std::string &l : taggedLines(cc.out, "kwb:error ", false))
            why = l;
        r.fail(cc.timedOut ? "timeout" : "compile", "compile",
               cc.timedOut ? "importing the kernel ran past " + jsonNumber(compileTimeout) + " s"
                           : why.empty() ? "importing the kernel " + describeExit(cc) : why);
        return r.print();
    }
    r.compiled = true;

    // ---- check (Triton's JIT compiles here, so its errors land here too) ----
    r.stage = "check";
    std::fprintf(stderr, "kwb: checking against the reference over seeds %s\n", cfg.get("seeds").c_str());
    // The inputs and expected outputs the benchmark reads (large): gone when
    // this evaluation ends, however it ends.
    const Cleanup dropSets{candDir + "/benchsets"};
    const double stageLimit = timeout + compileTimeout; // Triton compiles inside the stages
    const auto tCheck = Clock::now();
    std::optional<DeviceLock> checkLock;
    if (!interpreter)
        checkLock.emplace(visibleGpu(), true);
    Proc chk = run({python, "harness.py", "check", candDir, cfg.get("seeds", "1"), cfg.get("atol", "1e-2"),
                    cfg.get("rtol", "1e-2")},
                   stageLimit, true, 4u << 20, {"KWB_REFERENCE_FILE=" + cfg.get("reference", "reference.py")});
    checkLock.reset();
    r.checkMs = msSince(tCheck);
    r.logs["check"] = chk.err;
    for (const std::string &line : taggedLines(chk.out, "kwb:compiled ", false)) {
        auto kv = parseKeyValues(line);
        if (!kv["registers"].empty())
            r.metrics["registers"] = std::atof(kv["registers"].c_str());
        if (!kv["spills"].empty())
            r.metrics["spill_stores_bytes"] = std::atof(kv["spills"].c_str());
        if (!kv["shared"].empty())
            r.metrics["static_smem_bytes"] = std::atof(kv["shared"].c_str());
        std::fprintf(stderr, "kwb: compiled Triton kernels: %s\n", line.c_str());
    }
    if (const int end = readCheck(r, chk, stageLimit, cfg.get("seeds", "1")); end >= 0)
        return end;

    // ---- bench ----
    r.stage = "bench";
    r.coldCache = !interpreter;
    std::fprintf(stderr, "kwb: timing %s\n", interpreter ? "in the interpreter (not GPU time)"
                                                        : "with CUDA events (L2 flushed before each call)");
    const DeviceLock gpuLock(interpreter ? std::string("cpu-interpreter") : visibleGpu());
    const auto tBench = Clock::now();
    Proc bench = run({python, "harness.py", "bench", candDir, cfg.get("warmup_ms", "25"), cfg.get("rep_ms", "100"),
                      cfg.get("iters", "20"), cfg.get("max_seconds", "10"), cfg.get("atol", "1e-2"),
                      cfg.get("rtol", "1e-2")},
                     stageLimit, true);
    r.benchMs = msSince(tBench);
    r.logs["bench"] = bench.err;
    if (harnessSaysInfra(bench))
        return infraFailure(bench, "the benchmark");
    if (!readBench(r, bench, stageLimit))
        return r.print();
    if (interpreter) {
        r.countersReason = "Triton's interpreter runs on the CPU: no GPU counters";
        return r.print();
    }
    profileOnce(r, cfg, candDir, {python, "harness.py", "profile", candDir}, timeout);
    return r.print();
}

} // namespace

int main(int argc, char **argv)
{
    installSignalHandlers();
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "eval" && argc == 3)
        return evaluateLocked(argv[2], evaluate);
    if (mode == "ncu-metrics" && argc == 3)
        return printNcuMetrics(argv[2]);
    std::fprintf(stderr, "usage: supervisor eval CANDIDATE_DIR | ncu-metrics CSV\n");
    return 2;
}
