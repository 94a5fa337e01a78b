#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace kwb {

/// A prompt template: the system prompt, then after a line
/// "=== prompt ===" the user prompt; {{name}} placeholders.
struct PromptTemplate
{
    QString name; ///< planner, executor, …
    QString path; ///< where it was found (":/kwb/prompts/…" when embedded)
    QString system;
    QString user;
};

/// Where templates are looked for, first found wins: the session's
/// prompts/ folder, the settings' folder `userDir` (its <target>/ subfolder,
/// then itself), $KWB_PROMPTS_DIR/<target>/, the user's
/// ~/.config/kernel-workbench/prompts/<target>/, then the embedded
/// resources/prompts/<target>/ and resources/prompts/default/.
QStringList promptSearchPath(const QString &sessionDir, const QString &target,
                             const QString &userDir = {});

/// Loads template `name` (file name.md); false with `error` when none is
/// found or it lacks the "=== prompt ===" line.
bool loadPrompt(const QString &name, const QStringList &searchPath, PromptTemplate *out,
                QString *error);

/// Replaces every {{key}}; a placeholder without a value is left out and
/// named in `missing`.
QString renderPrompt(const QString &text, const QHash<QString, QString> &values,
                     QStringList *missing = nullptr);

} // namespace kwb
