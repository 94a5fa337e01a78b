#include "version.h"

#include "kwb_revision.h" // written at build time (cmake/revision.cmake)

#include <QDir>
#include <QFileInfo>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

QString version()
{
    return QStringLiteral(KWB_VERSION);
}

QString gitRevision()
{
    return QStringLiteral(KWB_GIT_REVISION);
}

QString versionLine(const QString &name)
{
    const QString rev = gitRevision();
    return name + u' ' + version() + (rev.isEmpty() ? QString() : u" (git "_s + rev + u')');
}

QString useBuildPython(const QString &appDir)
{
    if (!qEnvironmentVariableIsEmpty("KWB_PYTHON"))
        return qEnvironmentVariable("KWB_PYTHON");
    // build/app/kwb/kwb and build/app/workbench/kernel-workbench: two folders up.
    const QString python = QDir(appDir).absoluteFilePath(u"../../venv/bin/python"_s);
    if (!QFileInfo(python).isExecutable() ||
        !QFileInfo::exists(QDir(appDir).absoluteFilePath(u"../../CMakeCache.txt"_s)))
        return {};
    QString clean = QDir::cleanPath(python);
    qputenv("KWB_PYTHON", clean.toLocal8Bit());
    return clean;
}

} // namespace kwb
