// What every target's evaluation supervisor shares: child processes with a
// deadline (their own process group, killed with the supervisor), the
// outside clock over marked sections of a child's output, the eval.conf
// reader and the kwb.result/1 document. Plain C++17 and POSIX, header-only,
// so a host builds a supervisor with nothing but its C++ compiler. kwb
// installs this file beside each target's supervisor.cpp.
#pragma once

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cmath>
#include <csignal>
#include <cxxabi.h>
#include <dirent.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <optional>
#include <poll.h>
#include <random>
#include <regex>
#include <sched.h>
#include <sys/resource.h>
#include <sstream>
#include <string>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace kwbhost {

using Clock = std::chrono::steady_clock;

// The child running now (its process group), so a terminating signal to
// the supervisor can take it down too.
inline volatile sig_atomic_t g_child = 0;

inline void onTerminate(int sig)
{
    if (g_child > 0)
        ::kill(-pid_t(g_child), SIGKILL);
    ::_exit(128 + sig);
}

/// Ignores SIGPIPE and kills the running child on SIGTERM, SIGINT, SIGHUP.
/// The supervisor also dies with whoever started it (kwb, or the SSH
/// session's shell): an evaluation nobody waits for must not go on, least
/// of all beside a resumed run's evaluation of the same candidate. And it
/// becomes the reaper of everything its children start, so a helper that
/// left its process group (setsid) is still found and killed.
inline void installSignalHandlers()
{
    std::signal(SIGPIPE, SIG_IGN);
    for (int sig : {SIGTERM, SIGINT, SIGHUP})
        std::signal(sig, onTerminate);
    const pid_t parent = ::getppid();
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) // the parent died before the line above
        onTerminate(SIGTERM);
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
}

/// The processes whose parent is `parent`: from the kernel's list of a
/// thread's children where it keeps one (one small file), else by reading
/// every /proc/PID/stat.
inline std::vector<pid_t> childrenOf(pid_t parent)
{
    std::vector<pid_t> out;
    char listPath[64];
    std::snprintf(listPath, sizeof listPath, "/proc/%d/task/%d/children", int(parent), int(parent));
    if (FILE *list = std::fopen(listPath, "r")) {
        int pid = 0;
        while (std::fscanf(list, "%d", &pid) == 1)
            out.push_back(pid_t(pid));
        std::fclose(list);
        return out;
    }
    DIR *proc = ::opendir("/proc");
    if (!proc)
        return out;
    while (const dirent *e = ::readdir(proc)) {
        const pid_t pid = pid_t(std::atoi(e->d_name));
        if (pid <= 0)
            continue;
        char path[64];
        std::snprintf(path, sizeof path, "/proc/%d/stat", int(pid));
        FILE *f = std::fopen(path, "r");
        if (!f)
            continue;
        char line[1024];
        const bool got = std::fgets(line, sizeof line, f) != nullptr;
        std::fclose(f);
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
        const char *close = got ? std::strrchr(line, ')') : nullptr;
        int ppid = 0;
        char state = 0;
        if (close && std::sscanf(close + 1, " %c %d", &state, &ppid) == 2 && ppid == parent)
            out.push_back(pid);
    }
    ::closedir(proc);
    return out;
}

/// Kills everything left of what the supervisor started: its children's
/// orphans come to it (it is their subreaper), however they detached.
/// Bounded: a process that forks faster than this kills is given up on
/// after a few hundred sweeps, and the count of what was killed is returned.
/// The children the supervisor is still talking with (Peer), which a sweep
/// after another child must spare.
inline std::vector<pid_t> &livePeers()
{
    static std::vector<pid_t> pids;
    return pids;
}

inline int killLeftovers()
{
    int killed = 0;
    for (int sweep = 0; sweep < 500; ++sweep) {
        std::vector<pid_t> left = childrenOf(::getpid());
        const std::vector<pid_t> &spare = livePeers();
        left.erase(std::remove_if(left.begin(), left.end(),
                                  [&](pid_t p) { return std::find(spare.begin(), spare.end(), p) != spare.end(); }),
                   left.end());
        if (left.empty())
            break;
        for (pid_t pid : left) {
            ::kill(pid, SIGKILL);
            ++killed;
        }
        for (pid_t pid : left)
            ::waitpid(pid, nullptr, 0);
    }
    return killed;
}

