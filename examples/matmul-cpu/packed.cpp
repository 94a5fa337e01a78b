// Packed matmul template in the style of GotoBLAS and BLIS: C = A·B, row-major.
//
//   for jc in N step NC            B block: KC × NC, packed into NR-wide panels
//     for pc in K step KC
//       pack B[pc.., jc..]
//       for ic in M step MC        A block: MC × KC, packed into MR-tall panels
//         pack A[ic.., pc..]
//         for jr in NC step NR     one micro-tile: MR × NR of C in registers
//           for ir in MC step MR
//             micro-kernel: KC rank-1 updates of the tile
//
// The micro-kernel keeps MR × NV accumulators of the host's widest vector in
// registers (NR = NV vectors), chosen at compile time from the ISA:
// 16 floats with AVX-512, 8 with AVX/AVX2, 4 elsewhere (SSE, NEON, or the
// compiler's lowering of GCC/Clang vector extensions on any other target).
// A packed B micro-panel (KC × NR) stays in L1, a packed A block (MC × KC)
// in L2 and the B block (KC × NC) in L3.
//
// kwb prepends one #define per knob; the defaults below keep this file
// compilable on its own. A blocking knob of 0 means "from the host": the
// cpu-cxx target defines KWB_L1D_BYTES, KWB_L2_BYTES and KWB_L3_BYTES from the
// caches the host reports (sysfs), and the block is sized to fit its level.
#ifndef MR
#define MR 6     // rows of the micro-tile (broadcasts of A)
#define NV 2     // columns of the micro-tile, in vectors (NR = NV × lanes)
#define KC 0     // depth of a block; 0: a B micro-panel fills the L1
#define MC 0     // rows of an A block; 0: it fills a quarter of the L2
#define NC 0     // columns of a B block; 0: it fills half the L3
#define KU 1     // unroll of the micro-kernel's k loop
#define PF 0     // prefetch distance of the packed panels, in k steps (0: none)
#endif

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#ifndef KWB_L1D_BYTES
#define KWB_L1D_BYTES (32 * 1024)
#endif
#ifndef KWB_L2_BYTES
#define KWB_L2_BYTES (256 * 1024)
#endif
#ifndef KWB_L3_BYTES
#define KWB_L3_BYTES (8 * 1024 * 1024)
#endif

