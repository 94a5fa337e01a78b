// What the supervisor makes of a benchmark's "kwb:digest" lines
// (kwbhost.h's SampleDigests::read), printed as "kwb:" lines for
// tst_gputargets: a digest whose fields are not numbers is refused there,
// as the kernel's fault, and never passed to the answer program, whose
// refusal would read as the reference's.
//   good ARG        the answer program's argument for a well-formed line
//   CASE PROBLEM    the problem read() reports for a malformed one
#include "kwbhost.h"

using namespace kwbhost;

static std::string problemOf(const std::string &digestLine)
{
    Proc bench;
    bench.out = "kwb:inputs sample=0 seed=12345\n" + digestLine + "\n";
    const SampleDigests d = SampleDigests::read(bench, 1);
    return d.problem.empty() ? "ok " + d.bySample.at(0).at(0) : d.problem;
}

int main()
{
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
