#include <cstdint>
extern "C" void fma1_reference(const float *x, const float *w, float *y, int64_t N)
{
    for (int64_t i = 0; i < N; ++i)
        y[i] = float(double(x[i]) * double(w[i]) + 1.0);
}
