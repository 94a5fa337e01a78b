// Measures this GPU's ceilings: fp32 FLOP/s (an FMA kernel and, on NVIDIA,
// cuBLAS's SGEMM), on NVIDIA the tensor-core precisions through cuBLAS GEMMs
// (tf32, fp16, bf16), and DRAM bandwidth (a STREAM triad). Prints one
// kwb.calibration/1 document with the vendor's published figures beside the
// measured ones. Best of several runs on random data (zeros run faster than
// real data). Built by nvcc for cuda-cxx and by hipcc (KWB_HIP) for hip,
// where no BLAS is linked: its matrix-core peaks are the published ones,
// said so in the document, until a rocBLAS measurement is added.

#include "gpurt.h"
#ifndef KWB_HIP
#include <cublas_v2.h>
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

namespace {

void ck(gpu::Error e, const char *what)
{
    if (e != gpu::kSuccess) {
        std::fprintf(stderr, "calibrate: %s: %s\n", what, gpu::errorString(e));
        std::exit(3);
    }
}

#ifndef KWB_HIP
void ck(cublasStatus_t s, const char *what)
{
    if (s != CUBLAS_STATUS_SUCCESS) {
        std::fprintf(stderr, "calibrate: %s: cuBLAS status %d\n", what, int(s));
        std::exit(3);
    }
}
#endif

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

#ifdef KWB_HIP
// fp32 on the matrix cores (CDNA: MI100 and later), which run twice the
// vector rate: v_mfma_f32_32x32x2f32 is one 32×32×2 product per wave,
// 4096 FLOPs per instruction.
constexpr int kMfmaChains = 4;
#if defined(__gfx908__) || defined(__gfx90a__) || defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__)
#define KWB_MFMA_F32 1
#endif

__global__ void mfmaChains(float *out, float b)
{
#ifdef KWB_MFMA_F32
    typedef float v16 __attribute__((ext_vector_type(16)));
    v16 acc[kMfmaChains] = {};
    const float a = float(threadIdx.x) * 1e-6f;
    for (int s = 0; s < kSteps; ++s) {
#pragma unroll
        for (int c = 0; c < kMfmaChains; ++c)
            acc[c] = __builtin_amdgcn_mfma_f32_32x32x2f32(a, b, acc[c], 0, 0, 0);
    }
    float sum = 0;
    for (int c = 0; c < kMfmaChains; ++c) {
        for (int i = 0; i < 16; ++i)
            sum += acc[c][i];
    }
    if (sum == 1234.5f)
        out[0] = sum;
#else
    if (b == 1234.5f)
        out[0] = b;
#endif
}

#endif

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
    gpu::Event a, b;
    ck(gpu::eventCreate(&a), "event");
    ck(gpu::eventCreate(&b), "event");
    body(); // warm-up
    ck(gpu::synchronize(), "warm-up");
    double best = 1e30;
    for (int r = 0; r < reps; ++r) {
        ck(gpu::eventRecord(a), "record");
        body();
        ck(gpu::eventRecord(b), "record");
        ck(gpu::eventSynchronize(b), "sync");
        float ms = 0;
        ck(gpu::elapsedMs(&ms, a, b), "elapsed");
        best = std::min(best, double(ms));
    }
    return best;
}

double fmaPeakGflops(int sms)
{
    void *out = nullptr;
    ck(gpu::malloc(&out, 4), "malloc");
    const int threads = 256, blocks = sms * 16;
    const double ms = bestMs([&] { fmaChains<<<blocks, threads>>>(static_cast<float *>(out), 0.999999f, 1e-7f); }, 5);
    (void)gpu::free(out);
    return 2.0 * kChains * kSteps * double(threads) * blocks / (ms * 1e6);
}

#ifdef KWB_HIP
// 0 on a GPU without fp32 matrix instructions (RDNA, gfx906).
double mfmaPeakGflops(const gpu::DeviceProp &prop)
{
    const std::string arch = prop.gcnArchName;
    if (arch.rfind("gfx908", 0) != 0 && arch.rfind("gfx90a", 0) != 0 && arch.rfind("gfx94", 0) != 0)
        return 0;
    void *out = nullptr;
    ck(gpu::malloc(&out, 4), "malloc");
    const int threads = 256, blocks = prop.multiProcessorCount * 8;
    const double ms = bestMs([&] { mfmaChains<<<blocks, threads>>>(static_cast<float *>(out), 1e-7f); }, 5);
    (void)gpu::free(out);
    return 4096.0 * kMfmaChains * kSteps * (double(threads) / 64.0) * blocks / (ms * 1e6);
}
#endif

double triadGbs()
{
    const size_t n = size_t(256) << 20; // 1 GiB per array
    void *a, *b, *c;
    ck(gpu::malloc(&a, n * 4), "malloc");
    ck(gpu::malloc(&b, n * 4), "malloc");
    ck(gpu::malloc(&c, n * 4), "malloc");
    fillRandom<<<1024, 256>>>(static_cast<float *>(b), n, 1);
    fillRandom<<<1024, 256>>>(static_cast<float *>(c), n, 2);
    int sms = 0;
    ck(gpu::computeUnits(&sms), "attribute");
    const double ms = bestMs(
        [&] {
            triad<<<sms * 8, 512>>>(static_cast<float *>(a), static_cast<const float *>(b),
                                    static_cast<const float *>(c), 1.0001f, n);
        },
        10);
    (void)gpu::free(a);
    (void)gpu::free(b);
    (void)gpu::free(c);
    return 3.0 * 4.0 * double(n) / (ms * 1e6);
}

