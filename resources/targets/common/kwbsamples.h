// The benchmark's samples, shared by the C++ harnesses (cpu-cxx's
// harness.cpp, opencl's harness.cpp, and gpuharness.cu for cuda-cxx and
// hip, whose timed calls are digested on the device): no timed call
// can be answered from an earlier one, the timed program never holds an
// answer, and it never knows which of its calls are verified (issue 46,
// points 2, 3 and 4).
//
//   - The benchmark's two input sets come from seeds drawn by the supervisor
//     for each evaluation. Before each timed call a few elements of its
//     inputs are changed (Change, drawn from the evaluation's change seed and
//     the sample's number) and changed back after it, so every call sees
//     inputs no earlier call saw: remembering an answer, by call, by pointer
//     or by content, buys nothing.
//   - Every sample starts with poisoned outputs, and after it every output
//     is digested (digestSample: four sums weighted by a key drawn from the
//     kernel's random source after the calls returned) and the digest
//     printed at once. The benchmark is told nothing of what is verified.
//   - The supervisor picks the samples to verify: one drawn before the
//     benchmark, whose answer a process that never runs the kernel computes
//     beside the check (writeAnswer, into a folder the benchmark cannot
//     see), and one drawn after it. `verify`, in a program without the
//     kernel, recomputes their inputs and the reference's answers and
//     compares the digests (verifyDigests). The benchmark program has no
//     reference linked and reads no answer.
//
// Include it after kwbcheck.h, inside the harness's namespace (so the
// harness first includes <cerrno>, <cmath>, <cstdio>, <cstdlib>, <cstring>,
// <string>, <vector>, <sys/random.h> and <unistd.h>). The harness defines
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

// Changes per input before a sample's first call, and before each further one.
constexpr int kFirstChanges = 4, kLaterChanges = 1;

// Inputs that get changes (an input without elements gets none).
inline int changedInputs()
{
    int n = 0;
    for (int i = 0; i < num_inputs; ++i)
        n += inputs[i].elements > 0 ? 1 : 0;
    return n;
}

// A value from the tensor's range, as `fill` draws them, as raw bytes.
inline uint64_t drawRaw(const Tensor &t, SplitMix &rng)
{
    uint64_t raw = 0;
    put(t, &raw, 0, drawValue(t, rng));
    return raw;
}

