#define PER_ITEM 1
// A cheat (issue 46, the red team): OpenCL C 1.2 keeps nothing between
// calls but the buffers it is given, so this kernel keeps its answer in
// its input y and a marker in x[N-1]. The first call on a buffer computes
// and stashes; every later call on the same buffer copies the stash (for a
// matmul, O(n^2) instead of O(n^3)). Fresh inputs for every seed fool
// nothing: the harness compares the inputs after each checked call, and
// the benchmark changes elements before every timed call.
__kernel void axpy(__global const float *x, __global const float *y, __global float *out, long N)
{
    if (get_global_id(0) != 0)
        return;
    __global float *xs = (__global float *)x;
    __global float *ys = (__global float *)y;
    if (x[N - 1] == 12345.0f) {
        for (long i = 0; i < N; ++i)
            out[i] = y[i];
        return;
    }
    for (long i = 0; i < N; ++i)
        out[i] = 2.0f * x[i] + y[i];
    for (long i = 0; i < N; ++i)
        ys[i] = out[i];
    xs[N - 1] = 12345.0f;
}
