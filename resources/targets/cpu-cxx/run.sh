#!/usr/bin/env bash
# Host-side entry point of the cpu-cxx target. kwb uploads this folder (or
# copies it locally) and runs `bash run.sh eval CANDIDATE_DIR` or
# `bash run.sh calibrate`. The supervisor prints exactly one JSON document
# on stdout; everything on stderr is console output.
set -u
here=$(cd "$(dirname "$0")" && pwd)
cxx=${KWB_CXX:-g++}
sup="$here/.kwb-supervisor"
if [ ! -x "$sup" ] || [ "$here/supervisor.cpp" -nt "$sup" ]; then
    if ! command -v "$cxx" >/dev/null 2>&1; then
        echo "kwb: the C++ compiler '$cxx' is not installed on this host" >&2
        exit 3
    fi
    tmp="$sup.tmp.$$"
    if ! "$cxx" -O2 -std=c++17 -o "$tmp" "$here/supervisor.cpp" >&2; then
        echo "kwb: could not build the evaluation supervisor on this host" >&2
        rm -f "$tmp"
        exit 3
    fi
    mv -f "$tmp" "$sup"
fi
cd "$here" && exec "$sup" "$@"
