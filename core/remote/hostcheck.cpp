#include "remote/hostcheck.h"

namespace kwb {

using namespace Qt::Literals::StringLiterals;

QString HostCheckAnswer::line() const
{
    return u"  "_s + (ok ? u"✓ "_s : u"✗ "_s) + what +
           (detail.isEmpty() ? QString() : u": "_s + detail.left(80)) +
           (ok || hint.isEmpty() ? QString() : u" — "_s + hint);
}

QString HostCheck::reachableLine(qint64 ms)
{
    return u"  ✓ "_s + tr("reachable and authenticated (%1 ms)").arg(ms);
}

QString HostCheck::summaryLine(bool allOk, const QString &targetId)
{
    return allOk ? tr("all hosts ready for %1").arg(targetId)
                 : tr("some hosts are not ready (see ✗ above)");
}

HostCheck::HostCheck(EvalHost &host, const TargetProfile &target, QObject *parent)
    : QObject(parent), m_host(host)
{
    if (host.slurm) {
        for (const SlurmSpec::Check &c : host.slurm->checks())
            m_questions.push_back({c.what, c.argv, c.failure, true});
    }
    for (const Prerequisite &q : target.prerequisites) {
        // On a cluster, what the target needs is asked of a compute node.
        if (host.slurm)
            m_questions.push_back({q.name + tr(" (on a compute node)"),
                                   host.slurm->onComputeNode(q.command), q.hint, false});
        else
            m_questions.push_back({q.name, q.command, q.hint, false});
    }
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        if (m_process)
            m_process->kill(); // finished() follows, not ok
    });
}

HostCheck::~HostCheck()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(5'000);
    }
    if (m_job >= 0 && m_host.connection)
        m_host.connection->cancel(m_job);
}

void HostCheck::start()
{
    m_at = 0;
    m_allOk = m_slurmReady = true;
    next();
}

void HostCheck::next()
{
    // The target's tools are asked on a compute node: with a login node
    // that cannot submit, there is none to ask.
    if (m_at < m_questions.size() && !m_questions[m_at].slurm && !m_slurmReady)
        m_at = m_questions.size();
    if (m_at >= m_questions.size()) {
        Q_EMIT finished(m_allOk);
        return;
    }
    const QStringList &argv = m_questions[m_at].argv;
    if (argv.isEmpty()) { // nothing to ask: it cannot hold
        onAnswer(false, QString());
        return;
    }
    if (m_host.connection) {
        m_job = m_host.connection->exec(argv, kTimeoutMs);
        m_host.connection->onFinished(m_job, this, [this](const SshResult &r) {
            m_job = -1;
            onAnswer(r.ok && r.exitStatus == 0,
                     r.ok ? QString::fromUtf8(r.output).section(u'\n', 0, 0).trimmed() : r.error);
        });
        return;
    }
    m_process = new QProcess(this);
    connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        m_deadline.stop();
        QProcess *p = m_process;
        m_process = nullptr;
        const QString firstLine =
            QString::fromUtf8(p->readAllStandardOutput()).section(u'\n', 0, 0).trimmed();
        p->deleteLater();
        onAnswer(status == QProcess::NormalExit && code == 0, firstLine);
    });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart || !m_process)
            return; // a crash or a kill still ends in finished()
        m_deadline.stop();
        m_process->deleteLater();
        m_process = nullptr;
        onAnswer(false, QString());
    });
    m_deadline.start(kTimeoutMs);
    m_process->start(argv.front(), argv.mid(1));
}

void HostCheck::onAnswer(bool ok, const QString &detail)
{
    const Question &q = m_questions[m_at];
    m_allOk = m_allOk && ok;
    if (q.slurm)
        m_slurmReady = m_slurmReady && ok;
    Q_EMIT answered(HostCheckAnswer{ok, q.what, detail, q.hint});
    ++m_at;
    next();
}

} // namespace kwb
