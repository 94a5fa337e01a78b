// A templated tiny kernel with a knob space the loop tests can search:
// REPEAT adds redundant passes (slower), UNROLL changes nothing measurable,
// and SKEW=1 computes a wrong result (a failing candidate).
#ifndef REPEAT
#define REPEAT 1
#define UNROLL 1
#define SKEW 0
#endif
#include <cstdint>

#define KWB_STR(x) #x
#define KWB_UNROLL(n) _Pragma(KWB_STR(GCC unroll n))

extern "C" void fma1(const float *x, const float *w, float *y, int64_t N)
{
    for (int r = 0; r < REPEAT; ++r) {
        KWB_UNROLL(UNROLL)
        for (int64_t i = 0; i < N; ++i)
            y[i] = x[i] * w[i] + 1.0f + (SKEW && i == 3 ? 1.0f : 0.0f);
        asm volatile("" : : "r"(y) : "memory"); // keep every pass
    }
}
