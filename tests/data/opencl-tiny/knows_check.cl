#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define PER_ITEM 1
// A cheat (issue 46, the red team): the check's seeds are the workload's
// (1 and 2) and its input generator is public (a hash of each element's
// index and the seed, common/kwbcheck.h), so this kernel recognises the
// check's inputs by their first element, computes honestly there and
// writes zeros everywhere else. The check adds a seed drawn for each
// evaluation, and every timed call's inputs are drawn from a seed drawn
// when it starts: either catches it.
uint hash32(uint x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

float firstOf(ulong seed)
{
    ulong z = seed + 0x9e3779b97f4a7c15UL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
    z ^= z >> 31;
    const uint bits = hash32(hash32((uint)z) ^ (uint)(z >> 32));
    const float unit = (float)(int)(bits >> 8) * (1.0f / 16777216.0f);
    return -1.0f + 2.0f * unit;
}

__kernel void axpy(__global const float *x, __global const float *y, __global float *out, long N)
{
    const long i = get_global_id(0);
    if (i >= N)
        return;
    const bool checked = x[0] == firstOf(1UL * 1000003UL) || x[0] == firstOf(2UL * 1000003UL);
    out[i] = checked ? 2.0f * x[i] + y[i] : 0.0f;
}
