// The benchmark's samples, shared by the C++ harnesses (cpu-cxx's
// harness.cpp, opencl's harness.cpp, and gpuharness.cu for cuda-cxx and
// hip, whose timed calls are digested on the device): no timed call
// can be answered from an earlier one or skipped, the timed program never
// holds an answer, and it never knows which of its calls are verified
// (issue 46, points 2, 3 and 4).
//
//   - Every timed call runs on inputs of its own, drawn afresh from a seed
//     the benchmark takes from the kernel's random source when the call's
//     sample starts and prints at once (announceInputs; call c of the
//     sample gets callSeed(seed, c)). No two calls share an input element
//     by design, so remembering an answer (by call, pointer or content)
//     buys nothing, and neither does patching an earlier answer with what
//     changed since (every element changed): each call costs what computing
//     it costs. The benchmark's command line, which the kernel can read,
//     holds no seed.
//   - Every call writes outputs of its own, poisoned before the sample, and
//     after the sample every output of every call is digested (digestSample:
//     four sums weighted by a key drawn from the kernel's random source
//     after the calls returned, over the calls' outputs end to end) and the
//     digest printed at once: a call that is skipped, or left to a later
//     one, leaves its outputs poisoned. With the sums come kDigestProbes
//     elements of each output as they are, at places the key draws. The
//     benchmark is told nothing of what is verified.
//   - The supervisor picks the samples to verify after the benchmark.
//     `verify`, in a program without the kernel, draws their calls' inputs
//     again and runs the reference on each, one process per sample at once,
//     and compares the digests (verifyDigests), the probed elements as the
//     check compares elements. The benchmark program has no reference
//     linked and never holds an answer.
//
// It also holds the drivers every C++ harness runs: the check's
// (checkSeeds) and the benchmark's timed section and report (timedSection,
// reportBench), so a harness says only how to reach its buffers and how to
// call, synchronise and time one call (issue 46, point 1).
//
// Include it after kwbcheck.h and kwbproto.h, inside the harness's namespace
// (so the harness first includes <algorithm>, <cerrno>, <chrono>, <cmath>, <cstdio>,
// <cstdlib>, <cstring>, <memory>, <string>, <vector>, <sys/random.h>, <sys/wait.h>
// and <unistd.h>). The harness defines
// elementSize(DType), at(), put(), phase(const char *, uint64_t), and, with
// KWB_WITH_REFERENCE, links call_reference. A harness whose reference runs
// on a device (gpuharness.cu) defines KWB_REFERENCE_ON_DEVICE and
// `referenceOnHost`, which takes host buffers as call_reference does. The
// inputs' drawing (kwbcheck.h's drawElement) and the digest's arithmetic
// (addToDigest, mergeDigest) also compile as device code, so a GPU harness
// draws its inputs and digests its outputs where they are, with the same
// figures.
#pragma once

using Bytes = std::vector<unsigned char>;

// Bytes an output is poisoned with before every call, so an element the
// kernel never writes cannot pass: all ones is a NaN in every float type;
// integers get a pattern no small input sums to.
inline unsigned char poisonByte(const Tensor &t) { return isIntegerTensor(t) ? 0x5a : 0xff; }

inline size_t tensorBytes(const Tensor &t) { return size_t(t.elements) * elementSize(t.dtype); }

KWB_HOST_DEVICE inline uint64_t mixKey(uint64_t key, long long i)
{
    return mix64(key + uint64_t(i + 1) * 0x9e3779b97f4a7c15ULL);
}

// The seed of call `call`'s inputs in a sample whose inputs come from
// `sampleSeed` (input i of the call is drawn from inputSeed(seed, i)).
inline uint64_t callSeed(uint64_t sampleSeed, int call) { return mixKey(sampleSeed, call); }

inline uint64_t inputSeed(uint64_t seed, int input) { return seed * 1000003ULL + uint64_t(input); }

