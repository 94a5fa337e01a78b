// An honest kernel whose helper has external linkage: flagged, with the fix.
#include <cstdint>
float fused(float a, float b)
{
    return a * b + 1.0f;
}
extern "C" void fma1(const float *x, const float *w, float *y, int64_t N)
{
    for (int64_t i = 0; i < N; ++i)
        y[i] = fused(x[i], w[i]);
}