/// Holds an exclusive lock on `dir`/.kwb-lock while it lives, so two
/// supervisors never evaluate in one candidate folder at once (a resumed
/// run meeting one that is still being torn down waits for it).
struct FolderLock
{
    int fd = -1;
    bool held = false;
    FolderLock(const std::string &dir, double timeoutSec)
    {
        fd = ::open((dir + "/.kwb-lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        const auto t0 = Clock::now();
        while (fd >= 0 && !(held = ::flock(fd, LOCK_EX | LOCK_NB) == 0)
               && std::chrono::duration<double>(Clock::now() - t0).count() < timeoutSec)
            ::usleep(20000);
    }
    ~FolderLock()
    {
        if (fd >= 0)
            ::close(fd);
    }
    FolderLock(const FolderLock &) = delete;
    FolderLock &operator=(const FolderLock &) = delete;
};

/// Runs `evaluate` on a candidate folder under its lock; exit status 3 (the
/// host's problem, retried) when another evaluation holds it past a minute.
inline int evaluateLocked(const std::string &candDir, int (*evaluate)(const std::string &))
{
    FolderLock lock(candDir, 60);
    if (lock.fd >= 0 && !lock.held) { // (a missing folder is evaluate's to report)
        std::fprintf(stderr, "kwb: another evaluation of %s is still running in that folder\n", candDir.c_str());
        return 3;
    }
    return evaluate(candDir);
}

inline double msSince(Clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

inline std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline bool fileExists(const std::string &path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

inline std::string hex64(unsigned long long v)
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", v);
    return buf;
}

inline unsigned long long fnv1a(const std::string &s, unsigned long long h = 1469598103934665603ULL)
{
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

inline std::string trim(const std::string &s)
{
    const size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// ---- JSON writing (only what the documents need) ----

inline std::string jsonString(const std::string &s)
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

inline std::string jsonNumber(double v)
{
    if (!std::isfinite(v))
        return "null";
    char buf[32];
    // Whole numbers (byte and instruction counts past 10^9) in full; others
    // to nine significant digits.
    if (v == std::floor(v) && std::fabs(v) < 9007199254740992.0) // 2^53
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

/// A JSON object of named numbers; a value that is not finite is left out.
inline std::string jsonNumbers(const std::map<std::string, double> &values)
{
    std::string j = "{";
    for (const auto &[k, v] : values) {
        if (std::isfinite(v))
            j += (j.size() > 1 ? "," : "") + jsonString(k) + ":" + jsonNumber(v);
    }
    return j + "}";
}

inline std::string excerpt(const std::string &log, size_t cap = 16000)
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
    double cpuMs = 0; ///< user + system time of the child and what it waited for
    /// "kwb:mark NAME" lines of stdout and when the supervisor read them (ms
    /// since the child started): the outside clock a child cannot touch.
    std::map<std::string, double> marks;
    int leftovers = 0; ///< processes it left behind, outside its group too, killed after it
    bool overCap = false; ///< stopped for printing more than kOutputLimit

    bool exitedOk() const { return started && !timedOut && WIFEXITED(status) && WEXITSTATUS(status) == 0; }
    bool exitedWith(int code) const
    {
        return started && !timedOut && WIFEXITED(status) && WEXITSTATUS(status) == code;
    }
    bool signalled() const { return started && !timedOut && WIFSIGNALED(status); }
    /// Milliseconds between two marks by the supervisor's clock; NAN if either is missing.
    double between(const std::string &from, const std::string &to) const
    {
        auto a = marks.find(from), b = marks.find(to);
        return a == marks.end() || b == marks.end() ? NAN : b->second - a->second;
    }
};

inline std::string signalName(int sig)
{
    const char *name = sigabbrev_np(sig);
    return std::string("SIG") + (name ? name : std::to_string(sig).c_str());
}

/// Where `program` is on PATH, or nothing (no `which`: minimal images lack it).
inline std::string onPath(const std::string &program)
{
    std::istringstream path(std::getenv("PATH") ? std::getenv("PATH") : "");
    std::string dir;
    while (std::getline(path, dir, ':')) {
        if (!dir.empty() && ::access((dir + "/" + program).c_str(), X_OK) == 0)
            return dir + "/" + program;
    }
    return {};
}

/// A tool: $`envVar` when set, else `name` on PATH, else `dir`/`name`
/// (its vendor's install place); nothing when none is there.
inline std::string findTool(const char *envVar, const std::string &name, const std::string &dir)
{
    if (const char *env = envVar ? std::getenv(envVar) : nullptr; env && *env)
        return env;
    if (!onPath(name).empty())
        return name;
    const std::string installed = dir + "/" + name;
    return ::access(installed.c_str(), X_OK) == 0 ? installed : std::string();
}

/// Whether a sandboxed process may see this environment entry ("NAME=…"):
/// the toolchains', runtimes' and locale's variables; never the rest, where
/// an API key, an SSH agent's socket or a token would be.
inline bool sandboxMayInherit(const char *entry)
{
    static const char *const names[] = {"PATH", "HOME", "TMPDIR", "LANG", "LANGUAGE", "TERM", "TZ", "USER",
                                        "LOGNAME", "LD_LIBRARY_PATH", "CPATH", "LIBRARY_PATH", "C_INCLUDE_PATH",
                                        "CPLUS_INCLUDE_PATH", "XDG_CACHE_HOME"};
    static const char *const prefixes[] = {"LC_", "CUDA_", "NVIDIA_", "OMP_", "GOMP_", "KMP_", "MKL_",
                                           "OPENBLAS_", "POCL_", "OCL_", "KWB_CL_", "TRITON_", "TORCH", "PYTHON",
                                           "HIP_", "ROCM_", "ROCR_", "HSA_", "GPU_DEVICE_ORDINAL", "NEURON_",
                                           "NKI_"};
    const char *eq = std::strchr(entry, '=');
    if (!eq)
        return false;
    const std::string name(entry, eq);
    for (const char *n : names)
        if (name == n)
            return true;
    for (const char *p : prefixes)
        if (name.rfind(p, 0) == 0)
            return true;
    return false;
}

inline bool runsSandboxed(const std::vector<std::string> &argv)
{
    return std::find(argv.begin(), argv.end(), std::string("bwrap")) != argv.end();
}

/// bubblewrap exits with 128 + N when what it ran was killed by signal N:
/// the status is made the signal's again, so a crash in the sandbox reads
/// as the crash it is.
inline void unwrapSandboxStatus(Proc &p, const std::vector<std::string> &argv)
{
    if (!runsSandboxed(argv) || !WIFEXITED(p.status))
        return;
    const int code = WEXITSTATUS(p.status);
    if (code > 128 && code < 128 + 65)
        p.status = code - 128; // a wait status saying "killed by signal code - 128"
}

inline std::string describeExit(const Proc &p)
{
    if (!p.started)
        return "could not be started";
    if (p.timedOut)
        return "timed out";
    if (WIFSIGNALED(p.status)) {
        const int sig = WTERMSIG(p.status);
        return "was killed by signal " + std::to_string(sig) + " (" + signalName(sig) + ": " + strsignal(sig)
            + ")";
    }
    return "exited with status " + std::to_string(WEXITSTATUS(p.status));
}

/// What a child may print in all before it is stopped: past the 4 MiB
/// kept, output is only counted, but a kernel printing without end would
/// still keep the host busy.
constexpr size_t kOutputLimit = size_t(256) << 20;

/// Forks `argv` in its own process group, dying with the supervisor, with
/// stdout and stderr on `outFd` and `errFd` and stdin on `inFd` (or
/// /dev/null when -1); `env` entries ("NAME=value") are added to its
/// environment and it is pinned to `pinCpus` CPUs when positive. Returns its
/// pid (-1 when fork failed). Every other descriptor of the parent's pipes
/// listed in `closeInChild` is closed in the child. A `foreground` child is
/// the one a terminating signal takes down with the supervisor (g_child):
/// the signals wait until it is recorded, so one that comes while it is
/// being started cannot leave it running (bubblewrap, which changes its
/// credentials, loses the parent-death signal below).
inline pid_t launch(const std::vector<std::string> &argv, int inFd, int outFd, int errFd,
                    const std::vector<int> &closeInChild, const std::vector<std::string> &env, int pinCpus,
                    bool foreground = false)
{
    sigset_t terminating, before;
    ::sigemptyset(&terminating);
    for (int sig : {SIGTERM, SIGINT, SIGHUP})
        ::sigaddset(&terminating, sig);
    ::sigprocmask(SIG_BLOCK, &terminating, &before);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid != 0) {
        if (pid > 0) {
            ::setpgid(pid, pid);
            if (foreground)
                g_child = pid;
        }
        ::sigprocmask(SIG_SETMASK, &before, nullptr);
        return pid;
    }
    ::sigprocmask(SIG_SETMASK, &before, nullptr);
    // Die with the supervisor even if it is SIGKILLed: a kernel must
    // never outlive its evaluation.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent)
        ::_exit(1);
    ::setpgid(0, 0);
    if (inFd < 0)
        inFd = ::open("/dev/null", O_RDONLY);
    ::dup2(inFd, 0);
    ::dup2(outFd, 1);
    ::dup2(errFd, 2);
    for (int fd : closeInChild)
        ::close(fd);
    if (runsSandboxed(argv)) {
        std::vector<std::string> drop;
        for (char **e = environ; *e; ++e)
            if (!sandboxMayInherit(*e))
                drop.emplace_back(*e, std::strchr(*e, '=') ? std::strchr(*e, '=') : *e + std::strlen(*e));
        for (const std::string &name : drop)
            ::unsetenv(name.c_str());
    }
    for (const std::string &e : env) // what the supervisor sets is meant for the child
        ::putenv(const_cast<char *>(e.c_str()));
    if (pinCpus > 0) {
        // pinCpus of the CPUs this process may use, starting with the
        // one the scheduler put it on (not always CPU 0, which may be
        // the busy one): a kernel gets the cores the workload declares.
        cpu_set_t allowed, pinned;
        CPU_ZERO(&pinned);
        if (::sched_getaffinity(0, sizeof allowed, &allowed) == 0) {
            const int here = std::max(0, ::sched_getcpu());
            int taken = 0;
            for (int k = 0; k < CPU_SETSIZE && taken < pinCpus; ++k) {
                const int c = (here + k) % CPU_SETSIZE;
                if (CPU_ISSET(c, &allowed)) {
                    CPU_SET(c, &pinned);
                    ++taken;
                }
            }
            ::sched_setaffinity(0, sizeof pinned, &pinned);
        }
    }
    std::vector<char *> args;
    for (const std::string &a : argv)
        args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    std::fprintf(stderr, "kwb: cannot run %s: %s\n", args[0], std::strerror(errno));
    ::_exit(127);
}

/// Samples the device's conditions while the benchmark runs: `argv` (the
/// toolchain's sampler, never candidate code) runs beside it with its
/// output in `path`; stop() ends it and returns what it printed.
class ConditionsSampler
{
public:
    ConditionsSampler(const std::vector<std::string> &argv, std::string path) : m_path(std::move(path))
    {
        if (argv.empty())
            return;
        const int out = ::open(m_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        const int quiet = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (out >= 0 && quiet >= 0)
            m_pid = launch(argv, -1, out, quiet, {}, {}, 0);
        for (int fd : {out, quiet})
            if (fd >= 0)
                ::close(fd);
    }
    ConditionsSampler(const ConditionsSampler &) = delete;
    ConditionsSampler &operator=(const ConditionsSampler &) = delete;
    ~ConditionsSampler() { stop(); }

    std::string stop()
    {
        if (m_pid <= 0)
            return {};
        // Asked to end, then made to within a second: a sampler that
        // ignores SIGTERM must not hold up the evaluation.
        ::kill(m_pid, SIGTERM);
        int status = 0;
        for (int waited = 0; ::waitpid(m_pid, &status, WNOHANG) == 0; waited += 10) {
            if (waited >= 1000) {
                ::kill(m_pid, SIGKILL);
                ::waitpid(m_pid, &status, 0);
                break;
            }
            ::usleep(10'000);
        }
        m_pid = -1;
        return readFile(m_path);
    }

private:
    std::string m_path;
    pid_t m_pid = -1;
};

/// Runs argv in its own process group with a deadline; stdout and stderr
/// are captured (capped), stderr echoed live when `echoErr`. `env` entries
/// ("NAME=value") are added to the child's environment.
inline Proc run(const std::vector<std::string> &argv, double timeoutSec, bool echoErr, size_t cap = 4u << 20,
                const std::vector<std::string> &env = {}, int pinCpus = 0)
{
    Proc p;
    int outPipe[2], errPipe[2];
    if (::pipe(outPipe) != 0 || ::pipe(errPipe) != 0)
        return p;
    const auto t0 = Clock::now();
    const pid_t pid = launch(argv, -1, outPipe[1], errPipe[1], {outPipe[0], errPipe[0], outPipe[1], errPipe[1]}, env,
                             pinCpus, true);
    if (pid < 0)
        return p;
    p.started = true;
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
    int open = 2;
    char buf[65536];
    std::string pendingLine; // an unfinished stdout line, for marks
    size_t printed = 0;
    bool reaped = false;
    auto reap = [&](int flags) {
        struct rusage usage;
        const pid_t r = ::wait4(pid, &p.status, flags, &usage);
        if (r == pid) {
            reaped = true;
            unwrapSandboxStatus(p, argv);
            p.cpuMs = 1e3 * (double(usage.ru_utime.tv_sec) + double(usage.ru_stime.tv_sec))
                + 1e-3 * (double(usage.ru_utime.tv_usec) + double(usage.ru_stime.tv_usec));
            // Whatever it started may still hold its pipes open: the child
            // is done, so they go now, in its group or not.
            ::kill(-pid, SIGKILL);
            p.leftovers += killLeftovers();
        }
        return r;
    };
    while (open > 0) {
        if (!reaped)
            reap(WNOHANG);
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
            const double now = msSince(t0);
            const bool isOut = &f == &fds[0];
            std::string &dst = isOut ? p.out : p.err;
            const bool echo = !isOut && echoErr && dst.size() < cap;
            if (dst.size() < cap)
                dst.append(buf, size_t(std::min<ssize_t>(got, ssize_t(cap - dst.size()))));
            if (!isOut && echoErr && dst.size() >= cap && echo)
                std::fprintf(stderr, "\nkwb: [more output than the %zu MiB shown]\n", cap >> 20);
            printed += size_t(got);
            if (printed > kOutputLimit && !p.overCap) {
                p.overCap = true;
                ::kill(-pid, SIGKILL);
            }
            if (isOut) {
                // Lines are short; the unfinished one stays bounded.
                pendingLine.append(buf, size_t(got));
                size_t nl;
                while ((nl = pendingLine.find('\n')) != std::string::npos) {
                    const std::string line = pendingLine.substr(0, nl);
                    pendingLine.erase(0, nl + 1);
                    if (line.rfind("kwb:mark ", 0) == 0 && !p.marks.count(trim(line.substr(9))))
                        p.marks[trim(line.substr(9))] = now;
                }
                if (pendingLine.size() > 4096)
                    pendingLine.erase(0, pendingLine.size() - 4096);
            }
            if (echo)
                (void)!::write(2, buf, size_t(got));
        }
    }
    for (pollfd &f : fds) {
        if (f.fd >= 0)
            ::close(f.fd);
    }
    // The pipes are closed; the child may still linger (it closed its
    // output, or was just killed). Wait for it, within the deadline.
    while (!reaped) {
        const pid_t r = reap(WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR)
            break;
        if (msSince(t0) > timeoutSec * 1000.0 && !p.timedOut) {
            p.timedOut = true;
            ::kill(-pid, SIGKILL);
        }
        ::usleep(2000);
    }
    if (!reaped) { // (reap() swept up after a child it reaped)
        ::kill(-pid, SIGKILL);
        p.leftovers += killLeftovers();
    }
    g_child = 0;
    p.ms = msSince(t0);
    return p;
}

/// The lines of `text` that start with `prefix`, prefix removed; other lines
/// (the kernel's own prints) are echoed to stderr when `echoOthers`.
inline std::vector<std::string> taggedLines(const std::string &text, const std::string &prefix, bool echoOthers)
{
    std::vector<std::string> out;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind(prefix, 0) == 0)
            out.push_back(line.substr(prefix.size()));
        else if (echoOthers && line.rfind("kwb:", 0) != 0)
            std::fprintf(stderr, "%s\n", line.c_str());
    }
    return out;
}

/// Splits one CSV line (quoted fields, "" escapes).
inline std::vector<std::string> csvFields(const std::string &line)
{
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cur += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            out.push_back(cur);
            cur.clear();
        } else if (c != '\r') {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

// ---- folders the candidate writes ----

/// Removes `path` and everything under it without following links (a
/// candidate may leave links to anything in its scratch folder).
inline void removeTree(const std::string &path)
{
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        ::chmod(path.c_str(), 0700); // a folder the candidate made unreadable or unwritable
        if (DIR *d = ::opendir(path.c_str())) {
            std::vector<std::string> names;
            while (const dirent *e = ::readdir(d)) {
                const std::string name = e->d_name;
                if (name != "." && name != "..")
                    names.push_back(name);
            }
            ::closedir(d);
            for (const std::string &name : names)
                removeTree(path + "/" + name);
        }
        ::rmdir(path.c_str());
    } else {
        ::unlink(path.c_str());
    }
}

/// An empty folder at `path` (whatever was there is removed first).
inline bool freshFolder(const std::string &path)
{
    removeTree(path);
    return ::mkdir(path.c_str(), 0700) == 0;
}

inline std::string realPath(const std::string &path)
{
    char buf[PATH_MAX];
    return ::realpath(path.c_str(), buf) ? std::string(buf) : std::string();
}

inline std::string currentFolder()
{
    char buf[PATH_MAX];
    return ::getcwd(buf, sizeof buf) ? std::string(buf) : std::string(".");
}

inline std::string parentOf(const std::string &path)
{
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos || slash == 0 ? std::string("/") : path.substr(0, slash);
}

// ---- the candidate's sandbox ----

/// Where a candidate's process runs: bubblewrap with no network, its own
/// PID, IPC and user namespaces (nothing it starts survives it), the file
/// system read-only, the homes (/home, /root and $HOME wherever it lies),
/// /tmp, /run and the folder around the work folder (the session) replaced
/// by empty ones, and only what the stage
/// needs bound back: `readOnly` paths and the `writable` scratch folder. GPU
/// device nodes pass through. Where bubblewrap is missing or user namespaces
/// are forbidden, `enabled` is false and `unavailable` says why: the result
/// says so (a warning, not a reason to discard), and the candidate runs as
/// before, with the user's rights.
struct Sandbox
{
    bool enabled = false;
    std::string unavailable;
    std::vector<std::string> hide, readOnly, writable;
    std::string chdir;
    /// No /proc inside: the process cannot reach its own descriptors by
    /// name (/proc/self/fd/N, /dev/fd/N), so a kernel in it cannot open
    /// the protocol's pipe and write lines of the harness's (cpu-cxx's
    /// programs, which need nothing from /proc; a GPU driver, PoCL or
    /// Python may).
    bool withoutProc = false;

    /// Whether bubblewrap works here ("" when it does), asked once per supervisor.
    static std::string probe()
    {
        static const std::string why = [] {
            const char *off = std::getenv("KWB_SANDBOX");
            if (off && std::string(off) == "off")
                return std::string("switched off on this host (KWB_SANDBOX=off)");
            // CUDA makes this node on its first use, which it cannot do
            // inside a sandbox (no right to make device nodes there).
            if (::access("/dev/nvidiactl", F_OK) == 0 && ::access("/dev/nvidia-uvm", F_OK) != 0)
                run({"nvidia-modprobe", "-u", "-c=0"}, 20, false);
            Proc p = run({"bwrap", "--die-with-parent", "--unshare-all", "--ro-bind", "/", "/", "--proc", "/proc",
                          "--dev", "/dev", "true"},
                         20, false);
            if (p.exitedWith(127) || !p.started)
                return std::string("bubblewrap (bwrap) is not installed on this host: apt-get install bubblewrap");
            if (!p.exitedOk())
                return "bubblewrap cannot make a sandbox here (user namespaces forbidden?): " + trim(p.err);
            return std::string();
        }();
        return why;
    }

    /// Whether `dir` is a top-level folder the system needs (/usr, /opt,
    /// /var, ...), which no sandbox may cover.
    static bool isSystemFolder(const std::string &dir)
    {
        if (parentOf(dir) != "/")
            return false;
        static const char *const system[] = {"/bin", "/boot", "/dev",  "/etc",  "/lib", "/lib32", "/lib64",
                                             "/libx32", "/nix", "/opt", "/proc", "/sbin", "/snap", "/sys",
                                             "/usr", "/var", "/gnu"};
        return std::any_of(std::begin(system), std::end(system), [&](const char *d) { return dir == d; });
    }

    /// A sandbox for a stage whose process runs in `workDir` (the host's
    /// work folder, whose parent is the session folder for a local host).
    static Sandbox forStage(const std::string &workDir)
    {
        Sandbox s;
        s.unavailable = probe();
        s.enabled = s.unavailable.empty();
        for (const char *dir : {"/home", "/root", "/tmp", "/var/tmp", "/run", "/mnt", "/media", "/srv"}) {
            struct stat st;
            if (::lstat(dir, &st) == 0 && S_ISDIR(st.st_mode))
                s.hide.push_back(dir);
        }
        // The user's home wherever it lies (/opt/bob, /var/lib/builder), as
        // long as it is not a top-level folder the system needs (/usr, /opt):
        // $HOME, and the passwd entry's, which a kernel can ask for when
        // HOME was set elsewhere.
        const passwd *account = ::getpwuid(::getuid());
        for (const char *home : {std::getenv("HOME"), account ? account->pw_dir : nullptr}) {
            const std::string h = home && *home ? realPath(home) : std::string();
            struct stat st;
            const bool underHidden = std::any_of(s.hide.begin(), s.hide.end(), [&](const std::string &d) {
                return h == d || h.rfind(d + "/", 0) == 0;
            });
            if (!h.empty() && parentOf(h) != "/" && !underHidden && ::stat(h.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
                s.hide.push_back(h);
        }
        const std::string work = realPath(workDir);
        if (!work.empty() && work != "/") {
            // The session (the work folder's parent), and the folder that
            // holds it with its siblings (every other run's session), unless
            // that is the root or one of the system's own folders.
            const std::string session = parentOf(work), sessions = parentOf(session);
            if (session != "/" && sessions != "/" && !isSystemFolder(sessions))
                s.hide.push_back(sessions);
            s.hide.push_back(session == "/" ? work : session);
            s.hide.push_back(work);
            s.chdir = work;
        }
        return s;
    }

    /// A sandbox for a compiled target's stage (the candidate's compile, or a
    /// program linked with its object): the files directly in the work
    /// folder (the target's files, the problem's header, the reference's
    /// source) read-only, then `readOnly` and `writable`; the rest of the
    /// work folder (other candidates, the objects' cache), the session and
    /// the user's files hidden.
    static Sandbox forCompiledStage(const std::string &workDir, const std::vector<std::string> &readOnly,
                                    const std::vector<std::string> &writable)
    {
        Sandbox s = forStage(workDir);
        if (DIR *d = ::opendir(workDir.c_str())) {
            while (const dirent *e = ::readdir(d)) {
                const std::string path = workDir + "/" + e->d_name;
                struct stat st;
                if (e->d_name[0] != '.' && ::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode))
                    s.readOnly.push_back(path);
            }
            ::closedir(d);
        }
        s.readOnly.insert(s.readOnly.end(), readOnly.begin(), readOnly.end());
        s.writable = writable;
        // The libraries the host's environment points at (a BLAS or a CUDA
        // built under a home) stay reachable.
        if (const char *paths = std::getenv("LD_LIBRARY_PATH")) {
            std::istringstream list(paths);
            std::string dir;
            while (std::getline(list, dir, ':'))
                if (!dir.empty() && dir.front() == '/')
                    s.readOnly.push_back(dir);
        }
        return s;
    }

    /// Binds back, read-only, the installation of a program found on PATH
    /// when the sandbox would hide it (a compiler under a home: conda,
    /// spack): the folder above its bin/, or bin/ alone when that folder is
    /// a home or one of the hidden roots.
    void bindTool(const std::string &program)
    {
        const std::string real = realPath(program.find('/') == std::string::npos ? onPath(program) : program);
        if (real.empty())
            return;
        auto hidden = [&](const std::string &p) {
            for (const std::string &h : hide)
                if (p == h || p.rfind(h + "/", 0) == 0)
                    return true;
            return false;
        };
        if (!hidden(real))
            return;
        const std::string bin = parentOf(real), prefix = parentOf(bin);
        const char *home = std::getenv("HOME");
        const bool wholeRoot = std::find(hide.begin(), hide.end(), prefix) != hide.end() || prefix == "/"
            || (home && realPath(home) == prefix) || parentOf(prefix) == "/home";
        readOnly.push_back(wholeRoot ? bin : prefix);
    }

    /// The warning a stage prints when it runs without a sandbox.
    void warnWhenOff() const
    {
        if (!enabled)
            std::fprintf(stderr, "kwb: warning: the candidate runs without a sandbox, with this user's rights: %s\n",
                         unavailable.c_str());
    }

    std::vector<std::string> wrap(const std::vector<std::string> &argv) const
    {
        if (!enabled)
            return argv;
        std::vector<std::string> a = {"bwrap", "--die-with-parent", "--new-session", "--unshare-all",
                                      "--ro-bind", "/", "/"};
        for (const std::string &h : hide)
            a.insert(a.end(), {"--tmpfs", h});
        // Without /proc, an empty folder over the host's (the root's bind
        // brings it along, /proc/self included).
        a.insert(a.end(), {"--dev", "/dev", withoutProc ? "--tmpfs" : "--proc", "/proc"});
        if (DIR *d = ::opendir("/dev")) {
            while (const dirent *e = ::readdir(d)) {
                const std::string name = e->d_name;
                if (name.rfind("nvidia", 0) == 0 || name == "kfd" || name == "dri" || name == "neuron"
                    || name.rfind("neuron", 0) == 0)
                    a.insert(a.end(), {"--dev-bind-try", "/dev/" + name, "/dev/" + name});
            }
            ::closedir(d);
        }
        auto bind = [&](const char *how, const std::string &path) {
            const std::string real = realPath(path);
            if (real.empty())
                return;
            a.insert(a.end(), {how, real, real});
            // A folder reached through a link is bound at its name too (a
            // file's link is left alone: its folder is bound, or it is not needed).
            struct stat st;
            if (real != path && path.front() == '/' && ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)
                && ::stat(real.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
                a.insert(a.end(), {how, real, path});
        };
        for (const std::string &p : readOnly)
            bind("--ro-bind", p);
        for (const std::string &p : writable)
            bind("--bind", p);
        if (!chdir.empty())
            a.insert(a.end(), {"--chdir", chdir});
        a.insert(a.end(), argv.begin(), argv.end());
        return a;
    }

    std::string json() const
    {
        return std::string("{\"enabled\":") + (enabled ? "true" : "false")
            + (enabled ? std::string() : ",\"reason\":" + jsonString(unavailable)) + "}";
    }
};

/// The folders a Python interpreter reads (its prefixes and sys.path), so a
/// sandbox can bind them back: a virtual environment or a pyenv under a home
/// the sandbox hides still runs. Empty when `python` does not run.
inline std::vector<std::string> pythonFolders(const std::string &python)
{
    Proc p = run({python, "-I", "-c",
                  "import sys, os\n"
                  "for p in [sys.prefix, sys.base_prefix, sys.exec_prefix, os.path.dirname(os.path.realpath("
                  "sys.executable))] + sys.path:\n"
                  "    print(p)\n"
                  "import site\n"
                  "print(site.getusersitepackages())\n"},
                 60, false);
    std::vector<std::string> out;
    if (!p.exitedOk())
        return out;
    std::istringstream lines(p.out);
    std::string line;
    while (std::getline(lines, line)) {
        struct stat st;
        if (!line.empty() && line.front() == '/' && ::stat(line.c_str(), &st) == 0
            && std::find(out.begin(), out.end(), line) == out.end())
            out.push_back(line);
    }
    return out;
}

// ---- what the candidate must not predict ----

/// Seeds and keys the candidate sees, from the kernel's random source (no
/// one of them predicts another, as a seeded generator's outputs would), and
/// picks made with more of it that the candidate never sees.
class Entropy
{
public:
    unsigned long long seed() { return next() >> 1; } // 63 bits: any torch seed

    template <class T>
    void shuffle(std::vector<T> &v)
    {
        for (size_t i = v.size(); i > 1; --i)
            std::swap(v[i - 1], v[size_t(next() % i)]);
    }

private:
    unsigned long long next()
    {
        unsigned long long v = 0;
        size_t got = 0;
        while (got < sizeof v) {
            const ssize_t n = ::getrandom(reinterpret_cast<char *>(&v) + got, sizeof v - got, 0);
            if (n > 0)
                got += size_t(n);
            else if (errno != EINTR)
                break;
        }
        if (got < sizeof v) { // no getrandom: the clock and a counter, never a fixed value
            static unsigned long long counter = 0;
            v ^= (unsigned long long)Clock::now().time_since_epoch().count() * 0x9E3779B97F4A7C15ULL + ++counter;
        }
        return v;
    }
};

// ---- a child the supervisor talks with ----

/// A child process the supervisor converses with: commands on its stdin,
/// one "kwb:..." line per reply on its stdout, stderr captured (and echoed).
/// `proc` collects everything, as `run()` would, for failStage and the logs.
class Peer
{
public:
    Proc proc;

    Peer() = default;
    Peer(const Peer &) = delete;
    Peer &operator=(const Peer &) = delete;
    ~Peer()
    {
        if (m_pid > 0 && !m_reaped) {
            ::kill(-m_pid, SIGKILL);
            ::waitpid(m_pid, &proc.status, 0);
            auto &live = livePeers();
            live.erase(std::remove(live.begin(), live.end(), m_pid), live.end());
            killLeftovers();
        }
        for (int fd : {m_in, m_out, m_err})
            if (fd >= 0)
                ::close(fd);
    }

    bool start(const std::vector<std::string> &argv, const std::vector<std::string> &env = {}, bool echoErr = true)
    {
        int in[2], out[2], err[2];
        if (::pipe(in) != 0 || ::pipe(out) != 0 || ::pipe(err) != 0)
            return false;
        m_echo = echoErr;
        m_argv = argv;
        m_t0 = Clock::now();
        m_pid = launch(argv, in[0], out[1], err[1], {in[0], in[1], out[0], out[1], err[0], err[1]}, env, 0);
        ::close(in[0]);
        ::close(out[1]);
        ::close(err[1]);
        m_in = in[1];
        m_out = out[0];
        m_err = err[0];
        if (m_pid < 0)
            return false;
        ::setpgid(m_pid, m_pid);
        livePeers().push_back(m_pid);
        ::fcntl(m_in, F_SETFL, ::fcntl(m_in, F_GETFL) | O_NONBLOCK);
        ::fcntl(m_in, F_SETFD, FD_CLOEXEC);
        ::fcntl(m_out, F_SETFD, FD_CLOEXEC);
        ::fcntl(m_err, F_SETFD, FD_CLOEXEC);
        proc.started = true;
        return true;
    }

    /// Writes one command; false when the child is gone or has not read its
    /// input for 30 s (one that only prints never blocks the supervisor).
    bool send(const std::string &line)
    {
        const std::string msg = line + "\n";
        size_t done = 0;
        const auto giveUp = Clock::now() + std::chrono::seconds(30);
        while (m_in >= 0 && done < msg.size()) {
            const ssize_t n = ::write(m_in, msg.data() + done, msg.size() - done);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                if (Clock::now() > giveUp)
                    return false;
                pump(5); // keep reading what it prints meanwhile
                pollfd out = {m_in, POLLOUT, 0};
                ::poll(&out, 1, 20);
                continue;
            }
            if (n <= 0)
                return false;
            done += size_t(n);
        }
        return m_in >= 0;
    }

    /// The next stdout line starting with one of `prefixes` (the line whole),
    /// waiting until `deadline`; nullopt when the child closed its output
    /// first, or the deadline passed (then proc.timedOut is set and it is killed).
    std::optional<std::string> next(const std::vector<std::string> &prefixes, Clock::time_point deadline)
    {
        for (;;) {
            while (!m_lines.empty()) {
                std::string line = m_lines.front();
                m_lines.erase(m_lines.begin());
                for (const std::string &p : prefixes)
                    if (line.rfind(p, 0) == 0)
                        return line;
            }
            if (m_out < 0)
                return std::nullopt;
            const double left = std::chrono::duration<double, std::milli>(deadline - Clock::now()).count();
            if (left <= 0) {
                proc.timedOut = true;
                ::kill(-m_pid, SIGKILL);
                return std::nullopt;
            }
            pump(int(std::min(left, 1000.0)) + 1);
        }
    }

    /// Closes its stdin and waits until `deadline` for it to exit (killed
    /// past it); then kills whatever it left behind.
    Proc &finish(Clock::time_point deadline)
    {
        if (m_in >= 0) {
            ::close(m_in);
            m_in = -1;
        }
        while (m_out >= 0 || m_err >= 0) {
            const double left = std::chrono::duration<double, std::milli>(deadline - Clock::now()).count();
            if (left <= 0) {
                if (!proc.timedOut && !m_reaped)
                    proc.timedOut = true;
                ::kill(-m_pid, SIGKILL);
                deadline = Clock::now() + std::chrono::seconds(5);
            }
            pump(int(std::clamp(left, 0.0, 1000.0)) + 1);
        }
        if (!m_reaped && m_pid > 0) {
            struct rusage usage = {};
            pid_t got;
            while ((got = ::wait4(m_pid, &proc.status, 0, &usage)) < 0 && errno == EINTR) {
            }
            m_reaped = true;
            unwrapSandboxStatus(proc, m_argv);
            auto &live = livePeers();
            live.erase(std::remove(live.begin(), live.end(), m_pid), live.end());
            if (got == m_pid)
                proc.cpuMs = 1e3 * (double(usage.ru_utime.tv_sec) + double(usage.ru_stime.tv_sec))
                    + 1e-3 * (double(usage.ru_utime.tv_usec) + double(usage.ru_stime.tv_usec));
            ::kill(-m_pid, SIGKILL);
            proc.leftovers += killLeftovers();
        }
        proc.ms = msSince(m_t0);
        return proc;
    }

    /// Ends it now (a deadline of the caller's, a failure seen elsewhere).
    Proc &stop()
    {
        if (m_pid > 0 && !m_reaped) {
            m_stopped = true;
            ::kill(-m_pid, SIGKILL);
        }
        return finish(Clock::now() + std::chrono::seconds(5));
    }

    /// Whether the supervisor killed it (stop()), not a signal from outside.
    bool stoppedByUs() const { return m_stopped; }

private:
    pid_t m_pid = -1;
    int m_in = -1, m_out = -1, m_err = -1;
    std::vector<std::string> m_argv;
    bool m_reaped = false, m_echo = true, m_stopped = false;
    Clock::time_point m_t0;
    std::string m_partial;
    std::vector<std::string> m_lines;
    size_t m_printed = 0;
    static constexpr size_t kMaxReply = size_t(16) << 20;

    void pump(int timeoutMs)
    {
        pollfd fds[2] = {{m_out, POLLIN, 0}, {m_err, POLLIN, 0}};
        const int n = ::poll(fds, 2, timeoutMs);
        if (n <= 0)
            return;
        char buf[65536];
        for (int k = 0; k < 2; ++k) {
            if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t got = ::read(fds[k].fd, buf, sizeof buf);
            int &fd = k == 0 ? m_out : m_err;
            if (got <= 0) {
                ::close(fd);
                fd = -1;
                continue;
            }
            m_printed += size_t(got);
            if (m_printed > kOutputLimit && !proc.overCap) {
                proc.overCap = true;
                ::kill(-m_pid, SIGKILL);
            }
            std::string &dst = k == 0 ? proc.out : proc.err;
            const size_t cap = 4u << 20;
            if (dst.size() < cap)
                dst.append(buf, size_t(std::min<ssize_t>(got, ssize_t(cap - dst.size()))));
            if (k == 1 && m_echo)
                (void)!::write(2, buf, size_t(got));
            if (k == 0) {
                m_partial.append(buf, size_t(got));
                size_t nl;
                while ((nl = m_partial.find('\n')) != std::string::npos) {
                    m_lines.push_back(m_partial.substr(0, nl));
                    m_partial.erase(0, nl + 1);
                }
                // A "kwb:timed" reply carries every call's sample and digest.
                if (m_partial.size() > kMaxReply)
                    m_partial.erase(0, m_partial.size() - kMaxReply);
                if (m_lines.size() > 100000) // a child printing lines nobody asked for
                    m_lines.erase(m_lines.begin(), m_lines.begin() + 50000);
            }
        }
    }
};

// ---- configuration ----

struct Config
{
    std::map<std::string, std::string> values;
    std::map<std::string, std::vector<std::string>> lists; ///< every value of each key, in order
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
            c.lists[key].push_back(value);
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

inline std::map<std::string, std::string> parseKeyValues(const std::string &line)
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

inline std::vector<std::string> parseSeedList(const std::string &text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string v;
    while (std::getline(in, v, ','))
        if (!trim(v).empty())
            out.push_back(std::to_string(std::strtoull(trim(v).c_str(), nullptr, 10)));
    return out;
}

inline std::vector<double> parseNumberList(const std::string &text)
{
    std::vector<double> out;
    std::istringstream vals(text);
    std::string v;
    while (std::getline(vals, v, ','))
        out.push_back(std::atof(v.c_str()));
    return out;
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
    std::string clock;        ///< what timed the samples ("cuda-events", "steady-clock", "interpreter")
    std::map<std::string, double> metrics;
    bool countersAvailable = false;
    std::string countersReason;
    double compileMs = 0, checkMs = 0, benchMs = 0, profileMs = 0, verifyMs = 0;
    std::map<std::string, std::string> logs;
    std::map<std::string, std::string> extra; ///< more members: key → JSON text
    /// Why the figures cannot be trusted (id, reason): a flagged result is
    /// never kept, whatever its time.
    std::vector<std::pair<std::string, std::string>> flags;

    void flag(const std::string &id, const std::string &reason) { flags.emplace_back(id, reason); }

    void fail(const std::string &cls, const std::string &stageName, const std::string &message)
    {
        failureClass = cls;
        failureStage = stageName;
        failureMessage = message;
    }

    /// Adds one "kwb:check" line of a harness (key=value pairs) as a verdict.
    bool addCheck(const std::string &line)
    {
        auto kv = parseKeyValues(line);
        const bool ok = kv["ok"] == "1";
        // Numbers as numbers: a stray line must not make the document invalid.
        auto integer = [&](const char *k) { return std::to_string(std::strtoll(kv[k].c_str(), nullptr, 10)); };
        checks.push_back("{\"seed\":" + integer("seed") + ",\"output\":" + jsonString(kv["output"])
                         + ",\"ok\":" + (ok ? "true" : "false") + ",\"rel_l2\":"
                         + jsonNumber(std::atof(kv["rel_l2"].c_str())) + ",\"max_abs\":"
                         + jsonNumber(std::atof(kv["max_abs"].c_str())) + ",\"mismatches\":" + integer("mismatches")
                         + ",\"nonfinite\":" + integer("nonfinite") + ",\"elements\":" + integer("elements")
                         + ",\"worst_index\":" + (kv["worst_index"].empty() ? "-1" : integer("worst_index")) + "}");
        return ok;
    }

    /// median, min, p90 and spread of the samples into `metrics`.
    void summarizeSamples()
    {
        if (samples.empty())
            return;
        std::vector<double> s = samples;
        std::sort(s.begin(), s.end());
        const double med = s[s.size() / 2];
        metrics["median_ms"] = s.size() % 2 ? med : (s[s.size() / 2 - 1] + med) / 2;
        metrics["min_ms"] = s.front();
        metrics["p90_ms"] = s[std::min(s.size() - 1, size_t(std::ceil(0.9 * double(s.size() - 1))))];
        const double q1 = s[s.size() / 4], q3 = s[(3 * s.size()) / 4];
        metrics["spread_pct"] = metrics["median_ms"] > 0 ? 100.0 * (q3 - q1) / metrics["median_ms"] : 0;
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
            j += ",\"failure\":{\"class\":" + jsonString(failureClass) + ",\"stage\":" + jsonString(failureStage)
                + ",\"message\":" + jsonString(failureMessage) + "}";
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
                + (clock.empty() ? std::string() : ",\"clock\":" + jsonString(clock)) + ",\"samples_ms\":[";
            for (size_t i = 0; i < samples.size(); ++i)
                j += (i ? "," : "") + jsonNumber(samples[i]);
            j += "]}";
        }
        j += ",\"metrics\":" + jsonNumbers(metrics);
        j += std::string(",\"counters\":{\"available\":") + (countersAvailable ? "true" : "false")
            + ",\"reason\":" + jsonString(countersReason) + "}";
        j += ",\"timings\":{\"compile_ms\":" + jsonNumber(compileMs) + ",\"check_ms\":" + jsonNumber(checkMs)
            + ",\"bench_ms\":" + jsonNumber(benchMs) + ",\"profile_ms\":" + jsonNumber(profileMs)
            + ",\"verify_ms\":" + jsonNumber(verifyMs) + "}";
        for (const auto &[k, v] : extra)
            j += "," + jsonString(k) + ":" + v;
        if (!flags.empty()) {
            j += ",\"flags\":[";
            for (size_t i = 0; i < flags.size(); ++i)
                j += std::string(i ? "," : "") + "{\"id\":" + jsonString(flags[i].first) + ",\"reason\":"
                    + jsonString(flags[i].second) + "}";
            j += "]";
        }
        j += ",\"log\":{";
        bool first = true;
        for (const auto &[k, v] : logs) {
            if (v.empty())
                continue;
            j += (first ? "" : ",") + jsonString(k) + ":" + jsonString(excerpt(v));
            first = false;
        }
        j += "}}";
        return j;
    }

    /// Prints the document (the supervisor's one line of stdout); returns 0.
    /// Not the kernel's doing and not the reference's: the host failed
    /// (no device, a harness killed from outside, a compiler killed).
    /// print() then returns kInfraExit, so kwb retries it and counts nothing
    /// against the kernel; the document still says what the host learnt
    /// before (compile time, resource figures), under "host_problem".
    std::string hostProblem;

    int print() const
    {
        Result shown = *this;
        if (!hostProblem.empty()) {
            std::fprintf(stderr, "kwb: %s\n", hostProblem.c_str());
            shown.extra["host_problem"] = jsonString(hostProblem);
            // No verdict and no time from a host that failed midway.
            shown.correct = -1;
            shown.checks.clear();
            shown.samples.clear();
            for (const char *timed : {"median_ms", "min_ms", "p90_ms", "spread_pct"})
                shown.metrics.erase(timed);
        }
        std::printf("%s\n", shown.json().c_str());
        std::fflush(stdout);
        return hostProblem.empty() ? 0 : 3; // 3: kInfraExit
    }
};

/// Exit status of a supervisor whose host cannot evaluate (no device, a
/// broken harness): kwb retries elsewhere and never blames the kernel.
constexpr int kInfraExit = 3;
/// Exit status of a harness that found the host unusable (no device, driver
/// too old, out of memory for its own buffers); its last "kwb:infra" line
/// says why.
constexpr int kHarnessInfraExit = 5;

/// Whether a harness said the host cannot evaluate: exit status 5 and a
/// "kwb:infra" line (a kernel that merely exits 5 is not believed).
inline bool harnessSaysInfra(const Proc &p)
{
    return p.exitedWith(kHarnessInfraExit) && !taggedLines(p.out, "kwb:infra ", false).empty();
}

/// For a harness that exited with kHarnessInfraExit: its reason, printed
/// for kwb (which reads stderr's tail) beside what `r` learnt so far, and
/// the supervisor's exit status (kInfraExit).
inline int infraFailure(Result &r, const Proc &p, const std::string &stageName)
{
    std::string why;
    for (const std::string &l : taggedLines(p.out, "kwb:infra ", false))
        why = l;
    if (why.empty())
        why = "the harness reported an unusable host during " + stageName;
    r.hostProblem = why;
    return r.print();
}

inline double medianOf(std::vector<double> v)
{
    if (v.empty())
        return NAN;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

/// The overhead a benchmark may declare for its timed section: what its
/// own part of `samples` samples of `callsPerSample` calls costs without
/// the kernel (its first "kwb:null-sample" line, printed before the
/// kernel's first call: cpu-cxx's harness), half as much again and 5 ms
/// more (a loaded host schedules later; honest sections declared 0.86 to
/// 1.0 of it); NAN where the benchmark printed none.
inline double overheadCap(const Proc &bench, size_t samples, int callsPerSample)
{
    for (const std::string &line : taggedLines(bench.out, "kwb:null-sample ", false)) {
        auto kv = parseKeyValues(line);
        const double call = medianOf(parseNumberList(kv["call_ms"]));
        const double flush = medianOf(parseNumberList(kv["flush_ms"]));
        if (!std::isfinite(call) || !std::isfinite(flush) || call < 0 || flush < 0)
            return NAN;
        return 1.5 * double(samples) * (flush + callsPerSample * call) + 5.0;
    }
    return NAN;
}

/// Shares of a timed section (over 50 ms by the supervisor's clock) that
/// the samples and the declared overhead must explain: below the first
/// the section is flagged `timing-tampered`; where the overhead is capped
/// (overheadCap) and the section is over 100 ms, below the second the
/// samples are raised until they explain it. Without a cap the harness's
/// overhead is its own word, so only a gross gap is flagged. Honest
/// cpu-cxx sections are explained to within a per mille on a quiet host
/// (the samples and the overhead are read off one clock, around
/// everything the section does), 0.966 to 1.052 with two busy loops beside
/// it on two cores: what is left is when this process reads a mark, late
/// on a loaded host.
constexpr double kUncappedFlagShare = 0.25;
constexpr double kCappedFlagShare = 0.5;
constexpr double kCappedBoundShare = 0.9;

/// The outside clock: the supervisor's own time between the harness's
/// "kwb:mark timed-begin" and "kwb:mark timed-end" lines against what the
/// harness says its timed calls took. Adds `outside_clock` to the document;
/// returns a reason when the harness's figures cannot be true.
inline std::string checkOutsideClock(Result &r, const Proc &bench, double insideMs, double overheadMs,
                                     double overheadCapMs = NAN)
{
    // The harness prints each of these lines once. A kernel can write into
    // the protocol's pipe too (a std::filebuf on /proc/self/fd/N needs no
    // symbol the audit refuses), and the first mark, or the first null
    // sample, is the one believed: a second is a forgery.
    int begins = 0, ends = 0;
    for (const std::string &mark : taggedLines(bench.out, "kwb:mark ", false)) {
        begins += trim(mark) == "timed-begin";
        ends += trim(mark) == "timed-end";
    }
    if (begins > 1 || ends > 1 || taggedLines(bench.out, "kwb:null-sample ", false).size() > 1) {
        r.extra["outside_clock"] = "{\"available\":false}";
        return "the benchmark's protocol holds a mark of its timed section, or what its part costs without the "
               "kernel, twice: the kernel wrote into it";
    }
    const double outside = bench.between("timed-begin", "timed-end");
    if (!std::isfinite(outside)) {
        r.extra["outside_clock"] = "{\"available\":false}";
        return "the harness did not mark its timed section, so no outside clock could check it";
    }
    // Honest samples can only sum to less than the wall time around them
    // (plus the pipe's latency); far less than the wall time, after the
    // harness's own declared overhead, means the timing was tampered with.
    const bool capped = std::isfinite(overheadCapMs);
    const double declared = overheadMs;
    if (capped)
        overheadMs = std::min(overheadMs, overheadCapMs);
    const double explained = insideMs + overheadMs;
    const double ratio = outside > 0 ? explained / outside : 1.0;
    const bool bound = capped && outside > 100.0 && ratio < kCappedBoundShare && insideMs > 0;
    r.extra["outside_clock"] = "{\"available\":true,\"timed_section_ms\":" + jsonNumber(outside)
        + ",\"samples_sum_ms\":" + jsonNumber(insideMs) + ",\"overhead_ms\":" + jsonNumber(overheadMs)
        + (capped ? ",\"declared_overhead_ms\":" + jsonNumber(declared) + ",\"overhead_cap_ms\":"
                  + jsonNumber(overheadCapMs)
                  : std::string())
        + ",\"explained\":" + jsonNumber(ratio) + ",\"bounded\":" + (bound ? "true" : "false") + "}";
    // The marks are timestamped when this process reads them, so on a
    // loaded machine either may be late by a scheduling delay: only a gross
    // excess is impossible (and reporting slower times is no way to cheat).
    if (insideMs > outside * 1.5 + 50.0)
        return "the harness reports " + jsonNumber(insideMs) + " ms of timed calls inside a section the supervisor "
            "timed at " + jsonNumber(outside) + " ms";
    if (outside > 50.0 && ratio < (capped ? kCappedFlagShare : kUncappedFlagShare))
        return "the timed section took " + jsonNumber(outside) + " ms by the supervisor's clock but the samples and "
            "the harness's overhead explain only " + jsonNumber(explained) + " ms"
            + (declared > overheadMs ? " (it declared " + jsonNumber(declared) + " ms of overhead; what its part "
                                       "costs without the kernel allows " + jsonNumber(overheadMs) + ")"
                                     : std::string());
    if (bound) {
        // The samples raised in proportion until they and the overhead
        // explain that share of the section.
        const double factor = (kCappedBoundShare * outside - overheadMs) / insideMs;
        std::fprintf(stderr, "kwb: the samples and the harness's overhead explain %.0f%% of the timed section by "
                             "the supervisor's clock; the samples raised %.2fx\n", 100 * ratio, factor);
        for (double &v : r.samples)
            v *= factor;
    }
    return {};
}

/// The outside clock as a bound, for a section the supervisor drove call by
/// call (kwbhost.py's timed section): the section's time by the
/// supervisor's clock, from the first call sent to the reply that needs
/// every call's digest (so work deferred past a call's return, to a thread
/// or another stream, is inside it), over the calls, less what a call of
/// the same section around a kernel that does nothing took (`nullCallMs`),
/// timed before any of the candidate's code had run (so the candidate
/// cannot slow it). That is what a call took as the supervisor sees it. A
/// reported median below kBoundShare of that is not kept: the samples are
/// raised in proportion until the median reaches kBoundShare of it
/// (`outside_clock.bounded`); one below kFlagShare of it is flagged
/// `timing-tampered` (never kept). The share leaves room for what the
/// samples rightly leave out (the candidate's own Python around its launch,
/// a loaded host's scheduling: on this 2-core host under a full ctest, an
/// honest 1 ms interpreter call explained 0.36 of the clock); the flag
/// only for a gross lie (a clock slowed a thousandfold explains 0.001).
constexpr double kBoundShare = 0.7;
constexpr double kFlagShare = 0.1;

/// `record` names what the document keeps of it and `clockWords` the
/// clock in the flag's words (another clock of the same kind: a GPU
/// harness's own around each call, boundBySynchronisedCalls).
inline void boundByOutsideClock(Result &r, double sectionMs, int calls, double nullMs,
                                const std::string &record = "outside_clock",
                                const std::string &clockWords = "by the supervisor's clock")
{
    if (r.samples.empty() || calls <= 0)
        return;
    const double perCall = std::max(0.0, sectionMs / double(calls) - nullMs);
    const double floorMs = kBoundShare * perCall;
    const double median = medianOf(r.samples);
    const bool bounded = median < floorMs;
    r.extra[record] = "{\"available\":true,\"timed_section_ms\":" + jsonNumber(sectionMs)
        + ",\"calls\":" + std::to_string(calls) + ",\"null_call_median_ms\":" + jsonNumber(nullMs)
        + ",\"per_call_ms\":" + jsonNumber(perCall) + ",\"reported_median_ms\":" + jsonNumber(median)
        + ",\"explained\":" + jsonNumber(perCall > 0 ? median / perCall : 1.0)
        + ",\"bounded\":" + (bounded ? "true" : "false") + "}";
    if (!bounded)
        return;
    if (median < kFlagShare * perCall)
        r.flag("timing-tampered", "the candidate's process reports a median call of " + jsonNumber(median)
                                      + " ms, but " + clockWords + " a call took " + jsonNumber(perCall)
                                      + " ms (its section over its calls, less the round trip of a kernel that "
                                        "does nothing)");
    std::fprintf(stderr, "kwb: the reported times explain %.0f%% of what a call took %s; raised to %.0f%%\n",
                 perCall > 0 ? 100 * median / perCall : 0.0, clockWords.c_str(), 100 * kBoundShare);
    for (double &v : r.samples)
        v = median > 0 ? v * floorMs / median : floorMs;
}

/// Calibration: builds the benchmark `source` with `compile` (the compiler
/// and its flags; the source and -o are added) once per source and
/// compiler, runs it and passes its one kwb.calibration/1 document on.
inline int buildAndCalibrate(const std::vector<std::string> &compile, const std::string &source,
                             const std::vector<std::string> &libraries = {})
{
    std::string key = readFile(source) + readFile("gpurt.h"); // and the header the GPU calibrations include
    for (const std::string &a : compile)
        key += " " + a;
    const std::string binary = ".kwb-calibrate-" + hex64(fnv1a(key));
    if (!fileExists(binary)) {
        std::vector<std::string> argv = compile;
        argv.insert(argv.end(), {"-o", binary + ".tmp", source});
        argv.insert(argv.end(), libraries.begin(), libraries.end());
        Proc p = run(argv, 600, true);
        if (!p.exitedOk()) {
            std::fprintf(stderr, "kwb: could not build the calibration benchmark:\n%s", p.err.c_str());
            return kInfraExit;
        }
        std::rename((binary + ".tmp").c_str(), binary.c_str());
    }
    Proc p = run({"./" + binary}, 600, true);
    if (!p.exitedOk()) {
        std::fprintf(stderr, "kwb: the calibration benchmark %s\n", describeExit(p).c_str());
        return kInfraExit;
    }
    std::fwrite(p.out.data(), 1, p.out.size(), stdout);
    return 0;
}

/// Removes a folder's files (not its subfolders) and the folder when it goes
/// out of scope: large per-evaluation files never outlive the evaluation.
struct Cleanup
{
    std::string dir;
    ~Cleanup()
    {
        if (DIR *d = ::opendir(dir.c_str())) {
            while (const dirent *e = ::readdir(d)) {
                const std::string name = e->d_name;
                if (name != "." && name != "..")
                    std::remove((dir + "/" + name).c_str());
            }
            ::closedir(d);
        }
        ::rmdir(dir.c_str());
    }
};

// ---- the symbol audit ----

/// What a compiled candidate may define and reference, from eval.conf:
/// `audit_define=`, `audit_reference=`, `audit_threads=` (regular
/// expressions, one per line), `threads=`, and the two entries. Beyond
/// these lists it may define nothing that the C/C++ runtime, the harness or
/// the reference defines (it would replace what they call).
struct AuditRules
{
    std::vector<std::regex> define, defineWeak, reference, threads;
    std::string kernelEntry, referenceEntry;
    int threadsAllowed = 1;

    static AuditRules from(const Config &cfg)
    {
        AuditRules a;
        auto list = [&](const char *key) {
            std::vector<std::regex> out;
            for (const std::string &pattern : cfg.lists.count(key) ? cfg.lists.at(key) : std::vector<std::string>{})
                out.emplace_back(pattern, std::regex::ECMAScript | std::regex::optimize);
            return out;
        };
        a.define = list("audit_define");
        a.defineWeak = list("audit_define_weak");
        a.reference = list("audit_reference");
        a.threads = list("audit_threads");
        a.kernelEntry = cfg.get("kernel_entry");
        a.referenceEntry = cfg.get("reference_entry");
        a.threadsAllowed = std::max(1, std::atoi(cfg.get("threads", "1").c_str()));
        return a;
    }
    bool enabled() const { return !reference.empty(); }
};

inline bool matchesAny(const std::vector<std::regex> &patterns, const std::string &name)
{
    for (const std::regex &p : patterns) {
        if (std::regex_search(name, p))
            return true;
    }
    return false;
}

inline std::string demangled(const std::string &name)
{
    int status = 0;
    char *d = abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status);
    std::string out = status == 0 && d ? std::string(d) : name;
    std::free(d);
    return out;
}

/// One global symbol of an object: its name and whether it is defined there.
struct Symbol
{
    std::string name;
    bool defined = false;
    bool weak = false; ///< a weak or unique definition (template instances, inline functions)
};

/// The global symbols of an object or a shared library (`dynamic`), by nm;
/// nullopt (with `problem`) when nm cannot read it.
inline std::optional<std::vector<Symbol>> globalSymbols(const std::string &file, bool dynamic, std::string *problem)
{
    std::vector<std::string> argv = {"nm", "-P"};
    if (dynamic)
        argv.push_back("-D");
    argv.push_back(file);
    Proc nm = run(argv, 120, false, 64u << 20);
    if (!nm.exitedOk()) {
        if (problem)
            *problem = nm.exitedWith(127) ? "nm is not installed on this host (binutils)"
                                          : "nm " + describeExit(nm) + " on " + file + ": " + trim(excerpt(nm.err, 200));
        return std::nullopt;
    }
    std::vector<Symbol> out;
    std::istringstream lines(nm.out);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream f(line);
        Symbol sym;
        std::string type;
        if (!(f >> sym.name >> type) || type.size() != 1)
            continue;
        const char t = type[0];
        const bool reference = t == 'U' || t == 'w' || t == 'v';
        if (!reference && !std::isupper(static_cast<unsigned char>(t)) && t != 'u' && t != 'i')
            continue; // internal linkage
        sym.defined = !reference;
        sym.weak = t == 'W' || t == 'V' || t == 'u';
        const size_t at = sym.name.find('@'); // versioned names of shared libraries
        if (at != std::string::npos)
            sym.name.resize(at);
        out.push_back(sym);
    }
    return out;
}

/// The global symbols in `objdump -t -w` output ("VALUE FLAGS SECTION\tSIZE
/// [.hidden] NAME"; FLAGS is seven columns: l/g/u, w for weak; SECTION is
/// *UND* for a reference). Local symbols are left out.
inline std::vector<Symbol> objdumpSymbols(const std::string &text)
{
    std::vector<Symbol> out;
    std::istringstream lines(text);
    std::string line;
    bool inTable = false;
    while (std::getline(lines, line)) {
        if (line == "SYMBOL TABLE:") {
            inTable = true;
            continue;
        }
        if (!inTable)
            continue;
        const size_t space = line.find(' '), tab = line.find('\t');
        if (line.empty() || space == std::string::npos || tab == std::string::npos || tab < space + 9)
            break; // the table ends with a blank line
        const std::string flags = line.substr(space + 1, 7);
        const std::string section = trim(line.substr(space + 8, tab - space - 8));
        std::istringstream rest(line.substr(tab + 1));
        std::string word, name;
        while (rest >> word)
            name = word; // after the size and any visibility (.hidden)
        Symbol sym;
        sym.name = name;
        sym.defined = section != "*UND*";
        sym.weak = flags[1] == 'w' || flags[0] == 'u';
        const bool global = flags[0] == 'g' || flags[0] == 'u' || flags[0] == '!' || flags[1] == 'w' || !sym.defined;
        if (global && !name.empty())
            out.push_back(sym);
    }
    return out;
}

/// Writes a cache file whole or not at all (a temporary renamed over it), so
/// parallel evaluations sharing a work folder never read half of one, with
/// permission bits `mode` (before the umask). A cache that cannot be
/// written is only recomputed next time: false says so.
inline bool writeCacheFile(const std::string &path, const std::string &text, mode_t mode = 0644)
{
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
    if (fd < 0)
        return false;
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n <= 0 && errno != EINTR)
            break;
        done += n > 0 ? static_cast<size_t>(n) : 0;
    }
    const bool ok = ::close(fd) == 0 && done == text.size() && std::rename(tmp.c_str(), path.c_str()) == 0;
    if (!ok)
        std::remove(tmp.c_str());
    return ok;
}

/// Copies `from` to `to` as writeCacheFile writes, with `from`'s permission
/// bits. False when `from` cannot be read or `to` cannot be written.
inline bool copyWhole(const std::string &from, const std::string &to)
{
    struct stat st{};
    if (::stat(from.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    const std::string bytes = readFile(from);
    return bytes.size() == static_cast<size_t>(st.st_size) && writeCacheFile(to, bytes, st.st_mode & 0777);
}

/// Makes `path` and the folders above it; true when it is a folder now.
inline bool makeFolders(const std::string &path)
{
    for (size_t at = path.find('/', 1); at != std::string::npos; at = path.find('/', at + 1))
        ::mkdir(path.substr(0, at).c_str(), 0755);
    ::mkdir(path.c_str(), 0755);
    struct stat st{};
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

/// The answer program (the harness's `answerObj` and the reference's
/// `refObj`, no kernel) linked by `link(path, objects)` once per problem, as
/// `*bin` (in obj/, named by what it is made of) unless it is there: under
/// a name of this host and process, then renamed, so evaluations at once
/// never run a half-written one (a work folder may be shared by hosts).
/// Nothing when it is there, else the supervisor's exit status: the
/// reference's failure (`r` failed and printed) or the host's (said on
/// stderr).
template <class Link>
std::optional<int> linkAnswerProgram(Result &r, const Config &cfg, const std::string &answerObj,
                                     const std::string &refObj, Link link, Clock::time_point tCompile,
                                     std::string *bin)
{
    std::string ldflagsKey;
    for (const std::string &f : cfg.ldflags)
        ldflagsKey += " " + f;
    *bin = "obj/answer-" + hex64(fnv1a(answerObj + refObj + ldflagsKey));
    if (fileExists(*bin))
        return std::nullopt;
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    const std::string partial = *bin + ".part-" + host + "-" + std::to_string(::getpid());
    Proc ld = link(partial, std::vector<std::string>{answerObj, refObj});
    if (!ld.exitedOk()) {
        ::unlink(partial.c_str());
        r.compileMs = msSince(tCompile);
        r.logs["compile"] += ld.out + ld.err;
        r.fail("reference", "compile", "the workload's reference does not link with the harness: " + describeExit(ld));
        return r.print();
    }
    if (::rename(partial.c_str(), bin->c_str()) != 0) {
        std::fprintf(stderr, "kwb: cannot keep the program %s: %s\n", bin->c_str(), std::strerror(errno));
        ::unlink(partial.c_str());
        return kInfraExit;
    }
    return std::nullopt;
}

/// The host user's store of what an evaluation builds from trusted sources
/// only (the harness's and the reference's objects and programs), shared by
/// every work folder on this host: a new session, or another run's work
/// folder, copies them instead of compiling again. A work folder's name for
/// such a file already keys everything it is built from but the compiler's
/// version and the processor it is tuned for (-march=native), which the
/// store adds. It lives under the user's home ($XDG_CACHE_HOME or
/// ~/.cache), which no sandboxed stage sees; with no home, nothing is shared.
class HostCache
{
public:
    explicit HostCache(std::string compiler) : m_compiler(std::move(compiler)) {}

    /// Copies `file`'s shared copy to `file`; false when there is none.
    bool fetch(const std::string &file)
    {
        if (!ready())
            return false;
        const std::string entry = entryFor(file);
        if (!copyWhole(entry, file))
            return false;
        ::utimensat(AT_FDCWD, entry.c_str(), nullptr, 0); // used now: kept longer
        return true;
    }

    /// Shares `file`, just built, and forgets what no evaluation used for 60
    /// days. A store that cannot be written is skipped.
    void keep(const std::string &file)
    {
        if (!ready() || !makeFolders(m_folder))
            return;
        copyWhole(file, entryFor(file));
        const time_t before = ::time(nullptr) - 60L * 24 * 3600;
        if (DIR *d = ::opendir(m_folder.c_str())) {
            while (const dirent *e = ::readdir(d)) {
                const std::string path = m_folder + "/" + e->d_name;
                struct stat st{};
                if (e->d_name[0] != '.' && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)
                    && st.st_mtime < before)
                    std::remove(path.c_str());
            }
            ::closedir(d);
        }
    }

private:
    bool ready()
    {
        if (m_state == State::Unknown) {
            m_state = State::Off;
            std::string base;
            if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x == '/')
                base = x;
            else if (const char *h = std::getenv("HOME"); h && *h == '/')
                base = std::string(h) + "/.cache";
            if (base.empty())
                return false; // no home: nothing to share, no compiler to ask
            Proc version = run({m_compiler, "--version"}, 60, false);
            if (version.exitedOk()) {
                m_folder = base + "/kernel-workbench/builds";
                m_toolchain = hex64(fnv1a(m_compiler + "\n" + version.out + processorIdentity()));
                m_state = State::On;
            }
        }
        return m_state == State::On;
    }

    // The lines of /proc/cpuinfo that say what -march=native picks: a home
    // shared by a cluster's nodes must not hand one node's build to another.
    static std::string processorIdentity()
    {
        std::istringstream in(readFile("/proc/cpuinfo"));
        std::string line, out;
        while (std::getline(in, line)) {
            if (line.empty())
                break; // the first processor says it for all
            if (line.rfind("model name", 0) == 0 || line.rfind("flags", 0) == 0 || line.rfind("Features", 0) == 0
                || line.rfind("CPU part", 0) == 0)
                out += line + "\n";
        }
        return out;
    }

    std::string entryFor(const std::string &file) const
    {
        const size_t slash = file.rfind('/');
        return m_folder + "/" + m_toolchain + "-" + file.substr(slash == std::string::npos ? 0 : slash + 1);
    }

    enum class State { Unknown, On, Off };
    std::string m_compiler, m_folder, m_toolchain;
    State m_state = State::Unknown;
};

/// A name the C or C++ runtime defines, and which part defines it ("the C
/// library" for libc and libm, "the C++ runtime" for libstdc++ and libgcc_s).
struct RuntimeSymbol
{
    std::string name, owner;
    bool operator<(const RuntimeSymbol &o) const { return name < o.name; }
};

/// The names the runtime libraries this compiler links define, read once
/// per compiler and cached in `cacheFile` ("name<TAB>owner" lines). A kernel
/// defining one would replace it for the harness too.
inline std::optional<std::vector<RuntimeSymbol>> runtimeSymbols(const std::string &cxx, const std::string &cacheFile,
                                                                std::string *problem)
{
    std::vector<RuntimeSymbol> names;
    if (fileExists(cacheFile)) {
        std::istringstream in(readFile(cacheFile));
        std::string line;
        while (std::getline(in, line)) {
            const size_t tab = line.find('\t');
            if (tab != std::string::npos)
                names.push_back({line.substr(0, tab), line.substr(tab + 1)});
        }
        if (!names.empty())
            return names;
    }
    const std::pair<const char *, const char *> libraries[] = {{"libc.so.6", "the C library"},
                                                               {"libm.so.6", "the C library"},
                                                               {"libstdc++.so.6", "the C++ runtime"},
                                                               {"libgcc_s.so.1", "the C++ runtime"}};
    for (const auto &[lib, owner] : libraries) {
        Proc where = run({cxx, std::string("-print-file-name=") + lib}, 60, false);
        std::string path = trim(where.out);
        if (!where.exitedOk() || path.empty() || path == lib || !fileExists(path))
            continue; // this compiler does not link it
        // A linker script (libc.so) or a link: nm reads what it resolves to.
        if (char *real = ::realpath(path.c_str(), nullptr)) {
            path = real;
            std::free(real);
        }
        auto syms = globalSymbols(path, true, problem);
        if (!syms)
            return std::nullopt;
        for (const Symbol &s : *syms) {
            if (s.defined)
                names.push_back({s.name, owner});
        }
    }
    if (names.empty()) {
        if (problem)
            *problem = cxx + " names none of the runtime libraries (libc.so.6, libstdc++.so.6) it links";
        return std::nullopt;
    }
    std::stable_sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end(),
                            [](const RuntimeSymbol &x, const RuntimeSymbol &y) { return x.name == y.name; }),
                names.end());
    std::string text;
    for (const RuntimeSymbol &n : names)
        text += n.name + "\t" + n.owner + "\n";
    writeCacheFile(cacheFile, text);
    return names;
}

