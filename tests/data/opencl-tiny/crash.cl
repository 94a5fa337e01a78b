#define PER_ITEM 1
// Writes far outside its buffer: the OpenCL runtime's process dies.
__kernel void axpy(__global const float *x, __global const float *y, __global float *out, long N)
{
    const long i = get_global_id(0);
    out[i * 100000000L] = x[i] + y[i];
}
