#pragma once

// QScintilla's headers use Qt's `slots` and `signals` keywords, which
// QT_NO_KEYWORDS (on for our code: `slots` once ate a parameter name) turns
// off. Include them through here.
#define slots Q_SLOTS
#define signals Q_SIGNALS
#include <Qsci/qscilexercpp.h>
#include <Qsci/qscilexerpython.h>
#include <Qsci/qsciscintilla.h>
#undef slots
#undef signals
