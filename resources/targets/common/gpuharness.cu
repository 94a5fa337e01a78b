// Correctness and timing harness of the compiled GPU targets (cuda-cxx,
// built by nvcc; hip, built by hipcc with KWB_HIP), compiled with the
// workload's `kwb_problem.h`; gpurt.h names the runtime's calls. Two
// programs are built from it:
//   check  (KWB_WITH_REFERENCE): kernel and reference on the same inputs, every seed;
//          also writes the reference's outputs for the benchmark's input sets
//   bench  (no reference linked: a hidden call to it cannot even link):
//          times the kernel with GPU events, L2 flushed before every call,
//          inputs alternating between two sets, outputs poisoned before each
//          call and the outputs of the last two timed calls (one per input
//          set) and of one random timed call verified against the expected
//          files.
// Speaks to the supervisor through "kwb:" lines on stdout. Exit status 5
// with a "kwb:infra" line: the host cannot evaluate (no device, driver, out
// of memory for the harness's own buffers); never the kernel's fault.
//
//   check SEEDS ATOL RTOL EXPECT_DIR
//   bench WARMUP_MS REP_MS MIN_ITERS MAX_SECONDS EXPECT_DIR ATOL RTOL
//   profile

#include "kwb_problem.h"

#include "gpurt.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace kwb_problem;

constexpr int kInfraExit = 5;
// The profiled call's inputs (nothing is verified there). The benchmark's
// two sets come from seeds the supervisor draws for each evaluation.
constexpr uint64_t kProfileSeed = 900001;

[[noreturn]] void infra(const std::string &why)
{
    std::printf("kwb:infra %s\n", why.c_str());
    std::fflush(stdout);
    std::exit(kInfraExit);
}

// Set once the kernel has been called: from then on an error the harness's
// own calls meet may be one the kernel left behind (GPU errors are sticky).
bool g_kernelCalled = false;

// The harness's own calls: a failure is the host's problem, unless it is a
// fault the kernel left behind, or memory the kernel took and kept.
void host(gpu::Error e, const char *what)
{
    if (e == gpu::kSuccess)
        return;
    if (g_kernelCalled && (gpu::kernelFault(e) || e == gpu::kOutOfMemory)) {
        std::printf("kwb:error the kernel left %s error %d (%s: %s), met while the harness was %s\n", gpu::kApi, int(e),
                    gpu::errorName(e), gpu::errorString(e), what);
        std::fflush(stdout);
        std::exit(1);
    }
    if (e == gpu::kOutOfMemory)
        infra(std::string("out of device memory for the harness's buffers (") + what + ")");
    infra(std::string(what) + " failed: " + gpu::errorString(e));
}

void callKernel(void *const *in, void *const *out)
{
    g_kernelCalled = true;
    call_kernel(in, out);
}

// After the kernel ran: a failure is the kernel's (illegal address, launch
// configuration, a trap).
void kernelStatus(const char *when)
{
    gpu::Error e = gpu::lastError();
    if (e == gpu::kSuccess)
        e = gpu::synchronize();
    if (e == gpu::kSuccess)
        return;
    std::printf("kwb:error the kernel raised %s error %d (%s: %s) %s\n", gpu::kApi, int(e), gpu::errorName(e),
                gpu::errorString(e), when);
    std::fflush(stdout);
    std::exit(1);
}

void requireDevice()
{
    int count = 0;
    const gpu::Error e = gpu::deviceCount(&count);
    if (e != gpu::kSuccess)
        infra(std::string("no usable ") + gpu::kApi + " device: " + gpu::errorString(e));
    if (count == 0)
        infra(std::string("no ") + gpu::kApi + " device on this host");
    host(gpu::setDevice(0), "selecting the device");
    host(gpu::free(nullptr), "creating the device context");
}

size_t elementSize(DType t)
{
    switch (t) {
    case F16:
    case BF16: return 2;
    case F32:
    case I32: return 4;
    default: return 8;
    }
}

size_t bytesOf(const Tensor &t) { return size_t(t.elements) * elementSize(t.dtype); }