// Calls a sample may hold, given the calls wanted: at least one, and no
// more than `budget` bytes hold inputs and outputs of their own for (its
// calls cannot share them), each buffer taking `perBuffer` bytes more than
// its tensor (the harness's guards and rounding).
inline int callsThatFit(int wanted, size_t budget, size_t perBuffer)
{
    size_t perCall = 0;
    for (int i = 0; i < num_inputs; ++i)
        perCall += tensorBytes(inputs[i]) + perBuffer;
    for (int o = 0; o < num_outputs; ++o)
        perCall += tensorBytes(outputs[o]) + perBuffer;
    const size_t fit = budget / std::max<size_t>(perCall, 1);
    return int(std::max<size_t>(1, std::min<size_t>(size_t(std::max(wanted, 1)), fit)));
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

// Elements of each output a digest carries as they are, at places drawn
// from its key, each compared with the reference's element under the
// check's own tolerance (kwbhost.py's DIGEST_PROBES). The sums see an
// error's energy; a third of the elements a little beyond the tolerance (a
// lower precision whose errors are mostly small) hides in them, and 32
// probes miss it once in 400,000.
constexpr int kDigestProbes = 32;

struct Probes
{
    int count = 0;
    double value[kDigestProbes] = {};
};

// Where probe j lies among a sample's `total` elements (its calls' outputs
// end to end, as the sums see them).
KWB_HOST_DEVICE inline long long probePlace(uint64_t key, int j, long long total)
{
    return (long long)(mixKey(key ^ 0x70726f6265732121ULL, j) % uint64_t(total));
}

// Whether a probed element `got` is beyond the check's tolerance of the
// reference's `want`: a finite one beyond atol + rtol·|want|, or not the
// same kind of non-finite value.
inline bool probeOff(double got, double want, double atol, double rtol)
{
    if (const int kind = nonfiniteKind(want))
        return nonfiniteKind(got) != kind;
    return nonfiniteKind(got) != 0 || !(std::fabs(got - want) <= atol + rtol * std::fabs(want));
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

// `n` elements of a host type, p[0] being element `first` of what is
// digested, added to a digest. Eight lanes of partial sums, so the compiler
// vectorises the hashing and the sums (one by one, a 4-million-element
// output took three times as long, more than a softmax call itself); their
// order differs from one by one only by rounding, which digestAgrees
// allows for. A group of eight with a non-finite element goes one by one.
template <class T>
inline void addRunToDigest(Digest &d, const T *p, long long n, uint64_t key, long long first)
{
    constexpr int kLanes = 8;
    double lane[kDigestSums][kLanes] = {};
    long long i = 0;
    for (; i + kLanes <= n; i += kLanes) {
        bool finite = true;
        for (int l = 0; l < kLanes; ++l)
            finite &= nonfiniteKind(double(p[i + l])) == 0;
        if (!finite) {
            for (int l = 0; l < kLanes; ++l)
                addToDigest(d, key, first + i + l, double(p[i + l]));
            continue;
        }
        for (int l = 0; l < kLanes; ++l) {
            const uint64_t h = mixKey(key, first + i + l);
            const double v = double(p[i + l]);
            for (int k = 0; k < kDigestSums; ++k)
                lane[k][l] += digestWeight(h, k) * v;
        }
    }
    for (; i < n; ++i)
        addToDigest(d, key, first + i, double(p[i]));
    for (int k = 0; k < kDigestSums; ++k)
        for (int l = 0; l < kLanes; ++l)
            d.sum[k] += lane[k][l];
}

// Adds an output of call `call` of a sample to its digest: the calls'
// outputs are digested end to end, as one output `call` times longer.
inline void addOutputToDigest(Digest &d, const Tensor &t, const void *data, uint64_t key, int call)
{
    const long long offset = (long long)call * t.elements;
    if (t.dtype == F32)
        return addRunToDigest(d, static_cast<const float *>(data), t.elements, key, offset);
    if (t.dtype == F64)
        return addRunToDigest(d, static_cast<const double *>(data), t.elements, key, offset);
    for (long long i = 0; i < t.elements; ++i)
        addToDigest(d, key, offset + i, at(t, data, i));
}

// One "kwb:digest" line: exact (hexadecimal) sums and probes, so nothing
// is lost between the benchmark and the verification.
inline void printDigest(FILE *proto, int sample, int output, uint64_t key, const Digest &d, const Probes &p)
{
    std::string probes;
    char one[40];
    for (int j = 0; j < p.count; ++j) {
        std::snprintf(one, sizeof one, j ? "/%a" : "%a", p.value[j]);
        probes += one;
    }
    std::fprintf(proto, "kwb:digest sample=%d output=%d key=%llu sums=%a,%a,%a,%a nonfinite=%lld where=%llu probes=%s\n",
                 sample, output, (unsigned long long)key, d.sum[0], d.sum[1], d.sum[2], d.sum[3], d.nonfinite,
                 (unsigned long long)d.where, probes.empty() ? "-" : probes.c_str());
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

// Digests a sample's outputs (host copies: `outputsOfCalls[c][o]` is
// output o of call c) and prints them at once (to `proto`; with none, only
// what digesting costs is wanted).
inline void digestSample(FILE *proto, int sample, const std::vector<std::vector<void *>> &outputsOfCalls)
{
    for (int o = 0; o < num_outputs; ++o) {
        const uint64_t key = drawDigestKey();
        Digest d;
        for (size_t c = 0; c < outputsOfCalls.size(); ++c)
            addOutputToDigest(d, outputs[o], outputsOfCalls[c][size_t(o)], key, int(c));
        Probes p;
        const long long elements = outputs[o].elements, total = (long long)outputsOfCalls.size() * elements;
        for (int j = 0; total > 0 && j < kDigestProbes; ++j, ++p.count) {
            const long long place = probePlace(key, j, total);
            p.value[j] = at(outputs[o], outputsOfCalls[size_t(place / elements)][size_t(o)], place % elements);
        }
        if (proto)
            printDigest(proto, sample, o, key, d, p);
    }
    if (proto)
        std::fflush(proto);
}

// The seed of sample `sample`'s inputs (callSeed), drawn from the kernel's
// random source when the sample starts and printed at once: its inputs are
// known to nobody before, and what `verify` draws again is what the
// benchmark ran.
inline uint64_t announceInputs(FILE *proto, int sample)
{
    const uint64_t seed = drawDigestKey();
    std::fprintf(proto, "kwb:inputs sample=%d seed=%llu\n", sample, (unsigned long long)seed);
    std::fflush(proto);
    return seed;
}

// ---- the benchmark's driver, the same for every C++ target ----
//
// The timed section: marked on the protocol, where the supervisor's clock
// sees it, at most `samples` samples, and none started once `maxSeconds`
// have passed and three are taken. `sample(n)` takes sample n (its inputs,
// announced by the harness when the defences are on; its timed calls; its
// digests); `drain()` waits for what the samples left running (a device's
// queue), so the section ends after it. Returns the samples taken.
template <class Sample, class Drain>
int timedSection(int samples, double maxSeconds, Sample &&sample, Drain &&drain)
{
    std::fprintf(g_proto, "kwb:mark timed-begin\n");
    std::fflush(g_proto);
    const auto start = std::chrono::steady_clock::now();
    int taken = 0;
    for (; taken < samples; ++taken) {
        if (taken >= 3 && std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > maxSeconds)
            break; // time is up
        sample(taken);
    }
    drain();
    std::fprintf(g_proto, "kwb:mark timed-end\n");
    std::fflush(g_proto);
    return taken;
}

// Numbers as the protocol lists them: "1.5,2,3.25".
inline std::string numberList(const std::vector<double> &values)
{
    std::string text;
    for (size_t i = 0; i < values.size(); ++i) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%s%.6g", i ? "," : "", values[i]);
        text += buf;
    }
    return text;
}

// The benchmark's last line: its samples (each the mean call of
// `callsPerSample` calls), the harness's own time inside the section, what
// it saw of the kernel's memory ("ok", or what the kernel did) and the
// harness's own fields (`extra`, "key=value ...", may be empty).
[[noreturn]] inline void reportBench(int warmup, int callsPerSample, double overheadMs, std::string verdict,
                                     const std::vector<double> &samplesMs, const std::string &extra)
{
    std::replace(verdict.begin(), verdict.end(), ' ', '_');
    std::fprintf(g_proto,
                 "kwb:bench iters=%zu warmup=%d calls_per_sample=%d overhead_ms=%.6g verified=%s "
                 "samples_ms=%s%s%s\n",
                 samplesMs.size(), warmup, callsPerSample, overheadMs, verdict.c_str(), numberList(samplesMs).c_str(),
                 extra.empty() ? "" : " ", extra.c_str());
    finish(0);
}
#endif

// One call's inputs and outputs in the harness's memory, each a `Buffer`
// (made from its size in bytes; `ptr` is where it lies): guarded host
// memory in cpu-cxx, the device's in gpuharness.cu.
template <class Buffer>
struct BufferSet
{
    std::vector<std::unique_ptr<Buffer>> in, out;
    std::vector<void *> inPtr, outPtr;
    BufferSet()
    {
        for (int i = 0; i < num_inputs; ++i) {
            in.push_back(std::make_unique<Buffer>(tensorBytes(inputs[i])));
            inPtr.push_back(in.back()->ptr);
        }
        for (int o = 0; o < num_outputs; ++o) {
            out.push_back(std::make_unique<Buffer>(tensorBytes(outputs[o])));
            outPtr.push_back(out.back()->ptr);
        }
    }
};

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
            fill(inputs[i], inPtr[size_t(i)], inputSeed(seed, i));
    }
    void poisonOutputs()
    {
        for (int o = 0; o < num_outputs; ++o)
            std::memset(outPtr[size_t(o)], poisonByte(outputs[o]), tensorBytes(outputs[o]));
    }
};

