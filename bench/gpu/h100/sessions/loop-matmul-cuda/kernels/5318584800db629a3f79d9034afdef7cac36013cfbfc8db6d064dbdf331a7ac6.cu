// Baseline: cuBLAS's GEMM (fp16 in and out, fp32 accumulation), measured
// beside the starting kernel in round 0. Row-major C = A·B is column-major
// Cᵀ = Bᵀ·Aᵀ, so B goes first. The handle is made on the first call (the
// harness's warm-up), outside the timed calls.
#include <cublas_v2.h>
#include <cuda_fp16.h>

extern "C" void matmul(const __half *A, const __half *B, __half *C, int64_t M, int64_t N, int64_t K)
{
    static cublasHandle_t handle = nullptr;
    if (!handle)
        cublasCreate(&handle);
    const float alpha = 1.0f, beta = 0.0f;
    cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, int(N), int(M), int(K), &alpha, B, CUDA_R_16F, int(N), A,
                 CUDA_R_16F, int(K), &beta, C, CUDA_R_16F, int(N), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