double at(const Tensor &t, const void *p, long long i)
{
    switch (t.dtype) {
    case F32: return static_cast<const float *>(p)[i];
    case F64: return static_cast<const double *>(p)[i];
    case I32: return static_cast<const int32_t *>(p)[i];
    case I64: return double(static_cast<const int64_t *>(p)[i]);
    case F16: return gpu::halfToFloat(static_cast<const __half *>(p)[i]);
    case BF16: return gpu::bf16ToFloat(static_cast<const gpu::BFloat16 *>(p)[i]);
    }
    return 0;
}

void put(const Tensor &t, void *p, long long i, double v)
{
    switch (t.dtype) {
    case F32: static_cast<float *>(p)[i] = float(v); break;
    case F64: static_cast<double *>(p)[i] = v; break;
    case I32: static_cast<int32_t *>(p)[i] = int32_t(v); break;
    case I64: static_cast<int64_t *>(p)[i] = int64_t(v); break;
    case F16: static_cast<__half *>(p)[i] = gpu::floatToHalf(float(v)); break;
    case BF16: static_cast<gpu::BFloat16 *>(p)[i] = gpu::floatToBf16(float(v)); break;
    }
}

#include "kwbcheck.h"

// All-ones is a NaN in every float type, so an element the kernel never
// writes cannot pass; integers get a pattern no small input sums to.
int poisonByte(const Tensor &t) { return (t.dtype == I32 || t.dtype == I64) ? 0x5a : 0xff; }

struct HostBuffer
{
    std::vector<unsigned char> bytes;
    explicit HostBuffer(size_t n) : bytes(n) {}
    void *data() { return bytes.data(); }
};

struct DeviceBuffer
{
    void *ptr = nullptr;
    size_t bytes = 0;
    explicit DeviceBuffer(size_t n) : bytes(n) { host(gpu::malloc(&ptr, n ? n : 1), "allocating device memory"); }
    ~DeviceBuffer() { (void)gpu::free(ptr); }
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;
};

struct Set
{
    std::vector<DeviceBuffer *> in, out;
    std::vector<void *> inPtr, outPtr;
    Set()
    {
        for (int i = 0; i < num_inputs; ++i) {
            in.push_back(new DeviceBuffer(bytesOf(inputs[i])));
            inPtr.push_back(in.back()->ptr);
        }
        for (int o = 0; o < num_outputs; ++o) {
            out.push_back(new DeviceBuffer(bytesOf(outputs[o])));
            outPtr.push_back(out.back()->ptr);
        }
    }
    ~Set()
    {
        for (DeviceBuffer *b : in)
            delete b;
        for (DeviceBuffer *b : out)
            delete b;
    }
    void upload(uint64_t seed, std::vector<HostBuffer> *keep = nullptr)
    {
        for (int i = 0; i < num_inputs; ++i) {
            HostBuffer h(bytesOf(inputs[i]));
            fill(inputs[i], h.data(), seed * 1000003ULL + uint64_t(i));
            host(gpu::toDevice(inPtr[size_t(i)], h.data(), h.bytes.size()), "copying inputs");
            if (keep)
                keep->push_back(std::move(h));
        }
    }
    void poison()
    {
        for (int o = 0; o < num_outputs; ++o)
            host(gpu::memsetAsync(outPtr[size_t(o)], poisonByte(outputs[o]), bytesOf(outputs[o])), "poisoning outputs");
    }
};

HostBuffer download(const void *device, size_t bytes)
{
    HostBuffer h(bytes);
    host(gpu::toHost(h.data(), device, bytes), "copying outputs back");
    return h;
}

std::string expectPath(const std::string &dir, int set, int output)
{
    return dir + "/expect-" + std::to_string(set) + "-" + std::to_string(output) + ".bin";
}

#ifdef KWB_WITH_REFERENCE

