#include "remotecommand.h"

#include "remote/sshconnection.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSet>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

RemoteCommand::RemoteCommand(SshConnection *connection, const QString &remoteRoot,
                             std::shared_ptr<RemoteMirror> mirror, QObject *parent)
    : CommandRunner(parent), m_connection(connection), m_remoteRoot(remoteRoot),
      m_mirror(std::move(mirror))
{
    connect(connection, &SshConnection::finished, this, &RemoteCommand::onJob);
    connect(connection, &SshConnection::outputLine, this, [this](int job, const QString &line) {
        if (job != m_execJob)
            return;
        m_stderrTail << line;
        if (m_stderrTail.size() > 20)
            m_stderrTail.removeFirst();
        Q_EMIT stderrLine(line);
    });
}

void RemoteCommand::start(const QString &workDir, const QStringList &argv, int timeoutMs,
                          qint64 stdoutCap)
{
    m_running = true;
    m_cancelled = m_failed = false;
    m_pending.clear();
    m_uploads.clear();
    m_stderrTail.clear();
    m_startMs = QDateTime::currentMSecsSinceEpoch();
    // Mirror what changed: folders first (jobs run in order on the
    // connection's thread), then files, then the command.
    QSet<QString> dirs;
    std::vector<std::tuple<QString, QByteArray, QByteArray, int>>
        files; // relative path, content, hash, mode
    QDirIterator it(workDir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString rel = QDir(workDir).relativeFilePath(path);
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray data = f.readAll();
        const QByteArray hash = QCryptographicHash::hash(data, QCryptographicHash::Sha1);
        if (m_mirror->uploaded.value(rel) == hash)
            continue;
        dirs.insert(QFileInfo(rel).path());
        const bool executable = QFileInfo(path).isExecutable();
        files.emplace_back(rel, data, hash, executable ? 0755 : 0644);
    }
    for (const QString &d : std::as_const(dirs)) {
        const QString remote = d == u"."_s ? m_remoteRoot : m_remoteRoot + u'/' + d;
        m_pending.insert(m_connection->makePath(remote), u"create "_s + remote);
    }
    for (const auto &[rel, data, hash, mode] : files) {
        const int job = m_connection->upload(data, m_remoteRoot + u'/' + rel, mode);
        m_pending.insert(job, u"upload "_s + rel);
        m_uploads.insert(job, {rel, hash});
    }
    // The folder may not exist yet when nothing was mirrored (a Slurm login
    // node asked about its cluster before any evaluation).
    const QString root = SshConnection::shellQuote(m_remoteRoot);
    m_execJob = m_connection->execShell(u"mkdir -p "_s + root + u" && cd "_s + root + u" && "_s +
                                            SshConnection::commandLine(argv),
                                        timeoutMs, stdoutCap);
    m_pending.insert(m_execJob, u"run"_s);
}

void RemoteCommand::onJob(int job, const SshResult &result)
{
    if (!m_pending.contains(job))
        return;
    const QString what = m_pending.take(job);
    if (job != m_execJob) {
        if (result.ok) {
            if (m_uploads.contains(job)) {
                const auto [rel, hash] = m_uploads.take(job);
                m_mirror->uploaded.insert(rel, hash);
            }
        } else if (!m_failed) {
            // The command will still run (jobs are queued); its result is
            // ignored: what it would see is incomplete.
            m_failed = true;
            CommandOutcome o;
            o.infraError = u"cannot "_s + what + u" on "_s + m_connection->target().toString() +
                           u": "_s + result.error;
            finish(o);
        }
        return;
    }
    if (m_failed)
        return;
    CommandOutcome o;
    if (m_cancelled) {
        o.cancelled = true;
        o.infraError = u"cancelled"_s;
    } else if (result.timedOut) {
        o.timedOut = true;
        o.infraError = result.error;
    } else if (!result.ok) {
        o.infraError = result.error; // lost connection, host key, authentication
        m_mirror->uploaded.clear();  // after a loss, check everything again
    } else if (result.truncated) {
        o.overCap = true;
        o.infraError =
            u"the result on "_s + m_connection->target().toString() + u" exceeded its size limit"_s;
    }
    o.exitCode = result.exitStatus;
    o.stdoutData = result.output;
    finish(o);
}

void RemoteCommand::finish(CommandOutcome outcome)
{
    m_running = false;
    outcome.stderrTail = m_stderrTail.join(u'\n');
    outcome.elapsedMs = QDateTime::currentMSecsSinceEpoch() - m_startMs;
    Q_EMIT finished(outcome);
}

void RemoteCommand::cancel()
{
    // The command is killed on the host (its whole process group), or never
    // started if still queued behind the uploads.
    m_cancelled = true;
    if (m_running && m_connection)
        m_connection->cancel(m_execJob);
}

} // namespace kwb
