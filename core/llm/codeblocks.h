#pragma once

#include <QString>
#include <QStringList>

namespace kwb {

/// The kernel an LLM wrote, taken from its reply.
struct ExtractedCode
{
    QString source;  ///< empty when none could be taken
    QString error;   ///< why not, worded to be fed back to the model
    int blocks = 0;  ///< fenced blocks in the reply
};

/// Takes the complete kernel from a reply: the fenced blocks (``` or ~~~,
/// any info string, an unclosed last fence up to the end). One block: that
/// one. Several: those that define `entry`; of them the one tagged with one
/// of `languages`, else the longest. None, or none defining the entry: an
/// error that says what to send instead.
ExtractedCode extractKernel(const QString &reply, const QStringList &languages, const QString &entry);

} // namespace kwb