/// The instructions in a disassembly (objdump -d) that reach the operating
/// system or a clock without a symbol: system calls (x86-64 syscall,
/// sysenter, int $0x80; AArch64 svc) and time-stamp reads (rdtsc, rdtscp,
/// rdpid). Each is named once, in the order met.
inline std::vector<std::string> privilegedInstructions(const std::string &disassembly)
{
    static const char *const kinds[] = {"syscall", "sysenter", "rdtsc", "rdtscp", "rdpid", "svc"};
    std::vector<std::string> found;
    std::istringstream lines(disassembly);
    std::string line;
    while (std::getline(lines, line)) {
        // "  1f:\tsyscall" : the instruction follows the address's tab.
        const size_t colon = line.find(":\t");
        if (colon == std::string::npos)
            continue;
        std::istringstream words(line.substr(colon + 2));
        std::string first, second;
        words >> first >> second;
        std::string what;
        for (const char *k : kinds) {
            if (first == k || second == k) // the second: after a prefix such as "rex.W"
                what = k;
        }
        if (first == "int" && (second == "$0x80" || second == "0x80"))
            what = "int $0x80";
        if (!what.empty() && std::find(found.begin(), found.end(), what) == found.end())
            found.push_back(what);
    }
    return found;
}

/// Whether `name` is what a GPU compiler defines for a __global__ function
/// in the host object: its launch stub ("__device_stub__" in the name) or
/// its handle, a symbol whose stub is defined beside it (nvcc names the stub
/// after the handle's mangled name, clang after its demangled one). The
/// host code calls them to launch the kernel. The audit checks them against
/// the runtime's, the harness's and the reference's names first.
inline bool isGpuKernelHandle(const std::string &name, const std::vector<Symbol> &symbols)
{
    static const std::string stub = "__device_stub__";
    if (name.find(stub) != std::string::npos)
        return true;
    if (name.size() < 3 || name.compare(0, 2, "_Z") != 0)
        return false;
    const std::string plain = demangled(name);
    for (const Symbol &s : symbols) {
        if (!s.defined || s.name.find(stub) == std::string::npos)
            continue;
        if (s.name.find(stub + name.substr(1)) != std::string::npos) // nvcc
            return true;
        std::string unstubbed = demangled(s.name); // clang: the same function, "__device_stub__" before its name
        if (const size_t at = unstubbed.find(stub); at != std::string::npos)
            unstubbed.erase(at, stub.size());
        if (unstubbed == plain)
            return true;
    }
    return false;
}

