#pragma once

#include <QString>
#include <QStringList>
#include <utility>
#include <vector>

namespace kwb {

/// One row of a side-by-side diff: a line of each side, or padding on one.
struct DiffRow
{
    enum class Kind
    {
        Equal,
        Changed,
        Deleted,
        Inserted
    };
    Kind kind = Kind::Equal;
    int left = -1;  ///< line index on the left, -1 for padding
    int right = -1; ///< line index on the right, -1 for padding
    /// Changed rows: the differing character ranges (start, length) of each
    /// side's line, in QString (UTF-16) units.
    std::vector<std::pair<int, int>> leftSpans, rightSpans;
};

/// A side-by-side line diff, aligned: every row holds a line of each side or
/// pads the side that has none, so both columns scroll together. Computed
/// with dtl (an O(ND) shortest edit script); line endings (LF, CRLF) do not
/// count as changes.
class LineDiff
{
public:
    static LineDiff compute(const QString &left, const QString &right);

    const QStringList &leftLines() const { return m_left; }
    const QStringList &rightLines() const { return m_right; }
    const std::vector<DiffRow> &rows() const { return m_rows; }
    /// Rows that are not Equal.
    int changedRows() const { return m_changed; }
    /// Lines removed and added, as `diff --stat` counts them.
    int removedLines() const { return m_removed; }
    int addedLines() const { return m_added; }

private:
    QStringList m_left, m_right;
    std::vector<DiffRow> m_rows;
    int m_changed = 0;
    int m_removed = 0;
    int m_added = 0;
};

/// Lines of a text without their terminators (LF or CRLF); an empty text
/// has none, a final terminator does not start another line.
QStringList splitLines(const QString &text);

} // namespace kwb
