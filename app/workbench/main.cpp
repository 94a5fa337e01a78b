// kernel-workbench: the desktop face of the engine. Opens a session folder,
// starts one for a workload, or (with no arguments) starts one on the
// bundled CPU example so a new user sees the loop ready to run.

#include "mainwindow.h"
#include "run/workbench.h"
#include "util/language.h"
#include "util/version.h"

#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QIcon>
#include <QPalette>
#include <QStandardPaths>
#include <QStyle>
#include <QTimer>
#include <cstdio>
#include <initializer_list>
#include <memory>

using namespace kwb;
using namespace Qt::Literals::StringLiterals;

namespace {

// The bundled examples: installed beside the binary, else the source tree.
QString bundledExample()
{
    QString installed = QCoreApplication::applicationDirPath() +
                        u"/../share/kernel-workbench/examples/matmul-cpu/workload.json"_s;
    const QStringList candidates = {
        qEnvironmentVariable("KWB_EXAMPLES_DIR") + u"/matmul-cpu/workload.json"_s, installed,
        QStringLiteral(KWB_SOURCE_DIR "/examples/matmul-cpu/workload.json")};
    for (const QString &candidate : candidates) {
        if (QFileInfo::exists(candidate))
            return QFileInfo(candidate).canonicalFilePath();
    }
    return installed;
}

QString newSessionDir(const QString &workloadPath)
{
    const QString base =
        QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/sessions"_s;
    QDir().mkpath(base);
    return base + u'/' + QFileInfo(workloadPath).dir().dirName() + u'-' +
           QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss"_s);
}

// The command line: built once for the window and once, without a display,
// for --help.
void addOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(QApplication::translate(
        "main", "Profile-guided kernel optimization with a human in the loop."));
    p.addHelpOption();
    p.addOption(
        {{u"v"_s, u"version"_s}, QApplication::translate("main", "Print the version and exit.")});
    p.addPositionalArgument(
        u"session"_s, QApplication::translate("main", "A session folder to open."), u"[DIR]"_s);
    p.addOption({u"workload"_s,
                 QApplication::translate("main", "Start a new session for this workload."),
                 u"FILE"_s});
    // Not --session: QGuiApplication takes -session (X11 session management).
    p.addOption(
        {u"session-dir"_s,
         QApplication::translate(
             "main", "Folder of the new session (default: a new one in the user's data folder)."),
         u"DIR"_s});
    p.addOption({u"run"_s,
                 QApplication::translate(
                     "main", "Start the loop at once, in this mode: autopilot, approve or step."),
                 u"MODE"_s});
    p.addOption(
        {u"language"_s,
         QApplication::translate(
             "main", "Use this language (en, de, ja) instead of the one chosen in Settings."),
         u"CODE"_s});
    p.addOption({u"dark"_s, QApplication::translate("main", "Use a dark palette (Fusion style).")});
    p.addOption({u"present"_s,
                 QApplication::translate("main", "Start in presentation mode (F11 toggles it).")});
    p.addOption({u"compare"_s,
                 QApplication::translate("main", "Open the Compare view on candidates A and B."),
                 u"A:B"_s});
    p.addOption({u"screenshot"_s,
                 QApplication::translate(
                     "main", "Save a picture of the window to FILE and quit (for docs)."),
                 u"FILE"_s});
    p.addOption(
        {u"raise"_s,
         QApplication::translate(
             "main", "Bring this dock to the front (e.g. llmDock, hostsDock), for screenshots."),
         u"DOCK"_s});
    p.addOption(
        {u"screenshot-after"_s,
         QApplication::translate("main", "…once this many candidates are recorded (default 0)."),
         u"N"_s, u"0"_s});
}

} // namespace

