#pragma once

#include <QCoreApplication>

namespace kwb {

/// kwb's own words, translated under the context "kwb": lupdate finds the
/// calls Kwb::tr("…"); the translator is installed in main().
class Kwb
{
    Q_DECLARE_TR_FUNCTIONS(kwb)
};

} // namespace kwb
