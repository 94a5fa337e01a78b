#!/usr/bin/env bash
# Feeds the installed readers, through the real kwb, every input in a corpus
# (by default what `make fuzz` grew in build-fuzz/corpus/) and counts what
# became of each: accepted, refused with a message (exit 2), crashed (killed
# by a signal) or hung (past 20 s), and whether any process was left behind.
#
#   bench/hostile/replay.sh [CORPUS_ROOT] [MAX_PER_READER]
# CORPUS_ROOT holds workload/, tunercache/ and sessionrecords/ folders; at
# most MAX_PER_READER inputs of each are fed (default 1000).
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
kwb=${KWB:-$here/build/app/kwb/kwb}
corpus=${1:-$here/build-fuzz/corpus}
most=${2:-1000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME=$tmp/cache KWB_LANGUAGE=en
printf 'reader          inputs  accepted  refused  crashed  hung  other\n'

# A skeleton workload whose knobs the Kernel Tuner caches of the fuzz space name.
mkdir -p "$tmp/space"
cp "$here/tests/data/tiny/good.cpp" "$tmp/space/k.cpp"
cp "$here/tests/data/tiny/reference.cpp" "$tmp/space/ref.cpp"
cat > "$tmp/space/w.json" <<'W'
{"name": "space", "target": "cpu-cxx", "kernel": "k.cpp", "template": "k.cpp", "reference": "ref.cpp",
 "entry": {"kernel": "fma1", "reference": "fma1_reference"}, "dims": {"N": 4096},
 "inputs": {"x": {"shape": ["N"], "dtype": "float32"}, "w": {"shape": ["N"], "dtype": "float32"}},
 "outputs": {"y": {"shape": ["N"], "dtype": "float32"}}, "hosts": ["local"], "goal": {"metric": "gflops", "target": 10},
 "knobs": {"block_size_x": {"values": [16, 32, 64, 128]}, "tile": {"values": [1, 2, 4]}, "use_shared": {"values": [0, 1]}}}
W
"$kwb" run "$tmp/space/w.json" --session "$tmp/session" --max-evals 1 --quiet > /dev/null 2>&1 || true

replay() {
    local name=$1 dir=$2; shift 2
    local n=0 ok=0 refused=0 crashed=0 hung=0 other=0 status
    [ -d "$dir" ] || { printf '%-15s (no corpus at %s)\n' "$name" "$dir"; return; }
    for f in $(ls "$dir" | head -n "$most"); do
        f=$dir/$f
        [ -f "$f" ] || continue
        n=$((n + 1))
        set +e
        "$@" "$f" > /dev/null 2>&1
        status=$?
        set -e
        case $status in
            0) ok=$((ok + 1)) ;;
            2) refused=$((refused + 1)) ;;
            124) hung=$((hung + 1)); echo "hung: $name $f" >&2 ;;
            *) if [ "$status" -ge 128 ]; then crashed=$((crashed + 1)); echo "crashed ($status): $name $f" >&2;
               else other=$((other + 1)); echo "exit $status: $name $f" >&2; fi ;;
        esac
    done
    printf '%-15s %6d  %8d  %7d  %7d  %4d  %5d\n' "$name" "$n" "$ok" "$refused" "$crashed" "$hung" "$other"
}
validate() { timeout 20 "$kwb" validate "$1"; }
simulate() { timeout 20 "$kwb" simulate "$tmp/space/w.json" --cache "$1" --seeds 2; }
report() {
    rm -rf "$tmp/s2" && cp -r "$tmp/session" "$tmp/s2" && cp "$1" "$tmp/s2/experiments.jsonl"
    timeout 20 "$kwb" report "$tmp/s2"
}
replay workload "$corpus/workload" validate
replay tunercache "$corpus/tunercache" simulate
replay sessionrecords "$corpus/sessionrecords" report
left=$(ps -eo args | grep -c "[k]wb-supervisor\|[c]and-.*/check\|[c]and-.*/bench" || true)
echo "processes left behind: $left"
