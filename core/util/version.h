#pragma once

#include <QString>

namespace kwb {

/// "0.1.0" — the CMake project version, the one place it is set.
QString version();
/// The git revision the binaries were built from ("" outside git).
QString gitRevision();
/// "NAME 0.1.0 (git abc1234567)" for --version.
QString versionLine(const QString &name);

} // namespace kwb
