// Translations: every German and Japanese .ts message is finished, and the
// main window shown in each language has no visible string left in English
// (menus, toolbar, docks, the mode box, table headers, legends, chart
// texts, the status bar), names such as "Roofline" allowed; and kwb, run in
// each language, prints none of its English messages.
#include "mainwindow.h"
#include "metricchart.h"
#include "run/workbench.h"
#include "timelineview.h"
#include "util/language.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDirIterator>
#include <QDockWidget>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolBar>
#include <QXmlStreamReader>
#include <QtTest>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

// What the window shows, keyed by where it shows it (the same key in every
// language).
using Shown = QMap<QString, QString>;

void collectMenu(QMenu *menu, const QString &key, Shown &shown)
{
    shown.insert(key, menu->title());
    const QList<QAction *> actions = menu->actions();
    for (int i = 0; i < actions.size(); ++i) {
        QAction *a = actions[i];
        if (a->isSeparator())
            continue;
        if (a->menu())
            collectMenu(a->menu(), key + u'/' + QString::number(i), shown);
        else if (!a->text().startsWith(u'/')) // recent sessions: paths
            shown.insert(key + u'/' + QString::number(i), a->text());
    }
}

Shown collect(MainWindow &w)
{
    Shown shown;
    shown.insert(u"title"_s, w.windowTitle());
    const QList<QAction *> top = w.menuBar()->actions();
    for (int i = 0; i < top.size(); ++i)
        collectMenu(top[i]->menu(), u"menu"_s + QString::number(i), shown);
    for (QToolBar *bar : w.findChildren<QToolBar *>()) {
        for (QAction *a : bar->actions()) {
            if (a->objectName().isEmpty())
                continue;
            shown.insert(u"tool:"_s + a->objectName(), a->text());
            shown.insert(u"tip:"_s + a->objectName(), a->toolTip());
        }
    }
    for (QDockWidget *d : w.findChildren<QDockWidget *>())
        shown.insert(u"dock:"_s + d->objectName(), d->windowTitle());
    auto *mode = w.findChild<QComboBox *>(u"mode"_s);
    for (int i = 0; i < mode->count(); ++i)
        shown.insert(u"mode:"_s + QString::number(i), mode->itemText(i));
    shown.insert(u"mode:tip"_s, mode->toolTip());
    for (QTableView *t : w.findChildren<QTableView *>()) {
        if (!t->model())
            continue;
        for (int c = 0; c < t->model()->columnCount(); ++c)
            shown.insert(u"header:"_s + t->objectName() + QString::number(c),
                         t->model()->headerData(c, Qt::Horizontal).toString());
    }
    for (QLineEdit *e : w.findChildren<QLineEdit *>()) {
        if (!e->placeholderText().isEmpty())
            shown.insert(u"placeholder:"_s + e->objectName(), e->placeholderText());
    }
    const QStringList legend = w.findChild<TimelineView *>()->legendTexts();
    for (int i = 0; i < legend.size(); ++i)
        shown.insert(u"timeline:"_s + QString::number(i), legend[i]);
    int chartIndex = 0;
    for (QChartView *v : w.findChildren<QChartView *>()) {
        const QString key = u"chart"_s + QString::number(chartIndex++);
        shown.insert(key + u":title"_s, v->chart()->title());
        const QList<QLegendMarker *> markers = v->chart()->legend()->markers();
        for (int i = 0; i < markers.size(); ++i)
            shown.insert(key + u":legend"_s + QString::number(i), markers[i]->label());
        const QList<QAbstractAxis *> axes = v->chart()->axes();
        for (int i = 0; i < axes.size(); ++i)
            shown.insert(key + u":axis"_s + QString::number(i), axes[i]->titleText());
    }
    int label = 0;
    for (QLabel *l : w.statusBar()->findChildren<QLabel *>())
        shown.insert(u"status"_s + QString::number(label++), l->text());
    return shown;
}

