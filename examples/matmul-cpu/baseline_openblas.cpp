// Library baseline: OpenBLAS sgemm on one thread (the candidates run on one
// core, so the comparison is like for like).
#include <cblas.h>
#include <cstdint>

extern "C" void matmul(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K)
{
    static const bool oneThread = (openblas_set_num_threads(1), true);
    (void)oneThread;
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(M), int(N), int(K), 1.0f, A, int(K), B, int(N), 0.0f,
                C, int(N));
}
