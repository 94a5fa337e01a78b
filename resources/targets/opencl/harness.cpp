// Correctness and timing harness of the opencl target, compiled by the
// host's C++ compiler with the workload's `kwb_problem.h` and linked with
// the OpenCL ICD loader. The kernel itself is never linked: every mode
// builds the candidate's OpenCL C source with clBuildProgram at run time.
// Three programs' worth of modes, each run by the supervisor as a child:
//   build   the candidate's program and kernel, the signature against the
//           workload's, the launch against the device's limits; prints the
//           build log and the kernel's work-group figures
//   check   (KWB_WITH_REFERENCE): kernel and the C reference on the same
//           inputs, every seed (the kernel must leave its inputs as they
//           were)
//   verify  (KWB_WITH_REFERENCE, no OpenCL): the digests of the samples the
//           supervisor picked after the benchmark against the reference's
//           on the same inputs
//   bench   (no reference linked): times each call with profiling events on
//           inputs drawn afresh for it from a seed drawn when it starts,
//           outputs poisoned before every call, caches flushed when asked; reads
//           every call's outputs back and prints their digests under a key
//           drawn then (common/kwbsamples.h, as cpu-cxx does). It is told
//           nothing of which calls are verified and never holds an answer.
// Speaks to the supervisor through "kwb:" lines on stdout. Exit status 5
// with a "kwb:infra" line: the host cannot evaluate (no platform, no
// device, out of memory for the harness's own buffers).
//
//   build
//   check SEEDS ATOL RTOL
//   verify CALLS ATOL RTOL DIGEST...
//   bench WARMUP_MS REP_MS MIN_ITERS MAX_SECONDS COLD TRUST
// The candidate comes from the environment: KWB_CL_SOURCE (file),
// KWB_CL_ENTRY, KWB_CL_OPTIONS (build options), KWB_CL_GLOBAL and
// KWB_CL_LOCAL ("1024,1024"; local may be empty), KWB_CL_DEVICE (a
// fragment of "platform / device", case-insensitive; empty: a GPU if there
// is one, else the first device).

#include "kwb_problem.h"

#include "clhost.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <sys/random.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using namespace kwb_problem;
using namespace kwbcl;

[[noreturn]] void kernelError(const std::string &why)
{
    std::fprintf(g_proto, "kwb:error %s\n", why.c_str());
    std::fflush(g_proto);
    std::exit(1);
}

// The harness's own calls: a failure is the host's problem, unless the
// kernel already ran (then it may have left the queue broken).
bool g_kernelRan = false;
void host(cl_int e, const char *what)
{
    if (e == CL_SUCCESS)
        return;
    if (g_kernelRan)
        kernelError(std::string("the OpenCL runtime failed with ") + clError(e) + " while the harness was " + what +
                    " after the kernel ran");
    if (e == CL_MEM_OBJECT_ALLOCATION_FAILURE || e == CL_OUT_OF_HOST_MEMORY || e == CL_OUT_OF_RESOURCES)
        infra(std::string("out of memory for the harness's buffers (") + what + ": " + clError(e) + ")");
    infra(std::string(what) + " failed: " + clError(e));
}


std::vector<size_t> sizes(const std::string &text)
{
    std::vector<size_t> out;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, ','))
        if (!part.empty())
            out.push_back(size_t(std::strtoull(part.c_str(), nullptr, 10)));
    return out;
}

// The OpenCL context, queue, program and kernel of one candidate, with the
// launch the workload asks for.
struct Candidate
{
    Device device;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    cl_program program = nullptr;
    cl_kernel kernel = nullptr;
    std::vector<size_t> global, local;
    std::string buildLog;