// The reference's outputs for `seed`'s inputs: on the device (a GPU
// reference takes device pointers like the kernel) or on the host.
std::vector<HostBuffer> referenceOutputs(Set &set, const std::vector<HostBuffer> &hostInputs)
{
    std::vector<HostBuffer> want;
#ifdef KWB_REFERENCE_ON_HOST
    std::vector<void *> in, out;
    for (const HostBuffer &h : hostInputs)
        in.push_back(const_cast<unsigned char *>(h.bytes.data()));
    for (int o = 0; o < num_outputs; ++o) {
        want.emplace_back(bytesOf(outputs[o]));
        std::memset(want.back().data(), poisonByte(outputs[o]), want.back().bytes.size());
    }
    for (HostBuffer &w : want)
        out.push_back(w.data());
    call_reference(in.data(), out.data());
#else
    (void)hostInputs;
    set.poison();
    call_reference(set.inPtr.data(), set.outPtr.data());
    gpu::Error e = gpu::lastError();
    if (e == gpu::kSuccess)
        e = gpu::synchronize();
    if (e != gpu::kSuccess) {
        std::printf("kwb:reference-error the reference raised %s error %s: %s\n", gpu::kApi, gpu::errorName(e),
                    gpu::errorString(e));
        std::fflush(stdout);
        std::exit(6);
    }
    for (int o = 0; o < num_outputs; ++o)
        want.push_back(download(set.outPtr[size_t(o)], bytesOf(outputs[o])));
#endif
    return want;
}

int check(const char *seedList, double atol, double rtol, const std::string &expectDir, const uint64_t benchSeeds[2])
{
    requireDevice();
    Set set;
    std::string seeds = seedList;
    size_t pos = 0;
    while (pos < seeds.size()) {
        size_t comma = seeds.find(',', pos);
        if (comma == std::string::npos)
            comma = seeds.size();
        const uint64_t seed = std::strtoull(seeds.substr(pos, comma - pos).c_str(), nullptr, 10);
        pos = comma + 1;
        std::vector<HostBuffer> hostInputs;
        set.upload(seed, &hostInputs);
        const std::vector<HostBuffer> want = referenceOutputs(set, hostInputs);
        // Inputs again: a reference (or kernel) must not get to change them.
        set.upload(seed);
        set.poison();
        callKernel(set.inPtr.data(), set.outPtr.data());
        kernelStatus(("on seed " + std::to_string(seed)).c_str());
        for (int o = 0; o < num_outputs; ++o) {
            const HostBuffer got = download(set.outPtr[size_t(o)], bytesOf(outputs[o]));
            const Comparison c = compare(outputs[o], want[size_t(o)].bytes.data(), got.bytes.data(), atol, rtol);
            std::printf("kwb:check seed=%llu output=%s ok=%d rel_l2=%.6g max_abs=%.6g mismatches=%lld "
                        "nonfinite=%lld elements=%lld worst_index=%lld\n",
                        (unsigned long long)seed, outputs[o].name, c.ok ? 1 : 0, c.relL2, c.maxAbs, c.mismatches,
                        c.nonfinite, outputs[o].elements, c.worst);
            std::fflush(stdout);
        }
    }
    // What the benchmark's timed calls must produce.
    for (int s = 0; s < 2; ++s) {
        std::vector<HostBuffer> hostInputs;
        set.upload(benchSeeds[s], &hostInputs);
        const std::vector<HostBuffer> want = referenceOutputs(set, hostInputs);
        for (int o = 0; o < num_outputs; ++o) {
            const std::string path = expectPath(expectDir, s, o);
            FILE *f = std::fopen((path + ".tmp").c_str(), "wb");
            if (!f || std::fwrite(want[size_t(o)].bytes.data(), 1, want[size_t(o)].bytes.size(), f)
                          != want[size_t(o)].bytes.size()) {
                if (f)
                    std::fclose(f);
                infra("cannot write " + path);
            }
            std::fclose(f);
            std::rename((path + ".tmp").c_str(), path.c_str());
        }
    }
    return 0;
}

#else // the benchmark program

struct Timed
{
    std::vector<double> samples;
    double overheadMs = 0;
};

