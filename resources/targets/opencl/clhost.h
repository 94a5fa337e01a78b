// What the opencl target's host programs (harness, calibration) share:
// errors named, device information, and the choice of device.
#pragma once

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <string>
#include <unistd.h>
#include <vector>

namespace kwbcl {

/// Exit status of a program that found the host unusable; its "kwb:infra"
/// line says why.
constexpr int kInfraExit = 5;

// The "kwb:" protocol's stream (g_proto: stdout, or the private copy of it
// the harness makes, so what a kernel prints cannot land among its lines),
// the phase lines and the ending, shared with the other C++ harnesses.
#include "kwbproto.h"

[[noreturn]] inline void infra(const std::string &why)
{
    std::fprintf(g_proto, "kwb:infra %s\n", why.c_str());
    std::fflush(g_proto);
    std::exit(kInfraExit);
}

inline std::string env(const char *name)
{
    const char *v = std::getenv(name);
    return v ? v : "";
}

inline std::string lower(std::string s)
{
    for (char &c : s)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

inline const char *errorName(cl_int e)
{
    switch (e) {
    case CL_DEVICE_NOT_FOUND: return "CL_DEVICE_NOT_FOUND";
    case CL_DEVICE_NOT_AVAILABLE: return "CL_DEVICE_NOT_AVAILABLE";
    case CL_MEM_OBJECT_ALLOCATION_FAILURE: return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
    case CL_OUT_OF_RESOURCES: return "CL_OUT_OF_RESOURCES";
    case CL_OUT_OF_HOST_MEMORY: return "CL_OUT_OF_HOST_MEMORY";
    case CL_BUILD_PROGRAM_FAILURE: return "CL_BUILD_PROGRAM_FAILURE";
    case CL_INVALID_VALUE: return "CL_INVALID_VALUE";
    case CL_INVALID_BUILD_OPTIONS: return "CL_INVALID_BUILD_OPTIONS";
    case CL_INVALID_KERNEL_NAME: return "CL_INVALID_KERNEL_NAME";
    case CL_INVALID_ARG_INDEX: return "CL_INVALID_ARG_INDEX";
    case CL_INVALID_ARG_VALUE: return "CL_INVALID_ARG_VALUE";
    case CL_INVALID_ARG_SIZE: return "CL_INVALID_ARG_SIZE";
    case CL_INVALID_KERNEL_ARGS: return "CL_INVALID_KERNEL_ARGS";
    case CL_INVALID_WORK_DIMENSION: return "CL_INVALID_WORK_DIMENSION";
    case CL_INVALID_WORK_GROUP_SIZE: return "CL_INVALID_WORK_GROUP_SIZE";
    case CL_INVALID_WORK_ITEM_SIZE: return "CL_INVALID_WORK_ITEM_SIZE";
    case CL_INVALID_GLOBAL_WORK_SIZE: return "CL_INVALID_GLOBAL_WORK_SIZE";
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR (no OpenCL driver installed)";
    default: return "an OpenCL error";
    }
}

inline std::string clError(cl_int e) { return std::string(errorName(e)) + " (" + std::to_string(e) + ")"; }

inline std::string platformInfo(cl_platform_id p, cl_platform_info what)
{
    size_t n = 0;
    clGetPlatformInfo(p, what, 0, nullptr, &n);
    std::string s(n, '\0');
    clGetPlatformInfo(p, what, n, s.data(), nullptr);
    return s.c_str();
}

inline std::string deviceInfo(cl_device_id d, cl_device_info what)
{
    size_t n = 0;
    clGetDeviceInfo(d, what, 0, nullptr, &n);
    std::string s(n, '\0');
    clGetDeviceInfo(d, what, n, s.data(), nullptr);
    return s.c_str();
}

template <typename T> inline T deviceValue(cl_device_id d, cl_device_info what)
{
    T v{};
    clGetDeviceInfo(d, what, sizeof v, &v, nullptr);
    return v;
}

struct Device
{
    cl_platform_id platform = nullptr;
    cl_device_id id = nullptr;
    std::string name; ///< "platform / device"
    bool gpu = false;
};

// Every device of every platform; the one KWB_CL_DEVICE names, else a GPU,
// else the first. No platform, or no match: the host cannot evaluate.
inline Device pickDevice()
{
    cl_uint np = 0;
    const cl_int e = clGetPlatformIDs(0, nullptr, &np);
    if (e != CL_SUCCESS || np == 0)
        infra("no OpenCL platform on this host (" + (e == CL_SUCCESS ? std::string("none installed") : clError(e))
              + "; on Debian: apt-get install pocl-opencl-icd, or the GPU vendor's ICD)");
    std::vector<cl_platform_id> platforms(np);
    clGetPlatformIDs(np, platforms.data(), nullptr);
    std::vector<Device> all;
    for (cl_platform_id p : platforms) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &nd) != CL_SUCCESS || nd == 0)
            continue;
        std::vector<cl_device_id> ids(nd);
        clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, nd, ids.data(), nullptr);
        for (cl_device_id d : ids) {
            Device dev{p, d, platformInfo(p, CL_PLATFORM_NAME) + " / " + deviceInfo(d, CL_DEVICE_NAME),
                       (deviceValue<cl_device_type>(d, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_GPU) != 0};
            all.push_back(dev);
        }
    }
    if (all.empty())
        infra("the OpenCL platforms on this host list no device");
    const std::string want = lower(env("KWB_CL_DEVICE"));
    if (!want.empty()) {
        for (const Device &d : all) {
            if (lower(d.name).find(want) != std::string::npos)
                return d;
        }
        std::string names;
        for (const Device &d : all)
            names += (names.empty() ? "" : "; ") + d.name;
        infra("no OpenCL device matches '" + env("KWB_CL_DEVICE") + "' on this host (it has: " + names + ")");
    }
    for (const Device &d : all) {
        if (d.gpu)
            return d;
    }
    return all.front();
}

} // namespace kwbcl
