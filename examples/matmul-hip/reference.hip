// Golden C = A·B for the matmul-hip example: fp32, accumulated in a fixed
// order with fused multiply-adds, one thread per output. It runs on the
// device (it takes device pointers, like the kernel) so checking a 4096³
// product takes milliseconds, not minutes on one CPU core.
#include <hip/hip_runtime.h>

namespace {

__global__ void referenceKernel(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K)
{
    const int64_t row = blockIdx.y * int64_t(blockDim.y) + threadIdx.y;
    const int64_t col = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (int64_t k = 0; k < K; ++k)
        acc = fmaf(A[row * K + k], B[k * N + col], acc);
    C[row * N + col] = acc;
}

} // namespace

extern "C" void matmul_reference(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K)
{
    const dim3 block(16, 16);
    const dim3 grid(unsigned((N + 15) / 16), unsigned((M + 15) / 16));
    referenceKernel<<<grid, block>>>(A, B, C, M, N, K);
}