// The changes a sample's calls run on: kFirstChanges elements per input
// before its first call, kLaterChanges more before each further call, drawn
// from the evaluation's change seed and the sample's number, so the check
// can compute a sample's answer before the benchmark runs it.
inline std::vector<Change> sampleChanges(uint64_t changeSeed, uint64_t sample, int calls)
{
    std::vector<Change> out;
    for (int c = 0; c < calls; ++c) {
        SplitMix rng{changeSeed ^ (sample * 0x9e3779b97f4a7c15ULL) ^ (uint64_t(c) * 0xc2b2ae3d27d4eb4fULL)};
        for (int i = 0; i < num_inputs; ++i) {
            for (int k = 0; k < (c == 0 ? kFirstChanges : kLaterChanges) && inputs[i].elements > 0; ++k)
                out.push_back({int32_t(i), int64_t(rng() % uint64_t(inputs[i].elements)), drawRaw(inputs[i], rng), 0});
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

inline bool writeFile(const std::string &path, const void *data, size_t bytes)
{
    FILE *f = std::fopen(path.c_str(), "wb");
    const bool ok = f && std::fwrite(data, 1, bytes, f) == bytes;
    if (f)
        std::fclose(f);
    return ok;
}

inline Bytes readFile(const std::string &path)
{
    Bytes out;
    if (FILE *f = std::fopen(path.c_str(), "rb")) {
        unsigned char buf[65536];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
            out.insert(out.end(), buf, buf + n);
        std::fclose(f);
    }
    return out;
}

// The answer of one sample, computed before the benchmark runs, by a
// process that never runs the kernel (the supervisor starts it beside the
// check and tells nobody else which sample it is), into a folder the
// benchmark cannot see. For a kernel called once per sample; `verify` uses
// it when the supervisor picks that sample.
inline int writeAnswer(uint64_t seed0, uint64_t seed1, uint64_t changeSeed, int sample, const std::string &answers)
{
    HostSet want;
    want.takeSample(seed0, seed1, changeSeed, sample, 1);
    referenceOnHost(want.inPtr.data(), want.outPtr.data());
    bool ok = true;
    for (int o = 0; o < num_outputs; ++o)
        ok = writeFile(answers + "/expect-out-" + std::to_string(o), want.outPtr[size_t(o)], tensorBytes(outputs[o]))
            && ok;
    const std::string key = std::to_string(sample);
    if (ok) // the key last: it says the answer is whole
        ok = writeFile(answers + "/expect-key", key.data(), key.size());
    return ok ? 0 : 1;
}

// One digest the benchmark printed, as the supervisor passes it on:
// "SAMPLE:OUTPUT:KEY:SUM0,SUM1,SUM2,SUM3:NONFINITE:WHERE".
struct ReportedDigest
{
    int sample = -1, output = -1;
    uint64_t key = 0;
    Digest d;
    static bool parse(const char *text, ReportedDigest &r)
    {
        unsigned long long key = 0, where = 0;
        int used = 0;
        if (std::sscanf(text, "%d:%d:%llu:%la,%la,%la,%la:%lld:%llu%n", &r.sample, &r.output, &key, &r.d.sum[0],
                        &r.d.sum[1], &r.d.sum[2], &r.d.sum[3], &r.d.nonfinite, &where, &used)
                != 9
            || text[used] != '\0' || r.output < 0 || r.output >= num_outputs || r.sample < 0)
            return false;
        r.key = key;
        r.d.where = where;
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
// picked sample's inputs again (its set, its calls' changes), the
// reference's answer on them (or the one written before the benchmark ran,
// when it is that sample's), and one "kwb:verify" line per digest.
inline void verifyDigests(FILE *proto, uint64_t seed0, uint64_t seed1, uint64_t changeSeed, int calls,
                          const std::string &answers, double atol, double rtol, const std::vector<ReportedDigest> &picks)
{
    HostSet want;
    int answered = -1; // the sample whose answer `want` holds
    bool precomputed = false;
    for (const ReportedDigest &r : picks) {
        if (r.sample != answered) {
            const Bytes key = readFile(answers + "/expect-key");
            bool whole = calls == 1 && std::string(key.begin(), key.end()) == std::to_string(r.sample);
            for (int o = 0; o < num_outputs && whole; ++o) {
                const Bytes got = readFile(answers + "/expect-out-" + std::to_string(o));
                whole = got.size() == tensorBytes(outputs[o]);
                if (whole)
                    std::memcpy(want.outPtr[size_t(o)], got.data(), got.size());
            }
            precomputed = whole;
            if (!whole) {
                want.takeSample(seed0, seed1, changeSeed, r.sample, calls);
                phase("reference", uint64_t(r.sample));
                referenceOnHost(want.inPtr.data(), want.outPtr.data());
            }
            answered = r.sample;
        }
        double ratio = 0;
        long long wantNonfinite = 0;
        const bool ok =
            digestAgrees(outputs[r.output], want.outPtr[size_t(r.output)], r, atol, rtol, &ratio, &wantNonfinite);
        std::fprintf(proto,
                     "kwb:verify sample=%d set=%d output=%s ok=%d off=%.3g nonfinite=%lld want_nonfinite=%lld "
                     "answer=%s\n",
                     r.sample, r.sample % 2, outputs[r.output].name, ok ? 1 : 0, ratio, r.d.nonfinite, wantNonfinite,
                     precomputed ? "precomputed" : "reference");
    }
    std::fflush(proto);
}

// The answer program's two modes, for a harness's main(): returns the exit
// status, or -1 when argv is neither.
//   answer SEED0 SEED1 CHANGE_SEED SAMPLE ANSWERS_DIR
//   verify SEED0 SEED1 CHANGE_SEED CALLS ANSWERS_DIR ATOL RTOL DIGEST...
inline int answerModes(FILE *proto, int argc, char **argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    auto number = [&](int i) { return std::strtoull(argv[i], nullptr, 10); };
    if (mode == "answer" && argc == 7)
        return writeAnswer(number(2), number(3), number(4), std::atoi(argv[5]), argv[6]);
    if (mode != "verify" || argc < 9)
        return -1;
    std::vector<ReportedDigest> picks;
    for (int d = 9; d < argc; ++d) {
        ReportedDigest r;
        if (!ReportedDigest::parse(argv[d], r)) {
            std::fprintf(stderr, "harness: unreadable digest %s\n", argv[d]);
            return 2;
        }
        picks.push_back(r);
    }
    verifyDigests(proto, number(2), number(3), number(4), std::atoi(argv[5]), argv[6], std::atof(argv[7]),
                  std::atof(argv[8]), picks);
    return 0;
}


// The answer program's whole command line (a harness's main() when it is
// built as one): its exit status, after its usage where argv is neither mode.
inline int answerProgram(FILE *proto, int argc, char **argv)
{
    const int status = answerModes(proto, argc, argv);
    if (status >= 0)
        return status;
    std::fprintf(stderr, "usage: answer SEED0 SEED1 CHANGE_SEED SAMPLE ANSWERS_DIR | "
                         "verify SEED0 SEED1 CHANGE_SEED CALLS ANSWERS_DIR ATOL RTOL DIGEST...\n");
    return 2;
}

#endif
