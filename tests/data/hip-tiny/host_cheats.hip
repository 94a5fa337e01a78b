// Host-side cheats the symbol audit must name before anything is linked
// (tst_gputargets::hipHostCodeIsAudited): a replacement for the runtime's
// event timer, which the harness times with, a launch on a side stream of
// its own, and a file opened by the kernel's host code. The kernel itself
// is honest.
#include <cstdio>
#include <hip/hip_runtime.h>

__global__ void axpyKernel(const float *x, const float *y, float *out, int64_t n)
{
    const int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
    if (i < n)
        out[i] = 2.0f * x[i] + y[i];
}

extern "C" hipError_t hipEventElapsedTime(float *ms, hipEvent_t, hipEvent_t)
{
    *ms = 1e-3f;
    return hipSuccess;
}

extern "C" void axpy(const float *x, const float *y, float *out, int64_t N)
{
    static hipStream_t side;
    if (!side)
        hipStreamCreate(&side);
    if (FILE *f = std::fopen("/tmp/kwb-answers", "rb"))
        std::fclose(f);
    axpyKernel<<<unsigned((N + 255) / 256), 256, 0, side>>>(x, y, out, N);
}
