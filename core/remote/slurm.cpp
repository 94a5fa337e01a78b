#include "slurm.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QUrlQuery>
#include <algorithm>
#include <limits>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

namespace {

constexpr int kLoginCommandMs = 60'000;
constexpr qint64 kPollBytes = 1 << 20; ///< stderr read per poll, at most
constexpr int kGracePolls = 5;         ///< polls a finished job may take to show its exit file

QString shellQuote(const QString &s)
{
    if (!s.isEmpty() && QRegularExpression(u"^[A-Za-z0-9_./:=@%+,-]+$"_s).match(s).hasMatch())
        return s;
    return u'\'' + QString(s).replace(u"'"_s, u"'\\''"_s) + u'\'';
}

QString shellLine(const QStringList &argv)
{
    QStringList quoted;
    for (const QString &a : argv)
        quoted << shellQuote(a);
    return quoted.join(u' ');
}

/// States in which Slurm ended the job for the cluster's reasons: the
/// evaluation says nothing about the kernel and is retried.
bool clusterEnded(const QString &state)
{
    static const QStringList states = {u"NODE_FAIL"_s,    u"PREEMPTED"_s, u"BOOT_FAIL"_s,
                                       u"CANCELLED"_s,    u"DEADLINE"_s,  u"REVOKED"_s,
                                       u"SPECIAL_EXIT"_s, u"FAILED"_s};
    return states.contains(state);
}

bool terminal(const QString &state)
{
    return clusterEnded(state) || state == u"COMPLETED"_s || state == u"TIMEOUT"_s ||
           state == u"OUT_OF_MEMORY"_s;
}

} // namespace

bool SlurmSpec::isSlurm(const QString &spec)
{
    return spec.startsWith(u"slurm://"_s);
}

std::optional<SlurmSpec> SlurmSpec::parse(const QString &spec, QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!isSlurm(spec))
        return fail(u"'"_s + spec + u"' is not a Slurm host (slurm://LOGIN?partition=…)"_s);
    const QString rest = spec.mid(8);
    const qsizetype q = rest.indexOf(u'?');
    SlurmSpec s;
    s.login = q < 0 ? rest : rest.left(q);
    if (s.login.isEmpty() || s.login.contains(u'/'))
        return fail(u"'"_s + spec +
                    u"': name the login node after slurm:// ('local' or an SSH target)"_s);
    const QUrlQuery query(q < 0 ? QString() : rest.mid(q + 1));
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        QString *field = key == u"partition"_s    ? &s.partition
                         : key == u"gres"_s       ? &s.gres
                         : key == u"constraint"_s ? &s.constraint
                         : key == u"qos"_s        ? &s.qos
                         : key == u"account"_s    ? &s.account
                         : key == u"time"_s       ? &s.time
                                                  : nullptr;
        if (field) {
            if (value.isEmpty() || value.contains(QRegularExpression(u"\\s"_s)))
                return fail(u"'"_s + spec + u"': '"_s + key + u"' needs a value without spaces"_s);
            *field = value;
        } else if (key == u"sbatch"_s) {
            s.extra << value.split(u' ', Qt::SkipEmptyParts);
        } else if (key == u"allocation"_s) {
            bool ok = false;
            s.allocation = value.toInt(&ok);
            if (!ok || s.allocation < 1)
                return fail(u"'"_s + spec +
                            u"': 'allocation' is the number of nodes to keep (1 or more)"_s);
        } else {
            return fail(
                u"'"_s + spec + u"': unknown key '"_s + key +
                u"' (partition, gres, constraint, qos, account, time, sbatch, allocation)"_s);
        }
    }
    return s;
}

QString SlurmSpec::toString() const
{
    QStringList items;
    auto add = [&items](const QString &key, const QString &value) {
        if (!value.isEmpty()) // '&', '=', '%', '#' and spaces escaped; ':' and '/' kept readable
            items << key + u'=' + QString::fromUtf8(QUrl::toPercentEncoding(value, ":/@,"));
    };
    add(u"partition"_s, partition);
    add(u"gres"_s, gres);
    add(u"constraint"_s, constraint);
    add(u"qos"_s, qos);
    add(u"account"_s, account);
    add(u"time"_s, time);
    add(u"sbatch"_s, extra.join(u' '));
    if (allocation > 0)
        add(u"allocation"_s, QString::number(allocation));
    return u"slurm://"_s + login + (items.isEmpty() ? QString() : u'?' + items.join(u'&'));
}

