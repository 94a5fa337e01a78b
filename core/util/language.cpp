#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

namespace kwb::language {

using namespace Qt::Literals::StringLiterals;

QStringList translated()
{
    return {u"de"_s, u"ja"_s};
}

QString chosen()
{
    return QSettings().value(u"language"_s).toString();
}

void setChosen(const QString &code)
{
    QSettings().setValue(u"language"_s, code);
}

QString install(const QString &code)
{
    static QPointer<QTranslator> ours, qt;
    for (QTranslator *t : {ours.data(), qt.data()}) {
        if (t) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
    }
    QString use = code;
    if (use.isEmpty()) { // the first of the system's languages we have
        use = u"en"_s;
        for (const QString &name : QLocale::system().uiLanguages()) {
            const QString lang = name.section(u'-', 0, 0);
            if (lang == u"en"_s || translated().contains(lang)) {
                use = lang;
                break;
            }
        }
    }
    if (!translated().contains(use))
        return u"en"_s;
    ours = new QTranslator(QCoreApplication::instance());
    if (ours->load(u":/i18n/kernelworkbench_"_s + use))
        QCoreApplication::installTranslator(ours);
    qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(u"qtbase_"_s + use, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    return use;
}

QString nativeName(const QString &code)
{
    if (code == u"en"_s)
        return u"English"_s;
    return QLocale(code).nativeLanguageName();
}

} // namespace kwb::language
