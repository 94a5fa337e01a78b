// A quick check of a matmul-cuda kernel file outside kwb, for bringing up a
// new template on a GPU: links the file's extern "C" matmul, runs it once on
// M×N×K fp16 inputs against cuBLAS (fp32 accumulate), prints where it
// differs, then times both (CUDA events, no L2 flush: a rough figure; kwb's
// harness gives the real one).
//   nvcc -O3 -arch=sm_90a [-DBN=…] examples/matmul-cuda/hopper.cu bench/gpu/matmul_check.cu -lcublas -o check
//   ./check [M N K]
// With SUSTAIN_S=T in the environment it then runs cuBLAS, the kernel,
// cuBLAS and the kernel again, T seconds each without a pause, and prints
// each phase's time per call every half second: whether one of them slows
// down more than the other as the GPU heats up or reaches its power limit.
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" void matmul(const __half *A, const __half *B, __half *C, int64_t M, int64_t N, int64_t K);

namespace {

void require(cudaError_t e, const char *what)
{
    if (e != cudaSuccess) {
        std::printf("FAIL %s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}

template <class F>
float millisecondsPerCall(F call, int reps)
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    for (int i = 0; i < 5; ++i)
        call();
    cudaEventRecord(start);
    for (int i = 0; i < reps; ++i)
        call();
    cudaEventRecord(stop);
    require(cudaEventSynchronize(stop), "timing");
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    return ms / float(reps);
}

// Calls 'call' in batches of 20 for 'seconds', printing the mean time per call of each half second.
template <class F>
void sustain(const char *name, F call, double seconds)
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    std::printf("%-8s us/call every 0.5 s:", name);
    double elapsed = 0, window = 0;
    int windowCalls = 0;
    while (elapsed < seconds) {
        cudaEventRecord(start);
        for (int i = 0; i < 20; ++i)
            call();
        cudaEventRecord(stop);
        require(cudaEventSynchronize(stop), "sustained calls");
        float ms = 0;
        cudaEventElapsedTime(&ms, start, stop);
        elapsed += ms / 1e3, window += ms / 1e3, windowCalls += 20;
        if (window >= 0.5) {
            std::printf(" %.1f", window * 1e6 / windowCalls);
            window = 0, windowCalls = 0;
        }
    }
    std::printf("\n");
}

} // namespace

int main(int argc, char **argv)
{
    const int64_t M = argc > 3 ? std::atoll(argv[1]) : 4096, N = argc > 3 ? std::atoll(argv[2]) : 4096,
                  K = argc > 3 ? std::atoll(argv[3]) : 4096;
    std::vector<__half> a(M * K), b(K * N), c(M * N), r(M * N);
    uint32_t x = 12345;
    auto next = [&x] { x = x * 1664525u + 1013904223u; return float(x >> 8) / float(1u << 24) - 0.5f; };
    for (auto &v : a)
        v = __float2half(next());
    for (auto &v : b)
        v = __float2half(next());
    __half *dA, *dB, *dC, *dR;
    require(cudaMalloc(&dA, a.size() * 2), "malloc");
    require(cudaMalloc(&dB, b.size() * 2), "malloc");
    require(cudaMalloc(&dC, c.size() * 2), "malloc");
    require(cudaMalloc(&dR, r.size() * 2), "malloc");
    cudaMemcpy(dA, a.data(), a.size() * 2, cudaMemcpyHostToDevice);
    cudaMemcpy(dB, b.data(), b.size() * 2, cudaMemcpyHostToDevice);
    cudaMemset(dC, 0xFF, c.size() * 2); // NaN: what the kernel does not write shows

    cublasHandle_t handle;
    cublasCreate(&handle);
    const float one = 1.0f, zero = 0.0f;
    auto reference = [&] {
        cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, int(N), int(M), int(K), &one, dB, CUDA_R_16F, int(N), dA,
                     CUDA_R_16F, int(K), &zero, dR, CUDA_R_16F, int(N), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    };
    reference();
    matmul(dA, dB, dC, M, N, K);
    require(cudaGetLastError(), "launch");
    require(cudaDeviceSynchronize(), "kernel");
    cudaMemcpy(c.data(), dC, c.size() * 2, cudaMemcpyDeviceToHost);
    cudaMemcpy(r.data(), dR, r.size() * 2, cudaMemcpyDeviceToHost);

    int64_t wrong = 0, firstWrong = -1;
    double worst = 0;
    std::vector<int64_t> wrongPerRow8(size_t(M / 8 + 1)), wrongPerCol8(size_t(N / 8 + 1));
    for (int64_t i = 0; i < M * N; ++i) {
        const double got = __half2float(c[i]), want = __half2float(r[i]);
        const double err = std::fabs(got - want);
        if (!(err <= 0.05 + 0.01 * std::fabs(want))) {
            if (firstWrong < 0)
                firstWrong = i;
            ++wrong;
            ++wrongPerRow8[size_t(i / N / 8)];
            ++wrongPerCol8[size_t(i % N / 8)];
        }
        if (err > worst || std::isnan(err))
            worst = std::isnan(err) ? INFINITY : err;
    }
    if (wrong) {
        const int64_t i = firstWrong / N, j = firstWrong % N;
        std::printf("WRONG %lld of %lld elements (max error %g); first at (%lld, %lld): %g, cuBLAS %g\n",
                    (long long)wrong, (long long)(M * N), worst, (long long)i, (long long)j,
                    double(__half2float(c[firstWrong])), double(__half2float(r[firstWrong])));
        std::printf("  wrong per 8 rows (first 32 groups):");
        for (int g = 0; g < 32 && g < M / 8; ++g)
            std::printf(" %lld", (long long)wrongPerRow8[g]);
        std::printf("\n  wrong per 8 columns (first 40 groups):");
        for (int g = 0; g < 40 && g < N / 8; ++g)
            std::printf(" %lld", (long long)wrongPerCol8[g]);
        std::printf("\n");
        return 1;
    }
    const double flop = 2.0 * double(M) * double(N) * double(K);
    const float ms = millisecondsPerCall([&] { matmul(dA, dB, dC, M, N, K); }, 50);
    const float msRef = millisecondsPerCall(reference, 50);
    require(cudaGetLastError(), "timed calls");
    std::printf("OK max error %g; kernel %.1f us %.0f TFLOP/s, cuBLAS %.1f us %.0f TFLOP/s, ratio %.3f\n", worst,
                ms * 1e3, flop / ms / 1e9, msRef * 1e3, flop / msRef / 1e9, msRef / ms);
    if (const char *t = std::getenv("SUSTAIN_S")) {
        const double seconds = std::atof(t);
        for (int round = 0; round < 2; ++round) {
            sustain("cuBLAS", reference, seconds);
            sustain("kernel", [&] { matmul(dA, dB, dC, M, N, K); }, seconds);
        }
        require(cudaGetLastError(), "sustained calls");
    }
    return 0;
}
