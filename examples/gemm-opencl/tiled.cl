// C = A · B (row-major), tiled the way Kernel Tuner's GEMM examples are:
// a work-group of BLOCK_X × BLOCK_Y work-items computes a block of
// (BLOCK_Y·TILE_Y) rows × (BLOCK_X·TILE_X) columns of C, each work-item
// TILE_Y × TILE_X elements strided by the block size (neighbouring
// work-items touch neighbouring columns). With USE_LOCAL the block's panels
// of A and B, BK deep, are staged in local memory by the whole work-group;
// VECTOR_B > 1 loads B through vloadN (then columns are contiguous per
// work-item instead of strided). kwb prepends the knob #defines.

#define ROWS (BLOCK_Y * TILE_Y)
#define COLS (BLOCK_X * TILE_X)

#if VECTOR_B == 1
#define COL_OF(j) (tx + (j) * BLOCK_X)
#else
#define COL_OF(j) (tx * TILE_X + (j))
#endif

__kernel void matmul(__global const float *A, __global const float *B, __global float *C, long M, long N, long K)
{
    const int tx = get_local_id(0), ty = get_local_id(1);
    const long rowBase = (long)get_group_id(1) * ROWS;
    const long colBase = (long)get_group_id(0) * COLS;
    float acc[TILE_Y][TILE_X];
    for (int i = 0; i < TILE_Y; ++i)
        for (int j = 0; j < TILE_X; ++j)
            acc[i][j] = 0.0f;

#if USE_LOCAL
    __local float As[ROWS][BK];
    __local float Bs[BK][COLS];
    const int lid = ty * BLOCK_X + tx;
    for (long k0 = 0; k0 < K; k0 += BK) {
        for (int e = lid; e < ROWS * BK; e += BLOCK_X * BLOCK_Y) {
            const long r = rowBase + e / BK, c = k0 + e % BK;
            As[e / BK][e % BK] = (r < M && c < K) ? A[r * K + c] : 0.0f;
        }
        for (int e = lid; e < BK * COLS; e += BLOCK_X * BLOCK_Y) {
            const long r = k0 + e / COLS, c = colBase + e % COLS;
            Bs[e / COLS][e % COLS] = (r < K && c < N) ? B[r * N + c] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < BK; ++k) {
            float b[TILE_X];
            for (int j = 0; j < TILE_X; ++j)
                b[j] = Bs[k][COL_OF(j)];
            for (int i = 0; i < TILE_Y; ++i) {
                const float a = As[ty + i * BLOCK_Y][k];
                for (int j = 0; j < TILE_X; ++j)
                    acc[i][j] = fma(a, b[j], acc[i][j]);
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#else
    for (long k = 0; k < K; ++k) {
        float b[TILE_X];
#if VECTOR_B > 1
        const long c0 = colBase + tx * TILE_X;
        for (int j = 0; j < TILE_X; j += VECTOR_B) {
            if (c0 + j + VECTOR_B <= N) {
#if VECTOR_B == 2
                const float2 v = vload2(0, B + k * N + c0 + j);
                b[j] = v.x; b[j + 1] = v.y;
#else
                const float4 v = vload4(0, B + k * N + c0 + j);
                b[j] = v.x; b[j + 1] = v.y; b[j + 2] = v.z; b[j + 3] = v.w;
#endif
            } else {
                for (int u = 0; u < VECTOR_B; ++u)
                    b[j + u] = c0 + j + u < N ? B[k * N + c0 + j + u] : 0.0f;
            }
        }
#else
        for (int j = 0; j < TILE_X; ++j) {
            const long c = colBase + COL_OF(j);
            b[j] = c < N ? B[k * N + c] : 0.0f;
        }
#endif
        for (int i = 0; i < TILE_Y; ++i) {
            const long r = rowBase + ty + i * BLOCK_Y;
            const float a = r < M ? A[r * K + k] : 0.0f;
            for (int j = 0; j < TILE_X; ++j)
                acc[i][j] = fma(a, b[j], acc[i][j]);
        }
    }
#endif

    for (int i = 0; i < TILE_Y; ++i) {
        const long r = rowBase + ty + i * BLOCK_Y;
        for (int j = 0; j < TILE_X; ++j) {
            const long c = colBase + COL_OF(j);
            if (r < M && c < N)
                C[r * N + c] = acc[i][j];
        }
    }
}
