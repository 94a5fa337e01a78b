// Measures this host's single-core peak fp32 FLOP/s and memory bandwidth,
// the two ceilings of its roofline. Prints one kwb.calibration/1 document.
// Best of several short runs, so background load lowers the figures less.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

using Clock = std::chrono::steady_clock;
// The widest vector the core has registers for: twelve accumulators of
// 512 bits need AVX-512's 32 registers; on an AVX2 core they would spill
// to the stack and measure store forwarding (it read 8 GFLOP/s for a
// 100 GFLOP/s core).
#if defined(__AVX512F__)
typedef float vec __attribute__((vector_size(64)));
constexpr int kLanes = 16;
#elif defined(__AVX__)
typedef float vec __attribute__((vector_size(32)));
constexpr int kLanes = 8;
#else
typedef float vec __attribute__((vector_size(16)));
constexpr int kLanes = 4;
#endif

double seconds(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Independent FMA chains in named variables (an array would be kept in
// memory and measure store forwarding instead). Twelve chains hide the FMA
// latency on every x86 core we know; each step is kLanes lanes × 2 FLOPs.
#define KWB_CHAINS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11)
double peakGflops()
{
    constexpr int chains = 12;
    vec a, b;
    for (int l = 0; l < kLanes; ++l) {
        a[l] = 0.999999f;
        b[l] = 1e-7f;
    }
#define KWB_DECL(i) vec acc##i = a * float(i + 1);
    KWB_CHAINS(KWB_DECL)
    double best = 0;
    const long steps = 4'000'000;
    for (int rep = 0; rep < 5; ++rep) {
        const auto t0 = Clock::now();
        for (long s = 0; s < steps; ++s) {
#define KWB_STEP(i) acc##i = acc##i * a + b;
            KWB_CHAINS(KWB_STEP)
        }
        const double t = seconds(t0);
        best = std::max(best, double(steps) * chains * kLanes * 2 / t / 1e9);
    }
    float sink = 0;
#define KWB_SUM(i) sink += acc##i[0];
    KWB_CHAINS(KWB_SUM)
    if (sink == 12345.f)
        std::puts("");
    return best;
}

// STREAM triad: a = b + s·c over arrays far larger than any cache; counts
// 3 × 4 bytes per element as STREAM does.
double bandwidthGbs()
{
    const size_t n = size_t(24) << 20; // 96 MiB per array
    float *a = static_cast<float *>(std::aligned_alloc(64, n * 4));
    float *b = static_cast<float *>(std::aligned_alloc(64, n * 4));
    float *c = static_cast<float *>(std::aligned_alloc(64, n * 4));
    for (size_t i = 0; i < n; ++i) {
        a[i] = 0;
        b[i] = float(i & 1023);
        c[i] = 1.0f;
    }
    double best = 0;
    for (int rep = 0; rep < 6; ++rep) {
        const auto t0 = Clock::now();
        const float s = 1.0001f + float(rep) * 1e-6f;
        for (size_t i = 0; i < n; ++i)
            a[i] = b[i] + s * c[i];
        const double t = seconds(t0);
        asm volatile("" : : "r"(a) : "memory");
        best = std::max(best, 3.0 * 4.0 * double(n) / t / 1e9);
    }
    std::free(a);
    std::free(b);
    std::free(c);
    return best;
}

std::string cpuModel()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            const size_t colon = line.find(':');
            std::string m = colon == std::string::npos ? line : line.substr(colon + 2);
            std::replace(m.begin(), m.end(), '"', '\'');
            return m;
        }
    }
    return "unknown CPU";
}

} // namespace

int main()
{
    const double flops = peakGflops();
    const double bw = bandwidthGbs();
    char host[256] = {0};
    gethostname(host, sizeof host - 1);
    std::printf("{\"schema\":\"kwb.calibration/1\",\"peak_gflops\":%.4g,\"peak_gbs\":%.4g,"
                "\"threads\":1,\"precision\":\"fp32\",\"cpu\":\"%s\",\"hostname\":\"%s\","
                "\"cores\":%ld}\n",
                flops, bw, cpuModel().c_str(), host, sysconf(_SC_NPROCESSORS_ONLN));
    return 0;
}
