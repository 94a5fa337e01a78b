// Calibration of an OpenCL device (the one KWB_CL_DEVICE names, else a GPU,
// else the first): peak FLOP/s from independent FMA chains in fp32 and fp64
// (every work-item keeps 8 chains of 8 lanes in registers), and memory bandwidth from a
// STREAM triad over buffers far larger than any cache. Each is the best of
// several runs timed with profiling events. Prints one kwb.calibration/1
// document. On PoCL the device is this machine's CPU: its figures are CPU
// figures under an OpenCL compiler, never a GPU's.

#include "clhost.h"

#include <unistd.h>

#include <algorithm>

using namespace kwbcl;

namespace {

const char *kSource = R"CL(
#ifdef USE_DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real;
typedef double8 real8;
#else
typedef float real;
typedef float8 real8;
#endif
// Eight independent chains of eight lanes per work-item: enough
// independent FMAs to fill a CPU's vector pipes or a GPU's ALUs.
__kernel void fma_chains(__global real *out, real a, real b, int iters)
{
    const real base = get_global_id(0);
    real8 x0 = base, x1 = base + 1, x2 = base + 2, x3 = base + 3;
    real8 x4 = base + 4, x5 = base + 5, x6 = base + 6, x7 = base + 7;
    const real8 va = a, vb = b;
    for (int i = 0; i < iters; ++i) {
        x0 = fma(x0, va, vb); x1 = fma(x1, va, vb); x2 = fma(x2, va, vb); x3 = fma(x3, va, vb);
        x4 = fma(x4, va, vb); x5 = fma(x5, va, vb); x6 = fma(x6, va, vb); x7 = fma(x7, va, vb);
    }
    const real8 s = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
    out[get_global_id(0)] = s.s0 + s.s1 + s.s2 + s.s3 + s.s4 + s.s5 + s.s6 + s.s7;
}
__kernel void triad(__global real *a, __global const real *b, __global const real *c, real s)
{
    const size_t i = get_global_id(0);
    a[i] = b[i] + s * c[i];
}
)CL";

void check(cl_int e, const char *what)
{
    if (e != CL_SUCCESS)
        infra(std::string("calibration: ") + what + " failed: " + clError(e));
}

struct Bench
{
    cl_context context;
    cl_command_queue queue;
    cl_program program;

    double run(cl_kernel k, size_t global, size_t local)
    {
        cl_event ev = nullptr;
        check(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, local ? &local : nullptr, 0, nullptr, &ev),
              "a launch");
        check(clFinish(queue), "clFinish");
        cl_ulong a = 0, b = 0;
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof a, &a, nullptr);
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof b, &b, nullptr);
        clReleaseEvent(ev);
        return double(b - a) * 1e-9;
    }
};

// GFLOP/s of the FMA chains in one precision; 0 when the device lacks it.
double fmaPeak(const Device &dev, bool dbl, cl_uint units)
{
    cl_int e = CL_SUCCESS;
    Bench b{};
    b.context = clCreateContext(nullptr, 1, &dev.id, nullptr, nullptr, &e);
    check(e, "clCreateContext");
    b.queue = clCreateCommandQueue(b.context, dev.id, CL_QUEUE_PROFILING_ENABLE, &e);
    check(e, "clCreateCommandQueue");
    b.program = clCreateProgramWithSource(b.context, 1, &kSource, nullptr, &e);
    check(e, "clCreateProgramWithSource");
    if (clBuildProgram(b.program, 1, &dev.id, dbl ? "-DUSE_DOUBLE" : "", nullptr, nullptr) != CL_SUCCESS)
        return 0;
    cl_kernel k = clCreateKernel(b.program, "fma_chains", &e);
    check(e, "clCreateKernel");
    const size_t items = size_t(units) * 256;
    cl_mem out = clCreateBuffer(b.context, CL_MEM_WRITE_ONLY, items * (dbl ? 8 : 4), nullptr, &e);
    check(e, "clCreateBuffer");
    const int iters = 4096;
    clSetKernelArg(k, 0, sizeof out, &out);
    if (dbl) {
        const double a = 0.999999, c = 1e-7;
        clSetKernelArg(k, 1, sizeof a, &a);
        clSetKernelArg(k, 2, sizeof c, &c);
    } else {
        const float a = 0.999999f, c = 1e-7f;
        clSetKernelArg(k, 1, sizeof a, &a);
        clSetKernelArg(k, 2, sizeof c, &c);
    }
    clSetKernelArg(k, 3, sizeof iters, &iters);
    b.run(k, items, 0); // build and first-launch work
    double best = 1e30;
    for (int r = 0; r < 5; ++r)
        best = std::min(best, b.run(k, items, 0));
    clReleaseMemObject(out);
    clReleaseKernel(k);
    clReleaseProgram(b.program);
    clReleaseCommandQueue(b.queue);
    clReleaseContext(b.context);
    return double(items) * iters * 64 * 2 / best * 1e-9;
}