    // Builds the program; a build error ends the child with the compiler's
    // log (the supervisor reads it as the kernel's compile failure).
    void open(bool profiling)
    {
        device = pickDevice();
        cl_int e = CL_SUCCESS;
        context = clCreateContext(nullptr, 1, &device.id, nullptr, nullptr, &e);
        host(e, "creating the OpenCL context");
        queue = clCreateCommandQueue(context, device.id, profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &e);
        host(e, "creating the command queue");
        const std::string path = env("KWB_CL_SOURCE");
        std::ifstream in(path, std::ios::binary);
        if (!in)
            infra("cannot read the kernel source " + path);
        std::stringstream text;
        text << in.rdbuf();
        const std::string source = text.str();
        const char *src = source.c_str();
        const size_t len = source.size();
        program = clCreateProgramWithSource(context, 1, &src, &len, &e);
        host(e, "creating the program");
        const std::string options = env("KWB_CL_OPTIONS");
        phase("kernel-build", 0);
        const cl_int built = clBuildProgram(program, 1, &device.id, options.c_str(), nullptr, nullptr);
        size_t n = 0;
        clGetProgramBuildInfo(program, device.id, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
        std::string log(n, '\0');
        clGetProgramBuildInfo(program, device.id, CL_PROGRAM_BUILD_LOG, n, log.data(), nullptr);
        buildLog = log.c_str();
        if (!buildLog.empty())
            std::fprintf(stderr, "%s\n", buildLog.c_str());
        if (built != CL_SUCCESS) {
            std::fprintf(g_proto, "kwb:compile-error clBuildProgram failed with %s\n", clError(built).c_str());
            std::fflush(g_proto);
            std::exit(1);
        }
        const std::string entry = env("KWB_CL_ENTRY");
        kernel = clCreateKernel(program, entry.c_str(), &e);
        if (e != CL_SUCCESS) {
            std::fprintf(g_proto, "kwb:compile-error the program has no kernel named '%s' (%s)\n", entry.c_str(),
                        clError(e).c_str());
            std::fflush(g_proto);
            std::exit(1);
        }
        cl_uint args = 0;
        clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof args, &args, nullptr);
        const cl_uint want = cl_uint(num_inputs + num_outputs + num_dims);
        if (args != want) {
            std::fprintf(g_proto, "kwb:compile-error kernel '%s' takes %u arguments; the workload passes %u (%d input and %d "
                        "output buffers, then %d dims as long)\n",
                        entry.c_str(), args, want, num_inputs, num_outputs, num_dims);
            std::fflush(g_proto);
            std::exit(1);
        }
        global = sizes(env("KWB_CL_GLOBAL"));
        local = sizes(env("KWB_CL_LOCAL"));
        if (global.empty() || global.size() > 3 || (!local.empty() && local.size() != global.size()))
            infra("the launch geometry passed to the harness is malformed: global '" + env("KWB_CL_GLOBAL")
                  + "', local '" + env("KWB_CL_LOCAL") + "'");
    }

    // The kernel's figures on this device, and whether the launch fits them.
    std::string figures(std::string *problem) const
    {
        size_t wgMax = 0, multiple = 0;
        cl_ulong localMem = 0, privateMem = 0;
        clGetKernelWorkGroupInfo(kernel, device.id, CL_KERNEL_WORK_GROUP_SIZE, sizeof wgMax, &wgMax, nullptr);
        clGetKernelWorkGroupInfo(kernel, device.id, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof multiple,
                                 &multiple, nullptr);
        clGetKernelWorkGroupInfo(kernel, device.id, CL_KERNEL_LOCAL_MEM_SIZE, sizeof localMem, &localMem, nullptr);
        clGetKernelWorkGroupInfo(kernel, device.id, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof privateMem, &privateMem,
                                 nullptr);
        const cl_ulong deviceLocal = deviceValue<cl_ulong>(device.id, CL_DEVICE_LOCAL_MEM_SIZE);
        size_t groupSize = 1;
        for (size_t l : local)
            groupSize *= l;
        std::vector<size_t> itemMax(3);
        clGetDeviceInfo(device.id, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(size_t) * 3, itemMax.data(), nullptr);
        for (size_t i = 0; i < local.size() && problem->empty(); ++i) {
            if (itemMax[i] && local[i] > itemMax[i])
                *problem = "local size " + std::to_string(local[i]) + " in dimension " + std::to_string(i)
                    + " exceeds the device's " + std::to_string(itemMax[i]);
        }
        if (problem->empty() && !local.empty() && groupSize > wgMax)
            *problem = "a work-group of " + std::to_string(groupSize) + " work-items exceeds this kernel's maximum of "
                + std::to_string(wgMax) + " on " + device.name;
        if (problem->empty() && localMem > deviceLocal)
            *problem = "the kernel needs " + std::to_string(localMem) + " bytes of local memory; the device has "
                + std::to_string(deviceLocal);
        char line[512];
        std::snprintf(line, sizeof line,
                      "work_group_size=%zu wg_max_size=%zu wg_size_multiple=%zu local_mem_bytes=%llu "
                      "private_mem_bytes=%llu device_local_mem_bytes=%llu",
                      local.empty() ? size_t(0) : groupSize, wgMax, multiple, (unsigned long long)localMem,
                      (unsigned long long)privateMem, (unsigned long long)deviceLocal);
        return line;
    }

