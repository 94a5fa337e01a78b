// A register-blocked SGEMM template for AMD GPUs whose knobs a search tunes:
// kwb prepends one #define per knob.
//   BM, BN, BK   block tile of C and depth of one k step (staged in LDS)
//   TM, TN       outputs per thread (TM×TN accumulators in VGPRs)
//   PAD          floats added to each LDS row: 1 breaks the bank conflicts
//                of the transposed A tile's stores
// Each thread owns rows tm, tm + BM/TM, … and columns tn, tn + BN/TN, … of
// the block tile, so a wave's stores of C are contiguous. Defaults let the
// file compile on its own. Sizes must be multiples of the tiles (the
// workload's constraints say so).
#ifndef BM
#define BM 64
#endif
#ifndef BN
#define BN 64
#endif
#ifndef BK
#define BK 16
#endif
#ifndef TM
#define TM 4
#endif
#ifndef TN
#define TN 4
#endif
#ifndef PAD
#define PAD 1
#endif

#include <hip/hip_runtime.h>

namespace {

constexpr int kThreadsM = BM / TM;
constexpr int kThreadsN = BN / TN;
constexpr int kThreads = kThreadsM * kThreadsN;

__global__ __launch_bounds__(kThreads) void matmulTiled(const float *__restrict__ A, const float *__restrict__ B,
                                                        float *__restrict__ C, int64_t N, int64_t K)
{
    __shared__ float As[BK][BM + PAD]; // A's tile, transposed: As[k][m]
    __shared__ float Bs[BK][BN + PAD];
    const int tid = int(threadIdx.x);
    const int tm = tid / kThreadsN, tn = tid % kThreadsN;
    const int64_t row0 = int64_t(blockIdx.y) * BM, col0 = int64_t(blockIdx.x) * BN;
    float acc[TM][TN] = {};
    for (int64_t k0 = 0; k0 < K; k0 += BK) {
        // Consecutive threads read consecutive k of one row of A, and
        // consecutive n of one row of B: both loads are coalesced.
        for (int i = tid; i < BM * BK; i += kThreads) {
            const int m = i / BK, k = i % BK;
            As[k][m] = A[(row0 + m) * K + k0 + k];
        }
        for (int i = tid; i < BK * BN; i += kThreads) {
            const int k = i / BN, n = i % BN;
            Bs[k][n] = B[(k0 + k) * N + col0 + n];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[TM], b[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i)
                a[i] = As[k][tm + i * kThreadsM];
#pragma unroll
            for (int j = 0; j < TN; ++j)
                b[j] = Bs[k][tn + j * kThreadsN];
#pragma unroll
            for (int i = 0; i < TM; ++i) {
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i) {
#pragma unroll
        for (int j = 0; j < TN; ++j)
            C[(row0 + tm + i * kThreadsM) * N + col0 + tn + j * kThreadsN] = acc[i][j];
    }
}

} // namespace

extern "C" void matmul(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K)
{
    const dim3 grid(unsigned(N / BN), unsigned(M / BM));
    matmulTiled<<<grid, dim3(kThreads)>>>(A, B, C, N, K);
}