QStringList SlurmSpec::jobOptions() const
{
    QStringList o;
    const std::pair<const char *, const QString *> fields[] = {
        {"--partition=", &partition},   {"--gres=", &gres},
        {"--constraint=", &constraint}, {"--qos=", &qos},
        {"--account=", &account},       {"--time=", &time},
        {"--nodelist=", &nodelist}};
    for (const auto &[flag, value] : fields)
        if (!value->isEmpty())
            o << QString::fromLatin1(flag) + *value;
    return o + extra;
}

std::vector<SlurmSpec::Check> SlurmSpec::checks() const
{
    std::vector<Check> c;
    c.push_back(
        {u"sbatch and squeue"_s,
         {u"sh"_s, u"-c"_s, u"sbatch --version && squeue -h -u \"$(id -un)\" -o %i >/dev/null"_s},
         u"sbatch or squeue does not answer on the login node (is Slurm's client "
         "installed and the controller up?)"_s});
    if (!partition.isEmpty())
        c.push_back(
            {u"partition "_s + partition,
             {u"sh"_s, u"-c"_s,
              u"scontrol -o show partition "_s + shellQuote(partition) + u" 2>&1 | grep -q "_s +
                  shellQuote(u"^PartitionName="_s + partition + u' ') + u" && echo 'it exists'"_s},
             u"the cluster has no partition '"_s + partition + u"' (sinfo lists them)"_s});
    if (!gres.isEmpty()) {
        const QString name = gres.section(u':', 0, 0);
        c.push_back(
            {u"GRES "_s + gres,
             {u"sh"_s, u"-c"_s,
              u"sinfo -h "_s +
                  (partition.isEmpty() ? QString() : u"-p "_s + shellQuote(partition)) +
                  u" -o %G | grep -w "_s + shellQuote(name)},
             u"no node of "_s +
                 (partition.isEmpty() ? u"the cluster"_s : u"partition '"_s + partition + u'\'') +
                 u" has the GRES '"_s + name + u"' (sinfo -o %G)"_s});
    }
    return c;
}

void checkSlurm(const SlurmSpec &spec, const RunnerFactory &login, const QString &workDir,
                QObject *context, std::function<void(const QString &error)> done)
{
    QDir().mkpath(workDir);
    auto checks = std::make_shared<std::vector<SlurmSpec::Check>>(spec.checks());
    auto next = std::make_shared<std::function<void(size_t)>>();
    *next = [=](size_t i) {
        if (i == checks->size()) {
            done(QString());
            *next = nullptr; // breaks the cycle through the captures
            return;
        }
        CommandRunner *step = login(context);
        QObject::connect(step, &CommandRunner::finished, context, [=](const CommandOutcome &o) {
            step->deleteLater();
            if (o.infraError.isEmpty() && o.exitCode == 0)
                return (*next)(i + 1);
            const QString said =
                (o.infraError.isEmpty() ? o.stderrTail : o.infraError).trimmed().section(u'\n', -1);
            done((*checks)[i].failure + (said.isEmpty() ? QString() : u" — "_s + said));
            *next = nullptr;
        });
        step->start(workDir, (*checks)[i].argv, kLoginCommandMs, qint64(64) * 1024);
    };
    (*next)(0);
}

