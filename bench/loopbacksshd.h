#pragma once
// A private sshd on 127.0.0.1 for the SSH benchmarks (tests/sshd/sshd.sh):
// started in `dir`, stopped when this goes out of scope.

#include "remote/sshconnection.h"

#include <QFile>
#include <QProcess>

namespace kwb::bench {

struct LoopbackSshd
{
    QString dir;
    int port = 0;

    explicit LoopbackSshd(const QString &folder) : dir(folder)
    {
        if (QProcess::execute(script(), {QStringLiteral("start"), dir}) != 0)
            return;
        QFile f(dir + QStringLiteral("/port"));
        if (f.open(QIODevice::ReadOnly))
            port = f.readAll().trimmed().toInt();
    }
    ~LoopbackSshd() { QProcess::execute(script(), {QStringLiteral("stop"), dir}); }
    LoopbackSshd(const LoopbackSshd &) = delete;
    LoopbackSshd &operator=(const LoopbackSshd &) = delete;

    bool ok() const { return port > 0; }
    QString user() const { return qEnvironmentVariable("USER", QStringLiteral("root")); }
    QString clientKey() const { return dir + QStringLiteral("/client_key"); }
    QString knownHosts() const { return dir + QStringLiteral("/known_hosts"); }
    SshTarget target() const
    {
        SshTarget t;
        t.host = QStringLiteral("127.0.0.1");
        t.user = user();
        t.port = port;
        return t;
    }
    SshOptions options() const
    {
        SshOptions o;
        o.knownHostsFile = knownHosts();
        o.configFile = QStringLiteral("none");
        o.identityFiles = {clientKey()};
        return o;
    }
    static QString script() { return QStringLiteral(KWB_SOURCE_DIR "/tests/sshd/sshd.sh"); }
};

} // namespace kwb::bench
