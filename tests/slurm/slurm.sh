#!/usr/bin/env bash
# A private Slurm cluster on 127.0.0.1 for the Slurm tests and benchmarks:
# its own munged (key and socket in DIR), a slurmctld and NODES slurmd (n1,
# n2, …; one CPU each; partition "debug" has them all, "one" only n1), run as
# the current user with a generated slurm.conf. No system changes; every
# daemon is stopped by its PID.
#
#   slurm.sh start DIR [NODES]   → DIR/slurm.conf (SLURM_CONF for the clients); NODES 2 by default
#   slurm.sh node-start DIR NODE (again, after a test killed it)
#   slurm.sh node-kill DIR NODE  (the node's slurmd and what it runs, as a lost node)
#   slurm.sh stop DIR
# SLURM_SCHEDULER_PARAMETERS, when set, becomes the cluster's
# SchedulerParameters (Slurm's defaults otherwise: a scheduling pass about
# every 3 s, batch_sched_delay=3).
set -euo pipefail
cmd=$1 dir=$2
nodes=${3:-2}

job_pids() { # [NODE]: processes of this cluster's jobs (on NODE), found by
    # their environment: a job's shell may exec away from its spool script
    local environ pid env
    for environ in /proc/[0-9]*/environ; do
        pid=${environ#/proc/}; pid=${pid%/environ}
        env=$(tr '\0' '\n' 2>/dev/null <"$environ") || continue
        grep -qx "SLURM_CONF=$dir/slurm.conf" <<<"$env" || continue
        grep -qx "SLURM_JOB_ID=[0-9]*" <<<"$env" || continue
        [ -z "${1:-}" ] || grep -qx "SLURMD_NODENAME=$1" <<<"$env" || continue
        echo "$pid"
    done
}

free_port() { # one nothing answers on
    local port
    for _ in $(seq 1 50); do
        port=$((20000 + RANDOM % 20000))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
    done
    echo "slurm.sh: no free port" >&2
    exit 1
}

wait_for() { # wait_for SECONDS DESCRIPTION COMMAND…: polls until COMMAND succeeds
    local limit=$1 what=$2
    shift 2
    for _ in $(seq 1 $((limit * 10))); do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 0.1
    done
    echo "slurm.sh: $what did not happen in $limit s; logs in $dir" >&2
    return 1
}

nodes_idle() { # every node answers and takes work
    [ "$(SLURM_CONF="$dir/slurm.conf" sinfo -h -o %T | sort -u)" = idle ]
}

node_start() {
    slurmd -f "$dir/slurm.conf" -N "$1"
    wait_for 30 "slurmd $1 starting" test -s "$dir/slurmd-$1.pid"
}

case "$cmd" in
start)
    for tool in munged mungekey slurmctld slurmd sbatch squeue scancel sinfo; do
        command -v "$tool" >/dev/null || PATH=$PATH:/usr/sbin
        command -v "$tool" >/dev/null || {
            # No cluster: tst_slurm skips and says why.
            echo "slurm.sh: $tool is missing (apt-get install slurmctld slurmd slurm-client munge); no test cluster" >&2
            rm -rf "$dir"
            exit 0
        }
    done
    rm -rf "$dir"
    mkdir -p -m 0700 "$dir"
    dir=$(cd "$dir" && pwd)
    mkdir -p "$dir/state" "$dir/spool"
    mungekey -c -k "$dir/munge.key"
    chmod 600 "$dir/munge.key"
    # -f: the folder sits under /tmp or the build tree, which munged would
    # otherwise refuse as not secure enough for a production key.
    munged -f --socket="$dir/munge.socket" --key-file="$dir/munge.key" \
        --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munged.seed"
    wait_for 10 "munged starting" test -S "$dir/munge.socket"
    user=$(id -un)
    cat > "$dir/slurm.conf" <<CFG
ClusterName=kwbtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd-%n.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmdTimeout=5
InactiveLimit=0
MinJobAge=600
CFG
    if [ -n "${SLURM_SCHEDULER_PARAMETERS:-}" ]; then
        echo "SchedulerParameters=$SLURM_SCHEDULER_PARAMETERS" >> "$dir/slurm.conf"
    fi
    for i in $(seq 1 "$nodes"); do
        echo "NodeName=n$i NodeHostname=localhost NodeAddr=127.0.0.1 Port=$(free_port) CPUs=1 RealMemory=1000 State=UNKNOWN"
    done >> "$dir/slurm.conf"
    cat >> "$dir/slurm.conf" <<CFG
PartitionName=debug Nodes=n[1-$nodes] Default=YES MaxTime=INFINITE State=UP
PartitionName=one Nodes=n1 MaxTime=INFINITE State=UP
CFG
    slurmctld -f "$dir/slurm.conf" -i
    wait_for 30 "slurmctld answering" env SLURM_CONF="$dir/slurm.conf" scontrol ping
    for i in $(seq 1 "$nodes"); do node_start "n$i"; done
    wait_for 60 "all nodes idle" nodes_idle
    echo "slurm cluster up ($dir/slurm.conf)"
    ;;
node-start)
    node_start "$3"
    wait_for 60 "node $3 idle again" nodes_idle
    ;;
node-kill)
    [ -f "$dir/slurmd-$3.pid" ] && kill -KILL "$(cat "$dir/slurmd-$3.pid")" 2>/dev/null || true
    rm -f "$dir/slurmd-$3.pid"
    # What the node ran goes with it (on a real cluster the machine is gone):
    # each job process, its process group, and the slurmstepd above it (which
    # would otherwise report the job's end).
    for pid in $(job_pids "$3"); do
        parent=$(ps -o ppid= -p "$pid" | tr -d ' ') || continue # gone meanwhile
        group=$(ps -o pgid= -p "$pid" | tr -d ' ') || continue
        [ "$(ps -o comm= -p "$parent" 2>/dev/null)" = slurmstepd ] && kill -KILL "$parent" 2>/dev/null || true
        [ -n "$group" ] && kill -KILL -- "-$group" 2>/dev/null || true
        kill -KILL "$pid" 2>/dev/null || true
    done
    ;;
stop)
    for pidfile in "$dir"/slurmd-*.pid "$dir/slurmctld.pid" "$dir/munged.pid"; do
        [ -f "$pidfile" ] || continue
        kill "$(cat "$pidfile")" 2>/dev/null || true
        rm -f "$pidfile"
    done
    pkill -KILL -f "$dir/spool/" 2>/dev/null || true
    for pid in $(job_pids); do kill -KILL "$pid" 2>/dev/null || true; done
    ;;
*)
    echo "usage: slurm.sh start DIR [NODES] | node-start DIR NODE | node-kill DIR NODE | stop DIR" >&2
    exit 2
    ;;
esac
