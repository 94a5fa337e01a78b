// Evaluation supervisor of the cpu-cxx target. Runs on the host (local or
// remote), never links kernel code itself: every stage that runs the kernel is
// a child process in its own process group, so a crash or hang is recorded as
// the kernel's result and the supervisor always prints one kwb.result/1
// document on stdout. Plain C++17 and POSIX so any host with g++ can build it.
//
//   supervisor eval CANDIDATE_DIR    (reads CANDIDATE_DIR/eval.conf)
//   supervisor calibrate

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <poll.h>
#include <sstream>
#include <string>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

// The child running now (its process group), so a terminating signal to
// the supervisor can take it down too.
volatile sig_atomic_t g_child = 0;

void onTerminate(int sig)
{
    if (g_child > 0)
        ::kill(-pid_t(g_child), SIGKILL);
    ::_exit(128 + sig);
}

double msSince(Clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool fileExists(const std::string &path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

std::string hex64(unsigned long long v)
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", v);
    return buf;
}

unsigned long long fnv1a(const std::string &s, unsigned long long h = 1469598103934665603ULL)
{
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

// ---- JSON writing (only what the result document needs) ----

std::string jsonString(const std::string &s)
{
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += char(c);
            }
        }
    }
    // Invalid UTF-8 from a compiler log must not make the document invalid.
    std::string clean;
    for (size_t i = 0; i < out.size();) {
        unsigned char c = out[i];
        int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        bool ok = len > 0 && i + len <= out.size();
        for (int k = 1; ok && k < len; ++k)
            ok = (static_cast<unsigned char>(out[i + k]) >> 6) == 2;
        if (ok) {
            clean.append(out, i, len);
            i += len;
        } else {
            clean += '?';
            ++i;
        }
    }
    return clean + "\"";
}