    void setArgs(const std::vector<cl_mem> &in, const std::vector<cl_mem> &out) const
    {
        cl_uint index = 0;
        auto fail = [&](cl_int e, const std::string &what) {
            if (e != CL_SUCCESS) {
                std::fprintf(g_proto, "kwb:compile-error argument %u (%s) does not match the kernel's parameter: %s\n", index,
                            what.c_str(), clError(e).c_str());
                std::fflush(g_proto);
                std::exit(1);
            }
        };
        for (int i = 0; i < num_inputs; ++i, ++index)
            fail(clSetKernelArg(kernel, index, sizeof(cl_mem), &in[size_t(i)]), inputs[i].name);
        for (int o = 0; o < num_outputs; ++o, ++index)
            fail(clSetKernelArg(kernel, index, sizeof(cl_mem), &out[size_t(o)]), outputs[o].name);
        for (int d = 0; d < num_dims; ++d, ++index) {
            const cl_long v = dims[d];
            fail(clSetKernelArg(kernel, index, sizeof v, &v), "a dim (long)");
        }
    }

    // Enqueues one launch; a launch the runtime refuses is the kernel's.
    void launch(cl_event *done)
    {
        g_kernelRan = true;
        const cl_int e = clEnqueueNDRangeKernel(queue, kernel, cl_uint(global.size()), nullptr, global.data(),
                                                local.empty() ? nullptr : local.data(), 0, nullptr, done);
        if (e != CL_SUCCESS)
            kernelError("the launch was refused: " + clError(e));
    }

    void finish(const std::string &when)
    {
        const cl_int e = clFinish(queue);
        if (e != CL_SUCCESS)
            kernelError("the kernel failed " + when + ": " + clError(e));
    }
};

#include "kwbcheck.h"

#include "kwbsamples.h"

// Device buffers of one input set and its outputs.
struct Set
{
    Candidate *cand;
    std::vector<cl_mem> in, out;
    explicit Set(Candidate &c) : cand(&c)
    {
        cl_int e = CL_SUCCESS;
        for (int i = 0; i < num_inputs; ++i) {
            in.push_back(clCreateBuffer(c.context, CL_MEM_READ_WRITE, std::max<size_t>(tensorBytes(inputs[i]), 1), nullptr,
                                        &e));
            host(e, "allocating an input buffer");
        }
        for (int o = 0; o < num_outputs; ++o) {
            out.push_back(clCreateBuffer(c.context, CL_MEM_READ_WRITE, std::max<size_t>(tensorBytes(outputs[o]), 1),
                                         nullptr, &e));
            host(e, "allocating an output buffer");
        }
    }
    ~Set()
    {
        for (cl_mem m : in)
            clReleaseMemObject(m);
        for (cl_mem m : out)
            clReleaseMemObject(m);
    }
    Set(const Set &) = delete;
    Set &operator=(const Set &) = delete;

    void write(int i, const void *from)
    {
        if (const size_t bytes = tensorBytes(inputs[i]))
            host(clEnqueueWriteBuffer(cand->queue, in[size_t(i)], CL_TRUE, 0, bytes, from, 0, nullptr, nullptr),
                 "copying inputs");
    }
    // The inputs drawn from `seed`, and the host's copy of them.
    std::vector<Bytes> upload(uint64_t seed)
    {
        std::vector<Bytes> kept;
        for (int i = 0; i < num_inputs; ++i) {
            Bytes h(tensorBytes(inputs[i]));
            fill(inputs[i], h.data(), inputSeed(seed, i));
            write(i, h.data());
            kept.push_back(std::move(h));
        }
        return kept;
    }
    void poison(cl_event *first = nullptr)
    {
        for (int o = 0; o < num_outputs; ++o) {
            const unsigned char byte = poisonByte(outputs[o]);
            host(clEnqueueFillBuffer(cand->queue, out[size_t(o)], &byte, 1, 0, tensorBytes(outputs[o]), 0, nullptr,
                                     o == 0 ? first : nullptr),
                 "poisoning outputs");
        }
    }
    void read(cl_mem m, size_t bytes, void *to) const
    {
        if (bytes)
            host(clEnqueueReadBuffer(cand->queue, m, CL_TRUE, 0, bytes, to, 0, nullptr, nullptr),
                 "copying buffers back");
    }
    Bytes download(cl_mem m, size_t bytes) const
    {
        Bytes h(bytes);
        read(m, bytes, h.data());
        return h;
    }
};