/// Audits a candidate's object before it is linked with anything. It may
/// reference only what the target allows (never the reference); define only
/// its entry and what the target allows (template instances), and nothing
/// the runtime, the harness or the reference defines, so it cannot replace
/// what they call (a clock, a memory function); and issue no system call or
/// clock read of its own. Returns one reason per offence; nullopt (with
/// `problem`) when no audit could be made, which the caller must not treat
/// as a pass.
inline std::optional<std::vector<std::string>> auditObject(const std::string &object, const AuditRules &rules,
                                                            const std::vector<RuntimeSymbol> &runtime,
                                                            const std::vector<std::string> &otherObjects,
                                                            std::string *problem)
{
    // One objdump for the symbol table and the code (nm loads its LTO
    // plugin first, which costs more than the rest of the audit).
    Proc dump = run({"objdump", "-d", "-t", "-w", "--no-show-raw-insn", object}, 120, false, 64u << 20);
    if (!dump.exitedOk()) {
        if (problem)
            *problem = dump.exitedWith(127) ? "objdump is not installed on this host (binutils)"
                                            : "objdump " + describeExit(dump) + " on " + object;
        return std::nullopt;
    }
    const std::vector<Symbol> symbols = objdumpSymbols(dump.out);
    for (const Symbol &s : symbols) {
        if (s.name == "__gnu_lto_slim") {
            if (problem)
                *problem = "the kernel's object holds LTO bytecode (-flto in the compile flags), whose symbols and code "
                           "cannot be audited: compile kernels without -flto";
            return std::nullopt;
        }
    }
    std::vector<std::string> others; // what the harness and the reference define
    for (const std::string &o : otherObjects) {
        // Those objects are cached under names that hash their sources, and
        // so are their lists.
        const std::string listFile = o + ".defines";
        if (fileExists(listFile)) {
            std::istringstream in(readFile(listFile));
            for (std::string name; std::getline(in, name);)
                others.push_back(name);
            continue;
        }
        auto syms = globalSymbols(o, false, problem);
        if (!syms)
            return std::nullopt;
        std::string text;
        for (const Symbol &s : *syms) {
            if (s.defined && !s.weak) {
                others.push_back(s.name);
                text += s.name + "\n";
            }
        }
        writeCacheFile(listFile, text);
    }
    std::sort(others.begin(), others.end());
    std::vector<std::string> flags, seen;
    for (const Symbol &sym : symbols) {
        const std::string &name = sym.name;
        if (std::find(seen.begin(), seen.end(), name) != seen.end())
            continue;
        seen.push_back(name);
        const std::string shown = demangled(name) == name ? name : demangled(name) + " (" + name + ")";
        if (!sym.defined) {
            if (name == rules.referenceEntry)
                flags.push_back("calls the reference implementation " + name);
            else if (matchesAny(rules.threads, name) && rules.threadsAllowed <= 1)
                flags.push_back("starts threads (" + shown + ") on a workload that allows one");
            else if (!matchesAny(rules.reference, name) && !matchesAny(rules.threads, name))
                flags.push_back("references " + shown + ", which is not on the target's list of what a kernel may call");
            continue;
        }
        if (name == rules.kernelEntry)
            continue;
        // The executable's definition wins over a shared library's, weak or
        // not: the harness would call the kernel's.
        const auto owner = std::lower_bound(runtime.begin(), runtime.end(), RuntimeSymbol{name, {}});
        if (owner != runtime.end() && owner->name == name)
            flags.push_back("replaces " + owner->owner + "'s " + (demangled(name) == name ? name : demangled(name))
                            + " (the harness relies on it)");
        else if (name == rules.referenceEntry || std::binary_search(others.begin(), others.end(), name))
            flags.push_back("redefines " + shown + ", which the harness or the reference defines");
        else if (!matchesAny(rules.define, name) && !(sym.weak && matchesAny(rules.defineWeak, name))
                 && !isGpuKernelHandle(name, symbols))
            flags.push_back("defines the global symbol " + shown + "; a kernel may define only its entry "
                            + rules.kernelEntry + " (give helpers internal linkage: static or an anonymous namespace)");
    }
    // Names are not code: a system call or a clock read needs no symbol.
    for (const std::string &what : privilegedInstructions(dump.out))
        flags.push_back("executes the " + what + " instruction itself ("
                        + (what == "syscall" || what == "sysenter" || what == "int $0x80" || what == "svc"
                               ? "a system call, which needs no symbol"
                               : "reads a clock the harness cannot see")
                        + ")");
    return flags;
}