std::string jsonNumber(double v)
{
    if (!std::isfinite(v))
        return "null";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string excerpt(const std::string &log, size_t cap = 16000)
{
    if (log.size() <= cap)
        return log;
    return log.substr(0, cap / 2) + "\n[... " + std::to_string(log.size() - cap) + " bytes cut ...]\n"
        + log.substr(log.size() - cap / 2);
}

// ---- child processes with a deadline ----

struct Proc
{
    bool started = false;
    bool timedOut = false;
    int status = 0;
    std::string out; // stdout, capped
    std::string err; // stderr, capped (also echoed live to our stderr)
    double ms = 0;

    bool exitedOk() const { return started && !timedOut && WIFEXITED(status) && WEXITSTATUS(status) == 0; }
    bool signalled() const { return started && !timedOut && WIFSIGNALED(status); }
};

std::string signalName(int sig)
{
    const char *name = sigabbrev_np(sig);
    return std::string("SIG") + (name ? name : std::to_string(sig).c_str());
}

std::string describeExit(const Proc &p)
{
    if (!p.started)
        return "could not be started";
    if (p.timedOut)
        return "timed out";
    if (WIFSIGNALED(p.status)) {
        const int sig = WTERMSIG(p.status);
        return "was killed by signal " + std::to_string(sig) + " (" + signalName(sig) + ": "
            + strsignal(sig) + ")";
    }
    return "exited with status " + std::to_string(WEXITSTATUS(p.status));
}

Proc run(const std::vector<std::string> &argv, double timeoutSec, bool echoErr,
         size_t cap = 4u << 20)
{
    Proc p;
    int outPipe[2], errPipe[2];
    if (::pipe(outPipe) != 0 || ::pipe(errPipe) != 0)
        return p;
    const auto t0 = Clock::now();
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0)
        return p;
    if (pid == 0) {
        // Die with the supervisor even if it is SIGKILLed: a kernel must
        // never outlive its evaluation.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            ::_exit(1);
        ::setpgid(0, 0);
        ::dup2(outPipe[1], 1);
        ::dup2(errPipe[1], 2);
        ::close(outPipe[0]);
        ::close(errPipe[0]);
        ::close(outPipe[1]);
        ::close(errPipe[1]);
        std::vector<char *> args;
        for (const std::string &a : argv)
            args.push_back(const_cast<char *>(a.c_str()));
        args.push_back(nullptr);
        ::execvp(args[0], args.data());
        std::fprintf(stderr, "kwb: cannot run %s: %s\n", args[0], std::strerror(errno));
        ::_exit(127);
    }
    ::setpgid(pid, pid);
    g_child = pid;
    p.started = true;
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
    int open = 2;
    char buf[65536];
    while (open > 0) {
        const double left = timeoutSec * 1000.0 - msSince(t0);
        if (left <= 0) {
            p.timedOut = true;
            ::kill(-pid, SIGKILL);
            break;
        }
        const int n = ::poll(fds, 2, int(std::min(left, 1000.0)) + 1);
        if (n < 0 && errno != EINTR)
            break;
        for (pollfd &f : fds) {
            if (f.fd < 0 || !(f.revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t got = ::read(f.fd, buf, sizeof buf);
            if (got <= 0) {
                ::close(f.fd);
                f.fd = -1;
                --open;
                continue;
            }
            std::string &dst = (&f == &fds[0]) ? p.out : p.err;
            if (dst.size() < cap)
                dst.append(buf, size_t(std::min<ssize_t>(got, ssize_t(cap - dst.size()))));
            if (&f == &fds[1] && echoErr)
                (void)!::write(2, buf, size_t(got));
        }
    }
    for (pollfd &f : fds) {
        if (f.fd >= 0)
            ::close(f.fd);
    }
    // The pipes are closed; the child may still linger (it closed its
    // output, or was just killed). Wait for it, within the deadline.
    for (;;) {
        const pid_t r = ::waitpid(pid, &p.status, WNOHANG);
        if (r == pid || (r < 0 && errno != EINTR))
            break;
        if (msSince(t0) > timeoutSec * 1000.0 && !p.timedOut) {
            p.timedOut = true;
            ::kill(-pid, SIGKILL);
        }
        ::usleep(2000);
    }
    // Take down anything the child left behind in its group.
    ::kill(-pid, SIGKILL);
    g_child = 0;
    p.ms = msSince(t0);
    return p;
}

// ---- configuration ----

struct Config
{
    std::map<std::string, std::string> values;
    std::vector<std::string> flags;
    std::vector<std::string> ldflags;

    static Config read(const std::string &path)
    {
        Config c;
        std::ifstream in(path);
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#')
                continue;
            const size_t eq = line.find('=');
            if (eq == std::string::npos)
                continue;
            const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
            if (key == "flag")
                c.flags.push_back(value);
            else if (key == "ldflag")
                c.ldflags.push_back(value);
            else
                c.values[key] = value;
        }
        return c;
    }
    std::string get(const std::string &k, const std::string &def = {}) const
    {
        auto it = values.find(k);
        return it == values.end() ? def : it->second;
    }
    double num(const std::string &k, double def) const
    {
        auto it = values.find(k);
        return it == values.end() ? def : std::atof(it->second.c_str());
    }
};

std::map<std::string, std::string> parseKeyValues(const std::string &line)
{
    std::map<std::string, std::string> kv;
    std::istringstream in(line);
    std::string tok;
    while (in >> tok) {
        const size_t eq = tok.find('=');
        if (eq != std::string::npos)
            kv[tok.substr(0, eq)] = tok.substr(eq + 1);
    }
    return kv;
}

// ---- the result document ----

struct Result
{
    std::string stage = "compile";
    bool compiled = false;
    int correct = -1; // -1 not checked, 0 wrong, 1 right
    std::string failureClass, failureStage, failureMessage;
    std::vector<std::string> checks; // JSON objects
    std::vector<double> samples;
    int warmup = 0;
    int callsPerSample = 1;
    bool coldCache = false;
    std::map<std::string, double> metrics;
    bool countersAvailable = false;
    std::string countersReason;
    double compileMs = 0, checkMs = 0, benchMs = 0, profileMs = 0;
    std::map<std::string, std::string> logs;

    void fail(const std::string &cls, const std::string &stageName, const std::string &message)
    {
        failureClass = cls;
        failureStage = stageName;
        failureMessage = message;
    }

    std::string json() const
    {
        std::string j = "{\"schema\":\"kwb.result/1\"";
        j += ",\"stage\":" + jsonString(stage);
        j += std::string(",\"compiled\":") + (compiled ? "true" : "false");
        j += std::string(",\"correct\":") + (correct < 0 ? "null" : correct ? "true" : "false");
        if (failureClass.empty())
            j += ",\"failure\":null";
        else
            j += ",\"failure\":{\"class\":" + jsonString(failureClass) + ",\"stage\":"
                + jsonString(failureStage) + ",\"message\":" + jsonString(failureMessage) + "}";
        j += ",\"checks\":[";
        for (size_t i = 0; i < checks.size(); ++i)
            j += (i ? "," : "") + checks[i];
        j += "]";
        if (samples.empty()) {
            j += ",\"latency\":null";
        } else {
            std::vector<double> s = samples;
            std::sort(s.begin(), s.end());
            auto q = [&](double f) {
                const double pos = f * double(s.size() - 1);
                const size_t lo = size_t(pos);
                const size_t hi = std::min(lo + 1, s.size() - 1);
                return s[lo] + (s[hi] - s[lo]) * (pos - double(lo));
            };
            double mean = 0;
            for (double v : s)
                mean += v;
            mean /= double(s.size());
            double var = 0;
            for (double v : s)
                var += (v - mean) * (v - mean);
            const double stddev = s.size() > 1 ? std::sqrt(var / double(s.size() - 1)) : 0.0;
            j += ",\"latency\":{\"min_ms\":" + jsonNumber(s.front()) + ",\"median_ms\":" + jsonNumber(q(0.5))
                + ",\"p90_ms\":" + jsonNumber(q(0.9)) + ",\"max_ms\":" + jsonNumber(s.back())
                + ",\"mean_ms\":" + jsonNumber(mean) + ",\"stddev_ms\":" + jsonNumber(stddev)
                + ",\"q1_ms\":" + jsonNumber(q(0.25)) + ",\"q3_ms\":" + jsonNumber(q(0.75))
                + ",\"warmup\":" + std::to_string(warmup) + ",\"calls_per_sample\":" + std::to_string(callsPerSample)
                + ",\"cold_cache\":" + (coldCache ? "true" : "false")
                + ",\"samples_ms\":[";
            for (size_t i = 0; i < samples.size(); ++i)
                j += (i ? "," : "") + jsonNumber(samples[i]);
            j += "]}";
        }
        j += ",\"metrics\":{";
        bool first = true;
        for (const auto &[k, v] : metrics) {
            if (!std::isfinite(v))
                continue;
            j += (first ? "" : ",") + jsonString(k) + ":" + jsonNumber(v);
            first = false;
        }
        j += "}";
        j += std::string(",\"counters\":{\"available\":") + (countersAvailable ? "true" : "false")
            + ",\"reason\":" + jsonString(countersReason) + "}";
        j += ",\"timings\":{\"compile_ms\":" + jsonNumber(compileMs) + ",\"check_ms\":" + jsonNumber(checkMs)
            + ",\"bench_ms\":" + jsonNumber(benchMs) + ",\"profile_ms\":" + jsonNumber(profileMs) + "}";
        j += ",\"log\":{";
        first = true;
        for (const auto &[k, v] : logs) {
            if (v.empty())
                continue;
            j += (first ? "" : ",") + jsonString(k) + ":" + jsonString(excerpt(v));
            first = false;
        }
        j += "}}";
        return j;
    }
};

// Compiles `source` to `object` unless a cached object with that name exists.
// Objects are written under a temporary name and renamed, so concurrent
// evaluations sharing the cache never see half an object.
Proc compileObject(const Config &cfg, const std::string &source, const std::string &object,
                   const std::vector<std::string> &extra, double timeout)
{
    std::vector<std::string> argv = {cfg.get("cxx", "g++")};
    argv.insert(argv.end(), cfg.flags.begin(), cfg.flags.end());
    argv.insert(argv.end(), extra.begin(), extra.end());
    const std::string tmp = object + ".tmp." + std::to_string(::getpid());
    argv.insert(argv.end(), {"-include", "kwb_problem.h", "-I.", "-c", source, "-o", tmp});
    Proc p = run(argv, timeout, false);
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
    const std::string refObj = "obj/reference-" + hex64(fnv1a(readFile("reference.cpp"), fnv1a(problemKey))) + ".o";
    const std::string harnessObj = "obj/harness-" + hex64(fnv1a(readFile("harness.cpp"), fnv1a(problemKey))) + ".o";
    if (!fileExists(refObj)) {
        Proc p = compileObject(cfg, "reference.cpp", refObj, {}, compileTimeout);
        if (!p.exitedOk()) {
            r.logs["compile"] = p.out + p.err;
            r.fail("reference", "compile", "the workload's reference does not compile: " + describeExit(p));
            r.compileMs = msSince(tCompile);
            std::printf("%s\n", r.json().c_str());
            return 0;
        }
    }
    if (!fileExists(harnessObj)) {
        Proc p = compileObject(cfg, "harness.cpp", harnessObj, {"-DKWB_HARNESS"}, compileTimeout);
        if (!p.exitedOk()) {
            std::fprintf(stderr, "kwb: the harness does not compile on this host:\n%s%s", p.out.c_str(), p.err.c_str());
            return 3;
        }
    }
    const std::string kernelObj = candDir + "/kernel.o";
    Proc cc = compileObject(cfg, kernelSrc, kernelObj, {}, compileTimeout);
    r.logs["compile"] = cc.out + cc.err;
    if (!cc.err.empty())
        std::fprintf(stderr, "%s", cc.err.c_str());
    if (!cc.exitedOk()) {
        r.compileMs = msSince(tCompile);
        r.fail(cc.timedOut ? "timeout" : "compile", "compile",
               cc.timedOut ? "the compiler ran past " + jsonNumber(compileTimeout) + " s"
                           : "the kernel does not compile (compiler " + describeExit(cc) + ")");
        std::printf("%s\n", r.json().c_str());
        return 0;
    }
    const std::string binary = candDir + "/harness";
    std::vector<std::string> link = {cfg.get("cxx", "g++")};
    link.insert(link.end(), cfg.flags.begin(), cfg.flags.end());
    link.insert(link.end(), {kernelObj, refObj, harnessObj, "-o", binary});
    link.insert(link.end(), cfg.ldflags.begin(), cfg.ldflags.end());
    link.push_back("-lm");
    Proc ld = run(link, compileTimeout, true);
    r.compileMs = msSince(tCompile);
    if (!ld.exitedOk()) {
        r.logs["compile"] += ld.out + ld.err;
        r.fail("compile", "compile", "the kernel does not link (is the entry function defined with the declared "
                                     "signature, and are its libraries installed?)");
        std::printf("%s\n", r.json().c_str());
        return 0;
    }
    r.compiled = true;

    // ---- check ----
    r.stage = "check";
    std::fprintf(stderr, "kwb: checking against the reference over seeds %s\n", cfg.get("seeds").c_str());
    const auto tCheck = Clock::now();
    Proc chk = run({binary, "check", cfg.get("seeds", "1"), cfg.get("atol", "1e-4"), cfg.get("rtol", "1e-4")},
                   timeout, true);
    r.checkMs = msSince(tCheck);
    r.logs["check"] = chk.err;
    bool allOk = true;
    int lastSeed = 0;
    std::istringstream lines(chk.out);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind("kwb:check ", 0) != 0) {
            std::fprintf(stderr, "%s\n", line.c_str()); // the kernel's own prints
            continue;
        }
        auto kv = parseKeyValues(line.substr(10));
        const bool ok = kv["ok"] == "1";
        allOk = allOk && ok;
        lastSeed = std::atoi(kv["seed"].c_str());
        r.checks.push_back("{\"seed\":" + kv["seed"] + ",\"output\":" + jsonString(kv["output"])
                           + ",\"ok\":" + (ok ? "true" : "false") + ",\"rel_l2\":"
                           + jsonNumber(std::atof(kv["rel_l2"].c_str())) + ",\"max_abs\":"
                           + jsonNumber(std::atof(kv["max_abs"].c_str())) + ",\"mismatches\":"
                           + kv["mismatches"] + ",\"nonfinite\":" + kv["nonfinite"] + ",\"elements\":"
                           + kv["elements"] + ",\"worst_index\":" + kv["worst_index"] + "}");
    }
    if (!chk.exitedOk()) {
        const std::string when = lastSeed ? " after seed " + std::to_string(lastSeed) : "";
        r.fail(chk.timedOut ? "timeout" : "crash", "check",
               chk.timedOut ? "the kernel ran past " + jsonNumber(timeout) + " s while being checked" + when
                            : "the check " + describeExit(chk) + when);
        std::printf("%s\n", r.json().c_str());
        return 0;
    }
    if (r.checks.empty()) {
        r.fail("crash", "check", "the check printed no verdict");
        std::printf("%s\n", r.json().c_str());
        return 0;
    }
    r.correct = allOk ? 1 : 0;
    if (!allOk) {
        r.fail("incorrect", "check", "the kernel's output differs from the reference beyond atol/rtol");
        std::printf("%s\n", r.json().c_str());
        return 0;
    }

    // ---- bench (and profile, when the machine has counters) ----
    r.stage = "bench";
    const std::string problem = cfg.get("perf", "auto") == "off" ? "counters disabled for this run" : perfProblem();
    r.countersAvailable = problem.empty();
    r.countersReason = problem;
    r.warmup = std::atoi(cfg.get("warmup", "2").c_str());
    r.coldCache = cfg.get("cold_cache", "0") == "1";
    std::vector<std::string> bench = {binary, "bench", cfg.get("warmup", "2"), cfg.get("iters", "20"),
                                      cfg.get("max_seconds", "10"), cfg.get("cold_cache", "0")};
    const std::string perfOut = candDir + "/perf.csv";
    if (r.countersAvailable) {
        bench.insert(bench.begin(), {"perf", "stat", "-x,", "-o", perfOut, "-e",
                                     "instructions,cycles,cache-references,cache-misses", "--"});
    }
    std::fprintf(stderr, "kwb: timing (%s warm-up, up to %s iterations)\n", cfg.get("warmup", "2").c_str(),
                 cfg.get("iters", "20").c_str());
    const auto tBench = Clock::now();
    Proc b = run(bench, timeout, true);
    r.benchMs = msSince(tBench);
    r.logs["bench"] = b.err;
    std::istringstream blines(b.out);
    while (std::getline(blines, line)) {
        if (line.rfind("kwb:bench ", 0) != 0) {
            std::fprintf(stderr, "%s\n", line.c_str());
            continue;
        }
        auto kv = parseKeyValues(line.substr(10));
        r.callsPerSample = std::max(1, std::atoi(kv["calls_per_sample"].c_str()));
        std::istringstream vals(kv["samples_ms"]);
        std::string v;
        while (std::getline(vals, v, ','))
            r.samples.push_back(std::atof(v.c_str()));
    }
    if (!b.exitedOk() || r.samples.empty()) {
        r.samples.clear();
        r.fail(b.timedOut ? "timeout" : "crash", "bench",
               b.timedOut ? "the kernel ran past " + jsonNumber(timeout) + " s while being timed"
                          : "the benchmark " + describeExit(b));
        std::printf("%s\n", r.json().c_str());
        return 0;
    }
    {
        std::vector<double> s = r.samples;
        std::sort(s.begin(), s.end());
        const double med = s[s.size() / 2];
        r.metrics["median_ms"] = s.size() % 2 ? med : (s[s.size() / 2 - 1] + med) / 2;
        r.metrics["min_ms"] = s.front();
        r.metrics["p90_ms"] = s[std::min(s.size() - 1, size_t(std::ceil(0.9 * double(s.size() - 1))))];
        const double q1 = s[s.size() / 4], q3 = s[(3 * s.size()) / 4];
        r.metrics["spread_pct"] = r.metrics["median_ms"] > 0 ? 100.0 * (q3 - q1) / r.metrics["median_ms"] : 0;
    }
    if (r.countersAvailable) {
        r.stage = "profile";
        std::map<std::string, double> counts;
        std::istringstream perf(readFile(perfOut));
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
    std::printf("%s\n", r.json().c_str());
    return 0;
}

