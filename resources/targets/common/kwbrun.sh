# Sourced by each target's run.sh: builds the target's supervisor with the
# host's C++ compiler when it is missing or older than its sources, then
# runs it with run.sh's arguments. Exit status 3 when it cannot be built
# (kwb treats that as the host's problem, never the kernel's).
#
# A build is kept in the host user's cache, keyed by the sources, the
# compiler's version and the flags, so every work folder on the host (a new
# session, another run's) copies it instead of compiling for a quarter of a
# minute. The cache sits in the user's home, which no sandboxed stage sees.

# The host's supervisor cache, or nothing when there is no home to keep it in.
kwb_supervisor_cache() {
    local base=${XDG_CACHE_HOME:-}
    [ -n "$base" ] || { [ -n "${HOME:-}" ] && base=$HOME/.cache; }
    [ -n "$base" ] && echo "$base/kernel-workbench/supervisors"
}

kwb_exec_supervisor() {
    local here cxx sup src stale tmp flags key cache cached
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    cxx=${KWB_HOST_CXX:-${KWB_CXX:-g++}}
    flags="-O2 -std=c++17"
    sup="$here/.kwb-supervisor"
    stale=0
    [ -x "$sup" ] || stale=1
    for src in supervisor.cpp kwbhost.h gpusup.h ncu.h nvsmi.h rocprof.h neuronprof.h; do
        [ -e "$here/$src" ] && [ "$here/$src" -nt "$sup" ] && stale=1
    done
    if [ "$stale" = 1 ]; then
        if ! command -v "$cxx" >/dev/null 2>&1; then
            echo "kwb: the C++ compiler '$cxx' is not installed on this host" >&2
            exit 3
        fi
        tmp="$sup.tmp.$$"
        cache=$(kwb_supervisor_cache)
        key=$( (cd "$here" && cat supervisor.cpp kwbhost.h gpusup.h ncu.h nvsmi.h rocprof.h neuronprof.h 2>/dev/null; "$cxx" --version 2>&1;
                echo "$cxx $flags $(uname -m)") | sha256sum 2>/dev/null | cut -c1-32)
        cached=""
        [ -n "$cache" ] && [ ${#key} = 32 ] && cached="$cache/$key"
        if [ -n "$cached" ] && [ -x "$cached" ] && cp "$cached" "$tmp" 2>/dev/null; then
            touch "$cached" 2>/dev/null # used now: kept longer
        else
            echo "kwb: building the evaluation supervisor (once per host and version)" >&2
            # shellcheck disable=SC2086 # flags are words
            if ! "$cxx" $flags -o "$tmp" "$here/supervisor.cpp" >&2; then
                echo "kwb: could not build the evaluation supervisor on this host" >&2
                rm -f "$tmp"
                exit 3
            fi
            # Whole or not at all: a temporary name in the cache, then a rename.
            if [ -n "$cached" ] && mkdir -p "$cache" 2>/dev/null \
                && cp "$tmp" "$cached.tmp.$$" 2>/dev/null; then
                mv -f "$cached.tmp.$$" "$cached" 2>/dev/null || rm -f "$cached.tmp.$$"
                # Builds no evaluation used for 60 days go.
                find "$cache" -maxdepth 1 -type f -mtime +60 -delete 2>/dev/null
            fi
        fi
        mv -f "$tmp" "$sup"
    fi
    cd "$here" && exec "$sup" "$@"
}
