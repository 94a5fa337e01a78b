// The starting kernel: one work-item per element of C, every operand read
// from global memory. The launch (workload.json) is N / TILE_X by
// M / TILE_Y work-items in 16 × 16 work-groups; this kernel computes one
// element each, so it binds the tile sizes to 1 itself.
#define TILE_X 1
#define TILE_Y 1
#define BLOCK_X 16
#define BLOCK_Y 16

__kernel void matmul(__global const float *A, __global const float *B, __global float *C, long M, long N, long K)
{
    const long col = get_global_id(0);
    const long row = get_global_id(1);
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (long k = 0; k < K; ++k)
        acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
}
