// Re-times one matmul kernel against OpenBLAS sgemm (one thread) in one
// process, interleaved: each round times the kernel, then the library, on
// the same inputs, so a machine that slows down slows both. Prints each
// side's median and spread over the rounds and the ratio of the medians, and
// checks the kernel against the library first.
//
//   retime M N K ROUNDS CALLS_PER_ROUND
#include <algorithm>
#include <cblas.h>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" void matmul(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K);

namespace {

using Clock = std::chrono::steady_clock;

struct Stats
{
    double median, q1, q3;
};

Stats statsOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    auto at = [&](double q) { return v[size_t(q * double(v.size() - 1) + 0.5)]; };
    return {at(0.5), at(0.25), at(0.75)};
}

// The median of `calls` back-to-back calls, in ms.
template <typename F> double timeCalls(F &&call, int calls)
{
    std::vector<double> ms;
    for (int c = 0; c < calls; ++c) {
        const auto t0 = Clock::now();
        call();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    return statsOf(ms).median;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 6) {
        std::fprintf(stderr, "usage: retime M N K ROUNDS CALLS_PER_ROUND\n");
        return 2;
    }
    const int64_t M = std::atol(argv[1]), N = std::atol(argv[2]), K = std::atol(argv[3]);
    const int rounds = std::atoi(argv[4]), calls = std::atoi(argv[5]);
    openblas_set_num_threads(1);
    std::vector<float> A(size_t(M * K)), B(size_t(K * N)), C(size_t(M * N)), ref(size_t(M * N));
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (std::vector<float> *v : {&A, &B}) {
        for (float &x : *v) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            x = float(s >> 40) / float(1 << 24) * 2 - 1;
        }
    }
    auto kernel = [&] { matmul(A.data(), B.data(), C.data(), M, N, K); };
    auto library = [&] {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(M), int(N), int(K), 1.0f,
                    A.data(), int(K), B.data(), int(N), 0.0f, ref.data(), int(N));
    };
    kernel();
    library();
    double worst = 0;
    for (size_t i = 0; i < C.size(); ++i)
        worst =
            std::max(worst, double(std::fabs(C[i] - ref[i])) / (1e-3 + 1e-4 * std::fabs(ref[i])));
    if (!(worst <= 1)) {
        std::printf("the kernel disagrees with OpenBLAS (worst error %.3g of the tolerance)\n",
                    worst);
        return 1;
    }
    std::vector<double> tk, tl, ratio;
    for (int r = 0; r < rounds; ++r) {
        // Alternate which side goes first, so neither always follows the other.
        double k, l;
        if (r % 2 == 0) {
            k = timeCalls(kernel, calls);
            l = timeCalls(library, calls);
        } else {
            l = timeCalls(library, calls);
            k = timeCalls(kernel, calls);
        }
        tk.push_back(k);
        tl.push_back(l);
        ratio.push_back(l / k);
    }
    const double gflop = 2e-9 * double(M) * double(N) * double(K);
    const Stats k = statsOf(tk), l = statsOf(tl), q = statsOf(ratio);
    std::printf("OpenBLAS %s, core %s\n", openblas_get_config(), openblas_get_corename());
    std::printf("kernel   %8.2f ms  %6.1f GFLOP/s  spread %4.1f%%\n", k.median,
                gflop / k.median * 1e3, 100 * (k.q3 - k.q1) / k.median);
    std::printf("openblas %8.2f ms  %6.1f GFLOP/s  spread %4.1f%%\n", l.median,
                gflop / l.median * 1e3, 100 * (l.q3 - l.q1) / l.median);
    std::printf("ratio    %8.3f (kernel / OpenBLAS speed; rounds' quartiles %.3f-%.3f)\n", q.median,
                q.q1, q.q3);
    return 0;
}
