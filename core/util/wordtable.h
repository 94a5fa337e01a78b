#pragma once

// An enum's stored words: a table of (value, word) pairs, looked up both
// ways. Words exist only at the JSON boundary and in what is shown.

#include <QLatin1StringView>
#include <QString>
#include <cstddef>
#include <utility>

namespace kwb {

/// The word `value` is stored as ("" for a value the table lacks).
template <typename E, size_t N>
QString wordOf(const std::pair<E, const char *> (&table)[N], E value)
{
    for (const auto &[e, word] : table) {
        if (e == value)
            return QString::fromLatin1(word);
    }
    return {};
}

/// The value a stored word names; E::Unknown for a word the table lacks.
template <typename E, size_t N>
E fromWord(const std::pair<E, const char *> (&table)[N], const QString &word)
{
    for (const auto &[e, w] : table) {
        if (word == QLatin1StringView(w))
            return e;
    }
    return E::Unknown;
}

} // namespace kwb
