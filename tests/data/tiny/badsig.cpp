// The entry takes an int where the workload declares int64_t.
extern "C" void fma1(const float *x, const float *w, float *y, int N)
{
    for (int i = 0; i < N; ++i)
        y[i] = x[i] * w[i] + 1.0f;
}
