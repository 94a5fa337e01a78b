#pragma once
// One evaluation through the real target, waited for: what the suites that
// compile and time kernels (tst_trust, tst_matmulcpu) share; and whether the
// triton and opencl targets can run here (tst_gputargets, tst_redteam).
#include "eval/calibration.h"
#include "eval/evaluator.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

namespace kwb {

inline EvalOutcome evaluateNow(const Workload &w, const TargetProfile &target,
                               const Calibration &calibration, const QString &workDir,
                               const Candidate &candidate, int timeoutMs = 120'000)
{
    Evaluator ev(w, target, calibration, workDir);
    EvalOutcome outcome;
    QObject::connect(&ev, &Evaluator::finished, &ev,
                     [&outcome](const EvalOutcome &o) { outcome = o; });
    QSignalSpy done(&ev, &Evaluator::finished);
    ev.start(candidate);
    if (!done.wait(timeoutMs))
        qWarning("the evaluation of %s did not finish", qPrintable(candidate.label));
    return outcome;
}

/// Why the triton target cannot run here (KWB_PYTHON, which ctest sets to
/// build/venv's python, missing or without torch and triton), or empty.
inline QString tritonMissing()
{
    using namespace Qt::Literals::StringLiterals;
    const QString py = qEnvironmentVariable("KWB_PYTHON");
    if (py.isEmpty() || !QFileInfo(py).isExecutable())
        return u"no Python environment with torch and triton (make test builds one in build/venv; KWB_PYTHON="_s +
               py + u')';
    QProcess p;
    p.start(py, {u"-c"_s, u"import torch, triton"_s});
    if (!p.waitForFinished(120'000) || p.exitCode() != 0)
        return u"the environment "_s + py + u" cannot import torch and triton: "_s +
               QString::fromUtf8(p.readAllStandardError()).trimmed().section(u'\n', -1);
    return {};
}

/// Why the tilelang target cannot run here (KWB_PYTHON's environment
/// lacks TileLang beside torch; make test adds it to build/venv), or empty.
inline QString tilelangMissing()
{
    using namespace Qt::Literals::StringLiterals;
    const QString py = qEnvironmentVariable("KWB_PYTHON");
    if (py.isEmpty() || !QFileInfo(py).isExecutable())
        return u"no Python environment with torch and tilelang (make test builds one in build/venv; KWB_PYTHON="_s +
               py + u')';
    QProcess p;
    p.start(py, {u"-c"_s, u"import torch, tilelang"_s});
    if (!p.waitForFinished(120'000) || p.exitCode() != 0)
        return u"the environment "_s + py + u" cannot import torch and tilelang: "_s +
               QString::fromUtf8(p.readAllStandardError()).trimmed().section(u'\n', -1);
    return {};
}

/// Why the opencl target cannot run here, or empty.
inline QString openclMissing()
{
    using namespace Qt::Literals::StringLiterals;
    if (QDir(u"/etc/OpenCL/vendors"_s).entryList({u"*.icd"_s}, QDir::Files).isEmpty())
        return u"no OpenCL driver is installed (make test installs pocl-opencl-icd)"_s;
    if (!QFileInfo::exists(u"/usr/include/CL/cl.h"_s))
        return u"the OpenCL headers are missing (ocl-icd-opencl-dev, opencl-c-headers)"_s;
    return {};
}

} // namespace kwb