#ifndef KWB_HIP
// cuBLAS GEMM of n³ with the given types; GFLOP/s.
double gemmGflops(cublasHandle_t h, cudaDataType ab, cudaDataType cType, cublasComputeType_t compute, int n)
{
    const size_t elems = size_t(n) * n;
    const size_t size = (ab == CUDA_R_32F) ? 4 : 2;
    void *A, *B, *C;
    ck(gpu::malloc(&A, elems * size), "malloc");
    ck(gpu::malloc(&B, elems * size), "malloc");
    ck(gpu::malloc(&C, elems * ((cType == CUDA_R_32F) ? 4 : 2)), "malloc");
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
    (void)gpu::free(A);
    (void)gpu::free(B);
    (void)gpu::free(C);
    return 2.0 * double(n) * n * n / (ms * 1e6);
}
#endif

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
    // AMD Instinct: fp32 is the matrix-core rate (the MFMA kernel's), tf32 0
    // where the part has none. An MI250(X) is two GCDs, each a device of its
    // own: one GCD's figures.
    {"MI300X", 163.4, 653.7, 1307.4, 1307.4, 5300},
    {"MI300A", 122.6, 490.3, 980.6, 980.6, 5300},
    {"MI250X", 47.9, 0, 191.5, 191.5, 1638.4},
    {"MI250", 45.3, 0, 181.0, 181.0, 1638.4},
    {"MI210", 45.3, 0, 181.0, 181.0, 1638.4},
};

} // namespace

int main()
{
    int count = 0;
    if (gpu::deviceCount(&count) != gpu::kSuccess || count == 0) {
        std::fprintf(stderr, "calibrate: no %s device\n", gpu::kApi);
        return 3;
    }
    gpu::DeviceProp prop;
    ck(gpu::properties(&prop), "properties");
    std::fprintf(stderr, "calibrate: %s, %d compute units\n", prop.name, prop.multiProcessorCount);
    const double fma = fmaPeakGflops(prop.multiProcessorCount);
#ifdef KWB_HIP
    // No BLAS here: fp32 is the faster of the FMA and MFMA kernels, the other
    // matrix precisions are not measured (0).
    const double sgemm = mfmaPeakGflops(prop), tf32 = 0, fp16 = 0, bf16 = 0;
#else
    cublasHandle_t h;
    ck(cublasCreate(&h), "cublasCreate");
    const int n = 8192;
    const double sgemm = gemmGflops(h, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, n);
    const double tf32 = gemmGflops(h, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, n);
    const double fp16 = gemmGflops(h, CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, n);
    const double bf16 = gemmGflops(h, CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, n);
    cublasDestroy(h);
#endif
    const double gbs = triadGbs();
    const double fp32 = std::max(fma, sgemm);
#ifdef KWB_HIP
    const char *matrix = "mfma_kernel_gflops";
#else
    const char *matrix = "sgemm_gflops";
#endif
    std::fprintf(stderr, "calibrate: fp32 %.0f GFLOP/s (FMA kernel %.0f, %s %.0f), tf32 %.0f, fp16 %.0f, bf16 %.0f, "
                 "triad %.0f GB/s\n", fp32, fma, matrix, sgemm, tf32, fp16, bf16, gbs);
    std::string peaks = "\"fp32\":" + std::to_string(fp32);
    for (const auto &[name, v] : {std::pair{"tf32", tf32}, std::pair{"fp16", fp16}, std::pair{"bf16", bf16}}) {
        if (v > 0)
            peaks += ",\"" + std::string(name) + "\":" + std::to_string(v);
    }

    // Measured over published, where both are known: JSON has no infinity.
    auto ratio = [](double measured, double published) {
        return measured > 0 && published > 0 ? std::to_string(measured / published) : std::string("null");
    };
    std::string published = "null";
    for (const Published &p : kPublished) {
        if (std::strstr(prop.name, p.match)) {
            char buf[512];
            std::snprintf(buf, sizeof buf,
                          "{\"source\":\"vendor datasheet (dense)\",\"match\":\"%s\",\"peaks\":{\"fp32\":%.1f,"
                          "\"tf32\":%.1f,\"fp16\":%.1f,\"bf16\":%.1f},\"peak_gbs\":%.0f,\"measured_over_published\":"
                          "{\"fp32\":%s,\"tf32\":%s,\"fp16\":%s,\"bf16\":%s,\"gbs\":%s}}",
                          p.match, p.fp32 * 1e3, p.tf32 * 1e3, p.fp16 * 1e3, p.bf16 * 1e3, p.gbs,
                          ratio(fp32, p.fp32 * 1e3).c_str(), ratio(tf32, p.tf32 * 1e3).c_str(),
                          ratio(fp16, p.fp16 * 1e3).c_str(), ratio(bf16, p.bf16 * 1e3).c_str(),
                          ratio(gbs, p.gbs).c_str());
            published = buf;
            break;
        }
    }
    char host[256] = {0};
    gethostname(host, sizeof host - 1);
    std::printf("{\"schema\":\"kwb.calibration/1\",\"peak_gflops\":%.6g,\"peak_gbs\":%.6g,\"precision\":\"fp32\","
                "\"threads\":%d,\"peaks\":{%s},"
                "\"measured\":{\"fma_kernel_gflops\":%.6g,\"%s\":%.6g},"
                "\"device\":\"%s\",\"cpu\":\"%s (%d compute units, %s)\",\"hostname\":\"%s\",\"published\":%s}\n",
                fp32, gbs, prop.multiProcessorCount, peaks.c_str(), fma, matrix, sgemm, prop.name, prop.name,
                prop.multiProcessorCount, gpu::archName(prop).c_str(), host, published.c_str());
    return 0;
}
