// The benchmark's samples, shared by the C++ harnesses (cpu-cxx's
// harness.cpp, opencl's harness.cpp, and gpuharness.cu for cuda-cxx and
// hip, whose timed calls are digested on the device): no timed call
// can be answered from an earlier one, the timed program never holds an
// answer, and it never knows which of its calls are verified (issue 46,
// points 2, 3 and 4).
//
//   - The benchmark's two input sets come from seeds drawn by the supervisor
//     for each evaluation. Before each timed call elements of its inputs
//     are changed (Change) and changed back after it, so every call sees
//     inputs no earlier call saw: remembering an answer, by call, by pointer
//     or by content, buys nothing. The changes of a sample are drawn from a
//     seed the benchmark takes from the kernel's random source when the
//     sample starts and prints at once (announceChanges), so nothing can
//     work them out before (the benchmark's command line, which the kernel
//     can read, holds only the input sets' seeds). Before a sample's first
//     call one element is changed in every stratum of about sqrt(n)
//     elements of every input (firstChangesOf), so most rows of a matrix
//     change: an answer patched by recomputing the outputs of changed rows
//     costs nearly what computing it costs. It does not stop a patch that
//     is cheaper than recomputing (a linear operation's answer updated by
//     the changes' products: O(n) work for a matmul's O(n^1.5)); only the
//     roofline and the workload's bounds catch that.
//   - Every sample starts with poisoned outputs, and after it every output
//     is digested (digestSample: four sums weighted by a key drawn from the
//     kernel's random source after the calls returned) and the digest
//     printed at once. The benchmark is told nothing of what is verified.
//   - The supervisor picks the samples to verify after the benchmark.
//     `verify`, in a program without the kernel, recomputes their inputs
//     (their sets and their announced changes) and the reference's answers,
//     one process per sample at once, and compares the digests
//     (verifyDigests). The benchmark program has no reference linked and
//     never holds an answer.
//
// Include it after kwbcheck.h, inside the harness's namespace (so the
// harness first includes <algorithm>, <cerrno>, <cmath>, <cstdio>,
// <cstdlib>, <cstring>, <string>, <vector>, <sys/random.h>, <sys/wait.h>
// and <unistd.h>). The harness defines
// elementSize(DType), at(), put(), phase(const char *, uint64_t), and, with
// KWB_WITH_REFERENCE, links call_reference. A harness whose reference runs
// on a device (gpuharness.cu) defines KWB_REFERENCE_ON_DEVICE and
// `referenceOnHost`, which takes host buffers as call_reference does. The
// digest's arithmetic (addToDigest, mergeDigest) also compiles as device
// code, so a GPU harness digests its outputs where they are, with the same
// figures.
#pragma once

#if defined(__CUDACC__) || defined(__HIP__)
#define KWB_HOST_DEVICE __host__ __device__
#else
#define KWB_HOST_DEVICE
#endif

using Bytes = std::vector<unsigned char>;

// Bytes an output is poisoned with before every call, so an element the
// kernel never writes cannot pass: all ones is a NaN in every float type;
// integers get a pattern no small input sums to.
inline unsigned char poisonByte(const Tensor &t) { return isIntegerTensor(t) ? 0x5a : 0xff; }

inline size_t tensorBytes(const Tensor &t) { return size_t(t.elements) * elementSize(t.dtype); }

// One input element changed: which, where, and its raw bytes after and before.
struct Change
{
    int32_t input;
    int64_t index;
    uint64_t value, old;
};

// Changes per input before each call of a sample after its first.
constexpr int kLaterChanges = 1;

// Changes to input `t` before a sample's first call: one in each of about
// sqrt(n) strata of its n elements (at least 4, at most 4096, never more
// than n), so every row of a square matrix gets about one.
inline long long firstChangesOf(const Tensor &t)
{
    if (t.elements <= 0)
        return 0;
    long long m = (long long)std::sqrt(double(t.elements));
    m = std::min<long long>(std::max<long long>(m, 4), 4096);
    return std::min(m, t.elements);
}

// All the changes before a sample's first call, and before each further one.
inline size_t firstChanges()
{
    size_t n = 0;
    for (int i = 0; i < num_inputs; ++i)
        n += size_t(firstChangesOf(inputs[i]));
    return n;
}

