// What the supervisor makes of a benchmark's lines, printed as "kwb:"
// lines for tst_gputargets:
// - its "kwb:digest" lines (kwbhost.h's SampleDigests::read): a digest
//   whose fields are not numbers is refused there, as the kernel's fault,
//   and never passed to the answer program, whose refusal would read as
//   the reference's.
//     good ARG        the answer program's argument for a well-formed line
//     CASE PROBLEM    the problem read() reports for a malformed one
// - its timed section against the supervisor's clock (checkOutsideClock),
//   with the overhead capped by what the harness's part costs without the
//   kernel ("kwb:null-sample", cpu-cxx's):
//     clock-CASE kept MEDIAN | flagged | bounded MEDIAN
#include "kwbhost.h"

using namespace kwbhost;

static std::string problemOf(const std::string &digestLine)
{
    Proc bench;
    bench.out = "kwb:inputs sample=0 seed=12345\n" + digestLine + "\n";
    const SampleDigests d = SampleDigests::read(bench, 1);
    return d.problem.empty() ? "ok " + d.bySample.at(0).at(0) : d.problem;
}

// Ten samples of one call in a section of `sectionMs`, `samplesMs` of
// calls and `declaredMs` of overhead by the harness's word.
static std::string clockOf(double sectionMs, double samplesMs, double declaredMs,
                           const std::string &nullLine)
{
    Proc bench;
    bench.out = nullLine;
    bench.marks["timed-begin"] = 100;
    bench.marks["timed-end"] = 100 + sectionMs;
    Result r;
    r.samples.assign(10, samplesMs / 10);
    const std::string tampered =
        checkOutsideClock(r, bench, samplesMs, declaredMs, overheadCap(bench, r.samples.size(), 1));
    if (!tampered.empty())
        return "flagged";
    const bool bounded = r.extra["outside_clock"].find("\"bounded\":true") != std::string::npos;
    char median[32];
    std::snprintf(median, sizeof median, "%.3g", r.samples[0]);
    return std::string(bounded ? "bounded " : "kept ") + median;
}

int main()
{
    // 10 samples of a 10 ms call and 3 ms of the harness's each: 130 ms.
    const std::string null = "kwb:null-sample call_ms=3,3.1,2.9 flush_ms=0,0,0\n";
    std::printf("kwb:clock-honest %s\n", clockOf(130, 100, 30, null).c_str());
    // The kernel moved 8 ms of each call into the overhead: its samples say
    // 2 ms, the harness's 11 ms; what that costs without the kernel allows
    // 1.5 * 10 * 3 + 5 = 50 ms, so 70 of 130 ms are explained, and the
    // samples are raised until 0.9 of it is: 6.7 ms a call.
    std::printf("kwb:clock-shifted %s\n", clockOf(130, 20, 110, null).c_str());
    // Moved all but 0.5 ms: 55 of 130 ms explained, under half.
    std::printf("kwb:clock-shifted-more %s\n", clockOf(130, 5, 125, null).c_str());
    // Without a null sample (opencl, the GPU harnesses) the overhead is the
    // harness's word.
    std::printf("kwb:clock-uncapped %s\n", clockOf(130, 5, 125, "").c_str());
    // 100 ms calls reported as 40, 60 ms of each moved into the overhead.
    std::printf("kwb:clock-long %s\n", clockOf(1030, 400, 630, null).c_str());
    // What passes: 7 ms of each moved, within the cap's slack and the
    // share a loaded host's marks may leave unexplained.
    std::printf("kwb:clock-within %s\n", clockOf(1030, 930, 100, null).c_str());

    const std::string head = "kwb:digest sample=0 output=0 key=77 ";
    std::printf(
        "kwb:good %s\n",
        problemOf(head +
                  "sums=0x1p+0,-0x1.8p-1,0x0p+0,inf nonfinite=0 where=0 probes=0x1p+0/nan/-0x1p-3")
            .c_str());
    std::printf(
        "kwb:empty %s\n",
        problemOf(head + "sums=0x1p+0,0x1p+0,0x1p+0,0x1p+0 nonfinite=0 where=0 probes=-").c_str());
    std::printf(
        "kwb:sums %s\n",
        problemOf(head + "sums=0x1p+0,zz,0x1p+0,0x1p+0 nonfinite=0 where=0 probes=1").c_str());
    std::printf("kwb:three-sums %s\n",
                problemOf(head + "sums=1,2,3 nonfinite=0 where=0 probes=1").c_str());
    std::printf("kwb:probes %s\n",
                problemOf(head + "sums=1,2,3,4 nonfinite=0 where=0 probes=1/2x/3").c_str());
    std::printf("kwb:no-probes %s\n", problemOf(head + "sums=1,2,3,4 nonfinite=0 where=0").c_str());
    std::printf("kwb:where %s\n",
                problemOf(head + "sums=1,2,3,4 nonfinite=0 where=-1 probes=1").c_str());
    std::printf(
        "kwb:key %s\n",
        problemOf("kwb:digest sample=0 output=0 key=0x4d sums=1,2,3,4 nonfinite=0 where=0 probes=1")
            .c_str());
    return 0;
}
