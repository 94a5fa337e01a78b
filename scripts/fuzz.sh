#!/usr/bin/env bash
# Builds the libFuzzer targets (preset fuzz: clang with ASan and UBSan) and
# runs each for SECONDS (default 60), two at a time, from a seed corpus of
# examples/ and tests/data. Prints runs, coverage and crashes per target.
# A crash fails the run; its input is left in build-fuzz/crashes/TARGET/:
# add it to tests/data/fuzz/TARGET/ and tst_hostile replays it from then on.
#
#   scripts/fuzz.sh [SECONDS]
set -euo pipefail
seconds=${1:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v clang++ >/dev/null || { echo "fuzz: clang++ is missing (make deps installs it)" >&2; exit 1; }
cmake --preset fuzz > /dev/null
cmake --build --preset fuzz -j "${JOBS:-2}"
out=$root/build-fuzz

# Seeds: what each reader meets in real use, plus every input that once broke it.
seeds() {
    local target=$1 dir=$out/seeds/$1
    rm -rf "$dir" && mkdir -p "$dir"
    case $target in
        jsontext)
            cp examples/*/workload.json resources/targets/*/target.json "$dir/" 2>/dev/null || true
            find tests/data -name '*.json' -size -64k | head -200 | while read -r f; do cp "$f" "$dir/$(echo "$f" | tr / _)"; done ;;
        workload)
            for f in examples/*/workload.json tests/data/workloads/*.json tests/data/tiny/*.json; do
                cp "$f" "$dir/$(echo "$f" | tr / _)"; done ;;
        targetprofile)
            for f in resources/targets/*/target.json tests/data/targets/*/target.json; do
                cp "$f" "$dir/$(echo "$f" | tr / _)"; done ;;
        tunercache|sessionrecords|resultdocument) ;;
    esac
    [ -d "tests/data/fuzz/seeds/$target" ] && cp tests/data/fuzz/seeds/"$target"/* "$dir/" 2>/dev/null || true
    [ -d "tests/data/fuzz/$target" ] && cp tests/data/fuzz/"$target"/* "$dir/" 2>/dev/null || true
    echo "$dir"
}

run() {
    local target=$1 corpus=$out/corpus/$1 crashes=$out/crashes/$1
    mkdir -p "$corpus" "$crashes"
    local seed_dir
    seed_dir=$(seeds "$target")
    # Quiet: libFuzzer's periodic lines go to the log; the summary is ours.
    if ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        "$out/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" "$seed_dir" > "$out/fuzz-$target.log" 2>&1; then
        status=0
    else
        status=1
    fi
    local runs cov
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/fuzz-$target.log" | grep -o '[0-9]*$' | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$out/fuzz-$target.log" | tail -1 | grep -o '[0-9]*')
    local found
    found=$(find "$crashes" -type f | wc -l)
    printf 'fuzz %-15s %8s runs in %ss, coverage %s edges, corpus %s inputs, crashes %s\n' \
        "$target" "${runs:-?}" "$seconds" "${cov:-?}" "$(find "$corpus" -type f | wc -l)" "$found"
    if [ "$status" != 0 ] || [ "$found" != 0 ]; then
        echo "fuzz: $target failed; its log: $out/fuzz-$target.log" >&2
        tail -40 "$out/fuzz-$target.log" >&2
        return 1
    fi
}

failed=0
pair() { run "$1" & local a=$!; if [ -n "${2:-}" ]; then run "$2" & local b=$!; wait "$b" || failed=1; fi; wait "$a" || failed=1; }
pair jsontext workload
pair tunercache sessionrecords
pair resultdocument targetprofile
exit "$failed"
