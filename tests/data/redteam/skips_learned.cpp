// Learns how many calls a timed sample holds from the first sample (a
// sample's outputs arrive poisoned), then skips every other call of a
// sample but its last. When a sample's calls shared their outputs and only
// the last call's were digested, this passed every defence at twice its
// honest speed (0.26 against 0.56 µs a call, verified correct). Now every
// call's outputs are its own and poisoned, so every call looks like a
// sample's first: it learns a length of one and never skips.
#include <cmath>
#include <cstdint>
extern "C" void fma1(const float *x, const float *w, float *y, int64_t N)
{
    static long perSample = 0, call = 0, samples = 0;
    if (std::isnan(y[0])) { // a sample starts
        if (samples++ == 1)
            perSample = call; // the first sample's length
        call = 0;
    }
    ++call;
    if (perSample >= 2 && call < perSample && call % 2 == 1) {
        y[0] = 0.0f; // no longer poisoned: the next call is not a sample's first
        return;
    }
    for (int64_t i = 0; i < N; ++i)
        y[i] = x[i] * w[i] + 1.0f;
}
