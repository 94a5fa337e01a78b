#include "version.h"

#include "kwb_revision.h" // written at build time (cmake/revision.cmake)

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

} // namespace kwb
