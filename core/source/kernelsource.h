#pragma once

// A kernel's source as the engine handles it before any host sees it: its
// identity (the normalized hash that names it in a session) and the
// sources made from the workload (a template bound to knob values, the
// reference turned into a baseline kernel).

#include "workload/knobs.h"

#include <QString>

namespace kwb {

struct TargetProfile;
struct Workload;

/// SHA-256 of the source after normalizing line endings and trailing
/// white space, so a re-saved file is still the same candidate.
QString kernelSourceHash(const QString &source);

/// The kernel entry's parameters as C++ declares them: inputs (const
/// pointers), outputs, then the dims ("const float *A", …, "int64_t M").
QStringList kernelParameters(const Workload &workload);

/// The source of the workload's template bound to `config` (knob lines first).
QString instantiateTemplate(const Workload &workload, const TargetProfile &target,
                            const KnobConfig &config, QString *error);

/// The reference's source turned into a candidate kernel (renamed, plus a
/// wrapper with the kernel entry's name): the "reference -O3" baseline.
QString referenceAsKernel(const Workload &workload, const QString &referenceSource);

} // namespace kwb