#ifdef KWB_WITH_REFERENCE

#ifdef KWB_REFERENCE_ON_DEVICE
// The harness's: the reference on host buffers, through the device.
void referenceOnHost(void *const *in, void *const *out);
#else
inline void referenceOnHost(void *const *in, void *const *out) { call_reference(in, out); }
#endif

#ifndef KWB_ANSWER
// ---- the check's driver, the same for every C++ target ----
//
// Every seed's inputs are drawn on the host and the reference runs on a
// copy of its own (a reference that writes its inputs changes nothing the
// kernel is held to), every seed's before the kernel's first call: a
// "reference" phase after a "kernel" one is then none of the harness's
// (kwbhost.h's failStage blames the kernel for it). Then the kernel runs
// once per seed on the harness's buffers, and each output is compared with
// the reference's (kwbcheck.h's compare) and printed as a "kwb:check" line.
// A kernel that writes outside its buffers or changes its inputs ends the
// check as its error. The harness says how its buffers are reached, through
// `kernel`:
//   void load(const HostSet &given)     the inputs onto the kernel's buffers,
//                                       its outputs poisoned
//   void call(uint64_t seed)            the kernel once, to its end (a failure
//                                       of the kernel's ends the program)
//   std::string damage(const HostSet &given)
//                                       what the kernel did outside its
//                                       outputs ("changed its input A"), or ""
//   void output(int o, void *to)        output o copied to host memory
template <class Kernel>
[[noreturn]] void checkSeeds(const std::string &seedList, double atol, double rtol, Kernel &kernel)
{
    const std::vector<uint64_t> seeds = parseSeeds(seedList);
    std::vector<std::unique_ptr<HostSet>> wants;
    for (const uint64_t seed : seeds) {
        wants.push_back(std::make_unique<HostSet>());
        HostSet &want = *wants.back();
        want.fillInputs(seed);
        want.poisonOutputs();
        phase("reference", seed);
        referenceOnHost(want.inPtr.data(), want.outPtr.data());
    }
    HostSet given;
    Bytes got;
    for (size_t s = 0; s < seeds.size(); ++s) {
        const uint64_t seed = seeds[s];
        given.fillInputs(seed);
        kernel.load(given);
        phase("kernel", seed);
        kernel.call(seed);
        if (const std::string damage = kernel.damage(given); !damage.empty()) {
            std::fprintf(g_proto, "kwb:error the kernel %s (seed %llu)\n", damage.c_str(), (unsigned long long)seed);
            finish(1);
        }
        for (int o = 0; o < num_outputs; ++o) {
            got.assign(tensorBytes(outputs[o]), 0);
            kernel.output(o, got.data());
            const Comparison c = compare(outputs[o], wants[s]->outPtr[size_t(o)], got.data(), atol, rtol);
            std::fprintf(g_proto,
                         "kwb:check seed=%llu output=%s ok=%d rel_l2=%.6g max_abs=%.6g mismatches=%lld "
                         "nonfinite=%lld elements=%lld worst_index=%lld\n",
                         (unsigned long long)seed, outputs[o].name, c.ok ? 1 : 0, c.relL2, c.maxAbs, c.mismatches,
                         c.nonfinite, outputs[o].elements, c.worst);
            std::fflush(g_proto);
        }
    }
    finish(0);
}

