#include "evalhost.h"

#include <QStandardPaths>

namespace kwb {

using namespace Qt::Literals::StringLiterals;

RunnerFactory EvalHost::runnerFactory()
{
    if (!connection)
        return {};
    return [this](QObject *parent) {
        return new RemoteCommand(connection.get(), remoteRoot, mirror, parent);
    };
}

QString sessionWorkRoot(const QString &sessionDir, const EvalHost &host)
{
    return sessionDir + u"/work"_s + (host.isLocal() ? QString() : u"@"_s + host.spec);
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
    auto target = SshTarget::parse(spec, error);
    if (!target)
        return nullptr;
    host->connection = std::make_unique<SshConnection>(*target, options);
    host->mirror = std::make_shared<RemoteMirror>();
    host->remoteRoot = u".cache/kernel-workbench/work/"_s + workKey;
    return host;
}

} // namespace kwb
