// Correctness and timing harness of the cuda-cxx target, compiled by nvcc
// with the workload's `kwb_problem.h`. Two programs are built from it:
//   check  (KWB_WITH_REFERENCE): kernel and reference on the same inputs, every seed;
//          also writes the reference's outputs for the benchmark's input sets
//   bench  (no reference linked: a hidden call to it cannot even link):
//          times the kernel with CUDA events, L2 flushed before every call,
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

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

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
// The benchmark's input sets: seeds no check uses.
constexpr uint64_t kBenchSeeds[2] = {900001, 900002};

[[noreturn]] void infra(const std::string &why)
{
    std::printf("kwb:infra %s\n", why.c_str());
    std::fflush(stdout);
    std::exit(kInfraExit);
}

// Set once the kernel has been called: from then on an error the harness's
// own calls meet may be one the kernel left behind (CUDA errors are sticky).
bool g_kernelCalled = false;

// The errors a kernel leaves in the context when it faults.
bool kernelFault(cudaError_t e)
{
    switch (e) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorAssert:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorHardwareStackError:
    case cudaErrorLaunchTimeout:
    case cudaErrorLaunchOutOfResources:
    case cudaErrorInvalidConfiguration:
        return true;
    default:
        return false;
    }
}

// The harness's own calls: a failure is the host's problem, unless it is a
// fault the kernel left behind, or memory the kernel took and kept.
void host(cudaError_t e, const char *what)
{
    if (e == cudaSuccess)
        return;
    if (g_kernelCalled && (kernelFault(e) || e == cudaErrorMemoryAllocation)) {
        std::printf("kwb:error the kernel left CUDA error %d (%s: %s), met while the harness was %s\n", int(e),
                    cudaGetErrorName(e), cudaGetErrorString(e), what);
        std::fflush(stdout);
        std::exit(1);
    }
    if (e == cudaErrorMemoryAllocation)
        infra(std::string("out of device memory for the harness's buffers (") + what + ")");
    infra(std::string(what) + " failed: " + cudaGetErrorString(e));
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
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess)
        e = cudaDeviceSynchronize();
    if (e == cudaSuccess)
        return;
    std::printf("kwb:error the kernel raised CUDA error %d (%s: %s) %s\n", int(e), cudaGetErrorName(e),
                cudaGetErrorString(e), when);
    std::fflush(stdout);
    std::exit(1);
}

void requireDevice()
{
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess)
        infra(std::string("no usable CUDA device: ") + cudaGetErrorString(e));
    if (count == 0)
        infra("no CUDA device on this host");
    host(cudaSetDevice(0), "cudaSetDevice");
    host(cudaFree(nullptr), "creating the CUDA context");
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
    case F16: return __half2float(static_cast<const __half *>(p)[i]);
    case BF16: return __bfloat162float(static_cast<const __nv_bfloat16 *>(p)[i]);
    }
    return 0;
}

// SplitMix64: fast enough to fill 16M-element inputs in milliseconds, and
// the same sequence for a seed on every host.
struct SplitMix
{
    uint64_t state;
    uint64_t next()
    {
        uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    double unit() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
};

void fill(const Tensor &t, void *p, uint64_t seed)
{
    SplitMix rng{seed};
    if (t.dtype == I32 || t.dtype == I64) {
        const long long lo = (long long)t.low, span = (long long)t.high - lo + 1;
        for (long long i = 0; i < t.elements; ++i) {
            const long long v = lo + (long long)(rng.next() % uint64_t(span > 0 ? span : 1));
            if (t.dtype == I32)
                static_cast<int32_t *>(p)[i] = int32_t(v);
            else
                static_cast<int64_t *>(p)[i] = v;
        }
        return;
    }
    for (long long i = 0; i < t.elements; ++i) {
        const double v = t.low + (t.high - t.low) * rng.unit();
        switch (t.dtype) {
        case F32: static_cast<float *>(p)[i] = float(v); break;
        case F64: static_cast<double *>(p)[i] = v; break;
        case F16: static_cast<__half *>(p)[i] = __float2half(float(v)); break;
        case BF16: static_cast<__nv_bfloat16 *>(p)[i] = __float2bfloat16(float(v)); break;
        default: break;
        }
    }
}

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
    explicit DeviceBuffer(size_t n) : bytes(n) { host(cudaMalloc(&ptr, n ? n : 1), "cudaMalloc"); }
    ~DeviceBuffer() { cudaFree(ptr); }
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
            host(cudaMemcpy(inPtr[size_t(i)], h.data(), h.bytes.size(), cudaMemcpyHostToDevice), "copying inputs");
            if (keep)
                keep->push_back(std::move(h));
        }
    }
    void poison()
    {
        for (int o = 0; o < num_outputs; ++o)
            host(cudaMemsetAsync(outPtr[size_t(o)], poisonByte(outputs[o]), bytesOf(outputs[o])), "poisoning outputs");
    }
};

