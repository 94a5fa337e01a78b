// The starting kernel: one work-item per output pixel, image and filter read
// from global memory. It computes one pixel per work-item, so it binds the
// tile sizes the launch (workload.json) divides by to 1.
#define TILE_X 1
#define TILE_Y 1
#define BLOCK_X 16
#define BLOCK_Y 16

__kernel void convolution(__global const float *image, __global const float *filter, __global float *out, long H,
                          long W, long FH, long FW)
{
    const long x = get_global_id(0), y = get_global_id(1);
    if (x >= W || y >= H)
        return;
    const long IW = W + FW - 1;
    float sum = 0.0f;
    for (long i = 0; i < FH; ++i)
        for (long j = 0; j < FW; ++j)
            sum += image[(y + i) * IW + x + j] * filter[i * FW + j];
    out[y * W + x] = sum;
}
