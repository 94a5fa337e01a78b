// Helpers every kwb command shares: output, exit codes, loading a workload
// with its target, opening a session.

#include "cli.h"

#include "session/sessionstore.h"

#include <QFileInfo>

#include <cstdio>

namespace kwb::cli {

using namespace Qt::Literals::StringLiterals;

void out(const QString &s)
{
    std::fputs(s.toUtf8().constData(), stdout);
    std::fflush(stdout);
}

void err(const QString &s)
{
    std::fputs((s + u'\n').toUtf8().constData(), stderr);
    std::fflush(stderr);
}

std::optional<Loaded> loadAll(const QString &path)
{
    LoadedWorkload load = loadWorkloadAndTarget(path);
    for (const Diagnostic &d : std::as_const(load.warnings))
        err(d.toString());
    for (const Diagnostic &d : std::as_const(load.errors))
        err(d.toString());
    if (!load.ok())
        return std::nullopt;
    return Loaded{std::move(*load.target), std::move(*load.workload)};
}

std::unique_ptr<SessionStore> openSession(const QString &command, const QString &dir, const Workload &w,
                                          const TargetProfile &target)
{
    QString error;
    std::unique_ptr<SessionStore> session =
        SessionStore::exists(dir) ? SessionStore::open(dir, &error) : SessionStore::create(dir, w, target, &error);
    if (!session) {
        err(command + u": "_s + error);
        return nullptr;
    }
    for (const QString &warning : session->warnings())
        err(u"kwb: warning: "_s + warning);
    QString difference;
    if (!session->matchesWorkload(w, &difference)) {
        err(command + u": session "_s + dir + u" was made for another version of this workload ("_s + difference
            + u"); use a new --session folder"_s);
        return nullptr;
    }
    return session;
}

QString sessionWorkloadPath(const QString &dir, const QString &command)
{
    QString error;
    auto s = SessionStore::open(dir, &error);
    if (!s) {
        err(command + u": "_s + error);
        return {};
    }
    return qs(s->info().value("workload_path", std::string()));
}

} // namespace kwb::cli
