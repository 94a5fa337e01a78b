// The LLM tests' starting kernel: the right result, computed eight times.
#include <cstdint>
extern "C" void fma1(const float *x, const float *w, float *y, int64_t N)
{
    for (int r = 0; r < 8; ++r) {
        for (int64_t i = 0; i < N; ++i)
            y[i] = x[i] * w[i] + 1.0f;
        asm volatile("" : : "r"(y) : "memory"); // keep every pass
    }
}
