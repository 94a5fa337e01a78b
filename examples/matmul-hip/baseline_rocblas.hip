// Baseline: rocBLAS's SGEMM, measured beside the starting kernel in round 0.
// Row-major C = A·B is column-major Cᵀ = Bᵀ·Aᵀ, so B goes first. The
// handle is made on the first call (the harness's warm-up), outside the
// timed calls. Needs rocBLAS on the host (ROCm's rocblas package).
#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>

extern "C" void matmul(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K)
{
    static rocblas_handle handle = nullptr;
    if (!handle)
        rocblas_create_handle(&handle);
    const float alpha = 1.0f, beta = 0.0f;
    rocblas_sgemm(handle, rocblas_operation_none, rocblas_operation_none, rocblas_int(N), rocblas_int(M),
                  rocblas_int(K), &alpha, B, rocblas_int(N), A, rocblas_int(K), &beta, C, rocblas_int(N));
}
