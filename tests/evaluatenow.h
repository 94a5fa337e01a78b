#pragma once
// One evaluation through the real target, waited for: what the suites that
// compile and time kernels (tst_trust, tst_matmulcpu) share.
#include "eval/calibration.h"
#include "eval/evaluator.h"

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

} // namespace kwb