std::vector<SlurmNodeType> parseSlurmNodeTypes(const QString &sinfo, const QString &constraint)
{
    QStringList wanted; // features every node must have
    if (!constraint.isEmpty() && !constraint.contains(QRegularExpression(u"[|\\[\\]*()]"_s)))
        wanted = constraint.split(u'&', Qt::SkipEmptyParts);
    // Where to measure: an idle node first, then one partly or wholly in use;
    // never one that is down, drained, failing, reserved or not responding.
    auto rank = [](const QString &state) {
        if (state.endsWith(u'*') || state.endsWith(u'$') || state.endsWith(u'~'))
            return 0;
        return state.startsWith(u"idle"_s)    ? 3
               : state.startsWith(u"mix"_s)   ? 2
               : state.startsWith(u"alloc"_s) ? 1
                                              : 0;
    };
    const QStringList lines = sinfo.split(u'\n', Qt::SkipEmptyParts);
    const bool defaultOnly = std::any_of(lines.begin(), lines.end(), [](const QString &line) {
        const QStringList f = line.trimmed().split(u'|');
        return f.size() >= 6 && f[5].endsWith(u'*');
    });
    std::vector<SlurmNodeType> types;
    std::vector<int> pickRank;
    QStringList seen;
    for (const QString &line : lines) {
        const QStringList f = line.trimmed().split(u'|');
        if (f.size() < 5 || f[0].isEmpty() || seen.contains(f[0]))
            continue;
        // With a partition column (no partition named): the default one only.
        if (f.size() >= 6 && defaultOnly && !f[5].endsWith(u'*'))
            continue;
        seen << f[0];
        auto none = [](const QString &v) { return v == u"(null)"_s ? QString() : v; };
        const QString features = none(f[1]);
        const QStringList have = features.split(u',', Qt::SkipEmptyParts);
        if (!std::all_of(wanted.begin(), wanted.end(),
                         [&](const QString &w) { return have.contains(w); }))
            continue;
        const QString key = u"cpus="_s + f[3] + u" features="_s +
                            (features.isEmpty() ? u"-"_s : features) + u" gres="_s +
                            (none(f[2]).isEmpty() ? u"-"_s : none(f[2]));
        auto it = std::find_if(types.begin(), types.end(),
                               [&](const SlurmNodeType &t) { return t.key == key; });
        if (it == types.end()) {
            types.push_back({key, {}, {}});
            pickRank.push_back(0);
            it = types.end() - 1;
        }
        it->nodes << f[0];
        int &best = pickRank[size_t(it - types.begin())];
        if (const int r = rank(f[4]); r > best) {
            best = r;
            it->pick = f[0];
        }
    }
    return types;
}

void slurmNodeTypes(
    const SlurmSpec &spec, const RunnerFactory &login, const QString &workDir, QObject *context,
    std::function<void(const std::vector<SlurmNodeType> &, const QString &error)> done)
{
    QDir().mkpath(workDir);
    CommandRunner *step = loginRunner(login, context);
    QObject::connect(
        step, &CommandRunner::finished, context,
        [step, constraint = spec.constraint, done = std::move(done)](const CommandOutcome &o) {
            step->deleteLater();
            if (!o.infraError.isEmpty() || o.exitCode != 0)
                return done({}, u"sinfo failed on the login node: "_s +
                                    (o.infraError.isEmpty() ? o.stderrTail : o.infraError));
            done(parseSlurmNodeTypes(QString::fromUtf8(o.stdoutData), constraint), QString());
        });
    // No partition named: jobs go to the default one (sinfo marks it '*').
    QStringList argv{u"sinfo"_s, u"-N"_s, u"-h"_s, u"-o"_s,
                     spec.partition.isEmpty() ? u"%N|%f|%G|%c|%t|%P"_s : u"%N|%f|%G|%c|%t"_s};
    if (!spec.partition.isEmpty())
        argv << u"-p"_s << spec.partition;
    step->start(workDir, argv, kLoginCommandMs, qint64(4) << 20);
}

CommandRunner *loginRunner(const RunnerFactory &login, QObject *parent)
{
    return login ? login(parent) : new LocalCommand(parent);
}

void scancelOnLogin(const SlurmSpec &spec, const RunnerFactory &login, const QString &workDir,
                    const QString &jobId)
{
    if (spec.isLocalLogin()) {
        QProcess::startDetached(u"scancel"_s, {jobId});
        return;
    }
    CommandRunner *step = loginRunner(login, nullptr);
    QObject::connect(step, &CommandRunner::finished, step, &QObject::deleteLater);
    step->start(workDir, {u"scancel"_s, jobId}, kLoginCommandMs, 4096);
}

