// kwb knobs: BM=256 BN=128 BK=64 WM=64 WN=32 STAGES=4 GROUP_M=8
#define BM 256
#define BN 128
#define BK 64
#define WM 64
#define WN 32
#define STAGES 4
#define GROUP_M 8
// A tensor-core matmul template (fp16 in, fp32 accumulate, fp16 out) whose
// knobs a search tunes: kwb prepends one #define per knob.
//   BM, BN, BK   block tile of C and depth of one k step
//   WM, WN       warp tile (each warp computes WM×WN of C with mma.sync m16n8k16)
//   STAGES       cp.async pipeline depth (2 = double buffering)
//   GROUP_M      blocks of one column group launched together (L2 reuse)
// Shared tiles are padded by 8 halves per row so ldmatrix reads no bank twice.
// Defaults let the file compile on its own.
#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 128
#endif
#ifndef BK
#define BK 32
#endif
#ifndef WM
#define WM 64
#endif
#ifndef WN
#define WN 64
#endif
#ifndef STAGES
#define STAGES 3
#endif
#ifndef GROUP_M
#define GROUP_M 8
#endif

#include <cuda_fp16.h>
#include <cstdint>

namespace {

constexpr int kWarpsM = BM / WM;
constexpr int kWarpsN = BN / WN;
constexpr int kThreads = kWarpsM * kWarpsN * 32;
constexpr int kPad = 8;
constexpr int kAStride = BK + kPad; // halves per row of the A tile
constexpr int kBStride = BN + kPad; // halves per row of the B tile
constexpr int kATile = BM * kAStride;
constexpr int kBTile = BK * kBStride;
constexpr int kSmemBytes = STAGES * (kATile + kBTile) * 2;
constexpr int kFragM = WM / 16; // m16 tiles per warp
constexpr int kFragN = WN / 8;  // n8 tiles per warp

static_assert(BM % WM == 0 && BN % WN == 0, "the warp tile must divide the block tile");
static_assert(WM % 16 == 0 && WN % 16 == 0 && BK % 16 == 0, "tiles are whole mma shapes");
static_assert(STAGES >= 2, "the pipeline needs at least two stages");

__device__ __forceinline__ uint32_t smemAddress(const void *p)
{
    return uint32_t(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void copyAsync16(void *smem, const void *global)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smemAddress(smem)), "l"(global));
}

__device__ __forceinline__ void commitGroup() { asm volatile("cp.async.commit_group;\n" ::); }

template <int N>
__device__ __forceinline__ void waitGroup()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

// One stage: the A tile (BM×BK) and the B tile (BK×BN) in 16-byte chunks.
__device__ __forceinline__ void loadTiles(const __half *A, const __half *B, __half *sA, __half *sB, int64_t row0,
                                          int64_t col0, int64_t k0, int64_t N, int64_t K)
{
    constexpr int aChunks = BM * BK / 8;
    constexpr int bChunks = BK * BN / 8;
    for (int c = threadIdx.x; c < aChunks; c += kThreads) {
        const int r = c / (BK / 8), k = (c % (BK / 8)) * 8;
        copyAsync16(sA + r * kAStride + k, A + (row0 + r) * K + k0 + k);
    }
    for (int c = threadIdx.x; c < bChunks; c += kThreads) {
        const int r = c / (BN / 8), n = (c % (BN / 8)) * 8;
        copyAsync16(sB + r * kBStride + n, B + (k0 + r) * N + col0 + n);
    }
}

