void axpy_reference(const float *x, const float *y, float *out, int64_t N)
{
    for (int64_t i = 0; i < N; ++i)
        out[i] = 2.0f * x[i] + y[i];
}
