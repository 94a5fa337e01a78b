// The starting kernel: one thread per element of C, every operand read from
// global memory. Correct and slow.
#include <hip/hip_runtime.h>

__global__ void matmulNaive(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K)
{
    const int64_t row = blockIdx.y * int64_t(blockDim.y) + threadIdx.y;
    const int64_t col = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (int64_t k = 0; k < K; ++k)
        acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
}

extern "C" void matmul(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K)
{
    const dim3 block(16, 16);
    const dim3 grid(unsigned((N + 15) / 16), unsigned((M + 15) / 16));
    matmulNaive<<<grid, block>>>(A, B, C, M, N, K);
}