struct Comparison
{
    bool ok = true;
    double relL2 = 0, maxAbs = 0;
    long long mismatches = 0, nonfinite = 0, worst = -1;
};

Comparison compare(const Tensor &t, const void *want, const void *got, double atol, double rtol)
{
    Comparison c;
    double diff2 = 0, ref2 = 0, worstExcess = -1;
    for (long long i = 0; i < t.elements; ++i) {
        const double w = at(t, want, i), g = at(t, got, i);
        if (!std::isfinite(w)) {
            // The reference's NaN or infinity must be met exactly.
            const bool same = (std::isnan(w) && std::isnan(g)) || (std::isinf(g) && (g > 0) == (w > 0));
            if (!same) {
                ++c.mismatches;
                if (worstExcess < INFINITY) {
                    worstExcess = INFINITY;
                    c.worst = i;
                }
            }
            continue;
        }
        if (!std::isfinite(g)) {
            ++c.nonfinite;
            ++c.mismatches;
            if (worstExcess < INFINITY) {
                worstExcess = INFINITY;
                c.worst = i;
            }
            continue;
        }
        const double d = std::fabs(g - w);
        diff2 += d * d;
        ref2 += w * w;
        c.maxAbs = std::max(c.maxAbs, d);
        const double excess = d - (atol + rtol * std::fabs(w));
        if (excess > 0) {
            ++c.mismatches;
            if (excess > worstExcess) {
                worstExcess = excess;
                c.worst = i;
            }
        }
    }
    c.relL2 = ref2 > 0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2);
    c.ok = c.mismatches == 0;
    return c;
}

HostBuffer download(const void *device, size_t bytes)
{
    HostBuffer h(bytes);
    host(cudaMemcpy(h.data(), device, bytes, cudaMemcpyDeviceToHost), "copying outputs back");
    return h;
}

std::string expectPath(const std::string &dir, int set, int output)
{
    return dir + "/expect-" + std::to_string(set) + "-" + std::to_string(output) + ".bin";
}

#ifdef KWB_WITH_REFERENCE

// The reference's outputs for `seed`'s inputs: on the device (a CUDA
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
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess)
        e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        std::printf("kwb:reference-error the reference raised CUDA error %s: %s\n", cudaGetErrorName(e),
                    cudaGetErrorString(e));
        std::fflush(stdout);
        std::exit(6);
    }
    for (int o = 0; o < num_outputs; ++o)
        want.push_back(download(set.outPtr[size_t(o)], bytesOf(outputs[o])));
#endif
    return want;
}

int check(const char *seedList, double atol, double rtol, const std::string &expectDir)
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
        set.upload(kBenchSeeds[s], &hostInputs);
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

