#include "verdict.h"

#include "util/wordtable.h"

#include <QCoreApplication>

namespace kwb {

namespace {

// The stored words, in enum order after Unknown. The translation context
// is the one the decisions have always had (translations/*.ts).
constexpr std::pair<Verdict, const char *> kVerdicts[] = {
    {Verdict::Evaluated, QT_TRANSLATE_NOOP("kwb::Decision", "evaluated")},
    {Verdict::Kept, QT_TRANSLATE_NOOP("kwb::Decision", "kept")},
    {Verdict::Discarded, QT_TRANSLATE_NOOP("kwb::Decision", "discarded")},
    {Verdict::Reverted, QT_TRANSLATE_NOOP("kwb::Decision", "reverted")},
    {Verdict::Failed, QT_TRANSLATE_NOOP("kwb::Decision", "failed")},
    {Verdict::Rejected, QT_TRANSLATE_NOOP("kwb::Decision", "rejected")},
    {Verdict::Infra, QT_TRANSLATE_NOOP("kwb::Decision", "infra")},
    {Verdict::Baseline, QT_TRANSLATE_NOOP("kwb::Decision", "baseline")},
    {Verdict::Imported, QT_TRANSLATE_NOOP("kwb::Decision", "imported")},
};

} // namespace

QString verdictWord(Verdict v)
{
    return wordOf(kVerdicts, v);
}

Verdict verdictFromWord(const QString &word)
{
    return fromWord(kVerdicts, word);
}

namespace {

// Stored as "reverted", a regression past the divergence threshold is shown
// as what it is: the loop goes back only when the incumbent is not the
// best, and that move is drawn apart (a revert target).
const char *shownWord(Verdict v)
{
    if (v == Verdict::Reverted)
        return QT_TRANSLATE_NOOP("kwb::Decision", "regressed");
    for (const auto &[e, word] : kVerdicts) {
        if (e == v)
            return word;
    }
    return QT_TRANSLATE_NOOP("kwb::Decision", "unknown");
}

} // namespace

QString verdictShown(Verdict v)
{
    return QString::fromLatin1(shownWord(v));
}

QString verdictLabel(Verdict v)
{
    return QCoreApplication::translate("kwb::Decision", shownWord(v));
}

} // namespace kwb
