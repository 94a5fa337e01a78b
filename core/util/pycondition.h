#pragma once

#include <QString>

namespace kwb {

/// A Kernel Tuner restriction (Python syntax: `32 <= bx * by <= 1024`,
/// `use_padding == 0 or bx % 32 != 0`, `not a`, `a // b`, `a ** b`,
/// `min`/`max`/`abs`) rewritten as a kwb constraint (muparser syntax).
/// Chained comparisons become conjunctions. What has no counterpart
/// (strings, `in`, lists, conditional expressions) is an error naming the
/// column, 1-based, in `*errorColumn`.
struct PyCondition
{
    QString text;  ///< the constraint, empty on error
    QString error; ///< what is wrong, empty on success
    int errorColumn = 0;
};
PyCondition translatePythonCondition(const QString &python);

} // namespace kwb
