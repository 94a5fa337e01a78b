// Evaluation supervisor of the cpu-cxx target. Runs on the host (local or
// remote), never links kernel code itself: every stage that runs the kernel is
// a child process in its own process group, so a crash or hang is recorded as
// the kernel's result and the supervisor always prints one kwb.result/1
// document on stdout. The candidate's object is audited before it is linked;
// the program that times it does not contain the reference; its timed calls
// are verified and clocked from here. Plain C++17 and POSIX so any host with
// g++ can build it.
//
//   supervisor eval CANDIDATE_DIR    (reads CANDIDATE_DIR/eval.conf)
//   supervisor calibrate

#include "kwbhost.h"

namespace {

using namespace kwbhost;

// Compiles `source` to `object` unless a cached object with that name exists.
// Objects are written under a temporary name and renamed, so concurrent
// evaluations sharing the cache never see half an object.
Proc compileObject(const Config &cfg, const std::string &source, const std::string &object,
                   const std::vector<std::string> &extra, double timeout, const Sandbox *sandbox = nullptr)
{
    std::vector<std::string> argv = {cfg.get("cxx", "g++")};
    argv.insert(argv.end(), cfg.flags.begin(), cfg.flags.end());
    argv.insert(argv.end(), extra.begin(), extra.end());
    const std::string tmp = object + ".tmp." + std::to_string(::getpid());
    argv.insert(argv.end(), {"-include", "kwb_problem.h", "-I.", "-c", source, "-o", tmp});
    Proc p = run(sandbox ? sandbox->wrap(argv) : argv, timeout, false);
    if (p.exitedOk())
        std::rename(tmp.c_str(), object.c_str());
    else
        std::remove(tmp.c_str());
    return p;
}

std::string perfProblem()
{
    Proc p = run({"perf", "stat", "-x,", "-e", "instructions,cycles", "true"}, 10, false);
    if (!p.started || (WIFEXITED(p.status) && WEXITSTATUS(p.status) == 127))
        return "perf is not installed on this host (Debian: linux-perf)";
    if (p.err.find("<not supported>") != std::string::npos)
        return "this machine does not expose hardware counters to perf (typical of virtual machines)";
    if (p.err.find("<not counted>") != std::string::npos || !p.exitedOk())
        return "perf stat cannot count here (check /proc/sys/kernel/perf_event_paranoid): "
            + excerpt(p.err, 300);
    return {};
}

int evaluate(const std::string &candDir)
{
    const Config cfg = Config::read(candDir + "/eval.conf");
    Result r;
    const double timeout = cfg.num("timeout_seconds", 120);
    // Compilers get their own, generous limit: a slow build on a loaded host
    // is not a hanging kernel.
    const double compileTimeout = cfg.num("compile_timeout_seconds", 600);
    const std::string kernelSrc = candDir + "/" + cfg.get("kernel", "kernel.cpp");
    if (!fileExists(candDir + "/eval.conf") || !fileExists(kernelSrc)) {
        std::fprintf(stderr, "kwb: candidate folder %s lacks eval.conf or its kernel\n", candDir.c_str());
        return 3; // infrastructure: nothing to evaluate, no result to claim
    }

    // ---- compile ----
    const auto tCompile = Clock::now();
    std::fprintf(stderr, "kwb: compiling %s\n", kernelSrc.c_str());
    std::string flagsKey = cfg.get("cxx", "g++");
    for (const std::string &f : cfg.flags)
        flagsKey += " " + f;
    const std::string problemKey = hex64(fnv1a(readFile("kwb_problem.h") + flagsKey));
    ::mkdir("obj", 0755);
    const std::string refSrc = cfg.get("reference", "reference.cpp");
    const std::string refObj = "obj/reference-" + hex64(fnv1a(readFile(refSrc), fnv1a(problemKey))) + ".o";
    const std::string harnessKey = hex64(fnv1a(readFile("harness.cpp") + readFile("kwbproto.h") + readFile("kwbcheck.h") + readFile("kwbsamples.h"), fnv1a(problemKey)));
    const std::string checkObj = "obj/harness-check-" + harnessKey + ".o";
    const std::string benchObj = "obj/harness-bench-" + harnessKey + ".o";
    const std::string answerObj = "obj/harness-answer-" + harnessKey + ".o";
    // The harness first: a host whose compiler builds nothing is the host's
    // problem, not a broken reference. Built once per host (HostCache).
    HostCache shared(cfg.get("cxx", "g++"));
    for (const auto &[obj, defines] :
         {std::pair{checkObj, std::vector<std::string>{"-DKWB_HARNESS", "-DKWB_WITH_REFERENCE"}},
          std::pair{benchObj, std::vector<std::string>{"-DKWB_HARNESS"}},
          std::pair{answerObj, std::vector<std::string>{"-DKWB_HARNESS", "-DKWB_WITH_REFERENCE", "-DKWB_ANSWER"}}}) {
        if (fileExists(obj) || shared.fetch(obj))
            continue;
        if (obj == checkObj)
            std::fprintf(stderr, "kwb: building the harness for this problem (once per host)\n");
        Proc p = compileObject(cfg, "harness.cpp", obj, defines, compileTimeout);
        if (!p.exitedOk()) {
            std::fprintf(stderr, "kwb: the harness does not compile on this host:\n%s%s", p.out.c_str(), p.err.c_str());
            return kInfraExit;
        }
        shared.keep(obj);
    }
    if (!fileExists(refObj) && !shared.fetch(refObj)) {
        Proc p = compileObject(cfg, refSrc, refObj, {}, compileTimeout);
        if (!p.exitedOk()) {
            r.logs["compile"] = p.out + p.err;
            r.fail("reference", "compile", "the workload's reference does not compile: " + describeExit(p));
            r.compileMs = msSince(tCompile);
            return r.print();
        }
        shared.keep(refObj);
    }
    const std::string kernelObj = candDir + "/kernel.o";
    // Everything that reads the candidate's source or runs its code does it
    // in a sandbox: a source that includes (or `.incbin`s) a file of the
    // user's would otherwise show it in the compiler's log, which the
    // planner sends on. The compiler writes only the candidate's folder.
    const std::string work = currentFolder(), cand = realPath(candDir);
    Sandbox compileBox = Sandbox::forCompiledStage(work, {}, {cand});
    compileBox.bindTool(cfg.get("cxx", "g++"));
    r.extra["sandbox"] = compileBox.json();
    compileBox.warnWhenOff();
    // The host's cache sizes (KWB_L1D_BYTES, KWB_L2_BYTES, KWB_L3_BYTES), for
    // kernels that size their blocks to them.
    Proc cc = compileObject(cfg, kernelSrc, kernelObj, cacheDefines(), compileTimeout, &compileBox);
    r.logs["compile"] = cc.out + cc.err;
    if (!cc.err.empty())
        std::fprintf(stderr, "%s", cc.err.c_str());
    if (cc.signalled() && (WTERMSIG(cc.status) == SIGKILL || WTERMSIG(cc.status) == SIGTERM)) {
        // The driver itself killed (not a crash of the compiler on this
        // kernel, which g++ reports with an exit status): the host's problem.
        std::fprintf(stderr, "kwb: the compiler was killed from outside (%s)\n", describeExit(cc).c_str());
        return kInfraExit;
    }
    if (!cc.exitedOk()) {
        r.compileMs = msSince(tCompile);
        r.fail(cc.timedOut ? "timeout" : "compile", "compile",
               cc.timedOut ? "the compiler ran past " + jsonNumber(compileTimeout) + " s"
                           : "the kernel does not compile (compiler " + describeExit(cc) + ")");
        return r.print();
    }
    const bool trust = cfg.get("trust", "on") != "off";
    // ---- the symbol audit: what the object is, not how its source is spelled ----
    if (const auto end = auditCompiledKernel(r, cfg, cfg.get("cxx", "g++"), kernelObj, {checkObj, benchObj, refObj},
                                             tCompile))
        return *end;
    auto link = [&](const std::string &bin, const std::vector<std::string> &objs) {
        std::vector<std::string> command = {cfg.get("cxx", "g++")};
        command.insert(command.end(), cfg.flags.begin(), cfg.flags.end());
        command.insert(command.end(), objs.begin(), objs.end());
        command.insert(command.end(), {"-o", bin});
        command.insert(command.end(), cfg.ldflags.begin(), cfg.ldflags.end());
        command.push_back("-lm");
        return run(command, compileTimeout, true);
    };
    const std::string checkBin = candDir + "/check", benchBin = candDir + "/bench";
    // The harness and the reference first: their copies of anything also in
    // the kernel's object (template instances) are the ones kept.
    for (const auto &[bin, objs] : {std::pair{checkBin, std::vector<std::string>{checkObj, refObj, kernelObj}},
                                    std::pair{benchBin, std::vector<std::string>{benchObj, kernelObj}}}) {
        Proc ld = link(bin, objs);
        if (!ld.exitedOk()) {
            r.compileMs = msSince(tCompile);
            r.logs["compile"] += ld.out + ld.err;
            r.fail("compile", "compile", "the kernel does not link (is the entry function defined with the declared "
                                         "signature, and are its libraries installed?)");
            return r.print();
        }
    }
    // The answer program has no kernel in it: linked once for this problem.
    std::string answerBin;
    if (const auto end = linkAnswerProgram(r, cfg, answerObj, refObj, link, tCompile, &answerBin))
        return *end;
    r.compileMs = msSince(tCompile);
    r.compiled = true;

    // A seed for the check that nobody knows in advance.
    const CheckSeeds drawnSeed;

    // ---- check ----
    r.stage = "check";
    // The workload's seeds (reproducible), one of them drawn for this
    // evaluation with the defences on: the check's inputs cannot be known in
    // advance either (a kernel honest only on the known ones fails here).
    const std::string checkSeeds = drawnSeed.list(cfg.get("seeds", "1"), trust);
    std::fprintf(stderr, "kwb: checking against the reference over seeds %s%s\n", checkSeeds.c_str(),
                 trust ? " (the last drawn for this evaluation)" : "");
    const auto tCheck = Clock::now();
    const std::vector<std::string> check = {checkBin, "check", checkSeeds, cfg.get("atol", "1e-4"),
                                            cfg.get("rtol", "1e-4")};
    // Every program runs in a sandbox where it writes nothing, and without
    // /proc: a kernel cannot name the protocol's pipe to write into it.
    Sandbox box = Sandbox::forCompiledStage(work, {realPath(checkBin), realPath(benchBin), realPath(answerBin)}, {});
    box.withoutProc = true;
    Proc chk = run(box.wrap(check), timeout, true);
    r.checkMs = msSince(tCheck);
    r.logs["check"] = chk.err;
    if (const int end = readCheck(r, chk, timeout, checkSeeds); end >= 0)
        return end;

    // ---- bench (and profile, when the machine has counters) ----
    r.stage = "bench";
    const std::string problem = cfg.get("perf", "auto") == "off" ? "counters disabled for this run" : perfProblem();
    r.countersAvailable = problem.empty();
    r.countersReason = problem;
    r.coldCache = cfg.get("cold_cache", "0") == "1";
    const int threads = std::max(1, std::atoi(cfg.get("threads", "1").c_str()));
    std::vector<std::string> bench = box.wrap({benchBin, "bench", cfg.get("warmup", "2"), cfg.get("iters", "20"),
                                                  cfg.get("max_seconds", "10"), cfg.get("cold_cache", "0"),
                                                  trust ? "1" : "0"});
    // perf runs outside the sandbox, so its counts are in a file the
    // benchmark cannot write.
    const std::string perfOut = candDir + "/perf.csv";
    if (r.countersAvailable) {
        bench.insert(bench.begin(), {"perf", "stat", "-x,", "-o", perfOut, "-e",
                                     "instructions,cycles,cache-references,cache-misses", "--"});
    }
    std::fprintf(stderr, "kwb: timing on %d core%s (%s warm-up, up to %s iterations)\n", threads, threads == 1 ? "" : "s",
                 cfg.get("warmup", "2").c_str(), cfg.get("iters", "20").c_str());
    const auto tBench = Clock::now();
    // Pinned to the cores the workload declares: more threads cannot run faster.
    Proc b = run(bench, timeout, true, 4u << 20, {}, trust ? threads : 0);
    r.benchMs = msSince(tBench);
    r.logs["bench"] = b.err;
    if (harnessSaysInfra(b))
        return infraFailure(r, b, "the benchmark");
    if (!readBench(r, b, timeout))
        return r.print();
    // ---- verify the timed samples picked now, with the reference, in the answer program ----
    if (trust) {
        if (const int end = verifyPickedSamples(r, b,
                                                {answerBin, "verify", std::to_string(r.callsPerSample), cfg.get("atol", "1e-4"),
                                                 cfg.get("rtol", "1e-4")},
                                                box, timeout);
            end >= 0)
            return end;
    }
    r.extra["resources"] = "{\"threads_allowed\":" + std::to_string(threads) + ",\"cpu_ms\":" + jsonNumber(b.cpuMs)
        + ",\"wall_ms\":" + jsonNumber(b.ms) + "}";
    if (trust && b.cpuMs > b.ms * threads * 1.25 + 50) {
        const std::string why = "used " + jsonNumber(b.cpuMs) + " ms of CPU time in " + jsonNumber(b.ms)
            + " ms on " + std::to_string(threads) + " core" + (threads == 1 ? "" : "s")
            + ": more threads than the workload allows";
        r.flag("threads", why);
    }
    if (r.countersAvailable) {
        r.stage = "profile";
        std::map<std::string, double> counts;
        std::istringstream perf(readFile(perfOut));
        std::string line;
        while (std::getline(perf, line)) {
            std::vector<std::string> cols;
            std::istringstream cs(line);
            std::string col;
            while (std::getline(cs, col, ','))
                cols.push_back(col);
            if (cols.size() >= 3 && !cols[0].empty() && std::isdigit(static_cast<unsigned char>(cols[0][0])))
                counts[cols[2].substr(0, cols[2].find(':'))] = std::atof(cols[0].c_str());
        }
        if (counts["cycles"] > 0)
            r.metrics["ipc"] = counts["instructions"] / counts["cycles"];
        if (counts["cache-references"] > 0)
            r.metrics["cache_miss_rate"] = 100.0 * counts["cache-misses"] / counts["cache-references"];
        if (counts.empty()) {
            r.countersAvailable = false;
            r.countersReason = "perf stat printed no counts";
            r.stage = "bench";
        }
    }
    return r.print();
}

int calibrate()
{
    const char *cxx = std::getenv("KWB_CXX");
    return buildAndCalibrate({cxx ? cxx : "g++", "-O2", "-march=native", "-std=c++17"}, "calibrate.cpp");
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
    std::fprintf(stderr, "usage: supervisor eval CANDIDATE_DIR | supervisor calibrate\n");
    return 2;
}
