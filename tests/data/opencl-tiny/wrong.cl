#define PER_ITEM 1
// Forgets the last work-group's tail and adds instead of scaling.
__kernel void axpy(__global const float *x, __global const float *y, __global float *out, long N)
{
    const long i = get_global_id(0);
    if (i < N - 8)
        out[i] = x[i] + y[i];
}
