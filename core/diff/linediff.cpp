#include "linediff.h"

#include <dtl/dtl.hpp>
#include <string>

namespace kwb {

namespace {

// Lines longer than this are marked as changed as a whole: a character diff
// of them costs more than it shows. So are the lines of a diff with more
// changed pairs than kInlinePairs (two unrelated files): nobody reads
// character-level marks there, and they cost most of the time.
constexpr int kInlineLimit = 2000;
constexpr int kInlinePairs = 400;

// The differing character ranges of two lines, from a character-level edit
// script; adjacent edits merge into one range.
void inlineSpans(const QString &a, const QString &b, DiffRow &row)
{
    if (a.size() > kInlineLimit || b.size() > kInlineLimit) {
        row.leftSpans = {{0, int(a.size())}};
        row.rightSpans = {{0, int(b.size())}};
        return;
    }
    const std::u16string sa(reinterpret_cast<const char16_t *>(a.utf16()), size_t(a.size()));
    const std::u16string sb(reinterpret_cast<const char16_t *>(b.utf16()), size_t(b.size()));
    dtl::Diff<char16_t, std::u16string> d(sa, sb);
    d.compose();
    auto add = [](std::vector<std::pair<int, int>> &spans, long long index) {
        const int at = int(index - 1);
        if (!spans.empty() && spans.back().first + spans.back().second == at)
            ++spans.back().second;
        else
            spans.emplace_back(at, 1);
    };
    for (const auto &[ch, info] : d.getSes().getSequence()) {
        if (info.type == dtl::SES_DELETE)
            add(row.leftSpans, info.beforeIdx);
        else if (info.type == dtl::SES_ADD)
            add(row.rightSpans, info.afterIdx);
    }
}

} // namespace

QStringList splitLines(const QString &text)
{
    QStringList lines = text.split(u'\n');
    if (!lines.isEmpty() && lines.back().isEmpty())
        lines.removeLast(); // the final terminator, or an empty text
    for (QString &l : lines) {
        if (l.endsWith(u'\r'))
            l.chop(1);
    }
    return lines;
}

LineDiff LineDiff::compute(const QString &left, const QString &right)
{
    LineDiff diff;
    diff.m_left = splitLines(left);
    diff.m_right = splitLines(right);
    std::vector<std::u16string> a, b;
    a.reserve(size_t(diff.m_left.size()));
    b.reserve(size_t(diff.m_right.size()));
    for (const QString &l : std::as_const(diff.m_left))
        a.emplace_back(reinterpret_cast<const char16_t *>(l.utf16()), size_t(l.size()));
    for (const QString &l : std::as_const(diff.m_right))
        b.emplace_back(reinterpret_cast<const char16_t *>(l.utf16()), size_t(l.size()));
    dtl::Diff<std::u16string, std::vector<std::u16string>> d(a, b);
    d.compose();

    // Walk the edit script; a run of deletions and insertions between two
    // common lines is one hunk, whose lines pair up as changed rows and
    // whose surplus pads the shorter side.
    std::vector<int> deleted, inserted;
    auto flush = [&] {
        const size_t paired = std::min(deleted.size(), inserted.size());
        for (size_t i = 0; i < std::max(deleted.size(), inserted.size()); ++i) {
            DiffRow row;
            if (i < paired) {
                row.kind = DiffRow::Kind::Changed;
                row.left = deleted[i];
                row.right = inserted[i];
            } else if (i < deleted.size()) {
                row.kind = DiffRow::Kind::Deleted;
                row.left = deleted[i];
            } else {
                row.kind = DiffRow::Kind::Inserted;
                row.right = inserted[i];
            }
            diff.m_rows.push_back(std::move(row));
            ++diff.m_changed;
        }
        diff.m_removed += int(deleted.size());
        diff.m_added += int(inserted.size());
        deleted.clear();
        inserted.clear();
    };
    for (const auto &[line, info] : d.getSes().getSequence()) {
        if (info.type == dtl::SES_DELETE) {
            deleted.push_back(int(info.beforeIdx - 1));
        } else if (info.type == dtl::SES_ADD) {
            inserted.push_back(int(info.afterIdx - 1));
        } else {
            flush();
            DiffRow row;
            row.left = int(info.beforeIdx - 1);
            row.right = int(info.afterIdx - 1);
            diff.m_rows.push_back(std::move(row));
        }
    }
    flush();
    int pairs = 0;
    for (const DiffRow &row : diff.m_rows)
        pairs += row.kind == DiffRow::Kind::Changed ? 1 : 0;
    for (DiffRow &row : diff.m_rows) {
        if (row.kind != DiffRow::Kind::Changed)
            continue;
        if (pairs <= kInlinePairs) {
            inlineSpans(diff.m_left[row.left], diff.m_right[row.right], row);
        } else {
            row.leftSpans = {{0, int(diff.m_left[row.left].size())}};
            row.rightSpans = {{0, int(diff.m_right[row.right].size())}};
        }
    }
    return diff;
}

} // namespace kwb
