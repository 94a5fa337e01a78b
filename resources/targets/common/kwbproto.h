// The protocol's own stream, shared by the C++ harnesses (cpu-cxx's
// harness.cpp, gpuharness.cu, and opencl's programs through clhost.h):
// "kwb:" lines go to a duplicate of the supervisor's pipe taken before any
// of the kernel's code runs, and what the kernel prints on stdout lands on
// stderr, so it never stands among them. The programs that run the
// candidate's code in their own process end with finish (_exit after their
// last line), so no exit handler of the kernel's can add one.
//
// Include it inside the harness's namespace, after <cstdint>, <cstdio> and
// <unistd.h>.
#pragma once

inline FILE *g_proto = stdout;

inline void isolateProtocol()
{
    const int fd = ::dup(1);
    if (fd >= 0) {
        if (FILE *f = ::fdopen(fd, "w"))
            g_proto = f;
        ::dup2(2, 1); // the kernel's prints on stdout go to the console
    }
}

// Which code runs next, so the supervisor blames a crash or a hang on it.
[[maybe_unused]] inline void phase(const char *who, uint64_t seed)
{
    std::fprintf(g_proto, "kwb:phase %s seed=%llu\n", who, (unsigned long long)seed);
    std::fflush(g_proto);
}

[[noreturn]] inline void finish(int status)
{
    std::fflush(g_proto);
    std::fflush(stdout);
    std::fflush(stderr);
    ::_exit(status);
}
