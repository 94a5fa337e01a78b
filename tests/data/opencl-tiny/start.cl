#define PER_ITEM 1
// out = 2·x + y, PER_ITEM elements per work-item (strided by the global size).
__kernel void axpy(__global const float *x, __global const float *y, __global float *out, long N)
{
    for (int u = 0; u < PER_ITEM; ++u) {
        const long i = get_global_id(0) + (long)u * get_global_size(0);
        if (i < N)
            out[i] = 2.0f * x[i] + y[i];
    }
}