int calibrate()
{
    const char *cxx = std::getenv("KWB_CXX");
    const std::string compiler = cxx ? cxx : "g++";
    const std::string source = readFile("calibrate.cpp");
    const std::string binary = ".kwb-calibrate-" + hex64(fnv1a(source + compiler));
    if (!fileExists(binary)) {
        Proc p = run({compiler, "-O2", "-march=native", "-std=c++17", "-o", binary + ".tmp", "calibrate.cpp"}, 300, true);
        if (!p.exitedOk()) {
            std::fprintf(stderr, "kwb: could not build the calibration benchmark:\n%s", p.err.c_str());
            return 3;
        }
        std::rename((binary + ".tmp").c_str(), binary.c_str());
    }
    Proc p = run({"./" + binary}, 300, true);
    if (!p.exitedOk()) {
        std::fprintf(stderr, "kwb: the calibration benchmark %s\n", describeExit(p).c_str());
        return 3;
    }
    std::fwrite(p.out.data(), 1, p.out.size(), stdout);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    std::signal(SIGPIPE, SIG_IGN);
    for (int sig : {SIGTERM, SIGINT, SIGHUP})
        std::signal(sig, onTerminate);
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "eval" && argc == 3)
        return evaluate(argv[2]);
    if (mode == "calibrate")
        return calibrate();
    std::fprintf(stderr, "usage: supervisor eval CANDIDATE_DIR | supervisor calibrate\n");
    return 2;
}
