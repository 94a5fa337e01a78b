#include "evalhost.h"

#include <QRegularExpression>
#include <QStandardPaths>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

RunnerFactory EvalHost::loginRunnerFactory()
{
    if (!connection)
        return [](QObject *parent) { return new LocalCommand(parent); };
    return [this](QObject *parent) {
        return new RemoteCommand(connection.get(), remoteRoot, mirror, parent);
    };
}

EvalHost::~EvalHost()
{
    if (allocation)
        allocation->release(); // a local login node: scancel outlives kwb
}

RunnerFactory EvalHost::runnerFactory()
{
    if (slurm && slurm->allocation > 0) {
        if (!allocation)
            allocation = std::make_shared<SlurmAllocation>(*slurm, loginRunnerFactory());
        return [this, login = loginRunnerFactory()](QObject *parent) {
            auto *command = new SlurmStepCommand(allocation, *slurm, login, parent);
            if (jobs)
                jobs->follow(command);
            return command;
        };
    }
    if (slurm) {
        const int pollMs = slurmPollMs();
        if (!submitter) {
            const int windowMs = qEnvironmentVariableIsSet("KWB_SLURM_BATCH_MS")
                                     ? qEnvironmentVariableIntValue("KWB_SLURM_BATCH_MS")
                                     : 200;
            submitter = std::make_shared<SlurmSubmitter>(*slurm, loginRunnerFactory(), windowMs);
        }
        return [this, login = loginRunnerFactory(), pollMs](QObject *parent) {
            auto *command = new SlurmCommand(*slurm, login, pollMs, parent, submitter.get());
            if (jobs)
                jobs->follow(command);
            return command;
        };
    }
    if (!connection)
        return {};
    return loginRunnerFactory();
}

int EvalHost::slurmPollMs() const
{
    return qEnvironmentVariableIsSet("KWB_SLURM_POLL_MS")
               ? qEnvironmentVariableIntValue("KWB_SLURM_POLL_MS")
               : (connection ? 2000 : 500);
}

int EvalHost::slots(int localSlots) const
{
    if (slurm) {
        const int queued = qEnvironmentVariableIntValue("KWB_SLURM_JOBS");
        return queued > 0 ? queued : 4;
    }
    return isLocal() ? std::max(1, localSlots) : 1;
}

QString sessionWorkRoot(const QString &sessionDir, const EvalHost &host)
{
    if (host.isLocal() && !host.slurm)
        return sessionDir + u"/work"_s;
    // A Slurm spec holds '/', '?' and '&': one folder name of it.
    QString name = host.spec;
    name.replace(QRegularExpression(u"[^A-Za-z0-9@._:=-]"_s), u"_"_s);
    return sessionDir + u"/work@"_s + name;
}

QString defaultWorkRoot(const QString &workKey)
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
           u"/kernel-workbench/work/"_s + workKey;
}

SshOptions sshOptionsFromEnvironment()
{
    SshOptions options;
    options.configFile = qEnvironmentVariable("KWB_SSH_CONFIG");
    options.knownHostsFile = qEnvironmentVariable("KWB_SSH_KNOWN_HOSTS");
    if (qEnvironmentVariableIsSet("KWB_SSH_IDENTITY"))
        options.identityFiles << qEnvironmentVariable("KWB_SSH_IDENTITY");
    return options;
}

std::unique_ptr<EvalHost> makeHost(const QString &spec, const QString &workKey,
                                   const SshOptions &options, QString *error)
{
    auto host = std::make_unique<EvalHost>();
    host->spec = spec;
    if (spec == u"local"_s)
        return host;
    QString sshSpec = spec;
    if (SlurmSpec::isSlurm(spec)) {
        host->slurm = SlurmSpec::parse(spec, error);
        if (!host->slurm)
            return nullptr;
        host->jobs = std::make_shared<SlurmJobBoard>();
        if (host->slurm->isLocalLogin())
            return host;
        if (host->slurm->allocation > 0) {
            // One SSH connection runs one command at a time: every srun
            // would hold it for a whole evaluation.
            if (error)
                *error = u"'"_s + spec +
                         u"': a kept allocation needs kwb on the login node (slurm://local?…); "
                         "over SSH, leave out 'allocation' and the evaluations go as job arrays"_s;
            return nullptr;
        }
        sshSpec = host->slurm->login;
    }
    auto target = SshTarget::parse(sshSpec, error);
    if (!target)
        return nullptr;
    host->connection = std::make_unique<SshConnection>(*target, options);
    host->mirror = std::make_shared<RemoteMirror>();
    host->remoteRoot = u".cache/kernel-workbench/work/"_s + workKey;
    return host;
}

} // namespace kwb