/// The symbol audit of a candidate's compiled object before it is linked
/// with anything (the target's `audit` rules in eval.conf; a baseline, or
/// KWB_TRUST=off, is not audited). `hostCxx` names the C and C++ runtime;
/// `others` are the harness's and the reference's objects. Returns the
/// supervisor's exit status when the audit ends the evaluation: the host
/// cannot audit (an infrastructure failure, never a pass), or the object
/// is flagged (the result is printed: compiled, never linked or run).
inline std::optional<int> auditCompiledKernel(Result &r, const Config &cfg, const std::string &hostCxx,
                                              const std::string &kernelObj, const std::vector<std::string> &others,
                                              Clock::time_point tCompile)
{
    const AuditRules rules = AuditRules::from(cfg);
    if (cfg.get("trust", "on") == "off") {
        r.extra["trust"] = "\"off\"";
        return std::nullopt;
    }
    if (!rules.enabled() || cfg.get("origin") == "baseline")
        return std::nullopt;
    std::string problem;
    auto runtime = runtimeSymbols(hostCxx, "obj/runtime-" + hex64(fnv1a(hostCxx)) + ".txt", &problem);
    auto flags = runtime ? auditObject(kernelObj, rules, *runtime, others, &problem) : std::nullopt;
    if (!flags) {
        std::fprintf(stderr, "kwb: cannot audit the compiled kernel: %s\n", problem.c_str());
        return kInfraExit;
    }
    if (flags->empty())
        return std::nullopt;
    for (const std::string &f : *flags) {
        std::fprintf(stderr, "kwb: flagged: the kernel %s\n", f.c_str());
        r.flag("symbol-audit", "the kernel " + f);
    }
    r.compileMs = msSince(tCompile);
    r.compiled = true;
    return r.print();
}