int bench(double warmupMs, double repMs, int minIters, double maxSeconds, const std::string &expectDir, double atol,
          double rtol)
{
    requireDevice();
    Set sets[2];
    for (int s = 0; s < 2; ++s)
        sets[s].upload(kBenchSeeds[s]);
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
    // Twice the L2, rewritten before every call as triton.testing.do_bench does.
    int l2 = 0;
    host(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0), "reading the L2 size");
    DeviceBuffer flush(size_t(std::max(l2, 1 << 20)) * 2);
    // Outputs kept from two timed calls: one chosen at random, and the one
    // before the last (the other input set than the last call's).
    std::vector<DeviceBuffer *> side, before;
    for (int o = 0; o < num_outputs; ++o) {
        side.push_back(new DeviceBuffer(bytesOf(outputs[o])));
        before.push_back(new DeviceBuffer(bytesOf(outputs[o])));
    }

    cudaEvent_t a, b;
    host(cudaEventCreate(&a), "cudaEventCreate");
    host(cudaEventCreate(&b), "cudaEventCreate");
    // First call: module loading, handles, lazy initialisation.
    callKernel(sets[0].inPtr.data(), sets[0].outPtr.data());
    kernelStatus("on its first call");
    // Estimate one call, then size warm-up and repetitions by time.
    host(cudaEventRecord(a), "cudaEventRecord");
    for (int i = 0; i < 5; ++i)
        callKernel(sets[i % 2].inPtr.data(), sets[i % 2].outPtr.data());
    host(cudaEventRecord(b), "cudaEventRecord");
    kernelStatus("while estimating its time");
    float est = 0;
    host(cudaEventElapsedTime(&est, a, b), "cudaEventElapsedTime");
    const double once = std::max(double(est) / 5.0, 1e-4);
    const int warmup = std::max(1, int(warmupMs / once));
    int reps = std::max(minIters, int(repMs / once));
    reps = std::min(reps, std::max(minIters, int(maxSeconds * 1000.0 / (once + 0.05))));
    reps = std::max(3, std::min(reps, 100000));
    for (int i = 0; i < warmup; ++i)
        callKernel(sets[i % 2].inPtr.data(), sets[i % 2].outPtr.data());
    kernelStatus("during warm-up");

    const size_t n = static_cast<size_t>(reps);
    std::vector<cudaEvent_t> start(n), stop(n), overStart(n);
    for (int i = 0; i < reps; ++i) {
        host(cudaEventCreate(&start[size_t(i)]), "cudaEventCreate");
        host(cudaEventCreate(&stop[size_t(i)]), "cudaEventCreate");
        host(cudaEventCreate(&overStart[size_t(i)]), "cudaEventCreate");
    }
    std::mt19937 rng(std::random_device{}());
    const int spot = std::uniform_int_distribution<int>(0, reps - 2 >= 0 ? reps - 2 : 0)(rng);
    host(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    std::printf("kwb:mark timed-begin\n");
    std::fflush(stdout);
    for (int i = 0; i < reps; ++i) {
        Set &s = sets[i % 2];
        host(cudaEventRecord(overStart[size_t(i)]), "cudaEventRecord");
        s.poison();
        host(cudaMemsetAsync(flush.ptr, i & 0xff, flush.bytes), "flushing the L2");
        host(cudaEventRecord(start[size_t(i)]), "cudaEventRecord");
        callKernel(s.inPtr.data(), s.outPtr.data());
        host(cudaEventRecord(stop[size_t(i)]), "cudaEventRecord");
        for (auto *keep : {i == spot ? &side : nullptr, i == reps - 2 ? &before : nullptr}) {
            for (int o = 0; keep && o < num_outputs; ++o)
                host(cudaMemcpyAsync((*keep)[size_t(o)]->ptr, s.outPtr[size_t(o)], bytesOf(outputs[o]),
                                     cudaMemcpyDeviceToDevice),
                     "keeping a timed call's output");
        }
    }
    kernelStatus("while being timed");
    std::printf("kwb:mark timed-end\n");
    std::fflush(stdout);
    Timed t;
    for (int i = 0; i < reps; ++i) {
        float ms = 0, over = 0;
        host(cudaEventElapsedTime(&ms, start[size_t(i)], stop[size_t(i)]), "cudaEventElapsedTime");
        host(cudaEventElapsedTime(&over, overStart[size_t(i)], start[size_t(i)]), "cudaEventElapsedTime");
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

// One call under Nsight Compute (launched with --profile-from-start off):
// the warm call before it keeps module loading out of the profile.
int profile()
{
    requireDevice();
    Set set;
    set.upload(kBenchSeeds[0]);
    callKernel(set.inPtr.data(), set.outPtr.data());
    kernelStatus("before profiling");
    host(cudaProfilerStart(), "cudaProfilerStart");
    callKernel(set.inPtr.data(), set.outPtr.data());
    kernelStatus("while profiled");
    host(cudaProfilerStop(), "cudaProfilerStop");
    return 0;
}

#endif

} // namespace

int main(int argc, char **argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
#ifdef KWB_WITH_REFERENCE
    if (mode == "check" && argc == 6)
        return check(argv[2], std::atof(argv[3]), std::atof(argv[4]), argv[5]);
    std::fprintf(stderr, "usage: check SEEDS ATOL RTOL EXPECT_DIR\n");
#else
    if (mode == "bench" && argc == 9)
        return bench(std::atof(argv[2]), std::atof(argv[3]), std::atoi(argv[4]), std::atof(argv[5]), argv[6],
                     std::atof(argv[7]), std::atof(argv[8]));
    if (mode == "profile")
        return profile();
    std::fprintf(stderr, "usage: bench WARMUP_MS REP_MS MIN_ITERS MAX_SECONDS EXPECT_DIR ATOL RTOL | profile\n");
#endif
    return 2;
}
