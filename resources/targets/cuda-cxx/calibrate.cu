// Measures this GPU's ceilings: fp32 FLOP/s (an FMA kernel, and cuBLAS's
// SGEMM), the tensor-core precisions through cuBLAS GEMMs (tf32, fp16, bf16),
// and DRAM bandwidth (a STREAM triad). Prints one kwb.calibration/1 document
// with the vendor's published figures beside the measured ones. Best of
// several runs on random data (zeros run faster than real data).

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

namespace {

void ck(cudaError_t e, const char *what)
{
    if (e != cudaSuccess) {
        std::fprintf(stderr, "calibrate: %s: %s\n", what, cudaGetErrorString(e));
        std::exit(3);
    }
}

void ck(cublasStatus_t s, const char *what)
{
    if (s != CUBLAS_STATUS_SUCCESS) {
        std::fprintf(stderr, "calibrate: %s: cuBLAS status %d\n", what, int(s));
        std::exit(3);
    }
}

constexpr int kChains = 8;
constexpr int kSteps = 8192;

__global__ void fmaChains(float *out, float a, float b)
{
    float acc[kChains];
#pragma unroll
    for (int c = 0; c < kChains; ++c)
        acc[c] = float(threadIdx.x + c);
    for (int s = 0; s < kSteps; ++s) {
#pragma unroll
        for (int c = 0; c < kChains; ++c)
            acc[c] = fmaf(acc[c], a, b);
    }
    float sum = 0;
#pragma unroll
    for (int c = 0; c < kChains; ++c)
        sum += acc[c];
    if (sum == 1234.5f)
        out[0] = sum;
}

__global__ void triad(float *a, const float *b, const float *c, float s, size_t n)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
        a[i] = b[i] + s * c[i];
}

template <typename T>
__global__ void fillRandom(T *p, size_t n, unsigned seed)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
        unsigned x = unsigned(i) * 2654435761u ^ seed;
        x ^= x >> 13;
        x *= 0x5bd1e995u;
        x ^= x >> 15;
        p[i] = T(float(x & 0xffff) / 65536.0f - 0.5f);
    }
}

template <typename F>
double bestMs(F body, int reps)
{
    cudaEvent_t a, b;
    ck(cudaEventCreate(&a), "event");
    ck(cudaEventCreate(&b), "event");
    body(); // warm-up
    ck(cudaDeviceSynchronize(), "warm-up");
    double best = 1e30;
    for (int r = 0; r < reps; ++r) {
        ck(cudaEventRecord(a), "record");
        body();
        ck(cudaEventRecord(b), "record");
        ck(cudaEventSynchronize(b), "sync");
        float ms = 0;
        ck(cudaEventElapsedTime(&ms, a, b), "elapsed");
        best = std::min(best, double(ms));
    }
    return best;
}

double fmaPeakGflops(int sms)
{
    float *out = nullptr;
    ck(cudaMalloc(&out, 4), "malloc");
    const int threads = 256, blocks = sms * 16;
    const double ms = bestMs([&] { fmaChains<<<blocks, threads>>>(out, 0.999999f, 1e-7f); }, 5);
    cudaFree(out);
    return 2.0 * kChains * kSteps * double(threads) * blocks / (ms * 1e6);
}

double triadGbs()
{
    const size_t n = size_t(256) << 20; // 1 GiB per array
    float *a, *b, *c;
    ck(cudaMalloc(&a, n * 4), "malloc");
    ck(cudaMalloc(&b, n * 4), "malloc");
    ck(cudaMalloc(&c, n * 4), "malloc");
    fillRandom<<<1024, 256>>>(b, n, 1);
    fillRandom<<<1024, 256>>>(c, n, 2);
    int sms = 0;
    ck(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "attribute");
    const double ms = bestMs([&] { triad<<<sms * 8, 512>>>(a, b, c, 1.0001f, n); }, 10);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    return 3.0 * 4.0 * double(n) / (ms * 1e6);
}

// cuBLAS GEMM of n³ with the given types; GFLOP/s.
double gemmGflops(cublasHandle_t h, cudaDataType ab, cudaDataType cType, cublasComputeType_t compute, int n)
{
    const size_t elems = size_t(n) * n;
    const size_t size = (ab == CUDA_R_32F) ? 4 : 2;
    void *A, *B, *C;
    ck(cudaMalloc(&A, elems * size), "malloc");
    ck(cudaMalloc(&B, elems * size), "malloc");
    ck(cudaMalloc(&C, elems * ((cType == CUDA_R_32F) ? 4 : 2)), "malloc");
    if (ab == CUDA_R_16F) {
        fillRandom<<<1024, 256>>>(static_cast<__half *>(A), elems, 3);
        fillRandom<<<1024, 256>>>(static_cast<__half *>(B), elems, 4);
    } else if (ab == CUDA_R_16BF) {
        fillRandom<<<1024, 256>>>(static_cast<__nv_bfloat16 *>(A), elems, 3);
        fillRandom<<<1024, 256>>>(static_cast<__nv_bfloat16 *>(B), elems, 4);
    } else {
        fillRandom<<<1024, 256>>>(static_cast<float *>(A), elems, 3);
        fillRandom<<<1024, 256>>>(static_cast<float *>(B), elems, 4);
    }
    const float alpha = 1, beta = 0;
    const double ms = bestMs(
        [&] {
            ck(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, A, ab, n, B, ab, n, &beta, C, cType, n,
                            compute, CUBLAS_GEMM_DEFAULT),
               "cublasGemmEx");
        },
        10);
    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
    return 2.0 * double(n) * n * n / (ms * 1e6);
}

