#pragma once

#include <QList>
#include <QString>

namespace kwb {

struct TargetProfile;
struct Workload;

/// A guard rule that matched a candidate's source.
struct GuardFinding
{
    QString id;
    QString reason;
    int line = 0;    ///< 1-based, in the source as written
    QString excerpt; ///< that line, trimmed
    QString toString() const;
};

/// The source with comments and string literals blanked out (line breaks
/// kept, so lines still count), for C-like languages and Python.
QString codeOnly(const QString &source, const QString &language);

/// Checks a generated candidate against the target's guard rules (reward
/// hacking: calling the reference or a library, touching files,
/// special-casing the benchmark's shape). Empty when it passes.
QList<GuardFinding> checkGuards(const QString &source, const TargetProfile &target,
                                const Workload &workload);

} // namespace kwb