inline size_t laterChanges()
{
    size_t n = 0;
    for (int i = 0; i < num_inputs; ++i)
        n += inputs[i].elements > 0 ? kLaterChanges : 0;
    return n;
}

// A value from the tensor's range, as `fill` draws them, as raw bytes.
inline uint64_t drawRaw(const Tensor &t, SplitMix &rng)
{
    uint64_t raw = 0;
    put(t, &raw, 0, drawValue(t, rng));
    return raw;
}

// The changes a sample's calls run on, drawn from the sample's seed:
// firstChanges() before its first call (distinct elements: one per stratum
// of each input), laterChanges() more before each further call.
inline std::vector<Change> sampleChanges(uint64_t sampleSeed, uint64_t sample, int calls)
{
    std::vector<Change> out;
    for (int c = 0; c < calls; ++c) {
        SplitMix rng{sampleSeed ^ (sample * 0x9e3779b97f4a7c15ULL) ^ (uint64_t(c) * 0xc2b2ae3d27d4eb4fULL)};
        for (int i = 0; i < num_inputs; ++i) {
            const Tensor &t = inputs[i];
            if (t.elements <= 0)
                continue;
            if (c > 0) {
                for (int k = 0; k < kLaterChanges; ++k)
                    out.push_back({int32_t(i), int64_t(rng() % uint64_t(t.elements)), drawRaw(t, rng), 0});
                continue;
            }
            const long long m = firstChangesOf(t), stride = t.elements / m;
            for (long long j = 0; j < m; ++j) {
                const long long span = j == m - 1 ? t.elements - j * stride : stride;
                out.push_back({int32_t(i), int64_t(j * stride + (long long)(rng() % uint64_t(span))), drawRaw(t, rng), 0});
            }
        }
    }
    return out;
}

// Writes a change into host inputs, keeping the bytes it replaced.
inline void applyChange(void *const *inPtr, Change &c)
{
    const size_t size = elementSize(inputs[c.input].dtype);
    unsigned char *p = static_cast<unsigned char *>(inPtr[size_t(c.input)]) + size_t(c.index) * size;
    c.old = 0;
    std::memcpy(&c.old, p, size);
    std::memcpy(p, &c.value, size);
}

inline void undoChanges(void *const *inPtr, const std::vector<Change> &changes)
{
    for (auto it = changes.rbegin(); it != changes.rend(); ++it) {
        const size_t size = elementSize(inputs[it->input].dtype);
        std::memcpy(static_cast<unsigned char *>(inPtr[size_t(it->input)]) + size_t(it->index) * size, &it->old, size);
    }
}


// ---- every timed sample's outputs, digested under a key drawn after it ----

// Four weighted sums of an output's finite elements, with weights in
// [-1, 1) from a key, and where its non-finite elements are. The benchmark
// digests every sample under a key it draws from the kernel's random source
// only after the sample's calls returned, and prints it at once: a kernel
// cannot know the weights while it runs, so it cannot make a wrong output
// whose sums come out right, and cannot change a digest once printed.
constexpr int kDigestSums = 4;

struct Digest
{
    double sum[kDigestSums] = {0, 0, 0, 0};
    long long nonfinite = 0;
    uint64_t where = 0; // a hash of the non-finite elements' indices and kinds
};

