__global__ void axpyKernel(const float *x, const float *y, float *out, int64_t n)
{
    out[threadIdx.x] = 2.0f * x[threadIdx.x] + undeclared_name;
}

extern "C" void axpy(const float *x, const float *y, float *out, int64_t N)
{
    axpyKernel<<<1, 256>>>(x, y, out, N);
}
