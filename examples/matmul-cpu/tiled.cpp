// Tiled matmul template. kwb prepends one #define per knob; the defaults
// below keep this file compilable on its own.
#ifndef BM
#define BM 64
#define BN 256
#define BK 128
#define ORDER "ijk"
#define INNER "ikj"
#define UNROLL 4
#define PACK 1
#endif

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace {

constexpr std::string_view kOrder = ORDER; // tile loops, outermost first
constexpr std::string_view kInner = INNER; // loops inside a tile
static_assert(kOrder.size() == 3 && kInner.size() == 3, "ORDER and INNER are permutations of i, j, k");

#define KWB_STR(x) #x
#define KWB_UNROLL(n) _Pragma(KWB_STR(GCC unroll n))

// C[i0.., j0..] += A[i0.., k0..] · B[k0.., j0..] for one tile. `b` points at
// B[k0][j0] with row stride `ldb` (BN when packed, N otherwise).
inline void tile(const float *__restrict A, const float *__restrict b, float *__restrict C, int64_t N, int64_t K,
                 int64_t ldb, int64_t i0, int64_t i1, int64_t j0, int64_t j1, int64_t k0, int64_t k1)
{
    const int64_t width = j1 - j0;
    if constexpr (kInner[0] == 'i') {
        for (int64_t i = i0; i < i1; ++i) {
            float *__restrict c = C + i * N + j0;
            for (int64_t k = k0; k < k1; ++k) {
                const float a = A[i * K + k];
                const float *__restrict bk = b + (k - k0) * ldb;
                KWB_UNROLL(UNROLL)
                for (int64_t j = 0; j < width; ++j)
                    c[j] += a * bk[j];
            }
        }
    } else {
        for (int64_t k = k0; k < k1; ++k) {
            const float *__restrict bk = b + (k - k0) * ldb;
            for (int64_t i = i0; i < i1; ++i) {
                float *__restrict c = C + i * N + j0;
                const float a = A[i * K + k];
                KWB_UNROLL(UNROLL)
                for (int64_t j = 0; j < width; ++j)
                    c[j] += a * bk[j];
            }
        }
    }
}

struct Problem
{
    const float *A, *B;
    float *C;
    int64_t M, N, K;
    float *packed; // BK × BN when PACK
};

void visit(const Problem &p, int64_t i0, int64_t j0, int64_t k0)
{
    const int64_t i1 = std::min(i0 + BM, p.M), j1 = std::min(j0 + BN, p.N), k1 = std::min(k0 + BK, p.K);
    const float *b = p.B + k0 * p.N + j0;
    int64_t ldb = p.N;
    if (PACK) {
        for (int64_t k = k0; k < k1; ++k)
            std::memcpy(p.packed + (k - k0) * BN, p.B + k * p.N + j0, size_t(j1 - j0) * sizeof(float));
        b = p.packed;
        ldb = BN;
    }
    tile(p.A, b, p.C, p.N, p.K, ldb, i0, i1, j0, j1, k0, k1);
}

template <int Level>
void loops(const Problem &p, int64_t i0, int64_t j0, int64_t k0)
{
    if constexpr (Level == 3) {
        visit(p, i0, j0, k0);
    } else if constexpr (kOrder[Level] == 'i') {
        for (int64_t i = 0; i < p.M; i += BM)
            loops<Level + 1>(p, i, j0, k0);
    } else if constexpr (kOrder[Level] == 'j') {
        for (int64_t j = 0; j < p.N; j += BN)
            loops<Level + 1>(p, i0, j, k0);
    } else {
        for (int64_t k = 0; k < p.K; k += BK)
            loops<Level + 1>(p, i0, j0, k);
    }
}

} // namespace

extern "C" void matmul(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K)
{
    std::memset(C, 0, size_t(M * N) * sizeof(float));
    float *packed = PACK ? static_cast<float *>(std::aligned_alloc(64, size_t(BK) * BN * sizeof(float))) : nullptr;
    const Problem p{A, B, C, M, N, K, packed};
    loops<0>(p, 0, 0, 0);
    std::free(packed);
}