// Not words to translate: names, units, symbols, data.
bool mayStayEnglish(const QString &text, const QString &language)
{
    static const QSet<QString> names = {u"Kernel Workbench"_s, u"MFU"_s,       u"GFLOP/s"_s,
                                        u"gflops"_s,           u"median_ms"_s, u"LLM"_s};
    static const QSet<QString> german = {u"Plan"_s,   u"Roofline"_s, u"Hosts"_s,
                                         u"&Hosts"_s, u"Host"_s,     u"Pause"_s,
                                         u"Status"_s, u"Median"_s,   u"Autopilot"_s};
    if (text.trimmed().isEmpty() || names.contains(text) || text.endsWith(u" — Kernel Workbench"_s))
        return true;
    if (!text.contains(QRegularExpression(u"[A-Za-z]{2}"_s)))
        return true; // numbers, symbols, shortcuts' keys
    return language == u"de"_s && german.contains(text);
}

// kwb's messages (and the loop's it prints) as patterns that match their
// English text with anything in place of %1…/%n. If a pattern matches a
// translated run's output, that message stayed English.
QList<QRegularExpression> englishMessages(const QString &tsFile)
{
    QFile f(tsFile);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&f);
    QList<QRegularExpression> messages;
    QString context, source;
    static const QRegularExpression placeholder(u"%[0-9n]"_s);
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"name"_s) {
            context = xml.readElementText();
        } else if (xml.name() == u"source"_s) {
            source = xml.readElementText();
        } else if (xml.name() == u"translation"_s) {
            const QString translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            static const QStringList printed = {u"kwb"_s, u"kwb::OptimizationLoop"_s,
                                                u"kwb::StopReason"_s, u"files"_s, u"ssh"_s};
            if (!printed.contains(context))
                continue;
            // One word ("median", "failed") is also recorded data; a message
            // needs a phrase of its own to be told apart.
            QStringList fixed = source.split(placeholder);
            if (!fixed.join(QString()).trimmed().contains(u' ') || source.size() < 10)
                continue;
            for (QString &piece : fixed)
                piece = QRegularExpression::escape(piece);
            QRegularExpression pattern(fixed.join(u"[^\\n]*?"_s));
            if (!translation.isEmpty())
                messages << pattern;
        }
    }
    return messages;
}

QString localeOf(const QString &language)
{
    if (language == u"de"_s)
        return u"de_DE.UTF-8"_s;
    if (language == u"ja"_s)
        return u"ja_JP.UTF-8"_s;
    return u"C.UTF-8"_s;
}

} // namespace

class TestI18n : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;

    Shown windowIn(const QString &language)
    {
        language::install(language);
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        const QString dir = m_tmp.path() + u"/session-"_s + language;
        if (!w.newSession(QFINDTESTDATA("data/tiny/search.json"), dir))
            qFatal("%s", qPrintable(w.errorText()));
        return collect(w);
    }

