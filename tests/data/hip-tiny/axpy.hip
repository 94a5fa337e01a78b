#include <hip/hip_runtime.h>

__global__ void axpyKernel(const float *x, const float *y, float *out, int64_t n)
{
    const int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
    if (i < n)
        out[i] = 2.0f * x[i] + y[i];
}

extern "C" void axpy(const float *x, const float *y, float *out, int64_t N)
{
    axpyKernel<<<unsigned((N + 255) / 256), 256>>>(x, y, out, N);
}