/// Exclusive use of one accelerator while a candidate is timed and profiled:
/// evaluations running side by side on a host (kwb run --parallel N) compile
/// and check at once but never time at once. A lock file per device under
/// /tmp (flock: released when the supervisor exits, however it exits).
class DeviceLock
{
public:
    /// `shared`: for stages that use the device but time nothing (checks);
    /// they run together, and never while one evaluation holds it to time.
    explicit DeviceLock(const std::string &device, bool shared = false)
    {
        std::string name = device;
        for (char &c : name) {
            if (!std::isalnum(static_cast<unsigned char>(c)))
                c = '_';
        }
        const std::string path = "/tmp/kwb-" + std::to_string(::getuid()) + "-" + name + ".lock";
        m_fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (m_fd < 0)
            return; // no lock file: time anyway, as a single evaluation would
        const int mode = shared ? LOCK_SH : LOCK_EX;
        if (::flock(m_fd, mode | LOCK_NB) != 0) {
            std::fprintf(stderr, "kwb: waiting for %s (another evaluation is %s on it)\n", device.c_str(),
                         shared ? "timing" : "using it");
            const auto t0 = Clock::now();
            while (::flock(m_fd, mode) != 0 && errno == EINTR) {
            }
            m_waitedMs = msSince(t0);
        }
    }
    ~DeviceLock()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    DeviceLock(const DeviceLock &) = delete;
    DeviceLock &operator=(const DeviceLock &) = delete;
    double waitedMs() const { return m_waitedMs; }

private:
    int m_fd = -1;
    double m_waitedMs = 0;
};