int build()
{
    Candidate c;
    c.open(false);
    Set set(c);
    c.setArgs(set.in, set.out);
    std::string problem;
    const std::string figures = c.figures(&problem);
    std::fprintf(g_proto, "kwb:device %s\n", c.device.name.c_str());
    std::fprintf(g_proto, "kwb:compiled %s\n", figures.c_str());
    if (!problem.empty())
        std::fprintf(g_proto, "kwb:compile-error %s\n", problem.c_str());
    std::fflush(g_proto);
    return problem.empty() ? 0 : 1;
}

#ifdef KWB_WITH_REFERENCE

// The candidate's buffers on the device, as kwbsamples.h's checkSeeds
// reaches them.
struct Checked
{
    Candidate c;
    std::unique_ptr<Set> set;
    Checked()
    {
        c.open(false);
        set = std::make_unique<Set>(c);
        c.setArgs(set->in, set->out);
    }
    void load(const HostSet &given)
    {
        for (int i = 0; i < num_inputs; ++i)
            set->write(i, given.inPtr[size_t(i)]);
        set->poison();
    }
    void call(uint64_t seed)
    {
        c.launch(nullptr);
        c.finish("on seed " + std::to_string(seed));
    }
    // Its inputs as they were: a kernel that keeps anything in them (an
    // answer to replay) is refused.
    std::string damage(const HostSet &given)
    {
        return changedInput(given, [&](int i, void *to) { set->read(set->in[size_t(i)], tensorBytes(inputs[i]), to); });
    }
    void output(int o, void *to) { set->read(set->out[size_t(o)], tensorBytes(outputs[o]), to); }
};

#else // the benchmark program

double eventMs(cl_event from, cl_profiling_info fromWhat, cl_event to, cl_profiling_info toWhat)
{
    cl_ulong a = 0, b = 0;
    host(clGetEventProfilingInfo(from, fromWhat, sizeof a, &a, nullptr), "reading a profiling event");
    host(clGetEventProfilingInfo(to, toWhat, sizeof b, &b, nullptr), "reading a profiling event");
    return b >= a ? double(b - a) * 1e-6 : 0.0;
}

