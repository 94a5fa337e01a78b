#include <cstdint>
extern "C" void fma1(const float *x, const float *w, float *y, int64_t N)
{
    for (int64_t i = 0; i < N; ++i)
        y[i] = x[i] * w[i] + (i == 17 ? 2.0f : 1.0f); // one element off
}