/// The data caches of the core this process runs on, as the kernel's compile
/// sees them: "-DKWB_L1D_BYTES=49152" for each level Linux reports in sysfs
/// (cpu0's; the L3 whole, as the host shares it), so a template sizes its
/// blocks to the host it runs on. Levels sysfs lacks are left out: a template
/// keeps its own fallback for them.
inline std::vector<std::string> cacheDefines(const std::string &root = "/sys/devices/system/cpu/cpu0/cache")
{
    std::map<std::string, long long> bytes; // "L1D", "L2", "L3"
    for (int index = 0; index < 8; ++index) {
        const std::string dir = root + "/index" + std::to_string(index) + "/";
        const std::string level = trim(readFile(dir + "level")), type = trim(readFile(dir + "type")),
                          size = trim(readFile(dir + "size"));
        if (level.empty() || size.empty() || type == "Instruction")
            continue;
        char *end = nullptr;
        long long n = std::strtoll(size.c_str(), &end, 10);
        if (n <= 0 || !end)
            continue;
        if (*end == 'K')
            n <<= 10;
        else if (*end == 'M')
            n <<= 20;
        bytes[level == "1" ? "L1D" : "L" + level] = n;
    }
    std::vector<std::string> defines;
    for (const auto &[name, n] : bytes)
        defines.push_back("-DKWB_" + name + "_BYTES=" + std::to_string(n));
    return defines;
}

/// The GPU this process sees first (CUDA_VISIBLE_DEVICES), for DeviceLock.
inline std::string visibleGpu()
{
    const char *v = std::getenv("CUDA_VISIBLE_DEVICES");
    std::string first = v ? std::string(v).substr(0, std::string(v).find(',')) : std::string("0");
    return "gpu" + (first.empty() ? std::string("0") : first);
}

/// A harness stage that did not exit cleanly: the kernel's failure (a
/// timeout, its own error line, a crash) or the reference's (its error line).
/// `when` ends the message (" after seed 3").
/// The harness says which code runs ("kwb:phase reference seed=3",
/// "kwb:phase kernel seed=3") before it calls it, so a crash or a hang is
/// blamed on the party that was running: a broken reference is the
/// workload's problem, never a kernel failure that is not measured again.
/// A harness killed by SIGKILL that the supervisor did not kill was killed
/// from outside (the OOM killer, an administrator): the host's problem.
inline void failStage(Result &r, const Proc &p, const std::string &stageName, double timeout, const std::string &doing,
                      const std::string &when = {})
{
    // The harness runs every reference before the kernel's first call (the
    // check, kwbsamples.h's checkSeeds) or none (the benchmark), so a
    // reference's phase or error after the kernel's phase is a line the
    // kernel wrote into the protocol (a std::filebuf on /proc/self/fd), to
    // blame its own crash on the reference: the kernel's then.
    std::string kernelError, referenceError, phase;
    bool kernelRan = false, forged = false;
    std::istringstream lines(p.out);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("kwb:error ", 0) == 0) {
            kernelError = line.substr(10);
        } else if (line.rfind("kwb:reference-error ", 0) == 0) {
            forged = forged || kernelRan;
            referenceError = line.substr(20);
        } else if (line.rfind("kwb:phase ", 0) == 0) {
            phase = line.substr(10);
            const bool reference = phase.rfind("reference", 0) == 0;
            forged = forged || (reference && kernelRan);
            kernelRan = kernelRan || phase.rfind("kernel ", 0) == 0; // not "kernel-build": the compiler runs
        }
    }
    if (forged) {
        referenceError.clear();
        phase = "kernel";
        if (kernelError.empty())
            kernelError = "the kernel wrote a line of the harness's protocol naming the reference, then the "
                + stageName + " " + describeExit(p);
    }
    const bool inReference = phase.rfind("reference", 0) == 0;
    const std::string where = inReference && phase.size() > 10 ? " (" + phase.substr(10) + ")" : when;
    if (p.timedOut && inReference)
        r.fail("reference", stageName, "the reference ran past " + jsonNumber(timeout) + " s while the kernel was being "
                                           + doing + where);
    else if (p.timedOut)
        r.fail("timeout", stageName, "the kernel ran past " + jsonNumber(timeout) + " s while being " + doing + when);
    else if (!referenceError.empty())
        r.fail("reference", stageName, referenceError);
    else if (!kernelError.empty())
        r.fail("crash", stageName, kernelError);
    else if (p.overCap)
        r.fail("crash", stageName, "the " + stageName + " printed more than " + std::to_string(kOutputLimit >> 20)
                                       + " MiB and was stopped (its first 4 MiB are kept in the log)");
    else if (p.signalled() && WTERMSIG(p.status) == SIGKILL)
        r.hostProblem = "the " + stageName + " was killed from outside (SIGKILL, not by kwb's deadline: the host's "
                        "out-of-memory killer or an administrator); it will be evaluated again";
    else if (inReference)
        r.fail("reference", stageName, "the reference " + describeExit(p) + where);
    else
        r.fail("crash", stageName, "the " + stageName + " " + describeExit(p) + when);
}

/// Reads a harness's check: one verdict per "kwb:check" line, and the end of
/// the evaluation when the check did not pass. Returns -1 to go on to the
/// benchmark, else the supervisor's exit status (the document is printed, or
/// the host could not check: kInfraExit).
inline int readCheck(Result &r, const Proc &chk, double timeout, const std::string &seedList)
{
    if (harnessSaysInfra(chk))
        return infraFailure(r, chk, "the check");
    bool allOk = true;
    std::string lastSeed;
    std::vector<std::string> seen;
    for (const std::string &line : taggedLines(chk.out, "kwb:check ", true)) {
        allOk = r.addCheck(line) && allOk;
        const std::string seed = parseKeyValues(line)["seed"];
        lastSeed = seed;
        if (std::find(seen.begin(), seen.end(), seed) == seen.end())
            seen.push_back(seed);
    }
    if (!chk.exitedOk()) {
        failStage(r, chk, "check", timeout, "checked", !lastSeed.empty() ? " after seed " + lastSeed : "");
        return r.print();
    }
    if (r.checks.empty()) {
        r.fail("crash", "check", "the check printed no verdict");
        return r.print();
    }
    // Every seed asked for has its verdict (a kernel cannot print its own).
    for (const std::string &want : parseSeedList(seedList)) {
        if (std::find(seen.begin(), seen.end(), want) == seen.end()) {
            r.fail("crash", "check", "the check gave no verdict for seed " + want);
            return r.print();
        }
    }
    r.correct = allOk ? 1 : 0;
    if (!allOk) {
        r.fail("incorrect", "check", "the kernel's output differs from the reference beyond atol/rtol");
        return r.print();
    }
    return -1;
}