struct Published
{
    const char *match; // substring of the device name
    double fp32, tf32, fp16, bf16, gbs; // dense TFLOP/s, GB/s
};

// The vendor's datasheet figures (dense, no sparsity), for the cross-check.
const Published kPublished[] = {
    {"H100 80GB HBM3", 66.9, 494.7, 989.4, 989.4, 3350},
    {"H100 SXM", 66.9, 494.7, 989.4, 989.4, 3350},
    {"H100 NVL", 60.0, 417.5, 835.0, 835.0, 3900},
    {"H100 PCIe", 51.2, 378.0, 756.0, 756.0, 2000},
    {"H200", 66.9, 494.7, 989.4, 989.4, 4800},
    {"A100-SXM4-80GB", 19.5, 156.0, 312.0, 312.0, 2039},
    {"A100-SXM4-40GB", 19.5, 156.0, 312.0, 312.0, 1555},
    {"A100 80GB PCIe", 19.5, 156.0, 312.0, 312.0, 1935},
    {"L40S", 91.6, 183.0, 362.0, 362.0, 864},
};

} // namespace

int main()
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        std::fprintf(stderr, "calibrate: no CUDA device\n");
        return 3;
    }
    cudaDeviceProp prop;
    ck(cudaGetDeviceProperties(&prop, 0), "properties");
    std::fprintf(stderr, "calibrate: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
    cublasHandle_t h;
    ck(cublasCreate(&h), "cublasCreate");
    const int n = 8192;
    const double fma = fmaPeakGflops(prop.multiProcessorCount);
    const double sgemm = gemmGflops(h, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, n);
    const double tf32 = gemmGflops(h, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, n);
    const double fp16 = gemmGflops(h, CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, n);
    const double bf16 = gemmGflops(h, CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, n);
    const double gbs = triadGbs();
    cublasDestroy(h);
    const double fp32 = std::max(fma, sgemm);
    std::fprintf(stderr, "calibrate: fp32 %.0f GFLOP/s (FMA kernel %.0f, SGEMM %.0f), tf32 %.0f, fp16 %.0f, bf16 %.0f, "
                 "triad %.0f GB/s\n", fp32, fma, sgemm, tf32, fp16, bf16, gbs);

    std::string published = "null";
    for (const Published &p : kPublished) {
        if (std::strstr(prop.name, p.match)) {
            char buf[512];
            std::snprintf(buf, sizeof buf,
                          "{\"source\":\"vendor datasheet (dense)\",\"match\":\"%s\",\"peaks\":{\"fp32\":%.1f,"
                          "\"tf32\":%.1f,\"fp16\":%.1f,\"bf16\":%.1f},\"peak_gbs\":%.0f,\"measured_over_published\":"
                          "{\"fp32\":%.3f,\"tf32\":%.3f,\"fp16\":%.3f,\"bf16\":%.3f,\"gbs\":%.3f}}",
                          p.match, p.fp32 * 1e3, p.tf32 * 1e3, p.fp16 * 1e3, p.bf16 * 1e3, p.gbs,
                          fp32 / (p.fp32 * 1e3), tf32 / (p.tf32 * 1e3), fp16 / (p.fp16 * 1e3), bf16 / (p.bf16 * 1e3),
                          gbs / p.gbs);
            published = buf;
            break;
        }
    }
    char host[256] = {0};
    gethostname(host, sizeof host - 1);
    std::printf("{\"schema\":\"kwb.calibration/1\",\"peak_gflops\":%.6g,\"peak_gbs\":%.6g,\"precision\":\"fp32\","
                "\"threads\":%d,\"peaks\":{\"fp32\":%.6g,\"tf32\":%.6g,\"fp16\":%.6g,\"bf16\":%.6g},"
                "\"measured\":{\"fma_kernel_gflops\":%.6g,\"sgemm_gflops\":%.6g},"
                "\"device\":\"%s\",\"cpu\":\"%s (%d SMs, cc %d.%d)\",\"hostname\":\"%s\",\"published\":%s}\n",
                fp32, gbs, prop.multiProcessorCount, fp32, tf32, fp16, bf16, fma, sgemm, prop.name, prop.name,
                prop.multiProcessorCount, prop.major, prop.minor, host, published.c_str());
    return 0;
}
