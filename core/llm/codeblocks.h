#pragma once

#include "util/jsontext.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace kwb {

/// The kernel an LLM wrote, taken from its reply.
struct ExtractedCode
{
    QString source; ///< empty when none could be taken
    QString error;  ///< why not, worded to be fed back to the model
    int blocks = 0; ///< fenced blocks in the reply
};

/// Takes the complete kernel from a reply: the fenced blocks (``` or ~~~,
/// any info string, an unclosed last fence up to the end). One block: that
/// one. Several: those that define `entry`; of them the one tagged with one
/// of `languages`, else the longest. None, or none defining the entry: an
/// error that says what to send instead.
ExtractedCode extractKernel(const QString &reply, const QStringList &languages,
                            const QString &entry);

/// A field an LLM's JSON answer must have: a sentence, or a list of them.
struct ReplyField
{
    const char *name;
    bool list = false; ///< an array of strings (may be empty) instead of a non-empty string
};

/// Takes a JSON object from a reply (a fenced block, the whole reply, or the
/// span from the first '{' to the last '}') and checks that it has each of
/// `fields` with the right type. Only those fields are kept. On failure,
/// `error` says what is wrong in words to feed back to the model.
std::optional<Json> extractJsonObject(const QString &reply, const std::vector<ReplyField> &fields,
                                      QString *error);

} // namespace kwb