KWB_HOST_DEVICE inline uint64_t mixKey(uint64_t key, long long i)
{
    uint64_t z = key + uint64_t(i + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// Weight k of element i (16 bits of its hash), uniform in (-1, 1) and
// centred on zero.
KWB_HOST_DEVICE inline double digestWeight(uint64_t h, int k)
{
    return (double((h >> (16 * k)) & 0xffff) - 32767.5) / 32768.0;
}

// 0 for a finite value, else 1 (NaN), 2 (+inf) or 3 (-inf), read from its
// bits: the same on the host and a device, and under any math flags.
KWB_HOST_DEVICE inline int nonfiniteKind(double v)
{
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
    const uint64_t bits = uint64_t(__double_as_longlong(v));
#else
    uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
#endif
    if (((bits >> 52) & 0x7ff) != 0x7ff)
        return 0;
    return (bits & ((uint64_t(1) << 52) - 1)) != 0 ? 1 : (bits >> 63) ? 3 : 2;
}

// Element i (of value v) added to a digest under `key`.
KWB_HOST_DEVICE inline void addToDigest(Digest &d, uint64_t key, long long i, double v)
{
    const uint64_t h = mixKey(key, i);
    if (const int kind = nonfiniteKind(v)) {
        ++d.nonfinite;
        d.where += mixKey(h, kind);
        return;
    }
    for (int k = 0; k < kDigestSums; ++k)
        d.sum[k] += digestWeight(h, k) * v;
}

// Two digests of disjoint elements as one (sums in another order differ by
// rounding, which digestAgrees allows for).
KWB_HOST_DEVICE inline void mergeDigest(Digest &into, const Digest &part)
{
    for (int k = 0; k < kDigestSums; ++k)
        into.sum[k] += part.sum[k];
    into.nonfinite += part.nonfinite;
    into.where += part.where;
}

inline Digest digestOf(const Tensor &t, const void *data, uint64_t key)
{
    Digest d;
    for (long long i = 0; i < t.elements; ++i)
        addToDigest(d, key, i, at(t, data, i));
    return d;
}

// One "kwb:digest" line: exact (hexadecimal) sums, so nothing is lost
// between the benchmark and the verification.
inline void printDigest(FILE *proto, int sample, int output, uint64_t key, const Digest &d)
{
    std::fprintf(proto, "kwb:digest sample=%d output=%d key=%llu sums=%a,%a,%a,%a nonfinite=%lld where=%llu\n", sample,
                 output, (unsigned long long)key, d.sum[0], d.sum[1], d.sum[2], d.sum[3], d.nonfinite,
                 (unsigned long long)d.where);
}

#ifndef KWB_WITH_REFERENCE

// A key from the kernel's random source, drawn after the calls it digests.
inline uint64_t drawDigestKey()
{
    uint64_t key = 0;
    size_t got = 0;
    while (got < sizeof key) {
        const ssize_t n = ::getrandom(reinterpret_cast<char *>(&key) + got, sizeof key - got, 0);
        if (n > 0)
            got += size_t(n);
        else if (errno != EINTR) {
            std::fprintf(stderr, "harness: no random source for the digests' keys\n");
            std::abort();
        }
    }
    return key;
}

// Digests a sample's outputs (host copies) and prints them at once.
inline void digestSample(FILE *proto, int sample, const std::vector<const void *> &outputsOfCall)
{
    for (int o = 0; o < num_outputs; ++o) {
        const uint64_t key = drawDigestKey();
        printDigest(proto, sample, o, key, digestOf(outputs[o], outputsOfCall[size_t(o)], key));
    }
    std::fflush(proto);
}


// The seed of sample `sample`'s changes (sampleChanges), drawn from the
// kernel's random source when the sample starts and printed at once: its
// changes are known to nobody before, and what `verify` recomputes is what
// the benchmark ran.
inline uint64_t announceChanges(FILE *proto, int sample)
{
    const uint64_t seed = drawDigestKey();
    std::fprintf(proto, "kwb:changes sample=%d seed=%llu\n", sample, (unsigned long long)seed);
    std::fflush(proto);
    return seed;
}
#endif

// Host memory for one input set and its outputs, 64-byte aligned as the
// check's buffers are (no guards: only the reference runs on it).
struct HostSet
{
    std::vector<void *> inPtr, outPtr;
    HostSet()
    {
        for (int i = 0; i < num_inputs; ++i)
            inPtr.push_back(alloc(tensorBytes(inputs[i])));
        for (int o = 0; o < num_outputs; ++o)
            outPtr.push_back(alloc(tensorBytes(outputs[o])));
    }
    ~HostSet()
    {
        for (void *p : inPtr)
            std::free(p);
        for (void *p : outPtr)
            std::free(p);
    }
    static void *alloc(size_t bytes)
    {
        void *p = std::aligned_alloc(64, (std::max<size_t>(bytes, 1) + 63) / 64 * 64);
        if (!p) {
            std::fprintf(stderr, "harness: out of memory for the reference's buffers\n");
            std::abort();
        }
        return p;
    }
    HostSet(const HostSet &) = delete;
    HostSet &operator=(const HostSet &) = delete;
    void fillInputs(uint64_t seed)
    {
        for (int i = 0; i < num_inputs; ++i)
            fill(inputs[i], inPtr[size_t(i)], seed * 1000003ULL + uint64_t(i));
    }
    void poisonOutputs()
    {
        for (int o = 0; o < num_outputs; ++o)
            std::memset(outPtr[size_t(o)], poisonByte(outputs[o]), tensorBytes(outputs[o]));
    }
    // Sample `sample`'s inputs: set sample % 2 with the changes of its
    // `calls` calls all applied (its outputs are its last call's).
    void takeSample(uint64_t seed0, uint64_t seed1, uint64_t changeSeed, int sample, int calls)
    {
        fillInputs(sample % 2 ? seed1 : seed0);
        std::vector<Change> changes = sampleChanges(changeSeed, uint64_t(sample), calls);
        for (Change &c : changes)
            applyChange(inPtr.data(), c);
        poisonOutputs();
    }
};

#ifdef KWB_WITH_REFERENCE

#ifdef KWB_REFERENCE_ON_DEVICE
// The harness's: the reference on host buffers, through the device.
void referenceOnHost(void *const *in, void *const *out);
#else
inline void referenceOnHost(void *const *in, void *const *out) { call_reference(in, out); }
#endif

// One digest the benchmark printed, with its sample's change seed, as the
// supervisor passes it on:
// "SAMPLE:OUTPUT:KEY:SUM0,SUM1,SUM2,SUM3:NONFINITE:WHERE:CHANGE_SEED".
struct ReportedDigest
{
    int sample = -1, output = -1;
    uint64_t key = 0, changeSeed = 0;
    Digest d;
    static bool parse(const char *text, ReportedDigest &r)
    {
        unsigned long long key = 0, where = 0, changeSeed = 0;
        int used = 0;
        if (std::sscanf(text, "%d:%d:%llu:%la,%la,%la,%la:%lld:%llu:%llu%n", &r.sample, &r.output, &key, &r.d.sum[0],
                        &r.d.sum[1], &r.d.sum[2], &r.d.sum[3], &r.d.nonfinite, &where, &changeSeed, &used)
                != 10
            || text[used] != '\0' || r.output < 0 || r.output >= num_outputs || r.sample < 0)
            return false;
        r.key = key;
        r.d.where = where;
        r.changeSeed = changeSeed;
        return true;
    }
};

// Whether a reported digest is what an output within atol + rtol·|ref| of
// the reference's gives: its non-finite elements exactly, and each sum
// within eight deviations of what elementwise errors within the tolerance
// can add up to (the weights are drawn after the output was made, so an
// honest output's sums pass but with a chance below 1e-13; a sum a wrong
// element moves by more than that fails but with a chance of that bound
// over the error, and it must pass four such sums at once).
inline bool digestAgrees(const Tensor &t, const void *ref, const ReportedDigest &r, double atol, double rtol,
                         double *worstRatio, long long *wantNonfinite)
{
    const Digest want = digestOf(t, ref, r.key);
    *wantNonfinite = want.nonfinite;
    double tol2 = 0, mass = 0;
    for (long long i = 0; i < t.elements; ++i) {
        const double v = at(t, ref, i);
        if (nonfiniteKind(v) == 0) {
            const double tol = atol + rtol * std::fabs(v);
            tol2 += tol * tol;
            mass += std::fabs(v);
        }
    }
    // The deviation bound, and room for both sums' rounding (identical
    // outputs summed in another order, as a device sums them, differ by at
    // most that).
    const double bound = 8.0 * std::sqrt(tol2) + 4.0 * double(t.elements) * 1.2e-16 * mass;
    bool ok = want.nonfinite == r.d.nonfinite && want.where == r.d.where;
    *worstRatio = ok ? 0 : INFINITY;
    for (int k = 0; k < kDigestSums; ++k) {
        const double off = std::fabs(want.sum[k] - r.d.sum[k]);
        const double ratio = bound > 0 ? off / bound : (off > 0 ? INFINITY : 0);
        if (!(ratio <= 1.0))
            ok = false;
        *worstRatio = std::max(*worstRatio, std::isnan(ratio) ? INFINITY : ratio);
    }
    return ok;
}

// Verifies the digests the supervisor picked, after the benchmark: each
// picked sample's inputs again (its set, its announced changes), the
// reference's answer on them, and one "kwb:verify" line per digest. A
// reference on the host verifies the samples at once, each in a process of
// its own, so verifying two costs about the time of one reference call; a
// reference on a device verifies them in turn (two contexts and their
// buffers on one device could run out of its memory).
inline int verifyDigests(FILE *proto, uint64_t seed0, uint64_t seed1, int calls, double atol, double rtol,
                         const std::vector<ReportedDigest> &picks)
{
    std::vector<int> samples;
    for (const ReportedDigest &r : picks)
        if (std::find(samples.begin(), samples.end(), r.sample) == samples.end())
            samples.push_back(r.sample);
    std::fflush(nullptr);
    // The samples this process verifies: those no helper took.
    std::vector<pid_t> helpers;
    std::vector<int> mine = samples;
    size_t forks = samples.empty() ? 0 : samples.size() - 1;
#ifdef KWB_REFERENCE_ON_DEVICE
    forks = 0;
#endif
    for (size_t k = 0; k < forks; ++k) {
        const pid_t pid = ::fork();
        if (pid == 0) {
            mine = {samples[k]};
            helpers.clear();
            break;
        }
        if (pid > 0) {
            helpers.push_back(pid);
            mine.erase(std::find(mine.begin(), mine.end(), samples[k]));
        }
    }
    HostSet want;
    int answered = -1; // the sample whose answer `want` holds
    for (const ReportedDigest &r : picks) {
        if (std::find(mine.begin(), mine.end(), r.sample) == mine.end())
            continue;
        if (r.sample != answered) {
            want.takeSample(seed0, seed1, r.changeSeed, r.sample, calls);
            phase("reference", uint64_t(r.sample));
            referenceOnHost(want.inPtr.data(), want.outPtr.data());
            answered = r.sample;
        }
        double ratio = 0;
        long long wantNonfinite = 0;
        const bool ok =
            digestAgrees(outputs[r.output], want.outPtr[size_t(r.output)], r, atol, rtol, &ratio, &wantNonfinite);
        std::fprintf(proto,
                     "kwb:verify sample=%d set=%d output=%s ok=%d off=%.3g nonfinite=%lld want_nonfinite=%lld\n",
                     r.sample, r.sample % 2, outputs[r.output].name, ok ? 1 : 0, ratio, r.d.nonfinite, wantNonfinite);
        std::fflush(proto);
    }
    // The helpers' failures are the reference's, like this process's own.
    int status = 0;
    for (pid_t pid : helpers) {
        int st = 0;
        pid_t got = -1;
        while ((got = ::waitpid(pid, &st, 0)) < 0 && errno == EINTR) {
        }
        if (got != pid)
            status = 1;
        else if (WIFSIGNALED(st))
            status = 128 + WTERMSIG(st);
        else if (WEXITSTATUS(st) != 0)
            status = WEXITSTATUS(st);
    }
    return status;
}

// The answer program's mode:
//   verify SEED0 SEED1 CALLS ATOL RTOL DIGEST...
// returns the exit status, or -1 when argv is not it.
inline int answerModes(FILE *proto, int argc, char **argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode != "verify" || argc < 7)
        return -1;
    std::vector<ReportedDigest> picks;
    for (int d = 7; d < argc; ++d) {
        ReportedDigest r;
        if (!ReportedDigest::parse(argv[d], r)) {
            std::fprintf(stderr, "harness: unreadable digest %s\n", argv[d]);
            return 2;
        }
        picks.push_back(r);
    }
    return verifyDigests(proto, std::strtoull(argv[2], nullptr, 10), std::strtoull(argv[3], nullptr, 10),
                         std::atoi(argv[4]), std::atof(argv[5]), std::atof(argv[6]), picks);
}

// The answer program's whole command line (a harness's main() when it is
// built as one): its exit status, after its usage where argv is not its mode.
inline int answerProgram(FILE *proto, int argc, char **argv)
{
    const int status = answerModes(proto, argc, argv);
    if (status >= 0)
        return status;
    std::fprintf(stderr, "usage: answer verify SEED0 SEED1 CALLS ATOL RTOL DIGEST...\n");
    return 2;
}

#endif