QStringList SlurmSpec::onComputeNode(const QStringList &argv) const
{
    return QStringList{u"srun"_s, u"--ntasks=1"_s, u"--job-name=kwb-check"_s} + jobOptions() + argv;
}

// --- SlurmCommand ---

SlurmCommand::SlurmCommand(SlurmSpec spec, RunnerFactory login, int pollMs, QObject *parent,
                           SlurmSubmitter *submitter)
    : SlurmRunner(parent), m_spec(std::move(spec)), m_login(std::move(login)),
      m_pollMs(std::max(50, pollMs)), m_submitter(submitter)
{
    ownSubmitterIfNone();
    m_pollTimer.setSingleShot(true);
    connect(&m_pollTimer, &QTimer::timeout, this, &SlurmCommand::poll);
}

SlurmCommand::~SlurmCommand()
{
    // Nothing is cancelled here: a kwb that goes away leaves its jobs running
    // and their ids recorded, and the next one picks them up. Stop cancels.
    m_done = true;
}

QString SlurmCommand::tagFor(const QStringList &argv)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(argv.join(QChar(0)).toUtf8(), QCryptographicHash::Sha256)
            .toHex()
            .left(16));
}

QString SlurmCommand::file(const QString &ext) const
{
    return u"slurm/"_s + m_tag + u'.' + ext;
}

void SlurmCommand::ownSubmitterIfNone()
{
    if (m_submitter)
        return;
    m_ownSubmitter = std::make_unique<SlurmSubmitter>(m_spec, m_login, 0);
    m_submitter = m_ownSubmitter.get();
}

QString SlurmCommand::jobFile(const QString &ext) const
{
    return u"slurm/job-"_s + m_jobId + u'.' + ext;
}

void SlurmCommand::start(const QString &workDir, const QStringList &argv, int timeoutMs,
                         qint64 stdoutCap)
{
    Q_ASSERT(!argv.isEmpty());
    m_workDir = workDir;
    m_argv = argv;
    m_tag = tagFor(argv);
    m_timeoutMs = timeoutMs;
    m_cap = stdoutCap;
    m_outcome = {};
    m_jobId.clear();
    m_lastState.clear();
    m_stderrOffset = 0;
    m_stderr.clear();
    m_queuedMs = -1;
    m_unknownPolls = 0;
    m_resumed = false;
    m_over = false;
    m_done = false;
    m_running = true;
    m_queued.start();
    m_runtime.invalidate();

    QDir().mkpath(workDir + u"/slurm"_s);
    QFile recorded(workDir + u'/' + file(u"id"_s));
    if (recorded.open(QIODevice::ReadOnly)) {
        m_jobId = QString::fromUtf8(recorded.readAll()).trimmed();
        if (!m_jobId.isEmpty()) {
            m_resumed = true;
            Q_EMIT stderrLine(u"kwb: found Slurm job "_s + m_jobId +
                              u" of this evaluation from before; following it"_s);
            poll();
            return;
        }
    }
    submit();
}

void SlurmCommand::submit()
{
    m_jobId.clear();
    m_stderrOffset = 0;
    QFile script(m_workDir + u'/' + file(u"sh"_s));
    const QString body =
        u"#!/bin/sh\n"
        "# kwb: one evaluation, a task of a Slurm job array. Its output and exit\n"
        "# status are kept per job, so a retry never reads what an earlier try\n"
        "# (on a node cut off, not dead) writes late.\n"
        "job=${SLURM_ARRAY_JOB_ID:-$SLURM_JOB_ID}_${SLURM_ARRAY_TASK_ID:-0}\n"
        "echo \"kwb: Slurm job $job running on ${SLURMD_NODENAME:-$(hostname)}\" >&2\n"
        "%1 > slurm/job-$job.out\n"
        "echo $? > slurm/job-$job.exit.part && mv slurm/job-$job.exit.part slurm/job-$job.exit\n"_s
            .arg(shellLine(m_argv));
    if (!script.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        script.write(body.toUtf8()) < 0 || !script.flush())
        return endWithInfra(u"cannot write "_s + script.fileName() + u": "_s +
                            script.errorString());
    script.close();
    ownSubmitterIfNone(); // the host's went away before this command
    m_submitter->submit(this, m_workDir, m_tag);
}

