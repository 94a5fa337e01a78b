#pragma once

#include <QString>

namespace kwb {

/// "0.1.0" — the CMake project version, the one place it is set.
QString version();
/// The git revision the binaries were built from ("" outside git).
QString gitRevision();
/// "NAME 0.1.0 (git abc1234567)" for --version.
QString versionLine(const QString &name);
/// When KWB_PYTHON is unset and the program at `appDir` runs from a build
/// tree whose `venv/` the build made (build/app/kwb → build/venv), sets
/// KWB_PYTHON to that environment's python, so the evaluations it starts
/// find PyTorch and Triton there. Returns KWB_PYTHON as it now is ("" when
/// unset: targets then run `python3`).
QString useBuildPython(const QString &appDir);

} // namespace kwb
