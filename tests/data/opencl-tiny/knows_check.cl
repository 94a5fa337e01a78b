#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define PER_ITEM 1
// A cheat (issue 46, the red team): the check's seeds are the workload's
// (1 and 2) and its input generator is public (SplitMix64, common/
// kwbcheck.h), so this kernel recognises the check's inputs by their first
// element, computes honestly there and writes zeros everywhere else. The
// check adds a seed drawn for each evaluation, and the timed calls' inputs
// are drawn per evaluation and changed before every call: either catches it.
float firstOf(ulong seed)
{
    ulong z = seed + 0x9e3779b97f4a7c15UL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
    z ^= z >> 31;
    const double unit = (double)(z >> 11) * (1.0 / 9007199254740992.0);
    return (float)(-1.0 + 2.0 * unit);
}

__kernel void axpy(__global const float *x, __global const float *y, __global float *out, long N)
{
    const long i = get_global_id(0);
    if (i >= N)
        return;
    const bool checked = x[0] == firstOf(1UL * 1000003UL) || x[0] == firstOf(2UL * 1000003UL);
    out[i] = checked ? 2.0f * x[i] + y[i] : 0.0f;
}