void SlurmCommand::submitted(const QString &jobId)
{
    m_jobId = jobId;
    QFile recorded(m_workDir + u'/' + file(u"id"_s));
    if (!recorded.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        recorded.write(m_jobId.toUtf8()) < 0 || !recorded.flush())
        qWarning("kwb: cannot record Slurm job %s in %s", qPrintable(m_jobId),
                 qPrintable(recorded.fileName()));
    Q_EMIT stderrLine(u"kwb: submitted Slurm job "_s + m_jobId);
    Q_EMIT jobStateChanged(m_jobId, u"PENDING"_s, m_queued.elapsed()); // until squeue says
    m_pollTimer.start(m_pollMs);
}

void SlurmCommand::submitFailed(const QString &why)
{
    endWithInfra(u"sbatch refused the job: "_s + why);
}

void SlurmCommand::poll()
{
    if (m_done)
        return;
    const QString line = u"squeue -h -r -t all -j "_s + m_jobId +
                         u" -o '%T|%r|%N' 2>/dev/null; echo @@kwb-exit; cat "_s +
                         jobFile(u"exit"_s) + u" 2>/dev/null; echo @@kwb-err; tail -c +"_s +
                         QString::number(m_stderrOffset + 1) + u' ' + jobFile(u"err"_s) +
                         u" 2>/dev/null | head -c "_s + QString::number(kPollBytes);
    runOnLogin({u"sh"_s, u"-c"_s, line}, kPollBytes + 8192,
               [this](const CommandOutcome &o) { onPolled(o); });
}

void SlurmCommand::onPolled(const CommandOutcome &o)
{
    if (!o.infraError.isEmpty())
        return endWithInfra(u"cannot ask Slurm about job "_s + m_jobId + u": "_s + o.infraError);
    const QByteArray &data = o.stdoutData;
    const qsizetype exitAt = data.indexOf("@@kwb-exit\n");
    const qsizetype errAt = data.indexOf("@@kwb-err\n");
    if (exitAt < 0 || errAt < exitAt)
        return endWithInfra(u"the login node answered a poll of job "_s + m_jobId +
                            u" with something else: "_s + QString::fromUtf8(data.left(200)));
    const QString squeue = QString::fromUtf8(data.left(exitAt)).trimmed();
    const QString exitText =
        QString::fromUtf8(data.mid(exitAt + 11, errAt - exitAt - 11)).trimmed();
    emitStderr(data.mid(errAt + 10));

    SlurmJobState job;
    if (const QStringList f = squeue.section(u'\n', 0, 0).split(u'|'); f.size() == 3) {
        job.state = f[0].section(u' ', 0, 0); // "CANCELLED by 1000"
        job.reason = f[1];
        job.nodes = f[2];
    }
    if (!job.state.isEmpty() && job.state != m_lastState) {
        if (job.state != u"PENDING"_s && m_queuedMs < 0) {
            m_queuedMs = m_queued.elapsed();
            m_runtime.start();
        }
        m_lastState = job.state;
        if (job.state != u"PENDING"_s && !job.nodes.isEmpty())
            m_outcome.node = job.nodes;
        Q_EMIT jobStateChanged(m_jobId, job.state,
                               m_queuedMs < 0 ? m_queued.elapsed() : m_queuedMs);
        Q_EMIT stderrLine(
            u"kwb: Slurm job "_s + m_jobId + u' ' + job.state +
            (job.state == u"PENDING"_s && job.reason != u"None"_s ? u" ("_s + job.reason + u')'
                                                                  : QString()) +
            (job.nodes.isEmpty() || job.state == u"PENDING"_s ? QString() : u" on "_s + job.nodes));
    }
    bool ok = false;
    const int exitCode = exitText.toInt(&ok);
    // Ended at its time limit, the command killed by Slurm's signal, and the
    // job's script still wrote that status before the signal reached it too
    // (seen once in CI, under the sanitizers): the time limit is the kernel's.
    if (ok && exitCode > 128 && (m_timeLimitSaid || job.state == u"TIMEOUT"_s)) {
        m_over = true;
        return endAtTimeLimit();
    }
    if (ok)
        return fetchOutput(exitCode);
    if (m_runtime.isValid() && m_timeoutMs > 0 && m_runtime.elapsed() > m_timeoutMs) {
        m_outcome.timedOut = true;
        m_over = true;
        runOnLogin({u"scancel"_s, m_jobId}, 4096, [](const CommandOutcome &) {});
        return endWithInfra(u"Slurm job "_s + m_jobId + u" ran past kwb's limit for the command (" +
                            QString::number(m_timeoutMs / 1000) + u" s) and was cancelled"_s);
    }
    if (job.state.isEmpty() || terminal(job.state)) {
        // Finished (or forgotten by the controller) without an exit status:
        // allow the file system a few polls to show it before judging.
        if (++m_unknownPolls < kGracePolls) {
            m_pollTimer.start(m_pollMs);
            return;
        }
        m_over = true;
        if (m_resumed && m_lastState.isEmpty() && job.state.isEmpty()) {
            // A job recorded before that Slurm has forgotten, with nothing
            // left behind: it never ran to the end, so it is submitted anew.
            Q_EMIT stderrLine(u"kwb: Slurm no longer knows job "_s + m_jobId +
                              u" and it left no result; submitting again"_s);
            m_resumed = false;
            m_over = false;
            m_unknownPolls = 0;
            QFile::remove(m_workDir + u'/' + file(u"id"_s));
            return submit();
        }
        if (job.state == u"TIMEOUT"_s)
            return endAtTimeLimit();
        if (job.state == u"OUT_OF_MEMORY"_s)
            return endWithKernelFailure(u"crash"_s,
                                        u"Slurm ended job "_s + m_jobId + u": out of memory"_s);
        if (job.state.isEmpty())
            return endWithInfra(u"Slurm no longer knows job "_s + m_jobId +
                                u" and it left no exit status"_s);
        return endWithInfra(u"Slurm ended job "_s + m_jobId + u' ' + job.state +
                            (job.nodes.isEmpty() ? QString() : u" on "_s + job.nodes) +
                            (job.reason.isEmpty() || job.reason == u"None"_s
                                 ? QString()
                                 : u" ("_s + job.reason + u')') +
                            u" before the evaluation finished"_s);
    }
    m_unknownPolls = 0;
    m_pollTimer.start(m_pollMs);
}

