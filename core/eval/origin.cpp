#include "origin.h"

#include "util/wordtable.h"

namespace kwb {

namespace {

constexpr std::pair<Origin, const char *> kOrigins[] = {
    {Origin::Human, "human"},       {Origin::Search, "search"},     {Origin::Agent, "agent"},
    {Origin::Baseline, "baseline"}, {Origin::Imported, "imported"},
};

} // namespace

QString originWord(Origin o)
{
    return wordOf(kOrigins, o);
}

Origin originFromWord(const QString &word)
{
    return fromWord(kOrigins, word);
}

} // namespace kwb
