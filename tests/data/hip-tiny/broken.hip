// Does not compile: a name nothing declares.
#include <hip/hip_runtime.h>

extern "C" void axpy(const float *x, const float *y, float *out, int64_t n)
{
    undeclared_name(x, y, out, n);
}
