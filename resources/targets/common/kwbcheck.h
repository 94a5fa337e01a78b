// The correctness code every C++ harness shares (cpu-cxx's harness.cpp,
// opencl's harness.cpp, and gpuharness.cu for cuda-cxx and hip): how an
// input is drawn from a seed and how an output is compared with the
// reference's. One copy, so a fix reaches every target and no target's
// check is laxer than another's (issue 46: the copies had come to differ on
// non-finite elements).
//
// Include it after kwb_problem.h and the standard headers, inside the
// harness's own namespace. It reads and writes the host's element types
// (float32, float64, int32, int64) with
//   size_t elementSize(DType t)
//   double at(const Tensor &t, const void *p, long long i)   // element i as a double
//   void put(const Tensor &t, void *p, long long i, double v) // element i from a double
// A harness with more types (gpuharness.cu's halves) defines
// KWB_HARNESS_ELEMENTS and the three itself, before including it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#if defined(__CUDACC__) || defined(__HIP__)
#define KWB_HOST_DEVICE __host__ __device__
#else
#define KWB_HOST_DEVICE
#endif

inline bool isIntegerTensor(const Tensor &t) { return t.dtype == I32 || t.dtype == I64; }

#ifndef KWB_HARNESS_ELEMENTS
inline size_t elementSize(DType t) { return (t == F32 || t == I32) ? 4 : 8; }

inline double at(const Tensor &t, const void *p, long long i)
{
    switch (t.dtype) {
    case F32: return static_cast<const float *>(p)[i];
    case F64: return static_cast<const double *>(p)[i];
    case I32: return static_cast<const int32_t *>(p)[i];
    case I64: return double(static_cast<const int64_t *>(p)[i]);
    default: return 0;
    }
}

inline void put(const Tensor &t, void *p, long long i, double v)
{
    switch (t.dtype) {
    case F32: static_cast<float *>(p)[i] = float(v); break;
    case F64: static_cast<double *>(p)[i] = v; break;
    case I32: static_cast<int32_t *>(p)[i] = int32_t(v); break;
    case I64: static_cast<int64_t *>(p)[i] = int64_t(v); break;
    default: break;
    }
}
#endif

// lowbias32 (from Chris Wellons' hash prospector): a 32-bit hash whose
// every output bit depends on every input bit. Inputs are drawn element by
// element from it, so any element can be drawn alone (on the host or on a
// device, the same) and a whole input is drawn in well under a nanosecond
// an element: cheap enough to draw every timed call's inputs afresh.
KWB_HOST_DEVICE inline uint32_t hash32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

// SplitMix64's finaliser: every bit of a 64-bit seed in every bit out.
KWB_HOST_DEVICE inline uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// The stream of an input drawn from a seed, and its element i's bits. Both
// halves of the stream depend on all of the seed, so seeds that differ in a
// few bits (one input's and the next's) give unrelated streams, never one
// stream shifted.
struct ElementStream
{
    uint32_t a, b;
};

KWB_HOST_DEVICE inline ElementStream streamOf(uint64_t seed)
{
    const uint64_t m = mix64(seed + 0x9e3779b97f4a7c15ULL);
    return {uint32_t(m), uint32_t(m >> 32)};
}

KWB_HOST_DEVICE inline uint32_t elementBits(ElementStream s, long long i)
{
    const uint64_t u = uint64_t(i);
    return hash32(hash32(uint32_t(u) + s.a) ^ (s.b + uint32_t(u >> 32) * 0xc2b2ae35U));
}

// Element i of an input drawn from stream s: reals uniform in [low, high)
// from 24 random bits, in float arithmetic (double for a double input),
// integers uniform in [low, high].
enum class Drawn { Float, Double, Integer };

template <class T>
Drawn drawnAs(const T &t)
{
    return isIntegerTensor(t) ? Drawn::Integer : t.dtype == F64 ? Drawn::Double : Drawn::Float;
}

KWB_HOST_DEVICE inline float unitOf(uint32_t bits) { return float(int32_t(bits >> 8)) * (1.0f / 16777216.0f); }

// low + span·unit, rounded twice as the host rounds it: a device compiler
// would fuse it into one multiply-add (nvcc's and HIP's default), and an
// input drawn on the device must be the one `verify` draws on the host.
template <class T>
KWB_HOST_DEVICE inline T scaled(T low, T span, T unit)
{
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
    if constexpr (sizeof(T) == sizeof(float))
        return __fadd_rn(low, __fmul_rn(span, unit));
    else
        return __dadd_rn(low, __dmul_rn(span, unit));
#else
    return low + span * unit;
#endif
}

KWB_HOST_DEVICE inline double drawElement(Drawn kind, double low, double high, ElementStream s, long long i)
{
    const uint32_t bits = elementBits(s, i);
    switch (kind) {
    case Drawn::Float: return double(scaled(float(low), float(high - low), unitOf(bits)));
    case Drawn::Double: return scaled(low, high - low, double(unitOf(bits)));
    case Drawn::Integer: break;
    }
    const long long lo = (long long)low, span = (long long)high - lo + 1;
    const uint64_t wide = (uint64_t(bits) << 32) | hash32(bits ^ s.b);
    return double(lo + (long long)(wide % uint64_t(span > 0 ? span : 1)));
}

// An input's elements for `seed`.
template <class T>
void fill(const T &t, void *p, uint64_t seed)
{
    const ElementStream s = streamOf(seed);
    if (t.dtype == F32) { // the common case, in a loop the compiler vectorises
        float *f = static_cast<float *>(p);
        const float lo = float(t.low), span = float(t.high - t.low);
        for (long long i = 0; i < t.elements; ++i)
            f[i] = scaled(lo, span, unitOf(elementBits(s, i)));
        return;
    }
    const Drawn kind = drawnAs(t);
    for (long long i = 0; i < t.elements; ++i)
        put(t, p, i, drawElement(kind, t.low, t.high, s, i));
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
