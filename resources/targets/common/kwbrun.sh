# Sourced by each target's run.sh: builds the target's supervisor with the
# host's C++ compiler when it is missing or older than its sources, then
# runs it with run.sh's arguments. Exit status 3 when it cannot be built
# (kwb treats that as the host's problem, never the kernel's).
kwb_exec_supervisor() {
    local here cxx sup src stale tmp
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    cxx=${KWB_HOST_CXX:-${KWB_CXX:-g++}}
    sup="$here/.kwb-supervisor"
    stale=0
    [ -x "$sup" ] || stale=1
    for src in supervisor.cpp kwbhost.h ncu.h; do
        [ -e "$here/$src" ] && [ "$here/$src" -nt "$sup" ] && stale=1
    done
    if [ "$stale" = 1 ]; then
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
}