namespace {

// KWB_LANES overrides the width (tests run the 16-lane logic on a core
// without AVX-512, the compiler splitting each vector in two).
#if defined(KWB_LANES)
constexpr int kLanes = KWB_LANES;
#elif defined(__AVX512F__)
constexpr int kLanes = 16;
#elif defined(__AVX__)
constexpr int kLanes = 8;
#else
constexpr int kLanes = 4;
#endif

typedef float vec __attribute__((vector_size(kLanes * sizeof(float))));
// The same vector at any float alignment, for rows of C.
typedef float vecu __attribute__((vector_size(kLanes * sizeof(float)), aligned(alignof(float))));

constexpr int64_t kMR = MR;
constexpr int64_t kNV = NV;
constexpr int64_t kNR = NV * kLanes;
static_assert(kMR >= 1 && kNV >= 1, "MR and NV are at least 1");
static_assert(KU >= 1, "KU is at least 1");

constexpr int64_t roundDown(int64_t v, int64_t step, int64_t least)
{
    return std::max(least, v / step * step);
}

// The blocking: an explicit knob as given, else from the cache sizes.
//  - KC: a B micro-panel (KC × NR) fills the L1. Its lines are touched at
//    every k step, so they stay while the A micro-panel streams past them;
//    and a deep block means fewer passes over C, whose rows lie N floats
//    apart (at N = 1024 all in the same L1 set).
//  - MC: an A block (MC × KC) fills a quarter of the L2, leaving the rest to
//    the B micro-panels and C's tiles passing through.
//  - NC: a B block (KC × NC) fills half the L3, at most 4096 columns.
constexpr int64_t kKC = KC > 0 ? KC : roundDown(KWB_L1D_BYTES / (kNR * 4), 8, 16);
constexpr int64_t kMC = roundDown(MC > 0 ? MC : KWB_L2_BYTES / 4 / (kKC * 4), kMR, kMR);
constexpr int64_t kNC = NC > 0 ? NC : std::min<int64_t>(4096, roundDown(KWB_L3_BYTES / 2 / (kKC * 4), kNR, kNR));

#define KWB_STR(x) #x
#define KWB_PRAGMA_UNROLL(n) _Pragma(KWB_STR(GCC unroll n))

// One rank-1 update of the micro-tile: row k of the A micro-panel (MR
// floats) times row k of the B micro-panel (NR floats).
inline __attribute__((always_inline)) void rank1(vec (&acc)[kMR][kNV], const float *__restrict a,
                                                 const float *__restrict b)
{
    vec bv[kNV];
    KWB_PRAGMA_UNROLL(16)
    for (int64_t v = 0; v < kNV; ++v)
        bv[v] = *reinterpret_cast<const vec *>(b + v * kLanes);
    KWB_PRAGMA_UNROLL(32)
    for (int64_t i = 0; i < kMR; ++i) {
        const float ai = a[i];
        KWB_PRAGMA_UNROLL(16)
        for (int64_t v = 0; v < kNV; ++v)
            acc[i][v] += ai * bv[v];
    }
}

// C[0..mr, 0..nr] (= or +=) the product of an A micro-panel (kc × MR,
// k-major) and a B micro-panel (kc × NR, k-major). Full tiles write C
// directly; edge tiles go through a buffer.
void microKernel(int64_t kc, const float *__restrict a, const float *__restrict b, float *__restrict c,
                 int64_t ldc, bool accumulate, int64_t mr, int64_t nr)
{
    // C's rows are N floats apart: ask for them now, so that they arrive
    // while the k loop runs instead of stalling the update at its end.
    KWB_PRAGMA_UNROLL(32)
    for (int64_t i = 0; i < kMR; ++i) {
        __builtin_prefetch(c + i * ldc, 1, 3);
        __builtin_prefetch(c + i * ldc + kNR - 1, 1, 3);
    }
    vec acc[kMR][kNV];
    KWB_PRAGMA_UNROLL(32)
    for (int64_t i = 0; i < kMR; ++i)
        KWB_PRAGMA_UNROLL(16)
        for (int64_t v = 0; v < kNV; ++v)
            acc[i][v] = vec{};

    int64_t k = 0;
    for (; k + KU <= kc; k += KU, a += KU * kMR, b += KU * kNR) {
        if (PF > 0) {
            __builtin_prefetch(a + PF * kMR, 0, 3);
            __builtin_prefetch(b + PF * kNR, 0, 3);
        }
        KWB_PRAGMA_UNROLL(KU)
        for (int64_t u = 0; u < KU; ++u)
            rank1(acc, a + u * kMR, b + u * kNR);
    }
    for (; k < kc; ++k, a += kMR, b += kNR)
        rank1(acc, a, b);

    if (mr == kMR && nr == kNR) {
        KWB_PRAGMA_UNROLL(32)
        for (int64_t i = 0; i < kMR; ++i) {
            KWB_PRAGMA_UNROLL(16)
            for (int64_t v = 0; v < kNV; ++v) {
                vecu *row = reinterpret_cast<vecu *>(c + i * ldc + v * kLanes);
                *row = accumulate ? *row + acc[i][v] : acc[i][v];
            }
        }
        return;
    }
    alignas(64) float tile[kMR][kNR];
    for (int64_t i = 0; i < kMR; ++i)
        for (int64_t v = 0; v < kNV; ++v)
            *reinterpret_cast<vec *>(&tile[i][v * kLanes]) = acc[i][v];
    for (int64_t i = 0; i < mr; ++i)
        for (int64_t j = 0; j < nr; ++j)
            c[i * ldc + j] = accumulate ? c[i * ldc + j] + tile[i][j] : tile[i][j];
}

// A[ic.., pc..] (mc × kc, row stride lda) into MR-tall panels, each k-major
// (MR floats per k), the last panel padded with zeros. Rows are read whole
// (a column walk would stride by lda, 4 KiB apart at K = 1024, and miss).
void packA(const float *__restrict A, int64_t lda, int64_t mc, int64_t kc, float *__restrict out)
{
    for (int64_t i0 = 0; i0 < mc; i0 += kMR) {
        const int64_t rows = std::min(kMR, mc - i0);
        float *__restrict panel = out + i0 * kc;
        for (int64_t i = 0; i < rows; ++i) {
            const float *__restrict row = A + (i0 + i) * lda;
            for (int64_t k = 0; k < kc; ++k)
                panel[k * kMR + i] = row[k];
        }
        for (int64_t i = rows; i < kMR; ++i)
            for (int64_t k = 0; k < kc; ++k)
                panel[k * kMR + i] = 0.0f;
    }
}

// B[pc.., jc..] (kc × nc, row stride ldb) into NR-wide panels, each k-major
// (NR floats per k), the last panel padded with zeros.
void packB(const float *__restrict B, int64_t ldb, int64_t kc, int64_t nc, float *__restrict out)
{
    for (int64_t j0 = 0; j0 < nc; j0 += kNR) {
        const int64_t cols = std::min(kNR, nc - j0);
        float *__restrict panel = out + j0 * kc;
        for (int64_t k = 0; k < kc; ++k) {
            const float *__restrict row = B + k * ldb + j0;
            float *__restrict dst = panel + k * kNR;
            if (cols == kNR) {
                std::memcpy(dst, row, sizeof(float) * kNR);
            } else {
                std::memcpy(dst, row, sizeof(float) * size_t(cols));
                std::memset(dst + cols, 0, sizeof(float) * size_t(kNR - cols));
            }
        }
    }
}

int64_t roundUp(int64_t v, int64_t step)
{
    return (v + step - 1) / step * step;
}

} // namespace

