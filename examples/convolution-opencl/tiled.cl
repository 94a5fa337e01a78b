// 2-D convolution (valid region: the image is padded by the filter size),
// shaped like Kernel Tuner's convolution example: a work-group of
// BLOCK_X × BLOCK_Y work-items computes (BLOCK_Y·TILE_Y) × (BLOCK_X·TILE_X)
// output pixels, each work-item TILE_Y × TILE_X of them strided by the block
// size. With USE_LOCAL the work-group first copies the input window it
// needs (its block plus the filter's apron) into local memory. The filter
// size is fixed at 15 × 15 here so the inner loops unroll. kwb prepends the
// knob #defines.

#define FH_C 15
#define FW_C 15
#define ROWS (BLOCK_Y * TILE_Y)
#define COLS (BLOCK_X * TILE_X)

__kernel void convolution(__global const float *image, __global const float *filter, __global float *out, long H,
                          long W, long FH, long FW)
{
    const int tx = get_local_id(0), ty = get_local_id(1);
    const long x0 = (long)get_group_id(0) * COLS, y0 = (long)get_group_id(1) * ROWS;
    const long IW = W + FW_C - 1, IH = H + FH_C - 1;
    float sum[TILE_Y][TILE_X];
    for (int i = 0; i < TILE_Y; ++i)
        for (int j = 0; j < TILE_X; ++j)
            sum[i][j] = 0.0f;

#if USE_LOCAL
    __local float window[ROWS + FH_C - 1][COLS + FW_C - 1];
    for (int r = ty; r < ROWS + FH_C - 1; r += BLOCK_Y)
        for (int c = tx; c < COLS + FW_C - 1; c += BLOCK_X)
            window[r][c] = (y0 + r < IH && x0 + c < IW) ? image[(y0 + r) * IW + x0 + c] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
#define PIXEL(r, c) window[(r)][(c)]
#else
#define PIXEL(r, c) (y0 + (r) < IH && x0 + (c) < IW ? image[(y0 + (r)) * IW + x0 + (c)] : 0.0f)
#endif

    for (int i = 0; i < FH_C; ++i) {
        for (int j = 0; j < FW_C; ++j) {
            const float f = filter[i * FW_C + j];
            for (int ti = 0; ti < TILE_Y; ++ti)
                for (int tj = 0; tj < TILE_X; ++tj)
                    sum[ti][tj] = fma(PIXEL(ty + ti * BLOCK_Y + i, tx + tj * BLOCK_X + j), f, sum[ti][tj]);
        }
    }
    for (int ti = 0; ti < TILE_Y; ++ti) {
        const long y = y0 + ty + ti * BLOCK_Y;
        for (int tj = 0; tj < TILE_X; ++tj) {
            const long x = x0 + tx + tj * BLOCK_X;
            if (y < H && x < W)
                out[y * W + x] = sum[ti][tj];
        }
    }
}
