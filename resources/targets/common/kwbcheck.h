// The correctness code every C++ harness shares (cpu-cxx's harness.cpp,
// opencl's harness.cpp, and gpuharness.cu for cuda-cxx and hip): how an
// input is drawn from a seed and how an output is compared with the
// reference's. One copy, so a fix reaches every target and no target's
// check is laxer than another's (issue 46: the copies had come to differ on
// non-finite elements).
//
// Include it after kwb_problem.h and the standard headers, inside the
// harness's own namespace, after the harness defines, for its element types,
//   double at(const Tensor &t, const void *p, long long i)   // element i as a double
//   void put(const Tensor &t, void *p, long long i, double v) // element i from a double
// (found by the templates below where they are defined).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

// SplitMix64: fast enough to fill 16M-element inputs in milliseconds, the
// same sequence for a seed on every host, and a C++ uniform random bit
// generator where one is wanted.
struct SplitMix
{
    using result_type = uint64_t;
    uint64_t state;
    static constexpr uint64_t min() { return 0; }
    static constexpr uint64_t max() { return ~uint64_t(0); }
    uint64_t next()
    {
        uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    uint64_t operator()() { return next(); }
    double unit() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
};

inline bool isIntegerTensor(const Tensor &t) { return t.dtype == I32 || t.dtype == I64; }

// One value of the tensor's range: reals uniform in [low, high), integers
// uniform in [low, high].
inline double drawValue(const Tensor &t, SplitMix &rng)
{
    if (isIntegerTensor(t)) {
        const long long lo = (long long)t.low, span = (long long)t.high - lo + 1;
        return double(lo + (long long)(rng.next() % uint64_t(span > 0 ? span : 1)));
    }
    return t.low + (t.high - t.low) * rng.unit();
}

// An input's elements for `seed`.
template <class T>
void fill(const T &t, void *p, uint64_t seed)
{
    SplitMix rng{seed};
    for (long long i = 0; i < t.elements; ++i)
        put(t, p, i, drawValue(t, rng));
}

struct Comparison
{
    bool ok = true;
    double relL2 = 0, maxAbs = 0;
    long long mismatches = 0, nonfinite = 0, worst = -1;
};

// The kernel's output `got` against the reference's `want`: an element
// passes within atol + rtol·|want|; the reference's NaN or infinity must be
// met exactly (NaN by NaN, an infinity by one of its sign); a non-finite
// element where the reference is finite fails and is counted. `worst` is
// the element furthest out of tolerance.
template <class T>
Comparison compare(const T &t, const void *want, const void *got, double atol, double rtol)
{
    Comparison c;
    double diff2 = 0, ref2 = 0, worstExcess = -1;
    auto miss = [&](long long i, double excess) {
        ++c.mismatches;
        if (excess > worstExcess) {
            worstExcess = excess;
            c.worst = i;
        }
    };
    for (long long i = 0; i < t.elements; ++i) {
        const double w = at(t, want, i), g = at(t, got, i);
        if (!std::isfinite(w)) {
            if (!((std::isnan(w) && std::isnan(g)) || (std::isinf(g) && (g > 0) == (w > 0))))
                miss(i, INFINITY);
            continue;
        }
        if (!std::isfinite(g)) {
            ++c.nonfinite;
            miss(i, INFINITY);
            continue;
        }
        const double d = std::fabs(g - w);
        diff2 += d * d;
        ref2 += w * w;
        c.maxAbs = std::max(c.maxAbs, d);
        const double excess = d - (atol + rtol * std::fabs(w));
        if (excess > 0)
            miss(i, excess);
    }
    c.relL2 = ref2 > 0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2);
    c.ok = c.mismatches == 0;
    return c;
}

// The check's seeds from its command line ("1,2,8310768602506758").
inline std::vector<uint64_t> parseSeeds(const std::string &seeds)
{
    std::vector<uint64_t> out;
    size_t pos = 0;
    while (pos < seeds.size()) {
        size_t comma = seeds.find(',', pos);
        if (comma == std::string::npos)
            comma = seeds.size();
        out.push_back(std::strtoull(seeds.substr(pos, comma - pos).c_str(), nullptr, 10));
        pos = comma + 1;
    }
    return out;
}