void SlurmCommand::fetchOutput(int exitCode)
{
    runOnLogin({u"cat"_s, jobFile(u"out"_s)}, m_cap, [this, exitCode](const CommandOutcome &o) {
        if (o.overCap)
            return endWithInfra(u"the command printed more than "_s + QString::number(m_cap >> 20) +
                                u" MiB on stdout"_s);
        if (!o.infraError.isEmpty() || o.exitCode != 0)
            return endWithInfra(u"cannot read the output of Slurm job "_s + m_jobId + u": "_s +
                                (o.infraError.isEmpty() ? o.stderrTail : o.infraError));
        m_over = true;
        m_outcome.stdoutData = o.stdoutData;
        m_outcome.exitCode = exitCode;
        // A status over 128 is a signal's (the shell's convention).
        m_outcome.crashed = exitCode > 128;
        finish();
    });
}

void SlurmCommand::runOnLogin(const QStringList &argv, qint64 cap,
                              std::function<void(const CommandOutcome &)> then)
{
    CommandRunner *step = loginRunner(m_login, this);
    m_step = step;
    connect(step, &CommandRunner::finished, this,
            [this, step, then = std::move(then)](const CommandOutcome &o) {
                step->deleteLater();
                if (!m_done)
                    then(o);
            });
    step->start(m_workDir, argv, kLoginCommandMs, cap);
}

void SlurmCommand::cancel()
{
    if (m_done || !m_running)
        return;
    m_outcome.cancelled = true;
    m_pollTimer.stop();
    if (m_step)
        m_step->cancel();
    ownSubmitterIfNone();
    if (m_jobId.isEmpty()) {
        m_submitter->withdraw(this);
    } else {
        m_submitter->scancel(m_workDir, m_jobId);
        QFile::remove(m_workDir + u'/' + file(u"id"_s));
    }
    m_outcome.infraError = u"cancelled"_s;
    QTimer::singleShot(0, this, &SlurmCommand::finish);
}

