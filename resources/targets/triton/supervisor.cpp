// Evaluation supervisor of the Python targets (triton, and tilelang and
// nki, whose target.json files install this file too). Never imports candidate code,
// and believes nothing the candidate's process says without a check:
//   compile    `harness.py compile` in the sandbox (the import)
//   check      the reference's process (`harness.py reference`, never
//              imports the candidate) writes each seed's inputs (the
//              workload's seeds, the last drawn for this evaluation); the
//              candidate's process (`harness.py candidate`, sandboxed)
//              writes its outputs to its scratch folder; the reference's
//              process compares them and gives the verdict
//   bench      the timed section of kwbhost.py, driven from here call by
//              call: inputs from a seed sent when the call starts, the
//              digest's key sent after it returned; the same section around
//              a kernel that does nothing (the reference's process) gives
//              the per-call overhead; digests of calls picked after the
//              section are verified by the reference's process; the time
//              kept is bounded below by this process's own clock and by
//              the verified calls (boundByVerifiedSamples)
//   profile    one call under Nsight Compute (nki: one NEFF under the
//              Neuron profiler)
// One kwb.result/1 document comes out on stdout.
//
//   supervisor eval CANDIDATE_DIR    (reads CANDIDATE_DIR/eval.conf)
//   supervisor ncu-metrics CSV       (parses a recorded Nsight Compute CSV: tests)
//   supervisor neuron-summary JSON   (parses a recorded Neuron profile summary: tests)
// (run.sh runs calibrate.py itself.)
//
// Exit status 3 (no document): the host cannot evaluate (no GPU, no torch or
// triton); kwb retries it elsewhere and never blames the kernel.
// TRITON_INTERPRET=1 in the environment runs everything on the CPU through
// Triton's interpreter; its latency is labelled "interpreter". A workload
// whose `device` is "cpu" (tilelang's C backend) runs compiled code on the
// CPU; its latency is labelled "cpu". Both processes get KWB_DEVICE.

#include "kwbhost.h"
#include "ncu.h"
#include "nvsmi.h"
#include "neuronprof.h"
#include "rocprof.h"

namespace {

using namespace kwbhost;

std::string pythonBinary(const Config &cfg)
{
    if (const char *env = std::getenv("KWB_PYTHON"); env && *env)
        return env;
    return cfg.get("python", "python3");
}

/// Where the kernels run: a GPU (timed with CUDA events, profiled), or this
/// host's CPU (Triton's interpreter, or code compiled for the CPU), whose
/// times are CPU times and which has no GPU counters.
struct HostMode
{
    bool cpu = false;
    std::string clock = "cuda-events", lock, says, countersReason,
                timing = "with CUDA events (L2 flushed before each call)";
    bool neuron = false; ///< a NeuronCore (nki): the host's clock, the Neuron profiler
    /// An AMD GPU (PyTorch's ROCm build answers to the CUDA API): counters
    /// from rocprofv3 instead of Nsight Compute.
    bool amd = ::access("/dev/kfd", F_OK) == 0 && ::access("/dev/nvidiactl", F_OK) != 0;

    /// The accelerator's lock when not on the CPU.
    std::string deviceLock() const
    {
        if (!neuron)
            return visibleGpu();
        const char *cores = std::getenv("NEURON_RT_VISIBLE_CORES");
        const std::string first = cores ? std::string(cores).substr(0, std::string(cores).find_first_of(",-")) : "";
        return "neuroncore" + (first.empty() ? std::string("0") : first);
    }

