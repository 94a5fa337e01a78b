#pragma once

#include <QString>
#include <QStringList>

namespace kwb::language {

/// The languages the GUI is translated into besides English, its source:
/// "de", "ja".
QStringList translated();
/// The engineer's choice in Settings ("" follows the system locale).
QString chosen();
void setChosen(const QString &code);
/// Installs our translation and Qt's own (standard buttons and dialogs) for
/// `code` ("" = the system locale; "en" = none) on the application,
/// replacing those installed before. Returns the language in use.
QString install(const QString &code);
/// The language's name in itself: "Deutsch", "日本語".
QString nativeName(const QString &code);

} // namespace kwb::language
