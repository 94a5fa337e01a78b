#define PER_ITEM 1
__kernel void axpy(__global const float *x, __global const float *y, __global float *out, long N)
{
    out[get_global_id(0)] = 2.0f * x[get_global_id(0)] + undeclared_name;
}