    static HostMode of(const Config &cfg)
    {
        HostMode m;
        if (cfg.get("target", "triton") == "nki") {
            if (cfg.get("device") == "simulate")
                m = {true, "nki-simulator", "cpu-nki-simulator",
                     "NKI's simulator runs the kernels on this host's CPU: a check of correctness; its times are "
                     "simulator time, never Trainium time",
                     "NKI's simulator: no Neuron profile", "in NKI's simulator (not Trainium time)"};
            else
                m = {false, "host-wall", "", "", "",
                     "by this host's clock around each call (the Neuron runtime's call: copies and launch included; "
                     "the profile's total time is the device's)",
                     true};
            return m;
        }
        // TRITON_INTERPRET is Triton's: a tilelang evaluation ignores it.
        const char *interp = std::getenv("TRITON_INTERPRET");
        if (cfg.get("target", "triton") == "triton" && interp && std::string(interp) == "1")
            m = {true, "interpreter", "cpu-interpreter",
                 "TRITON_INTERPRET=1: kernels run on the CPU in Triton's interpreter; times are interpreter time, "
                 "not GPU time",
                 "Triton's interpreter runs on the CPU: no GPU counters", "in the interpreter (not GPU time)"};
        else if (cfg.get("device") == "cpu")
            m = {true, "cpu", "cpu-compiled",
                 "the kernels are compiled for this host's CPU; times are CPU times, not GPU times",
                 "the kernels run on the CPU: no GPU counters", "on the CPU (not GPU time)"};
        return m;
    }
};

/// The reference's process failed or went silent: the reference's fault,
/// or the host's, never the kernel's.
int referenceFailed(Result &r, Peer &ref, const std::string &stageName, double limit)
{
    Proc &p = ref.stop();
    r.logs["reference"] = p.err;
    if (harnessSaysInfra(p))
        return infraFailure(r, p, "the reference's process");
    std::string why;
    for (const std::string &l : taggedLines(p.out, "kwb:reference-error ", false))
        why = l;
    if (why.empty() && p.signalled() && WTERMSIG(p.status) == SIGKILL && !p.timedOut) {
        r.hostProblem = "the reference's process was killed from outside; it will be evaluated again";
        return r.print();
    }
    r.fail("reference", stageName,
           !why.empty() ? why
           : p.timedOut ? "the reference ran past " + jsonNumber(limit) + " s"
                        : "the reference's process " + describeExit(p) + " (its log has the details)");
    return r.print();
}

/// One timed section over `peer`'s channel, driven from here call by call
/// (kwbhost.py's TimedSection): warm-up, then `calls` calls, each on inputs
/// from a fresh seed sent when it starts, each digested with a key sent
/// with the next command, after it returned. The section's time by this
/// process's clock runs from the first call sent to the "kwb:timed" reply,
/// which needs every digest, so work a kernel defers past its "kwb:ret"
/// (a thread, another stream) is inside it.
struct Section
{
    double outsideMs = 0;       ///< first "call" sent → "kwb:timed" read
    std::vector<double> callMs; ///< each call's round trip
    std::vector<unsigned long long> seeds, keys;
    std::string reply; ///< the "kwb:timed" reply
};

std::optional<Section> timedSection(Peer &peer, int warmup, int calls, Clock::time_point deadline, Entropy &entropy)
{
    Section s;
    if (!peer.send("warmup " + std::to_string(warmup) + " " + std::to_string(entropy.seed()))
        || !peer.next({"kwb:warm"}, deadline))
        return std::nullopt;
    for (int i = 0; i < calls; ++i) {
        s.seeds.push_back(entropy.seed());
        s.keys.push_back(entropy.seed());
    }
    const auto t0 = Clock::now();
    for (int i = 0; i < calls; ++i) {
        std::string cmd = "call " + std::to_string(i) + " " + std::to_string(s.seeds[size_t(i)]);
        if (i > 0)
            cmd += " " + std::to_string(s.keys[size_t(i) - 1]);
        const auto t = Clock::now();
        if (!peer.send(cmd) || !peer.next({"kwb:ret " + std::to_string(i)}, deadline))
            return std::nullopt;
        s.callMs.push_back(msSince(t));
    }
    if (!peer.send("end " + std::to_string(s.keys.back())))
        return std::nullopt;
    auto reply = peer.next({"kwb:timed "}, deadline);
    if (!reply)
        return std::nullopt;
    s.outsideMs = msSince(t0);
    s.reply = reply->substr(10);
    return s;
}

/// One timed call's digest as kwbhost.py prints it:
/// "S1/S2/S3/S4:NONFINITE:WHERE:P1/P2/...", the P the probed elements.
struct CallDigest
{
    std::string sums, nonfinite, where, probes;
};

constexpr int kDigestSums = 4;     // kwbhost.py's DIGEST_SUMS
constexpr int kMaxProbes = 32 * 64; // kwbhost.py's DIGEST_PROBES for 64 outputs

/// Whether `text` is a number as kwbhost.py prints one (%.17g, %d). What
/// strtod accepts beyond that (hexadecimal, "infinity", spaces) Python's
/// float() refuses, and a candidate could make the reference's process fail
/// on its text.
bool printedNumber(const std::string &text, bool integer)
{
    if (text == "nan" || text == "inf" || text == "-inf")
        return !integer;
    if (text.find_first_not_of(integer ? "+-0123456789" : "+-0123456789.eE") != std::string::npos)
        return false;
    char *end = nullptr;
    if (integer)
        std::strtoll(text.c_str(), &end, 10);
    else
        std::strtod(text.c_str(), &end);
    return !text.empty() && end && *end == 0;
}

/// The digests of a "kwb:timed" reply (comma-separated), or nullopt when one
/// is not as kwbhost.py prints it.
std::optional<std::vector<CallDigest>> readDigests(const std::string &list)
{
    std::vector<CallDigest> digests;
    std::istringstream items(list);
    for (std::string item; std::getline(items, item, ',');) {
        std::istringstream parts(item);
        CallDigest d;
        std::getline(parts, d.sums, ':');
        std::getline(parts, d.nonfinite, ':');
        std::getline(parts, d.where, ':');
        std::getline(parts, d.probes, ':');
        auto numbers = [](const std::string &list) {
            std::istringstream items(list);
            int count = 0;
            for (std::string item; std::getline(items, item, '/'); ++count)
                if (!printedNumber(item, false))
                    return -1;
            return count;
        };
        const int probes = numbers(d.probes);
        if (numbers(d.sums) != kDigestSums || !printedNumber(d.nonfinite, true) || !printedNumber(d.where, false)
            || probes < 1 || probes > kMaxProbes)
            return std::nullopt;
        digests.push_back(d);
    }
    return digests;
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
    const HostMode mode = HostMode::of(cfg);
    if (mode.cpu)
        std::fprintf(stderr, "kwb: %s\n", mode.says.c_str());
    const std::string deviceEnv = "KWB_DEVICE=" + cfg.get("device", "gpu");

    // The folders of this evaluation: the candidate writes only `scratch`;
    // the reference's process writes the check's inputs to `feed`, which
    // the candidate reads. Both are made empty now (nothing from an earlier
    // evaluation can be replayed) and removed when this one ends.
    char cwd[PATH_MAX];
    const std::string work = ::getcwd(cwd, sizeof cwd) ? std::string(cwd) : std::string(".");
    const std::string cand = realPath(candDir);
    const std::string scratch = cand + "/scratch", feed = cand + "/feed";
    if (!freshFolder(scratch) || !freshFolder(feed)) {
        std::fprintf(stderr, "kwb: cannot make the evaluation's folders in %s\n", cand.c_str());
        return kInfraExit;
    }
    struct Gone
    {
        std::string a, b;
        ~Gone()
        {
            removeTree(a);
            removeTree(b);
        }
    } gone{scratch, feed};
    Sandbox sandbox = Sandbox::forStage(work);
    sandbox.readOnly = {work + "/harness.py", work + "/kwbhost.py", work + "/kwb_problem.json", cand + "/kernel.py",
                        feed};
    std::fprintf(stderr, "kwb: Python: %s\n", python.c_str());
    const std::vector<std::string> pythonDirs = pythonFolders(python);
    if (pythonDirs.empty()) {
        std::fprintf(stderr, "kwb: %s does not run on this host (set KWB_PYTHON to a Python with PyTorch)\n",
                     python.c_str());
        return kInfraExit;
    }
    for (const std::string &dir : pythonDirs)
        sandbox.readOnly.push_back(dir);
    if (python.find('/') != std::string::npos)
        sandbox.readOnly.push_back(python);
    sandbox.writable = {scratch};
    r.extra["sandbox"] = sandbox.json();
    if (!sandbox.enabled)
        std::fprintf(stderr, "kwb: warning: the candidate runs without a sandbox, with this user's rights: %s\n",
                     sandbox.unavailable.c_str());
    // On the CPU, one thread each: PyTorch's pool would otherwise
    // spin on every core between calls, beside the processes being timed.
    std::vector<std::string> cpuEnv;
    if (mode.cpu)
        cpuEnv = {"OMP_NUM_THREADS=1", "MKL_NUM_THREADS=1", "OPENBLAS_NUM_THREADS=1"};
    std::vector<std::string> candEnv = {
        "HOME=" + scratch, "TMPDIR=" + scratch, "TRITON_CACHE_DIR=" + scratch + "/triton-cache",
        "XDG_CACHE_HOME=" + scratch + "/cache", "TORCHINDUCTOR_CACHE_DIR=" + scratch + "/inductor",
        "TILELANG_CACHE_DIR=" + scratch + "/tilelang-cache", "NKI_ARTIFACTS_DIR=" + scratch + "/nki-artifacts",
        "PYTHONDONTWRITEBYTECODE=1", deviceEnv};
    candEnv.insert(candEnv.end(), cpuEnv.begin(), cpuEnv.end());
    // NKI kernels default to one logical NeuronCore, the Neuron compiler to
    // two on Trn2: a mismatch fails every call (the host's setting, not the
    // kernel's), so one unless the host says otherwise.
    if (mode.neuron && !std::getenv("NEURON_LOGICAL_NC_CONFIG"))
        candEnv.push_back("NEURON_LOGICAL_NC_CONFIG=1");

    // ---- compile: the candidate's process loads PyTorch and Triton while the
    // reference's process starts; the null section is timed while nothing of
    // the candidate's has run; then the candidate is imported (Triton
    // compiles on the first launch, in the check) ----
    const auto tCompile = Clock::now();
    // The workload's seeds with one drawn for this evaluation (CheckSeeds):
    // answers carried for inputs known in advance fail there.
    const CheckSeeds drawnSeed;
    const std::string seedList = drawnSeed.list(cfg.get("seeds", "1"), true);
    const double stageLimit = timeout + compileTimeout; // Triton compiles inside the stages
    Entropy entropy;
    Peer ref;
    ref.start({python, "harness.py", "reference", feed, scratch, seedList, cfg.get("atol", "1e-2"),
               cfg.get("rtol", "1e-2")},
              [&] {
                  std::vector<std::string> env = {"KWB_REFERENCE_FILE=" + cfg.get("reference", "reference.py"),
                                                  "PYTHONDONTWRITEBYTECODE=1", deviceEnv};
                  env.insert(env.end(), cpuEnv.begin(), cpuEnv.end());
                  return env;
              }());
    Peer kernel;
    kernel.start(sandbox.wrap({python, "harness.py", "candidate", cand, feed, scratch}), candEnv);
    auto compileFailed = [&]() {
        Proc &cc = kernel.stop();
        r.compileMs = msSince(tCompile);
        r.logs["compile"] = cc.err;
        if (cc.exitedWith(127)) {
            std::fprintf(stderr, "kwb: %s is not installed on this host (set KWB_PYTHON)\n", python.c_str());
            return kInfraExit;
        }
        if (harnessSaysInfra(cc))
            return infraFailure(r, cc, "the import");
        std::string why;
        for (const std::string &l : taggedLines(cc.out, "kwb:error ", false))
            why = l;
        r.fail(cc.timedOut ? "timeout" : "compile", "compile",
               cc.timedOut ? "importing the kernel ran past " + jsonNumber(compileTimeout) + " s"
                           : why.empty() ? "importing the kernel " + describeExit(cc) : why);
        return r.print();
    };
    const auto loadDeadline = tCompile + std::chrono::milliseconds(long(compileTimeout * 1000));
    if (!kernel.next({"kwb:loaded"}, loadDeadline))
        return compileFailed();
    const auto nullDeadline = Clock::now() + std::chrono::milliseconds(long(stageLimit * 1000));
    if (!ref.next({"kwb:feed-ready"}, nullDeadline))
        return referenceFailed(r, ref, "check", stageLimit);
    std::optional<DeviceLock> nullLock;
    if (!mode.cpu)
        nullLock.emplace(mode.deviceLock());
    const auto null = timedSection(ref, 2, 20, nullDeadline, entropy);
    nullLock.reset();
    if (!null)
        return referenceFailed(r, ref, "check", stageLimit);
    std::fprintf(stderr, "kwb: importing %s/kernel.py\n", candDir.c_str());
    const auto tImport = Clock::now();
    if (!kernel.send("import")
        || !kernel.next({"kwb:ready"}, tImport + std::chrono::milliseconds(long(compileTimeout * 1000))))
        return compileFailed();
    r.compileMs = msSince(tCompile);
    r.compiled = true;

    // ---- check (Triton's JIT compiles here, so its errors land here too) ----
    r.stage = "check";
    std::fprintf(stderr, "kwb: checking against the reference over seeds %s (the last drawn for this evaluation)\n",
                 seedList.c_str());
    const auto tCheck = Clock::now();
    std::optional<DeviceLock> checkLock;
    if (!mode.cpu)
        checkLock.emplace(mode.deviceLock(), true);
    auto checkDeadline = Clock::now() + std::chrono::milliseconds(long(stageLimit * 1000));
    auto kernelFailed = [&](const std::string &stageName, const std::string &doing, const std::string &when) {
        Proc &p = kernel.stop();
        r.logs[stageName] = p.err;
        if (harnessSaysInfra(p))
            return infraFailure(r, p, "the " + stageName);
        if (kernel.stoppedByUs() && p.signalled() && WTERMSIG(p.status) == SIGKILL && !p.timedOut) {
            // Alive but silent (its channel closed, or a reply never sent): ours to end, its fault.
            r.fail("crash", stageName, "the kernel's process stopped answering while being " + doing + when);
            return r.print();
        }
        failStage(r, p, stageName, stageLimit, doing, when);
        return r.print();
    };
    bool allOk = true;
    for (const std::string &seed : parseSeedList(seedList)) {
        if (!kernel.send("check " + seed) || !kernel.next({"kwb:ran " + seed}, checkDeadline))
            return kernelFailed("check", "checked", " on seed " + seed);
        if (!ref.send("compare " + seed))
            return referenceFailed(r, ref, "check", stageLimit);
        int verdicts = 0;
        for (;;) {
            auto line = ref.next({"kwb:check ", "kwb:compared "}, checkDeadline);
            if (!line)
                return referenceFailed(r, ref, "check", stageLimit);
            if (line->rfind("kwb:compared ", 0) == 0)
                break;
            allOk = r.addCheck(line->substr(10)) && allOk;
            ++verdicts;
        }
        if (verdicts == 0) {
            r.fail("crash", "check", "the reference's process gave no verdict for seed " + seed);
            return r.print();
        }
    }
    if (kernel.send("figures")) {
        for (;;) {
            auto line = kernel.next({"kwb:compiled ", "kwb:figures-done"}, checkDeadline);
            if (!line || line->rfind("kwb:figures-done", 0) == 0)
                break;
            auto kv = parseKeyValues(line->substr(13));
            if (!kv["registers"].empty())
                r.metrics["registers"] = std::atof(kv["registers"].c_str());
            if (!kv["spills"].empty())
                r.metrics["spill_stores_bytes"] = std::atof(kv["spills"].c_str());
            if (!kv["shared"].empty())
                r.metrics["static_smem_bytes"] = std::atof(kv["shared"].c_str());
            std::fprintf(stderr, "kwb: compiled Triton kernels: %s\n", line->c_str() + 13);
        }
    }
    checkLock.reset();
    r.checkMs = msSince(tCheck);
    r.correct = allOk ? 1 : 0;
    if (!allOk) {
        r.logs["check"] = kernel.stop().err;
        r.fail("incorrect", "check", "the kernel's output differs from the reference beyond atol/rtol");
        return r.print();
    }

    // ---- bench ----
    r.stage = "bench";
    r.coldCache = !mode.cpu && !mode.neuron;
    r.clock = mode.clock;
    std::fprintf(stderr, "kwb: timing %s\n", mode.timing.c_str());
    const DeviceLock gpuLock(mode.cpu ? mode.lock : mode.deviceLock());
    const auto tBench = Clock::now();
    const auto benchDeadline = Clock::now() + std::chrono::milliseconds(long(stageLimit * 1000));
    // How many calls: from this process's clock over a few untimed calls.
    // In the interpreter a call takes milliseconds to seconds: at least 3
    // calls and at most 5 of the workload's `iters`, more when they are fast.
    int warmup = 2, calls = 3;
    {
        const int probe = mode.cpu ? 2 : 5;
        const auto t0 = Clock::now();
        if (!kernel.send("warmup " + std::to_string(probe) + " " + std::to_string(entropy.seed()))
            || !kernel.next({"kwb:warm"}, benchDeadline))
            return kernelFailed("bench", "warmed up", "");
        const double once = std::max(msSince(t0) / probe, 1e-3);
        const double repMs = cfg.num("rep_ms", 100), maxSeconds = cfg.num("max_seconds", 10);
        const int minIters = mode.cpu ? std::max(3, std::min(int(cfg.num("iters", 20)), 5))
                                         : int(cfg.num("iters", 20));
        warmup = mode.cpu ? 0 : std::max(1, int(cfg.num("warmup_ms", 25) / once));
        calls = std::max(minIters, int(repMs / once));
        calls = std::min(calls, std::max(minIters, int(maxSeconds * 1000 / (once + 0.05))));
        calls = std::max(3, std::min(calls, mode.cpu ? 200 : 100000));
    }
    // The GPU's clock and power while the section runs (nvidia-smi, beside
    // it, into a folder the candidate cannot write; not on a CPU, a
    // NeuronCore or an AMD GPU).
    ConditionsSampler sampler(mode.cpu || mode.neuron || mode.amd ? std::vector<std::string>{} : smiSampler(),
                              feed + "/conditions.csv");
    const auto timed = timedSection(kernel, warmup, calls, benchDeadline, entropy);
    if (!timed)
        return kernelFailed("bench", "timed", "");
    recordSmiConditions(r, sampler.stop());
    r.benchMs = msSince(tBench);
    r.warmup = warmup;
    auto kv = parseKeyValues(timed->reply);
    r.samples = parseNumberList(kv["samples_ms"]);
    const std::optional<std::vector<CallDigest>> parsed = readDigests(kv["digests"]);
    const std::vector<CallDigest> digests = parsed.value_or(std::vector<CallDigest>{});
    const bool numbers = parsed && std::all_of(r.samples.begin(), r.samples.end(),
                                             [](double v) { return std::isfinite(v) && v >= 0; });
    if (!numbers || int(r.samples.size()) != calls || int(digests.size()) != calls) {
        r.samples.clear();
        r.logs["bench"] = kernel.stop().err;
        r.fail("crash", "bench",
               numbers ? "the timed section reported " + std::to_string(digests.size()) + " digests and "
                       + std::to_string(r.samples.size()) + " samples for " + std::to_string(calls) + " calls"
                       : std::string("the timed section reported samples or digests that are not numbers"));
        return r.print();
    }
    // Which calls are verified is chosen now, after the section.
    std::vector<int> order(size_t(calls), 0);
    for (int i = 0; i < calls; ++i)
        order[size_t(i)] = i;
    entropy.shuffle(order);
    order.resize(std::min<size_t>(order.size(), 8));
    const auto tVerify = Clock::now();
    for (int i : order) {
        const CallDigest &d = digests[size_t(i)];
        if (!ref.send("verify " + std::to_string(i) + " " + std::to_string(timed->seeds[size_t(i)]) + " "
                      + std::to_string(timed->keys[size_t(i)]) + " " + d.sums + " " + d.nonfinite + " " + d.where
                      + " " + d.probes))
            return referenceFailed(r, ref, "bench", stageLimit);
        auto line = ref.next({"kwb:verified " + std::to_string(i) + " "}, benchDeadline);
        if (!line)
            return referenceFailed(r, ref, "bench", stageLimit);
        auto v = parseKeyValues(line->substr(13));
        if (v["ok"] != "1") {
            r.samples.clear();
            r.correct = 0;
            r.logs["bench"] = kernel.stop().err;
            r.fail("incorrect", "bench",
                   "correct when checked but not when timed: the outputs of timed call " + std::to_string(i + 1)
                       + " of " + std::to_string(calls) + " are not the reference's (their digest is off by "
                       + v["off"] + ", " + v["allowed"] + " allowed; non-finite elements " + v["nonfinite"]
                       + ", expected " + v["expected_nonfinite"]
                       + (v["where_ok"] == "1" ? std::string() : std::string(", not where the reference's are"))
                       + (v["probes_off"] == "0" ? std::string()
                                                 : "; " + v["probes_off"] + " of " + v["probes"]
                                                     + " elements looked at beyond the tolerance")
                       + ")");
            return r.print();
        }
    }
    r.verifyMs = msSince(tVerify);
    boundByVerifiedSamples(r, order);
    r.logs["bench"] = kernel.finish(Clock::now() + std::chrono::seconds(30)).err;
    r.logs["reference"] = ref.finish(Clock::now() + std::chrono::seconds(30)).err;
    // The null section's time per call, measured as the candidate's is: its
    // calls' round trips leave out the device work they queue (inputs, the
    // cache flush, the digests), which its end waits for.
    boundByOutsideClock(r, timed->outsideMs, calls, null->outsideMs / double(null->callMs.size()));
    r.summarizeSamples();
    if (mode.cpu) {
        r.countersReason = mode.countersReason;
        return r.print();
    }
    if (mode.neuron) {
        // Checked before the candidate's code runs again.
        const std::string tool = neuronProfiler();
        if (cfg.get("perf", "auto") == "off" || tool.empty()) {
            r.countersReason = tool.empty() ? "neither neuron-explorer nor neuron-profile is installed on this host "
                                              "(aws-neuronx-tools)"
                                            : "counters disabled for this run";
            return r.print();
        }
        // The profile role runs as the candidate's process does (sandboxed,
        // writing only its scratch) and leaves the NEFF of one call where
        // NKI_ARTIFACTS_DIR says; the profiler runs that on the device.
        const std::string artifacts = scratch + "/nki-artifacts";
        removeTree(artifacts);
        ::mkdir(artifacts.c_str(), 0755);
        const auto t0 = Clock::now();
        Proc one = run(sandbox.wrap({python, "harness.py", "profile", cand, feed}), std::max(timeout, 300.0), false,
                       4u << 20, candEnv);
        r.profileMs = msSince(t0);
        if (one.exitedOk())
            profileNeuron(r, tool, artifacts + "/kernel.neff", cand + "/neuron-profile", timeout, candEnv);
        else
            r.countersReason = "the profiled call " + describeExit(one) + ": " + trim(excerpt(one.err, 300));
        return r.print();
    }
    if (mode.amd) {
        // The profile role runs as the candidate's process does: sandboxed.
        std::vector<std::string> env = candEnv;
        profileWithRocprof(r, cfg, candDir, {python, "harness.py", "profile", cand, feed}, timeout, sandbox, env);
        return r.print();
    }
    profileOnce(r, cfg, candDir, {python, "harness.py", "profile", cand, feed}, timeout);
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
    if (mode == "neuron-summary" && argc == 3)
        return printNeuronMetrics(argv[2]);
    std::fprintf(stderr, "usage: supervisor eval CANDIDATE_DIR | ncu-metrics CSV | neuron-summary JSON\n");
    return 2;
}
