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

/// Why an end-to-end run through an external toolchain (Triton or TileLang
/// in Python, PoCL, nvcc, hipcc) is left to the main pass, or empty. Under
/// the sanitizers (scripts/sanitize.sh sets KWB_SANITIZER_PASS) such a run
/// spends its minutes in programs that are not instrumented; kwb's own side
/// of it (the evaluator, the result's reading) runs there in other suites.
inline QString leftToTheMainPass()
{
    if (qEnvironmentVariableIsSet("KWB_SANITIZER_PASS"))
        return QStringLiteral(
            "under the sanitizers the runs through external toolchains are left to "
            "the main pass (scripts/sanitize.sh)");
    return {};
}

/// Why KWB_PYTHON (ctest sets it to build/venv's python) cannot import
/// `module` beside torch, or empty.
inline QString pythonLacks(const QString &module)
{
    using namespace Qt::Literals::StringLiterals;
    if (QString why = leftToTheMainPass(); !why.isEmpty())
        return why;
    const QString py = qEnvironmentVariable("KWB_PYTHON");
    if (py.isEmpty() || !QFileInfo(py).isExecutable())
        return u"no Python environment with torch and "_s + module +
               u" (make test builds one in build/venv; KWB_PYTHON="_s + py + u')';
    QProcess p;
    p.start(py, {u"-c"_s, u"import torch, "_s + module});
    if (!p.waitForFinished(120'000) || p.exitCode() != 0)
        return u"the environment "_s + py + u" cannot import torch and "_s + module + u": "_s +
               QString::fromUtf8(p.readAllStandardError()).trimmed().section(u'\n', -1);
    return {};
}

/// Why the triton target cannot run here, or empty.
inline QString tritonMissing()
{
    return pythonLacks(QStringLiteral("triton"));
}

/// Why the tilelang target cannot run here (make test adds TileLang to
/// build/venv), or empty.
inline QString tilelangMissing()
{
    return pythonLacks(QStringLiteral("tilelang"));
}

/// Why the opencl target cannot run here, or empty.
inline QString openclMissing()
{
    using namespace Qt::Literals::StringLiterals;
    if (QString why = leftToTheMainPass(); !why.isEmpty())
        return why;
    if (QDir(u"/etc/OpenCL/vendors"_s).entryList({u"*.icd"_s}, QDir::Files).isEmpty())
        return u"no OpenCL driver is installed (make test installs pocl-opencl-icd)"_s;
    if (!QFileInfo::exists(u"/usr/include/CL/cl.h"_s))
        return u"the OpenCL headers are missing (ocl-icd-opencl-dev, opencl-c-headers)"_s;
    return {};
}

} // namespace kwb
