#pragma once

#include "remote/localcommand.h"
#include "remote/remotecommand.h"
#include "remote/slurm.h"
#include "remote/slurmstep.h"
#include "remote/sshconnection.h"

#include <QString>
#include <memory>

namespace kwb {

/// A host evaluations run on: the local one, or an SSH connection with the
/// mirror of what it already has, or a Slurm cluster reached through either
/// (its login node). Remote evaluations run under
/// ~/.cache/kernel-workbench/work/<workload>-<hash> on the host.
struct EvalHost
{
    QString spec =
        QStringLiteral("local"); ///< "local", user@host[:port], an ~/.ssh/config alias, slurm://…
    std::unique_ptr<SshConnection> connection; ///< none for the local host (or login node)
    std::shared_ptr<RemoteMirror> mirror;
    QString remoteRoot;
    std::optional<SlurmSpec> slurm;
    std::shared_ptr<SlurmJobBoard> jobs; ///< a Slurm host's jobs, for the Hosts dock
    /// Batches a Slurm host's evaluations into job arrays: those starting
    /// within KWB_SLURM_BATCH_MS (default 200) of each other.
    std::shared_ptr<SlurmSubmitter> submitter;
    /// A Slurm host's kept allocation (`allocation=N`, a local login node
    /// only): its evaluations are steps in it. Released when the host goes.
    std::shared_ptr<SlurmAllocation> allocation;
    qint64 connectMs = 0;

    EvalHost() = default;
    ~EvalHost();
    EvalHost(const EvalHost &) = delete;
    EvalHost &operator=(const EvalHost &) = delete;

    /// Its work folder is on this machine (the local host, or a Slurm
    /// cluster whose login node this is).
    bool isLocal() const { return !connection; }
    /// Evaluations it can run at once: the local slots, 1 for an SSH host,
    /// KWB_SLURM_JOBS (default 4) jobs or steps in a Slurm queue.
    int slots(int localSlots) const;
    /// Empty for the local host (the evaluator's default runner).
    RunnerFactory runnerFactory();
    /// How often a Slurm host's jobs are polled: KWB_SLURM_POLL_MS, else
    /// 500 ms on a local login node and 2 s over SSH.
    int slurmPollMs() const;
    /// Runs commands on the login node (or the host itself): local or SSH.
    RunnerFactory loginRunnerFactory();
};

/// Where a session prepares the evaluations of `host`: DIR/work for the
/// local host, DIR/work@SPEC (the local mirror of what the host gets) else.
QString sessionWorkRoot(const QString &sessionDir, const EvalHost &host);

/// Where a workload's evaluations are prepared locally when no session
/// says: ~/.cache/kernel-workbench/work/<workKey> (Workload::workKey).
QString defaultWorkRoot(const QString &workKey);

/// SSH settings: ~/.ssh/config and known_hosts, the agent and key files, or
/// the overrides KWB_SSH_CONFIG, KWB_SSH_KNOWN_HOSTS and KWB_SSH_IDENTITY.
/// The callbacks (passphrase, host key, keyboard-interactive) are the
/// caller's to set.
SshOptions sshOptionsFromEnvironment();

/// A host for `spec` ("local" or an SSH target), not yet connected: for
/// SSH, the first job connects (or call connectToHost()); its work folder
/// is named by `workKey`. nullptr with `error` for a spec that is not a host.
std::unique_ptr<EvalHost> makeHost(const QString &spec, const QString &workKey,
                                   const SshOptions &options, QString *error);

} // namespace kwb