// The first input of the kernel's (`now(i, to)` copies input i to host
// memory) that is no longer what `given` holds, as checkSeeds's damage, or "".
template <class Read>
std::string changedInput(const HostSet &given, Read &&now)
{
    Bytes bytes;
    for (int i = 0; i < num_inputs; ++i) {
        bytes.assign(tensorBytes(inputs[i]), 0);
        now(i, bytes.data());
        if (!bytes.empty() && std::memcmp(bytes.data(), given.inPtr[size_t(i)], bytes.size()) != 0)
            return std::string("changed its input ") + inputs[i].name;
    }
    return {};
}
#endif

// One digest the benchmark printed, with the seed of its sample's inputs,
// as the supervisor passes it on:
// "SAMPLE:OUTPUT:KEY:SUM0,SUM1,SUM2,SUM3:NONFINITE:WHERE:INPUT_SEED:P1/P2/..."
// (the probes "-" for an empty output).
struct ReportedDigest
{
    int sample = -1, output = -1;
    uint64_t key = 0, inputSeed = 0;
    Digest d;
    Probes probes;
    static bool parse(const char *text, ReportedDigest &r)
    {
        unsigned long long key = 0, where = 0, seed = 0;
        int used = 0;
        if (std::sscanf(text, "%d:%d:%llu:%la,%la,%la,%la:%lld:%llu:%llu%n", &r.sample, &r.output, &key, &r.d.sum[0],
                        &r.d.sum[1], &r.d.sum[2], &r.d.sum[3], &r.d.nonfinite, &where, &seed, &used)
                != 10
            || text[used] != ':' || r.output < 0 || r.output >= num_outputs || r.sample < 0)
            return false;
        r.key = key;
        r.d.where = where;
        r.inputSeed = seed;
        const char *p = text + used + 1;
        if (std::strcmp(p, "-") == 0)
            return true;
        while (r.probes.count < kDigestProbes) {
            char *end = nullptr;
            r.probes.value[r.probes.count++] = std::strtod(p, &end);
            if (end == p || (*end != '/' && *end != '\0'))
                return false;
            if (*end == '\0')
                return true;
            p = end + 1;
        }
        return false;
    }
};

