#!/usr/bin/env bash
# Starts or stops a private sshd on 127.0.0.1 for the SSH tests (no system
# changes: its own keys, config, pid file and log in DIR).
#
#   sshd.sh start DIR [PORT]   → DIR/port, DIR/client_key, DIR/known_hosts, DIR/host_key.pub
#   sshd.sh stop DIR
# KWB_SSHD_SETENV, when set (NAME=VALUE), is set in every session (sshd's
# SetEnv): the Slurm tests give a login shell their cluster's SLURM_CONF.
# Every session's XDG_CACHE_HOME is DIR/cache, so what a host keeps in its
# user's cache (the supervisors' builds) stays out of the user's home.
set -euo pipefail
cmd=$1 dir=$2
case "$cmd" in
start)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    [ -x /usr/sbin/sshd ] || { echo "sshd.sh: /usr/sbin/sshd is missing (openssh-server)" >&2; exit 1; }
    mkdir -p -m 0755 /run/sshd 2>/dev/null || true
    [ -f "$dir/host_key" ] || ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key"
    [ -f "$dir/client_key" ] || ssh-keygen -q -t ed25519 -N '' -f "$dir/client_key"
    cp "$dir/client_key.pub" "$dir/authorized_keys"
    port=${3:-}
    if [ -n "$port" ]; then # a port just given up by a stopped sshd: wait until it is free
        for _ in $(seq 1 100); do
            (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
            sleep 0.05
        done
    else # a free port: nothing answers on it
        for _ in $(seq 1 50); do
            port=$((20000 + RANDOM % 20000))
            (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
        done
    fi
    cat > "$dir/sshd_config" <<CFG
ListenAddress 127.0.0.1
Port $port
HostKey $dir/host_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $dir/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin yes
Subsystem sftp internal-sftp
LogLevel VERBOSE
CFG
    # One SetEnv line: sshd takes the first.
    echo "SetEnv XDG_CACHE_HOME=$dir/cache ${KWB_SSHD_SETENV:-}" >> "$dir/sshd_config"
    /usr/sbin/sshd -f "$dir/sshd_config" -E "$dir/sshd.log"
    for _ in $(seq 1 100); do # up when it answers
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
        sleep 0.05
    done
    echo "$port" > "$dir/port"
    echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$dir/host_key.pub")" > "$dir/known_hosts"
    echo "sshd on 127.0.0.1:$port ($dir)"
    ;;
stop)
    if [ -f "$dir/sshd.pid" ]; then
        kill "$(cat "$dir/sshd.pid")" 2>/dev/null || true
        rm -f "$dir/sshd.pid"
    fi
    ;;
*)
    echo "usage: sshd.sh start DIR [PORT] | stop DIR" >&2
    exit 2
    ;;
esac