/// Reads a GPU harness's "kwb:bench" line into `r`: samples, warm-up, the
/// clock, the verdict on the timed calls' outputs and the outside clock.
/// Returns false (with `r` failed) when the timed calls cannot be used.
inline bool readBench(Result &r, const Proc &bench, double timeout)
{
    std::string verified;
    double overheadMs = 0;
    for (const std::string &line : taggedLines(bench.out, "kwb:bench ", true)) {
        auto kv = parseKeyValues(line);
        r.samples = parseNumberList(kv["samples_ms"]);
        r.warmup = std::atoi(kv["warmup"].c_str());
        r.callsPerSample = std::max(1, std::atoi(kv["calls_per_sample"].c_str()));
        verified = kv["verified"];
        overheadMs = std::atof(kv["overhead_ms"].c_str());
        if (!kv["clock"].empty())
            r.clock = kv["clock"];
    }
    if (!bench.exitedOk() || r.samples.empty()) {
        r.samples.clear();
        failStage(r, bench, "bench", timeout, "timed");
        return false;
    }
    if (verified != "ok") {
        std::replace(verified.begin(), verified.end(), '_', ' ');
        r.samples.clear();
        r.correct = 0;
        r.fail("incorrect", "bench", "correct when checked but not when timed: " + verified);
        return false;
    }
    double inside = 0; // every timed call: samples are the mean call of calls_per_sample calls
    for (double v : r.samples)
        inside += v * r.callsPerSample;
    const std::string tampered =
        checkOutsideClock(r, bench, inside, overheadMs, overheadCap(bench, r.samples.size(), r.callsPerSample));
    if (!tampered.empty())
        r.flag("timing-tampered", tampered);
    r.summarizeSamples();
    return true;
}

/// The check's seeds: the workload's, with one drawn for this evaluation
/// (the benchmark draws its own inputs as its samples start,
/// common/kwbsamples.h).
struct CheckSeeds
{
    std::string drawn; ///< a seed drawn for this evaluation (below 2^53: a result's seed is read as a double)
    /// The seeds the check runs: the workload's (reproducible) and, with
    /// the defences on, `drawn` in place of the last of them where there
    /// are several, beside the one otherwise. A kernel honest only on
    /// inputs known in advance fails there, and where the workload asked
    /// for several the check runs the reference no more often than that.
    std::string list(const std::string &workloadSeeds, bool trust) const
    {
        if (!trust)
            return workloadSeeds;
        std::vector<std::string> seeds = parseSeedList(workloadSeeds);
        if (seeds.size() > 1)
            seeds.pop_back();
        seeds.push_back(drawn);
        std::string out;
        for (const std::string &s : seeds)
            out += (out.empty() ? "" : ",") + s;
        return out;
    }
    CheckSeeds()
    {
        std::random_device entropy;
        drawn = std::to_string(((uint64_t(entropy()) << 32 | entropy()) >> 1) >> 10);
    }
};

/// Whether `field` is 1 to `most` numbers (`exactly` of them when it is not
/// 0) as a benchmark prints them (C's %a, which strtod reads back),
/// separated by `sep`: what the answer program would refuse is refused
/// here, as the kernel's fault, never passed on to fail as the reference's.
inline bool isNumberList(const std::string &field, char sep, size_t most, size_t exactly = 0)
{
    size_t count = 0, at = 0;
    while (count < most) {
        const size_t end = field.find(sep, at);
        const std::string one = field.substr(at, end == std::string::npos ? std::string::npos : end - at);
        char *stop = nullptr;
        if (one.empty() || one.size() > 40 || std::isspace(static_cast<unsigned char>(one[0])))
            return false;
        std::strtod(one.c_str(), &stop);
        if (*stop != '\0')
            return false;
        ++count;
        if (end == std::string::npos)
            return exactly == 0 || count == exactly;
        at = end + 1;
    }
    return false;
}

/// Whether `field` is a whole number of at most 20 digits.
inline bool isDigits(const std::string &field)
{
    return !field.empty() && field.size() <= 20 && field.find_first_not_of("0123456789") == std::string::npos;
}

/// Every timed sample's digests, as a benchmark printed them ("kwb:digest"
/// lines, common/kwbsamples.h), each as the answer program's DIGEST argument
/// with the seed of the sample's inputs it announced ("kwb:inputs").
struct SampleDigests
{
    std::map<int, std::vector<std::string>> bySample; ///< sample -> one argument per output, in output order
    std::string problem; ///< why they cannot be used, or empty

    /// Reads them from `bench`'s output: every one of the `samples` timed
    /// samples must have one input seed and one digest per output, and no
    /// sample two.
    static SampleDigests read(const Proc &bench, int samples)
    {
        SampleDigests out;
        std::map<int, std::string> inputSeeds;
        for (const std::string &line : taggedLines(bench.out, "kwb:inputs ", false)) {
            auto kv = parseKeyValues(line);
            const int sample = std::atoi(kv["sample"].c_str());
            const std::string &seed = kv["seed"];
            if (sample < 0 || sample >= samples || inputSeeds.count(sample) || seed.empty() || seed.size() > 20
                || seed.find_first_not_of("0123456789") != std::string::npos) {
                out.problem = "the benchmark's input seeds do not match its samples";
                return out;
            }
            inputSeeds[sample] = seed;
        }
        std::map<int, std::map<int, std::string>> seen;
        int outputs = 0;
        for (const std::string &line : taggedLines(bench.out, "kwb:digest ", false)) {
            auto kv = parseKeyValues(line);
            const int sample = std::atoi(kv["sample"].c_str()), output = std::atoi(kv["output"].c_str());
            std::string sums = kv["sums"];
            if (sample < 0 || sample >= samples || output < 0 || output > 64 || seen[sample].count(output)) {
                out.problem = "the benchmark's digests do not match its samples";
                return out;
            }
            const auto seed = inputSeeds.find(sample);
            if (seed == inputSeeds.end()) {
                out.problem = "the benchmark did not announce the inputs of timed sample " + std::to_string(sample);
                return out;
            }
            // The sums and the probed elements as printed (hexadecimal, ','
            // and '/' between; "-" for an output with no elements).
            const std::string &probes = kv["probes"];
            if (probes.empty()) {
                out.problem = "the benchmark's digest of timed sample " + std::to_string(sample)
                    + " carries no probed elements";
                return out;
            }
            if (!isNumberList(sums, ',', 4, 4) || (probes != "-" && !isNumberList(probes, '/', 64))
                || !isDigits(kv["key"]) || !isDigits(kv["nonfinite"]) || !isDigits(kv["where"])) {
                out.problem = "the benchmark's digest of timed sample " + std::to_string(sample) + " is not numbers";
                return out;
            }
            seen[sample][output] = kv["sample"] + ":" + kv["output"] + ":" + kv["key"] + ":" + sums + ":"
                + kv["nonfinite"] + ":" + kv["where"] + ":" + seed->second + ":" + probes;
            outputs = std::max(outputs, output + 1);
        }
        for (int n = 0; n < samples; ++n) {
            if (int(seen[n].size()) != outputs || outputs == 0) {
                out.problem = "the benchmark did not digest timed sample " + std::to_string(n);
                return out;
            }
            for (const auto &[o, arg] : seen[n])
                out.bySample[n].push_back(arg);
        }
        return out;
    }

    /// The `count` samples to verify, drawn now, so which calls are checked
    /// is known to nobody while they run.
    std::vector<int> pick(size_t count = 2) const
    {
        std::vector<int> all;
        for (const auto &[n, args] : bySample)
            all.push_back(n);
        Entropy entropy;
        entropy.shuffle(all);
        all.resize(std::min(all.size(), count));
        return all;
    }
};

/// Reads the answer program's verification of the digests the supervisor
/// picked (one "kwb:verify" line per digest in `ver`). Returns -1 when
/// every picked sample was verified correct, else the supervisor's exit
/// status (`r` failed and printed).
inline int readVerify(Result &r, const Proc &ver, size_t digestsSent, double timeout)
{
    r.logs["verify"] = ver.err;
    size_t verdicts = 0;
    std::string wrong, verified;
    for (const std::string &line : taggedLines(ver.out, "kwb:verify ", false)) {
        auto kv = parseKeyValues(line);
        ++verdicts;
        // What was verified and against what, for the record.
        verified += std::string(verified.empty() ? "" : ",") + "{\"sample\":" + std::to_string(std::atoi(kv["sample"].c_str()))
            + ",\"output\":" + jsonString(kv["output"]) + ",\"ok\":" + (kv["ok"] == "1" ? "true" : "false") + "}";
        if (kv["ok"] != "1" && wrong.empty()) {
            const int calls = std::atoi(kv["calls"].c_str());
            wrong = "timed sample " + kv["sample"] + (calls > 1 ? " (" + std::to_string(calls) + " calls)" : "")
                + " wrote a wrong " + kv["output"];
            if (kv["nonfinite"] != kv["want_nonfinite"])
                wrong += " (" + kv["nonfinite"] + " elements unwritten or not finite; the reference's answer has "
                    + kv["want_nonfinite"] + ")";
            else if (kv["probes_off"] != "0")
                wrong += " (" + kv["probes_off"] + " of " + kv["probes"]
                    + " elements looked at are beyond the tolerance; its sums are " + kv["off"]
                    + " of what it allows)";
            else
                wrong += " (its digest is " + kv["off"] + "× past what the tolerance allows)";
        }
    }
    r.extra["verified"] = "[" + verified + "]";
    if (!ver.exitedOk()) {
        // Only the reference runs here: it failed on the benchmark's inputs,
        // which is the workload's problem, never the kernel's.
        r.samples.clear();
        r.metrics.clear();
        r.fail("reference", "bench",
               "the reference, verifying the timed calls, "
                   + (ver.timedOut ? "ran past " + jsonNumber(timeout) + " s" : describeExit(ver)));
        return r.print();
    }
    if (wrong.empty() && verdicts != digestsSent)
        wrong = std::to_string(digestsSent) + " timed outputs were picked and " + std::to_string(verdicts)
            + " could be verified";
    if (!wrong.empty()) {
        r.samples.clear();
        r.metrics.clear();
        r.correct = 0;
        r.fail("incorrect", "bench", "correct when checked but not when timed: " + wrong);
        return r.print();
    }
    return -1;
}

/// The samples verified bound the rest: none counts as faster than 90 % of
/// the fastest verified one. A kernel that does the work only on the samples
/// it bets are checked, and skips the others, is caught when a skipped one
/// is picked; when its bet wins, what it skipped counts as the work it did
/// (its median cannot move past what its honest calls show). Honest samples
/// are rarely that far below the faster of two picked at random; the record
/// says how many were raised (`verified_floor`).
inline void boundByVerifiedSamples(Result &r, const std::vector<int> &picked)
{
    double fastest = INFINITY;
    for (int n : picked)
        if (n >= 0 && size_t(n) < r.samples.size())
            fastest = std::min(fastest, r.samples[size_t(n)]);
    if (!std::isfinite(fastest))
        return;
    const double floor = 0.9 * fastest;
    int raised = 0;
    for (double &v : r.samples) {
        if (v < floor) {
            v = floor;
            ++raised;
        }
    }
    r.extra["verified_floor"] = "{\"floor_ms\":" + jsonNumber(floor) + ",\"raised\":" + std::to_string(raised) + "}";
    if (raised > 0) {
        std::fprintf(stderr, "kwb: %d of %zu samples were faster than 90%% of the fastest verified one and count as %s ms\n",
                     raised, r.samples.size(), jsonNumber(floor).c_str());
        r.summarizeSamples();
    }
}

/// The benchmark's timed samples verified after it (common/kwbsamples.h):
/// their digests read from `bench`, the samples picked, and the answer
/// program (`verifyCmd`, to which the picked digests are added) run in its
/// sandbox. Returns -1 when they are right, else the supervisor's exit
/// status (`r` failed and printed).
inline int verifyPickedSamples(Result &r, const Proc &bench, std::vector<std::string> verifyCmd, const Sandbox &box,
                               double timeout)
{
    const SampleDigests digests = SampleDigests::read(bench, int(r.samples.size()));
    if (!digests.problem.empty()) {
        r.samples.clear();
        r.metrics.clear();
        r.correct = 0;
        r.fail("incorrect", "bench", "correct when checked but not when timed: " + digests.problem);
        return r.print();
    }
    size_t sent = 0;
    const std::vector<int> picked = digests.pick();
    for (int n : picked) {
        const std::vector<std::string> &args = digests.bySample.at(n);
        verifyCmd.insert(verifyCmd.end(), args.begin(), args.end());
        sent += args.size();
    }
    const auto t0 = Clock::now();
    Proc ver = run(box.wrap(verifyCmd), timeout, true);
    r.verifyMs = msSince(t0);
    if (harnessSaysInfra(ver)) // a reference on a device the host cannot use now
        return infraFailure(r, ver, "the verification");
    if (const int end = readVerify(r, ver, sent, timeout); end >= 0)
        return end;
    boundByVerifiedSamples(r, picked);
    return -1;
}

} // namespace kwbhost