void SlurmCommand::emitStderr(const QByteArray &bytes)
{
    static const QRegularExpression runningOn(u"^kwb: Slurm job \\S+ running on (\\S+)"_s);
    // slurmstepd's line in the job's error file as it ends the job.
    static const QRegularExpression timeLimit(
        u"^slurmstepd\\S*: error: \\*\\*\\* (JOB|STEP) \\S+ ON \\S+ CANCELLED AT \\S+ DUE TO TIME LIMIT \\*\\*\\*"_s);
    m_stderrOffset += bytes.size();
    for (const QString &line : m_stderr.feed(bytes)) {
        // The job's own word on its node, written before the command runs.
        if (const QRegularExpressionMatch m = runningOn.match(line); m.hasMatch())
            m_outcome.node = m.captured(1);
        if (timeLimit.match(line).hasMatch())
            m_timeLimitSaid = true;
        Q_EMIT stderrLine(line);
    }
}

void SlurmCommand::endWithInfra(const QString &message)
{
    m_outcome.infraError = message;
    finish();
}

void SlurmCommand::endAtTimeLimit()
{
    endWithKernelFailure(u"timeout"_s,
                         u"Slurm ended job "_s + m_jobId + u" at its time limit ("_s +
                             (m_spec.time.isEmpty() ? u"the partition's"_s : m_spec.time) +
                             u") before the evaluation finished"_s);
}

void SlurmCommand::endWithKernelFailure(const QString &failureClass, const QString &message)
{
    m_outcome.kernelFailure = failureClass;
    m_outcome.kernelFailureMessage = message;
    finish();
}

void SlurmCommand::finish()
{
    if (m_done)
        return;
    m_done = true;
    m_running = false;
    m_pollTimer.stop();
    for (const QString &line : m_stderr.flush())
        Q_EMIT stderrLine(line);
    // A job known to be over is forgotten: the next evaluation of this
    // command is a new job. One this runner lost sight of (the login node
    // did not answer) stays recorded, so the retry follows it instead of
    // submitting it twice.
    if (m_over)
        QFile::remove(m_workDir + u'/' + file(u"id"_s));
    m_outcome.queuedMs = m_queuedMs < 0 ? m_queued.elapsed() : m_queuedMs;
    m_outcome.elapsedMs = m_runtime.isValid() ? m_runtime.elapsed() : 0;
    m_outcome.stderrTail = m_stderr.tail();
    Q_EMIT finished(m_outcome);
}

// --- SlurmSubmitter ---

SlurmSubmitter::SlurmSubmitter(SlurmSpec spec, RunnerFactory login, int windowMs, QObject *parent)
    : QObject(parent), m_spec(std::move(spec)), m_login(std::move(login)),
      m_windowMs(std::max(0, windowMs))
{
}

void SlurmSubmitter::submit(SlurmCommand *command, const QString &workDir, const QString &tag)
{
    QList<Request> &waiting = m_waiting[workDir];
    if (waiting.isEmpty())
        QTimer::singleShot(m_windowMs, this, [this, workDir] { flush(workDir); });
    waiting.append({command, tag});
}

void SlurmSubmitter::withdraw(SlurmCommand *command)
{
    for (QList<Request> &waiting : m_waiting)
        waiting.removeIf([command](const Request &r) { return r.command == command; });
}

