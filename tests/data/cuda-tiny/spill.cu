// Forces register spills: 48 live accumulators under a 32-register cap.
__global__ void __launch_bounds__(1024, 2) axpyKernel(const float *x, const float *y, float *out, int64_t n)
{
    const int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
    if (i >= n)
        return;
    float acc[48];
#pragma unroll
    for (int k = 0; k < 48; ++k)
        acc[k] = x[(i + k) % n] * float(k + 1);
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
        for (int k = 0; k < 48; ++k)
            acc[k] = acc[k] * acc[(k + 7) % 48] + y[(i + r) % n];
    float s = 0;
#pragma unroll
    for (int k = 0; k < 48; ++k)
        s += acc[k];
    out[i] = 2.0f * x[i] + y[i] + (s == 12345.0f ? 1.0f : 0.0f);
}

extern "C" void axpy(const float *x, const float *y, float *out, int64_t N)
{
    axpyKernel<<<unsigned((N + 1023) / 1024), 1024>>>(x, y, out, N);
}