__global__ void __launch_bounds__(kThreads)
    matmulTiled(const __half *__restrict__ A, const __half *__restrict__ B, __half *__restrict__ C, int64_t M,
                int64_t N, int64_t K)
{
    extern __shared__ __align__(16) unsigned char smem[];
    __half *sA = reinterpret_cast<__half *>(smem);
    __half *sB = sA + STAGES * kATile;

    // Grouped launch order: GROUP_M row-blocks share each column of B in L2.
    const int tilesM = int(M / BM), tilesN = int(N / BN);
    const int pid = blockIdx.x;
    const int perGroup = GROUP_M * tilesN;
    const int group = pid / perGroup;
    const int firstM = group * GROUP_M;
    const int groupRows = min(tilesM - firstM, GROUP_M);
    const int tileM = firstM + (pid % perGroup) % groupRows;
    const int tileN = (pid % perGroup) / groupRows;
    const int64_t row0 = int64_t(tileM) * BM, col0 = int64_t(tileN) * BN;

    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int wm0 = (warp / kWarpsN) * WM, wn0 = (warp % kWarpsN) * WN;

    float acc[kFragM][kFragN][4];
#pragma unroll
    for (int i = 0; i < kFragM; ++i)
#pragma unroll
        for (int j = 0; j < kFragN; ++j)
#pragma unroll
            for (int v = 0; v < 4; ++v)
                acc[i][j][v] = 0.0f;

    const int kTiles = int(K / BK);
#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < kTiles)
            loadTiles(A, B, sA + s * kATile, sB + s * kBTile, row0, col0, int64_t(s) * BK, N, K);
        commitGroup();
    }

    for (int kt = 0; kt < kTiles; ++kt) {
        waitGroup<STAGES - 2>();
        __syncthreads();
        // Refill the stage every warp finished with in the last iteration.
        const int next = kt + STAGES - 1;
        if (next < kTiles) {
            const int s = next % STAGES;
            loadTiles(A, B, sA + s * kATile, sB + s * kBTile, row0, col0, int64_t(next) * BK, N, K);
        }
        commitGroup();

        const __half *tA = sA + (kt % STAGES) * kATile;
        const __half *tB = sB + (kt % STAGES) * kBTile;
#pragma unroll
        for (int kk = 0; kk < BK; kk += 16) {
            uint32_t a[kFragM][4];
            uint32_t b[kFragN][2];
#pragma unroll
            for (int i = 0; i < kFragM; ++i) {
                const __half *p = tA + (wm0 + i * 16 + (lane % 16)) * kAStride + kk + (lane / 16) * 8;
                asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                             : "=r"(a[i][0]), "=r"(a[i][1]), "=r"(a[i][2]), "=r"(a[i][3])
                             : "r"(smemAddress(p)));
            }
#pragma unroll
            for (int j = 0; j < kFragN; j += 2) {
                const __half *p = tB + (kk + (lane % 16)) * kBStride + wn0 + j * 8 + (lane / 16) * 8;
                asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                             : "=r"(b[j][0]), "=r"(b[j][1]), "=r"(b[j + 1][0]), "=r"(b[j + 1][1])
                             : "r"(smemAddress(p)));
            }
#pragma unroll
            for (int i = 0; i < kFragM; ++i)
#pragma unroll
                for (int j = 0; j < kFragN; ++j)
                    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                                 : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
                                 : "r"(a[i][0]), "r"(a[i][1]), "r"(a[i][2]), "r"(a[i][3]), "r"(b[j][0]),
                                   "r"(b[j][1]));
        }
    }
    waitGroup<0>();

    // Each thread holds rows lane/4 and lane/4 + 8, columns 2·(lane%4) and +1.
#pragma unroll
    for (int i = 0; i < kFragM; ++i) {
#pragma unroll
        for (int j = 0; j < kFragN; ++j) {
            const int64_t r = row0 + wm0 + i * 16 + lane / 4;
            const int64_t c = col0 + wn0 + j * 8 + (lane % 4) * 2;
            *reinterpret_cast<__half2 *>(C + r * N + c) = __floats2half2_rn(acc[i][j][0], acc[i][j][1]);
            *reinterpret_cast<__half2 *>(C + (r + 8) * N + c) = __floats2half2_rn(acc[i][j][2], acc[i][j][3]);
        }
    }
}

} // namespace

extern "C" void matmul(const __half *A, const __half *B, __half *C, int64_t M, int64_t N, int64_t K)
{
    static bool configured = false;
    if (!configured) {
        cudaFuncSetAttribute(matmulTiled, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes);
        configured = true;
    }
    const int blocks = int((M / BM) * (N / BN));
    matmulTiled<<<blocks, kThreads, kSmemBytes>>>(A, B, C, M, N, K);
}
