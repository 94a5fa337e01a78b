#pragma once

#include <QString>

namespace kwb {

/// A duration as people read it: "42s", "3m07s", "1h05m".
inline QString formatDuration(qint64 ms)
{
    const qint64 s = ms / 1000;
    if (s >= 3600)
        return QString::number(s / 3600) + QLatin1Char('h') +
               QString::number((s % 3600) / 60).rightJustified(2, QLatin1Char('0')) +
               QLatin1Char('m');
    if (s >= 60)
        return QString::number(s / 60) + QLatin1Char('m') +
               QString::number(s % 60).rightJustified(2, QLatin1Char('0')) + QLatin1Char('s');
    return QString::number(s) + QLatin1Char('s');
}

} // namespace kwb