int bench(double warmupMs, double repMs, int minIters, double maxSeconds, const std::string &expectDir,
          const uint64_t benchSeeds[2], double atol,
          double rtol)
{
    requireDevice();
    Set sets[2];
    for (int s = 0; s < 2; ++s)
        sets[s].upload(benchSeeds[s]);
    std::vector<HostBuffer> expected;
    for (int s = 0; s < 2; ++s) {
        for (int o = 0; o < num_outputs; ++o) {
            HostBuffer h(bytesOf(outputs[o]));
            FILE *f = std::fopen(expectPath(expectDir, s, o).c_str(), "rb");
            const size_t got = f ? std::fread(h.data(), 1, h.bytes.size(), f) : 0;
            if (f)
                std::fclose(f);
            if (got != h.bytes.size())
                infra("the expected outputs of the check are missing: " + expectPath(expectDir, s, o));
            expected.push_back(std::move(h));
        }
    }
    // Twice the L2, rewritten before every call as triton.testing.do_bench
    // does (and at least the runtime's floor: caches past the L2).
    int l2 = 0;
    host(gpu::l2Bytes(&l2), "reading the L2 size");
    DeviceBuffer flush(std::max(size_t(std::max(l2, 0)) * 2, gpu::kFlushFloorBytes));
    // Outputs kept from two timed calls: one chosen at random, and the one
    // before the last (the other input set than the last call's).
    std::vector<DeviceBuffer *> side, before;
    for (int o = 0; o < num_outputs; ++o) {
        side.push_back(new DeviceBuffer(bytesOf(outputs[o])));
        before.push_back(new DeviceBuffer(bytesOf(outputs[o])));
    }

    gpu::Event a, b;
    host(gpu::eventCreate(&a), "creating an event");
    host(gpu::eventCreate(&b), "creating an event");
    // First call: module loading, handles, lazy initialisation.
    callKernel(sets[0].inPtr.data(), sets[0].outPtr.data());
    kernelStatus("on its first call");
    // Estimate one call, then size warm-up and repetitions by time.
    host(gpu::eventRecord(a), "recording an event");
    for (int i = 0; i < 5; ++i)
        callKernel(sets[i % 2].inPtr.data(), sets[i % 2].outPtr.data());
    host(gpu::eventRecord(b), "recording an event");
    kernelStatus("while estimating its time");
    float est = 0;
    host(gpu::elapsedMs(&est, a, b), "reading an event's time");
    const double once = std::max(double(est) / 5.0, 1e-4);
    const int warmup = std::max(1, int(warmupMs / once));
    int reps = std::max(minIters, int(repMs / once));
    reps = std::min(reps, std::max(minIters, int(maxSeconds * 1000.0 / (once + 0.05))));
    reps = std::max(3, std::min(reps, 100000));
    for (int i = 0; i < warmup; ++i)
        callKernel(sets[i % 2].inPtr.data(), sets[i % 2].outPtr.data());
    kernelStatus("during warm-up");

    const size_t n = static_cast<size_t>(reps);
    std::vector<gpu::Event> start(n), stop(n), overStart(n);
    for (int i = 0; i < reps; ++i) {
        host(gpu::eventCreate(&start[size_t(i)]), "creating an event");
        host(gpu::eventCreate(&stop[size_t(i)]), "creating an event");
        host(gpu::eventCreate(&overStart[size_t(i)]), "creating an event");
    }
    std::mt19937 rng(std::random_device{}());
    const int spot = std::uniform_int_distribution<int>(0, reps - 2 >= 0 ? reps - 2 : 0)(rng);
    host(gpu::synchronize(), "synchronizing the device");
    std::printf("kwb:mark timed-begin\n");
    std::fflush(stdout);
    for (int i = 0; i < reps; ++i) {
        Set &s = sets[i % 2];
        host(gpu::eventRecord(overStart[size_t(i)]), "recording an event");
        s.poison();
        host(gpu::memsetAsync(flush.ptr, i & 0xff, flush.bytes), "flushing the L2");
        host(gpu::eventRecord(start[size_t(i)]), "recording an event");
        callKernel(s.inPtr.data(), s.outPtr.data());
        host(gpu::eventRecord(stop[size_t(i)]), "recording an event");
        for (auto *keep : {i == spot ? &side : nullptr, i == reps - 2 ? &before : nullptr}) {
            for (int o = 0; keep && o < num_outputs; ++o)
                host(gpu::copyAsync((*keep)[size_t(o)]->ptr, s.outPtr[size_t(o)], bytesOf(outputs[o])),
                     "keeping a timed call's output");
        }
    }
    kernelStatus("while being timed");
    std::printf("kwb:mark timed-end\n");
    std::fflush(stdout);
    Timed t;
    for (int i = 0; i < reps; ++i) {
        float ms = 0, over = 0;
        host(gpu::elapsedMs(&ms, start[size_t(i)], stop[size_t(i)]), "reading an event's time");
        host(gpu::elapsedMs(&over, overStart[size_t(i)], start[size_t(i)]), "reading an event's time");
        t.samples.push_back(ms);
        t.overheadMs += over;
    }
    // The outputs of the last two timed calls (one per input set) and of one
    // chosen at random: a kernel that remembers an answer fails one of them.
    std::string verdict = "ok";
    auto verify = [&](const std::vector<void *> &ptrs, int call) {
        for (int o = 0; o < num_outputs && verdict == "ok"; ++o) {
            const HostBuffer got = download(ptrs[size_t(o)], bytesOf(outputs[o]));
            const Comparison c = compare(outputs[o], expected[size_t((call % 2) * num_outputs + o)].bytes.data(),
                                         got.bytes.data(), atol, rtol);
            if (!c.ok)
                verdict = "timed call " + std::to_string(call + 1) + " of " + std::to_string(reps) + " wrote a wrong "
                    + outputs[o].name + " (" + std::to_string(c.mismatches) + " of "
                    + std::to_string(outputs[o].elements) + " elements off)";
        }
    };
    verify(sets[(reps - 1) % 2].outPtr, reps - 1);
    std::vector<void *> sidePtr, beforePtr;
    for (size_t o = 0; o < side.size(); ++o) {
        sidePtr.push_back(side[o]->ptr);
        beforePtr.push_back(before[o]->ptr);
    }
    verify(beforePtr, reps - 2);
    verify(sidePtr, spot);
    std::replace(verdict.begin(), verdict.end(), ' ', '_');
    std::string list;
    for (size_t i = 0; i < t.samples.size(); ++i) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%s%.6g", i ? "," : "", t.samples[i]);
        list += buf;
    }
    std::printf("kwb:bench iters=%d warmup=%d calls_per_sample=1 overhead_ms=%.6g verified=%s samples_ms=%s\n", reps,
                warmup, t.overheadMs, verdict.c_str(), list.c_str());
    std::fflush(stdout);
    for (size_t o = 0; o < side.size(); ++o) {
        delete side[o];
        delete before[o];
    }
    return 0;
}

