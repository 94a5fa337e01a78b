#include "prompts.h"

#include <QFile>
#include <QRegularExpression>
#include <QStandardPaths>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

QStringList promptSearchPath(const QString &sessionDir, const QString &target,
                             const QString &userDir)
{
    QStringList dirs;
    if (!sessionDir.isEmpty())
        dirs << sessionDir + u"/prompts"_s;
    if (!userDir.isEmpty())
        dirs << userDir + u'/' + target << userDir;
    if (const QString env = qEnvironmentVariable("KWB_PROMPTS_DIR"); !env.isEmpty())
        dirs << env + u'/' + target;
    dirs << QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
                u"/kernel-workbench/prompts/"_s + target;
    dirs << u":/kwb/prompts/"_s + target << u":/kwb/prompts/default"_s;
    return dirs;
}

bool loadPrompt(const QString &name, const QStringList &searchPath, PromptTemplate *out,
                QString *error)
{
    for (const QString &dir : searchPath) {
        QFile f(dir + u'/' + name + u".md"_s);
        if (!f.exists())
            continue;
        if (!f.open(QIODevice::ReadOnly)) {
            *error = u"cannot read "_s + f.fileName() + u": "_s + f.errorString();
            return false;
        }
        const QString text = QString::fromUtf8(f.readAll());
        static const QRegularExpression split(u"^=== prompt ===[ \\t]*\\r?$"_s,
                                              QRegularExpression::MultilineOption);
        const QRegularExpressionMatch m = split.match(text);
        if (!m.hasMatch()) {
            *error =
                f.fileName() +
                u":1:1: the template lacks the line \"=== prompt ===\" between the system and the user prompt"_s;
            return false;
        }
        out->name = name;
        out->path = f.fileName();
        out->system = text.left(m.capturedStart()).trimmed();
        out->user = text.mid(m.capturedEnd()).trimmed() + u'\n';
        return true;
    }
    *error = u"no prompt template '"_s + name + u".md' in "_s + searchPath.join(u", "_s);
    return false;
}

QString renderPrompt(const QString &text, const QHash<QString, QString> &values,
                     QStringList *missing)
{
    static const QRegularExpression placeholder(u"\\{\\{([a-z_]+)\\}\\}"_s);
    QString out;
    qsizetype at = 0;
    for (auto it = placeholder.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += QStringView(text).mid(at, m.capturedStart() - at);
        const QString key = m.captured(1);
        if (values.contains(key))
            out += values.value(key);
        else if (missing && !missing->contains(key))
            *missing << key;
        at = m.capturedEnd();
    }
    out += QStringView(text).mid(at);
    return out;
}

} // namespace kwb