private Q_SLOTS:
    void tsFilesAreComplete_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &l : language::translated())
            QTest::newRow(qPrintable(l))
                << QStringLiteral(KWB_SOURCE_DIR "/translations/kernelworkbench_") + l + u".ts"_s;
    }
    void tsFilesAreComplete()
    {
        QFETCH(QString, file);
        QFile f(file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
        QXmlStreamReader xml(&f);
        int messages = 0;
        QStringList unfinished;
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == u"source"_s) {
                source = xml.readElementText();
                ++messages;
            } else if (xml.name() == u"translation"_s) {
                const bool open = xml.attributes().value(u"type"_s) == u"unfinished"_s;
                if (open ||
                    xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed().isEmpty())
                    unfinished << source;
            }
        }
        QVERIFY(!xml.hasError());
        QVERIFY(messages > 150);
        QVERIFY2(unfinished.isEmpty(), qPrintable(unfinished.join(u" | "_s)));
    }

    // kwb's language follows the locale (LANG); what it prints in English —
    // usage, a command's options, an error, a validation, a run's progress
    // and summary, a report — has none of its English messages in German or
    // Japanese.
    void cliHasNoEnglishLeft_data()
    {
        QTest::addColumn<QString>("language");
        for (const QString &l : language::translated())
            QTest::newRow(qPrintable(l)) << l;
    }
    void cliHasNoEnglishLeft()
    {
        QFETCH(QString, language);
        const QString tiny = QFINDTESTDATA("data/tiny/search.json");
        auto says = [&](const QString &lang, const QStringList &args) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            for (const char *v : {"KWB_LANGUAGE", "LANGUAGE", "LC_ALL", "LC_MESSAGES"})
                env.remove(QString::fromLatin1(v));
            env.insert(u"LANG"_s, localeOf(lang));
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(KWB_BINARY), args);
            if (!p.waitForFinished(300'000))
                qFatal("kwb %s did not finish", qPrintable(args.join(u' ')));
            return QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
        };
        auto run = [&](const QString &lang) {
            const QString session = m_tmp.path() + u"/cli-"_s + lang + u'-' + language;
            QStringList said;
            said << says(lang, {}) << says(lang, {u"eval"_s, u"--help"_s})
                 << says(lang, {u"run"_s, u"--help"_s})
                 << says(lang, {u"run"_s, tiny}) // no --session: an error
                 << says(lang,
                         {u"validate"_s,
                          QStringLiteral(KWB_SOURCE_DIR "/examples/matmul-cpu/workload.json")})
                 << says(lang, {u"run"_s, tiny, u"--session"_s, session, u"--max-evals"_s, u"3"_s})
                 << says(lang, {u"report"_s, session})
                 << says(lang, {u"eval"_s, tiny, u"--quiet"_s})
                 // The engine's diagnostics of files a user writes: a
                 // workload wrong on every line, bad knob settings, a file
                 // that is not there.
                 << says(lang, {u"validate"_s, QFINDTESTDATA("data/tiny/broken.json")})
                 << says(lang, {u"eval"_s, tiny, u"--knob"_s, u"NOPE=1"_s, u"--knob"_s,
                                u"REPEAT=3"_s, u"--knob"_s, u"x"_s})
                 << says(lang, {u"validate"_s, m_tmp.path() + u"/no-such-workload.json"_s})
                 // A host that refuses the connection (port 1 on loopback).
                 << says(lang,
                         {u"hosts"_s, u"check"_s, tiny, u"--host"_s, u"nobody@127.0.0.1:1"_s});
            return said;
        };
        const QStringList english = run(u"en"_s), translated = run(language);
        const QList<QRegularExpression> messages = englishMessages(
            QStringLiteral(KWB_SOURCE_DIR "/translations/kernelworkbench_") + language + u".ts"_s);
        QVERIFY(messages.size() > 100);
        // Texts from a target profile (bottleneck explanations, hints) are
        // the profile's data, in its author's language.
        QString profiles;
        QDirIterator targets(QStringLiteral(KWB_SOURCE_DIR "/resources/targets"),
                             {u"target.json"_s}, QDir::Files, QDirIterator::Subdirectories);
        while (targets.hasNext()) {
            QFile f(targets.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            profiles += QString::fromUtf8(f.readAll());
        }
        QVERIFY(!profiles.isEmpty());
        int checked = 0;
        QStringList left;
        for (int i = 0; i < english.size(); ++i) {
            QVERIFY2(translated[i] != english[i], qPrintable(translated[i]));
            for (const QRegularExpression &message : messages) {
                if (!message.match(english[i]).hasMatch() || message.match(profiles).hasMatch())
                    continue;
                ++checked;
                if (message.match(translated[i]).hasMatch())
                    left << message.pattern();
            }
        }
        QVERIFY2(checked > 70, qPrintable(QString::number(checked))); // the runs did say things
        QVERIFY2(left.isEmpty(), qPrintable(u"untranslated: "_s + left.join(u" | "_s)));
        qInfo("%d English messages said, none left in %s", checked, qPrintable(language));
    }

    void mainWindowHasNoEnglishLeft_data()
    {
        QTest::addColumn<QString>("language");
        for (const QString &l : language::translated())
            QTest::newRow(qPrintable(l)) << l;
    }
    void mainWindowHasNoEnglishLeft()
    {
        QFETCH(QString, language);
        const Shown english = windowIn(u"en"_s);
        const Shown translated = windowIn(language);
        language::install(u"en"_s);
        QCOMPARE(translated.keys(), english.keys()); // the same window
        QVERIFY(english.size() > 80);
        QStringList left;
        for (auto it = english.cbegin(); it != english.cend(); ++it) {
            if (translated.value(it.key()) == it.value() && !mayStayEnglish(it.value(), language))
                left << it.key() + u": "_s + it.value();
        }
        QVERIFY2(left.isEmpty(), qPrintable(u"untranslated: "_s + left.join(u" | "_s)));
    }
};

QTEST_MAIN(TestI18n)
#include "tst_i18n.moc"