// What a digest of the reference's outputs says, with the room errors
// within atol + rtol·|ref| leave it: the reference's own digest under the
// reported key, the sum of the squared tolerances and of the magnitudes of
// its finite elements, over every call of a sample.
struct Expected
{
    Digest d;
    double tol2 = 0, mass = 0;
    long long elements = 0;
    Probes probes; ///< the reference's elements where the reported digest's probes lie
    void add(const Tensor &t, const void *ref, uint64_t key, int call, int calls, double atol, double rtol)
    {
        addOutputToDigest(d, t, ref, key, call);
        const long long total = (long long)calls * t.elements;
        for (int j = 0; total > 0 && j < kDigestProbes; ++j) {
            const long long place = probePlace(key, j, total);
            if (place / t.elements == call)
                probes.value[j] = at(t, ref, place % t.elements);
        }
        probes.count = total > 0 ? kDigestProbes : 0;
        for (long long i = 0; i < t.elements; ++i) {
            const double v = at(t, ref, i);
            if (nonfiniteKind(v) == 0) {
                const double tol = atol + rtol * std::fabs(v);
                tol2 += tol * tol;
                mass += std::fabs(v);
            }
        }
        elements += t.elements;
    }
};

// Whether a reported digest is what outputs within tolerance of the
// reference's give: their non-finite elements exactly, and each sum within
// eight deviations of what elementwise errors within the tolerance can add
// up to (the weights are drawn after the outputs were made, so honest
// outputs' sums pass but with a chance below 1e-13; a sum a wrong element
// moves by more than that fails but with a chance of that bound over the
// error, and it must pass four such sums at once). `worstRatio` is the
// worst sum's distance over its bound.
inline bool digestAgrees(const Expected &want, const ReportedDigest &r, double *worstRatio)
{
    // The deviation bound, and room for both sums' rounding (identical
    // outputs summed in another order, as a device sums them, differ by at
    // most that).
    const double bound = 8.0 * std::sqrt(want.tol2) + 4.0 * double(want.elements) * 1.2e-16 * want.mass;
    bool ok = want.d.nonfinite == r.d.nonfinite && want.d.where == r.d.where;
    *worstRatio = ok ? 0 : INFINITY;
    for (int k = 0; k < kDigestSums; ++k) {
        const double off = std::fabs(want.d.sum[k] - r.d.sum[k]);
        const double ratio = bound > 0 ? off / bound : (off > 0 ? INFINITY : 0);
        if (!(ratio <= 1.0))
            ok = false;
        *worstRatio = std::max(*worstRatio, std::isnan(ratio) ? INFINITY : ratio);
    }
    return ok;
}