void SlurmSubmitter::flush(const QString &workDir)
{
    QList<Request> batch = m_waiting.take(workDir);
    batch.removeIf([](const Request &r) { return !r.command; });
    if (batch.isEmpty())
        return;
    QStringList tags, cases;
    for (qsizetype i = 0; i < batch.size(); ++i) {
        const QString &tag = batch[i].tag;
        tags << tag;
        cases << u"%1) exec sh slurm/%2.sh ;;"_s.arg(i).arg(tag);
    }
    const QString name = u"slurm/array-"_s + SlurmCommand::tagFor(tags) + u".sh"_s;
    QFile script(workDir + u'/' + name);
    const QString body =
        u"#!/bin/sh\n"
        "# kwb: %1 evaluations as one Slurm job array\n"
        "case \"$SLURM_ARRAY_TASK_ID\" in\n%2\n"
        "*) echo \"kwb: no evaluation for task $SLURM_ARRAY_TASK_ID\" >&2; exit 1 ;;\n"
        "esac\n"_s.arg(batch.size())
            .arg(cases.join(u'\n'));
    auto refuse = [batch](const QString &why) {
        for (const Request &r : batch)
            if (r.command && r.command->awaitsJobId())
                r.command->submitFailed(why);
    };
    if (!script.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        script.write(body.toUtf8()) < 0 || !script.flush())
        return refuse(u"cannot write "_s + script.fileName() + u": "_s + script.errorString());
    script.close();
    const QStringList sbatch =
        QStringList{u"sbatch"_s, u"--parsable"_s, u"--job-name=kwb"_s,
                    u"--array=0-"_s + QString::number(batch.size() - 1), u"--output=/dev/null"_s,
                    // kwb retries a task lost with its node (counted, shown)
                    u"--no-requeue"_s, u"--error=slurm/job-%A_%a.err"_s} +
        m_spec.jobOptions() + QStringList{name};
    const QString line = u"exec "_s + shellLine(sbatch);
    CommandRunner *step = loginRunner(m_login, this);
    connect(step, &CommandRunner::finished, this,
            [this, step, batch, workDir, refuse](const CommandOutcome &o) {
                step->deleteLater();
                const QString out = QString::fromUtf8(o.stdoutData).trimmed();
                const QRegularExpressionMatch id =
                    QRegularExpression(u"^(\\d+)(;\\S+)?$"_s).match(out.section(u'\n', -1));
                if (!o.infraError.isEmpty() || o.exitCode != 0 || !id.hasMatch()) {
                    const QString why =
                        o.stderrTail.isEmpty() ? o.infraError : o.stderrTail.trimmed();
                    return refuse(why.isEmpty() ? out : why.section(u'\n', -2));
                }
                Q_EMIT arraySubmitted(id.captured(1), int(batch.size()));
                for (qsizetype i = 0; i < batch.size(); ++i) {
                    const QString task = id.captured(1) + u'_' + QString::number(i);
                    if (batch[i].command && batch[i].command->awaitsJobId())
                        batch[i].command->submitted(task);
                    else // cancelled or gone while sbatch ran
                        scancel(workDir, task);
                }
            });
    step->start(workDir, {u"sh"_s, u"-c"_s, line}, kLoginCommandMs, 4096);
}

void SlurmSubmitter::scancel(const QString &workDir, const QString &jobId)
{
    scancelOnLogin(m_spec, m_login, workDir, jobId);
}

// --- SlurmJobBoard ---

void SlurmJobBoard::follow(SlurmRunner *command)
{
    connect(command, &SlurmRunner::jobStateChanged, this,
            [this](const QString &id, const QString &state, qint64 queuedMs) {
                const QString before = m_states.value(id);
                m_states[id] = state;
                if (state != u"PENDING"_s && (before.isEmpty() || before == u"PENDING"_s)) {
                    m_queuedTotalMs += queuedMs;
                    ++m_queuedJobs;
                }
                Q_EMIT changed();
            });
    connect(command, &CommandRunner::finished, this, [this, command](const CommandOutcome &o) {
        m_states.remove(command->jobId());
        if (o.infraError == u"cancelled"_s)
            ; // Stop: neither done nor failed
        else if (o.infraError.isEmpty())
            ++m_done;
        else
            ++m_failed;
        Q_EMIT changed();
    });
}

int SlurmJobBoard::pending() const
{
    return int(std::count(m_states.cbegin(), m_states.cend(), u"PENDING"_s));
}

int SlurmJobBoard::running() const
{
    return int(m_states.size()) - pending();
}

double SlurmJobBoard::meanQueueMs() const
{
    return m_queuedJobs > 0 ? double(m_queuedTotalMs) / m_queuedJobs
                            : std::numeric_limits<double>::quiet_NaN();
}

} // namespace kwb