// One call under the profiler: Nsight Compute (launched with
// --profile-from-start off) sees only the second; rocprofv3 sees both
// dispatches and keeps the later. The warm call keeps module loading out of
// the profile.
int profile()
{
    requireDevice();
    Set set;
    set.upload(kProfileSeed);
    callKernel(set.inPtr.data(), set.outPtr.data());
    kernelStatus("before profiling");
    host(gpu::profilerStart(), "starting the profiled region");
    callKernel(set.inPtr.data(), set.outPtr.data());
    kernelStatus("while profiled");
    host(gpu::profilerStop(), "ending the profiled region");
    return 0;
}

#endif

} // namespace

int main(int argc, char **argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
#ifdef KWB_WITH_REFERENCE
    if (mode == "check" && argc == 8) {
        const uint64_t benchSeeds[2] = {std::strtoull(argv[6], nullptr, 10), std::strtoull(argv[7], nullptr, 10)};
        return check(argv[2], std::atof(argv[3]), std::atof(argv[4]), argv[5], benchSeeds);
    }
    std::fprintf(stderr, "usage: check SEEDS ATOL RTOL EXPECT_DIR SEED0 SEED1\n");
#else
    if (mode == "bench" && argc == 11) {
        const uint64_t benchSeeds[2] = {std::strtoull(argv[7], nullptr, 10), std::strtoull(argv[8], nullptr, 10)};
        return bench(std::atof(argv[2]), std::atof(argv[3]), std::atoi(argv[4]), std::atof(argv[5]), argv[6],
                     benchSeeds, std::atof(argv[9]), std::atof(argv[10]));
    }
    if (mode == "profile")
        return profile();
    std::fprintf(stderr, "usage: bench WARMUP_MS REP_MS MIN_ITERS MAX_SECONDS EXPECT_DIR SEED0 SEED1 ATOL RTOL | "
                         "profile\n");
#endif
    return 2;
}
