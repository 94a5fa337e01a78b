// One libFuzzer target; KWB_FUZZ_TARGET names the reader (fuzztargets.h).
#include "fuzztargets.h"

#include <QCoreApplication>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static QCoreApplication app(*argc, *argv); // resources and the temp folder need one
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kwb::fuzz::KWB_FUZZ_TARGET(data, size);
    return 0;
}
