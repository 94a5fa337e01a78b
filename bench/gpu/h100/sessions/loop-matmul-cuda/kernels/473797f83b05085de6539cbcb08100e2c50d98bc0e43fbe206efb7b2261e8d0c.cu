// The starting kernel: one thread per element of C, fp32 accumulation,
// every operand read from global memory. Correct and slow.
#include <cuda_fp16.h>

__global__ void matmulNaive(const __half *A, const __half *B, __half *C, int64_t M, int64_t N, int64_t K)
{
    const int64_t row = blockIdx.y * int64_t(blockDim.y) + threadIdx.y;
    const int64_t col = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (int64_t k = 0; k < K; ++k)
        acc += __half2float(A[row * K + k]) * __half2float(B[k * N + col]);
    C[row * N + col] = __float2half(acc);
}

extern "C" void matmul(const __half *A, const __half *B, __half *C, int64_t M, int64_t N, int64_t K)
{
    const dim3 block(16, 16);
    const dim3 grid(unsigned((N + 15) / 16), unsigned((M + 15) / 16));
    matmulNaive<<<grid, block>>>(A, B, C, M, N, K);
}