int main(int argc, char **argv)
{
    auto given = [argc, argv](std::initializer_list<const char *> names) {
        for (int i = 1; i < argc; ++i) {
            for (const char *name : names) {
                if (qstrcmp(argv[i], name) == 0)
                    return true;
            }
        }
        return false;
    };
    // --version answers without a display (packaging checks run headless).
    if (given({"--version", "-v"})) {
        std::printf("%s\n", qPrintable(kwb::versionLine(u"kernel-workbench"_s)));
        return 0;
    }
    // So does --help: a QApplication would abort without one.
    const bool help = given({"--help", "-h", "-?", "--help-all"});
    std::unique_ptr<QCoreApplication> application =
        help ? std::make_unique<QCoreApplication>(argc, argv)
             : std::make_unique<QApplication>(argc, argv);
    QCoreApplication &app = *application;
    QCoreApplication::setApplicationName(u"kernel-workbench"_s);
    QCoreApplication::setOrganizationName(u"kernel-workbench"_s);
    QCoreApplication::setApplicationVersion(kwb::version());
    // Run from the build tree: the build's Python environment (PyTorch, Triton).
    kwb::useBuildPython(QCoreApplication::applicationDirPath());
    if (!help) {
        QApplication::setApplicationDisplayName(u"Kernel Workbench"_s); // a name: not translated
        QGuiApplication::setDesktopFileName(u"org.kernelworkbench.KernelWorkbench"_s);
        QApplication::setWindowIcon(
            QIcon::fromTheme(u"org.kernelworkbench.KernelWorkbench"_s,
                             QIcon(u":/kwb/org.kernelworkbench.KernelWorkbench.svg"_s)));
    }
    // The language: --language CODE, else the one chosen in Settings, else
    // the system's. Installed before any text is made.
    QString language = kwb::language::chosen();
    for (int i = 1; i + 1 < argc; ++i) {
        if (qstrcmp(argv[i], "--language") == 0)
            language = QString::fromLocal8Bit(argv[i + 1]);
    }
    kwb::language::install(language);

    QCommandLineParser p;
    addOptions(p);
    p.process(app);

    if (p.isSet(u"dark"_s)) {
        QApplication::setStyle(u"Fusion"_s);
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(45, 45, 48));
        dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
        dark.setColor(QPalette::Base, QColor(30, 30, 32));
        dark.setColor(QPalette::AlternateBase, QColor(45, 45, 48));
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        dark.setColor(QPalette::Button, QColor(55, 55, 58));
        dark.setColor(QPalette::ButtonText, QColor(230, 230, 230));
        dark.setColor(QPalette::Highlight, QColor(38, 110, 190));
        dark.setColor(QPalette::HighlightedText, Qt::white);
        dark.setColor(QPalette::ToolTipBase, QColor(55, 55, 58));
        dark.setColor(QPalette::ToolTipText, QColor(230, 230, 230));
        dark.setColor(QPalette::Mid, QColor(110, 110, 110));
        dark.setColor(QPalette::Disabled, QPalette::Text, QColor(120, 120, 120));
        dark.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(120, 120, 120));
        QApplication::setPalette(dark);
    }
    MainWindow window;
    window.show();
    if (!p.positionalArguments().isEmpty()) {
        window.openSession(p.positionalArguments().front());
    } else {
        const QString workload = p.isSet(u"workload"_s) ? p.value(u"workload"_s) : bundledExample();
        window.newSession(workload, p.isSet(u"session-dir"_s) ? p.value(u"session-dir"_s)
                                                              : newSessionDir(workload));
    }
    if (p.isSet(u"run"_s) && window.workbench()) {
        const QString mode = p.value(u"run"_s);
        auto *combo = window.findChild<QComboBox *>(u"mode"_s);
        if (combo)
            combo->setCurrentIndex(mode == u"autopilot"_s ? 0 : mode == u"step"_s ? 2 : 1);
        window.action(u"run"_s)->trigger();
    }
    if (p.isSet(u"present"_s))
        window.setPresentationMode(true);
    QWidget *shot = &window;
    if (auto *dock = window.findChild<QDockWidget *>(p.value(u"raise"_s));
        dock && p.isSet(u"raise"_s))
        dock->raise();
    if (p.isSet(u"compare"_s) && window.workbench()) {
        const QStringList ab = p.value(u"compare"_s).split(u':');
        window.compare(ab.value(0).toInt(), ab.value(1).toInt());
        if (p.isSet(u"screenshot"_s)) { // the Compare view on its own, full size
            auto *dock = window.findChild<QDockWidget *>(u"compareDock"_s);
            dock->setFloating(true);
            dock->resize(1280, 800);
            shot = dock;
        }
    }
    if (p.isSet(u"screenshot"_s)) {
        const QString file = p.value(u"screenshot"_s);
        const int after = p.value(u"screenshot-after"_s).toInt();
        auto *poll = new QTimer(&window);
        QObject::connect(poll, &QTimer::timeout, &window, [&window, shot, file, after, poll] {
            if (window.workbench() && window.workbench()->candidates()->rowCount() < after)
                return;
            poll->stop();
            // One more turn so the last candidate is painted everywhere.
            QTimer::singleShot(300, &window, [shot, file] {
                shot->grab().save(file);
                QApplication::quit();
            });
        });
        poll->start(200);
    }
    return QApplication::exec(); // the window's (help has exited in process())
}