extern "C" void matmul(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K)
{
    if (K <= 0) {
        std::memset(C, 0, sizeof(float) * size_t(M * N));
        return;
    }
    // The packed blocks hold whole panels: their last one padded to MR rows
    // or NR columns.
    const int64_t mcMax = roundUp(std::min(kMC, M), kMR), ncMax = roundUp(std::min(kNC, N), kNR),
                  kcMax = std::min(kKC, K);
    float *packedA = static_cast<float *>(std::aligned_alloc(64, size_t(roundUp(mcMax * kcMax * 4, 64))));
    float *packedB = static_cast<float *>(std::aligned_alloc(64, size_t(roundUp(ncMax * kcMax * 4, 64))));
    for (int64_t jc = 0; jc < N; jc += kNC) {
        const int64_t nc = std::min(kNC, N - jc);
        for (int64_t pc = 0; pc < K; pc += kKC) {
            const int64_t kc = std::min(kKC, K - pc);
            packB(B + pc * N + jc, N, kc, nc, packedB);
            for (int64_t ic = 0; ic < M; ic += kMC) {
                const int64_t mc = std::min(kMC, M - ic);
                packA(A + ic * K + pc, K, mc, kc, packedA);
                for (int64_t jr = 0; jr < nc; jr += kNR) {
                    for (int64_t ir = 0; ir < mc; ir += kMR) {
                        microKernel(kc, packedA + ir * kc, packedB + jr * kc, C + (ic + ir) * N + jc + jr, N,
                                    pc > 0, std::min(kMR, mc - ir), std::min(kNR, nc - jr));
                    }
                }
            }
        }
    }
    std::free(packedA);
    std::free(packedB);
}
