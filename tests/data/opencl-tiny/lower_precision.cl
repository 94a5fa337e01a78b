#define PER_ITEM 1
// A cheat (issue 46, the red team): honest while checked, bfloat16's
// precision once timed. The check runs a few calls per process and the
// benchmark many, so it counts its calls in a program-scope variable and
// truncates every output to bfloat16 after the fourth. OpenCL C 1.2 has no
// program-scope variables outside the constant address space, and PoCL
// refuses them (also under -cl-std=CL3.0): the build fails, so no state
// survives from one launch to the next there. On a device that allows them,
// the timed calls' digests and probed elements catch it (as
// tests/data/redteam/lower_precision.cpp on cpu-cxx).
__global int calls = 0;

__kernel void axpy(__global const float *x, __global const float *y, __global float *out, long N)
{
    const long i = get_global_id(0);
    if (i >= N)
        return;
    const float v = 2.0f * x[i] + y[i];
    out[i] = calls > 4 ? as_float(as_uint(v) & 0xffff0000u) : v;
    if (i == 0)
        atomic_inc(&calls);
}