[[noreturn]] void bench(double warmupMs, double repMs, int minIters, double maxSeconds, bool cold, bool trust)
{
    Candidate c;
    c.open(true);
    Set set(c);
    c.setArgs(set.in, set.out);
    // Warm-up and sizing run on inputs from a seed nobody is told; every
    // timed call on inputs of its own (with the defences off, on these).
    // `given` is the host's copy of the inputs the device holds.
    std::vector<Bytes> given = set.upload(drawDigestKey());
    // Caches flushed by rewriting twice the device's global-memory cache
    // (at least 32 MiB: a CPU's last level is often larger than it says).
    cl_int e = CL_SUCCESS;
    const size_t cache = size_t(deviceValue<cl_ulong>(c.device.id, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE));
    const size_t flushBytes = cold ? std::max<size_t>(cache * 2, size_t(32) << 20) : 4;
    cl_mem flush = clCreateBuffer(c.context, CL_MEM_READ_WRITE, flushBytes, nullptr, &e);
    host(e, "allocating the cache-flush buffer");
    // Each call's outputs, read back to be digested.
    std::vector<Bytes> got;
    std::vector<std::vector<void *>> gotPtr(1);
    for (int o = 0; o < num_outputs; ++o) {
        got.emplace_back(std::max<size_t>(tensorBytes(outputs[o]), 1));
        gotPtr[0].push_back(got.back().data());
    }
    phase("kernel", 0);
    c.launch(nullptr); // first call: the runtime's lazy work
    c.finish("on its first call");
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 5; ++i)
        c.launch(nullptr);
    c.finish("while estimating its time");
    const double once =
        std::max(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / 5.0, 1e-4);
    const int warmup = std::max(1, int(warmupMs / once));
    int reps = std::max(minIters, int(repMs / once));
    reps = std::min(reps, std::max(minIters, int(maxSeconds * 1000.0 / (once + 0.05))));
    // Trusted, every call prints its digest (about 800 bytes with its
    // probes): 2000 calls stay well inside what the supervisor reads, as
    // gpuharness.cu's do.
    reps = std::max(3, std::min(reps, trust ? 2000 : 100000));
    for (int i = 0; i < warmup; ++i)
        c.launch(nullptr);
    c.finish("during warm-up");

    // Every call runs on inputs drawn afresh from a seed announced as it
    // starts, and its outputs are read back and digested after it, under a
    // key drawn then (kwbsamples.h); which calls are verified is the
    // supervisor's secret, so every call must be honest. The host's time on
    // that counts as the harness's overhead, as does the device's from the
    // outputs' poisoning to the call.
    std::vector<cl_event> begin(static_cast<size_t>(reps)), done(static_cast<size_t>(reps));
    double hostMs = 0;
    const int taken = timedSection(
        reps, maxSeconds,
        [&](int i) {
            if (trust) {
                const auto h0 = std::chrono::steady_clock::now();
                given = set.upload(callSeed(announceInputs(g_proto, i), 0)); // a sample of one call
                hostMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - h0).count();
            }
            set.poison(&begin[size_t(i)]);
            if (cold) {
                const unsigned char byte = static_cast<unsigned char>(i);
                host(clEnqueueFillBuffer(c.queue, flush, &byte, 1, 0, flushBytes, 0, nullptr, nullptr),
                     "flushing caches");
            }
            c.launch(&done[size_t(i)]);
            if (trust) {
                const auto d0 = std::chrono::steady_clock::now();
                for (int o = 0; o < num_outputs; ++o)
                    set.read(set.out[size_t(o)], tensorBytes(outputs[o]), got[size_t(o)].data());
                digestSample(g_proto, i, gotPtr);
                hostMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - d0).count();
            }
            if (i % 64 == 63)
                c.finish("while being timed"); // bounded queue: events are kept, not commands
        },
        [&] { c.finish("while being timed"); });
    std::vector<double> samples;
    double overhead = hostMs;
    for (int i = 0; i < taken; ++i) {
        samples.push_back(eventMs(done[size_t(i)], CL_PROFILING_COMMAND_START, done[size_t(i)], CL_PROFILING_COMMAND_END));
        overhead += eventMs(begin[size_t(i)], CL_PROFILING_COMMAND_START, done[size_t(i)], CL_PROFILING_COMMAND_START);
        clReleaseEvent(begin[size_t(i)]);
        clReleaseEvent(done[size_t(i)]);
    }
    // The last call's inputs as they were drawn.
    std::string verdict = "ok";
    for (int i = 0; i < num_inputs && verdict == "ok"; ++i) {
        if (tensorBytes(inputs[i]) && set.download(set.in[size_t(i)], tensorBytes(inputs[i])) != given[size_t(i)])
            verdict = std::string("the kernel changed its input ") + inputs[i].name + " while being timed";
    }
    clReleaseMemObject(flush);
    reportBench(warmup, 1, overhead, verdict, samples, "clock=opencl-events");
}

#endif

} // namespace

int main(int argc, char **argv)
{
    isolateProtocol();
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "build" && argc == 2)
        return build();
#ifdef KWB_WITH_REFERENCE
    if (mode == "check" && argc == 5) {
        Checked kernel;
        checkSeeds(argv[2], std::atof(argv[3]), std::atof(argv[4]), kernel);
    }
    if (const int status = answerModes(g_proto, argc, argv); status >= 0)
        return status;
#else
    if (mode == "bench" && argc == 8)
        bench(std::atof(argv[2]), std::atof(argv[3]), std::atoi(argv[4]), std::atof(argv[5]), std::atoi(argv[6]) != 0,
              std::atoi(argv[7]) != 0);
#endif
    std::fprintf(stderr, "usage: harness build | check SEEDS ATOL RTOL | verify CALLS ATOL RTOL DIGEST... | "
                         "bench WARMUP_MS REP_MS MIN_ITERS MAX_SECONDS COLD TRUST\n");
    return 2;
}
