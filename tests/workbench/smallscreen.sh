#!/usr/bin/env bash
# kernel-workbench as a new user starts it on a 1024×700 screen (Qt's
# offscreen platform with that one screen), with a fresh profile: on a new
# session, and on that session's folder opened again. Each window, as its
# --screenshot shows it, must leave a 30 px title bar's room on the screen;
# it once came up 1008×751, its status bar and progress bars off-screen.
#
#   smallscreen.sh KERNEL_WORKBENCH TEST_DATA
set -euo pipefail
bin=$1 data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_CACHE_HOME=$tmp/cache
export QT_QPA_PLATFORM="offscreen:configfile=$data/screens/1024x700.json"

# WIDTHxHEIGHT of a PNG (its IHDR: two big-endian 32-bit numbers at byte 16).
png_size() {
    local b
    read -r -a b <<< "$(od -An -tu1 -j16 -N8 "$1")"
    echo "$(( (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3] ))x$(( (b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7] ))"
}

fits() { # NAME PNG
    local size w h
    size=$(png_size "$2")
    w=${size%x*} h=${size#*x}
    if (( w > 1024 || h + 30 > 700 )); then
        echo "FAIL: $1: the window is ${size} on a 1024x700 screen" >&2
        return 1
    fi
    echo "ok: $1: ${size} on a 1024x700 screen"
}

timeout 120 "$bin" --workload "$data/tiny/search.json" --session-dir "$tmp/session" \
    --screenshot "$tmp/new.png" 2> "$tmp/new.log" || { cat "$tmp/new.log" >&2; exit 1; }
fits "a new session" "$tmp/new.png"
rm -rf "$XDG_CONFIG_HOME" # a fresh profile again: nothing remembered of the first window
timeout 120 "$bin" "$tmp/session" --screenshot "$tmp/reopened.png" 2> "$tmp/reopened.log" \
    || { cat "$tmp/reopened.log" >&2; exit 1; }
fits "the session folder opened" "$tmp/reopened.png"