// Verifies the digests the supervisor picked, after the benchmark: each
// picked sample's calls again (their inputs drawn from the sample's
// announced seed), the reference's answer to each, and one "kwb:verify"
// line per digest. A reference on the host verifies the samples at once,
// each in a process of its own, so verifying two costs about the time of
// one sample's reference calls; a reference on a device verifies them in
// turn (two contexts and their buffers on one device could run out of its
// memory).
inline int verifyDigests(FILE *proto, int calls, double atol, double rtol, const std::vector<ReportedDigest> &picks)
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
    for (const int sample : mine) {
        std::vector<const ReportedDigest *> ofSample;
        for (const ReportedDigest &r : picks)
            if (r.sample == sample)
                ofSample.push_back(&r);
        std::vector<Expected> expected(ofSample.size());
        for (int c = 0; c < calls; ++c) {
            want.fillInputs(callSeed(ofSample.front()->inputSeed, c));
            want.poisonOutputs();
            phase("reference", uint64_t(sample));
            referenceOnHost(want.inPtr.data(), want.outPtr.data());
            for (size_t k = 0; k < ofSample.size(); ++k) {
                const ReportedDigest &r = *ofSample[k];
                expected[k].add(outputs[r.output], want.outPtr[size_t(r.output)], r.key, c, calls, atol, rtol);
            }
        }
        for (size_t k = 0; k < ofSample.size(); ++k) {
            const ReportedDigest &r = *ofSample[k];
            double ratio = 0;
            // Every probe counts as off when their number is not the reference's.
            const Probes &want = expected[k].probes;
            int probesOff = 0;
            if (r.probes.count != want.count)
                probesOff = std::max(want.count, 1);
            else
                for (int j = 0; j < want.count; ++j)
                    probesOff += int(probeOff(r.probes.value[j], want.value[j], atol, rtol));
            const bool ok = digestAgrees(expected[k], r, &ratio) && probesOff == 0;
            std::fprintf(proto,
                         "kwb:verify sample=%d calls=%d output=%s ok=%d off=%.3g nonfinite=%lld want_nonfinite=%lld "
                         "probes=%d probes_off=%d\n",
                         r.sample, calls, outputs[r.output].name, ok ? 1 : 0, ratio, r.d.nonfinite,
                         expected[k].d.nonfinite, want.count, probesOff);
            std::fflush(proto);
        }
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
//   verify CALLS ATOL RTOL DIGEST...
// returns the exit status, or -1 when argv is not it.
inline int answerModes(FILE *proto, int argc, char **argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode != "verify" || argc < 5)
        return -1;
    std::vector<ReportedDigest> picks;
    for (int d = 5; d < argc; ++d) {
        ReportedDigest r;
        if (!ReportedDigest::parse(argv[d], r)) {
            std::fprintf(stderr, "harness: unreadable digest %s\n", argv[d]);
            return 2;
        }
        picks.push_back(r);
    }
    const int calls = std::atoi(argv[2]);
    if (calls < 1) {
        std::fprintf(stderr, "harness: a sample of %s calls\n", argv[2]);
        return 2;
    }
    return verifyDigests(proto, calls, std::atof(argv[3]), std::atof(argv[4]), picks);
}

// The answer program's whole command line (a harness's main() when it is
// built as one): its exit status, after its usage where argv is not its mode.
inline int answerProgram(FILE *proto, int argc, char **argv)
{
    const int status = answerModes(proto, argc, argv);
    if (status >= 0)
        return status;
    std::fprintf(stderr, "usage: answer verify CALLS ATOL RTOL DIGEST...\n");
    return 2;
}

#endif