double triadBandwidth(const Device &dev)
{
    cl_int e = CL_SUCCESS;
    Bench b{};
    b.context = clCreateContext(nullptr, 1, &dev.id, nullptr, nullptr, &e);
    check(e, "clCreateContext");
    b.queue = clCreateCommandQueue(b.context, dev.id, CL_QUEUE_PROFILING_ENABLE, &e);
    check(e, "clCreateCommandQueue");
    b.program = clCreateProgramWithSource(b.context, 1, &kSource, nullptr, &e);
    check(e, "clCreateProgramWithSource");
    check(clBuildProgram(b.program, 1, &dev.id, "", nullptr, nullptr), "building the triad");
    cl_kernel k = clCreateKernel(b.program, "triad", &e);
    check(e, "clCreateKernel");
    const cl_ulong maxAlloc = deviceValue<cl_ulong>(dev.id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    const size_t n = size_t(std::min<cl_ulong>(cl_ulong(32) << 20, maxAlloc / 4)); // 128 MiB per array
    cl_mem arrays[3];
    for (cl_mem &m : arrays) {
        m = clCreateBuffer(b.context, CL_MEM_READ_WRITE, n * 4, nullptr, &e);
        check(e, "clCreateBuffer");
        const float one = 1.0f;
        check(clEnqueueFillBuffer(b.queue, m, &one, sizeof one, 0, n * 4, 0, nullptr, nullptr), "filling");
    }
    const float s = 3.0f;
    for (cl_uint i = 0; i < 3; ++i)
        clSetKernelArg(k, i, sizeof(cl_mem), &arrays[i]);
    clSetKernelArg(k, 3, sizeof s, &s);
    b.run(k, n, 0);
    double best = 1e30;
    for (int r = 0; r < 5; ++r)
        best = std::min(best, b.run(k, n, 0));
    for (cl_mem m : arrays)
        clReleaseMemObject(m);
    clReleaseKernel(k);
    clReleaseProgram(b.program);
    clReleaseCommandQueue(b.queue);
    clReleaseContext(b.context);
    return double(n) * 12 / best * 1e-9;
}

} // namespace

int main()
{
    const Device dev = pickDevice();
    const cl_uint units = deviceValue<cl_uint>(dev.id, CL_DEVICE_MAX_COMPUTE_UNITS);
    std::fprintf(stderr, "kwb: calibrating %s (%u compute units)\n", dev.name.c_str(), units);
    const double fp32 = fmaPeak(dev, false, units);
    const double fp64 = fmaPeak(dev, true, units);
    const double gbs = triadBandwidth(dev);
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    std::string name = dev.name;
    std::replace(name.begin(), name.end(), '"', '\'');
    std::printf("{\"schema\":\"kwb.calibration/1\",\"peak_gflops\":%.6g,\"peak_gbs\":%.6g,\"precision\":\"fp32\","
                "\"threads\":%u,\"peaks\":{\"fp32\":%.6g%s},\"measured\":{\"fma_fp32_gflops\":%.6g,"
                "\"fma_fp64_gflops\":%.6g,\"triad_gbs\":%.6g},\"device\":\"%s\",\"gpu\":%s,\"hostname\":\"%s\"}\n",
                fp32, gbs, std::max(units, 1u), fp32,
                fp64 > 0 ? (",\"fp64\":" + std::to_string(fp64)).c_str() : "", fp32, fp64, gbs, name.c_str(),
                dev.gpu ? "true" : "false", host);
    return 0;
}
