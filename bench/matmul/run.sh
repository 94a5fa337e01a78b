#!/usr/bin/env bash
# The bundled example against the library it lists as a baseline, on each
# ISA this host has: the native one, and AVX2 forced on an AVX-512 host (the
# template built with -march=haswell, OpenBLAS with OPENBLAS_CORETYPE=Haswell,
# the peak measured for the same ISA). For each:
#   1. kwb run on the example as `make run` runs it (the default strategy,
#      at most 40 evaluations, round 0's starting kernel and baselines
#      included), in a fresh session;
#   2. the template at its defaults and the search's best re-timed against
#      OpenBLAS sgemm (one thread) in one process, interleaved, ROUNDS rounds;
#   3. the single-core peak, calibrate.cpp built for that ISA.
# and one table: defaults / best / OpenBLAS / peak side by side. Ten to
# fifteen minutes per ISA on one core; run nothing else meanwhile.
#
#   bench/matmul/run.sh [ROUNDS]        (default 15)
#   SESSIONS=DIR bench/matmul/run.sh    keeps the sessions in DIR/ISA
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
KWB=${KWB:-$root/build/app/kwb/kwb}
ROUNDS=${1:-15}
CXX=${CXX:-g++}
example=$root/examples/matmul-cpu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$KWB" ] || { echo "build kwb first (make build)" >&2; exit 2; }

# The cache sizes the cpu-cxx target hands each kernel's compile, from the
# same function its supervisor calls (kwbhost::cacheDefines).
printf '#include "kwbhost.h"\nint main() { for (const auto &d : kwbhost::cacheDefines()) std::puts(d.c_str()); }\n' \
    >"$tmp/cachedefines.cpp"
"$CXX" -std=c++17 -O1 -I"$root/resources/targets/common" "$tmp/cachedefines.cpp" -o "$tmp/cachedefines"
mapfile -t cache_defines < <("$tmp/cachedefines")

isas=(native)
grep -qw avx512f /proc/cpuinfo && isas+=(haswell)

# The session's best: the last candidate the loop kept (the incumbent when
# the run ended), with its knobs.
best_of() {
    python3 - "$1" <<'EOF'
import json, sys
best = None
for line in open(sys.argv[1] + "/experiments.jsonl"):
    r = json.loads(line)
    if str(r.get("decision", "")).startswith("kept"):
        best = r
if best is None:
    sys.exit("no kept candidate in the session")
print(best["source_hash"], " ".join(f"{k}={v}" for k, v in best.get("knobs", {}).items()) or "(no knobs)")
EOF
}

summary=()
for isa in "${isas[@]}"; do
    if [ "$isa" = native ]; then
        label="native ($(grep -qw avx512f /proc/cpuinfo && echo AVX-512 || (grep -qw avx2 /proc/cpuinfo && echo AVX2 || echo no AVX2)))"
        workload=$example/workload.json
        march=-march=native
        # The library's own choice of kernel for this CPU: a variable left
        # in the environment would pin an older one and flatter the template.
        blas_env=(env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE)
    else
        label="AVX2 forced (-march=haswell, OPENBLAS_CORETYPE=Haswell)"
        mkdir -p "$tmp/$isa"
        cp "$example"/*.cpp "$tmp/$isa/"
        sed 's|^  "target": "cpu-cxx",|  "target": "cpu-cxx",\n  "compile_flags": ["-march=haswell"],|' \
            "$example/workload.json" >"$tmp/$isa/workload.json"
        workload=$tmp/$isa/workload.json
        march=-march=haswell
        blas_env=(env -u OPENBLAS_L2_SIZE OPENBLAS_CORETYPE=Haswell)
    fi
    echo "== $label"
    session=${SESSIONS:-$tmp}/session-$isa
    rm -rf "$session"
    echo "\$ kwb run $workload --session SESSION --max-evals 40 --quiet"
    "${blas_env[@]}" "$KWB" run "$workload" --session "$session" --max-evals 40 --quiet | tail -n 12
    read -r hash knobs < <(best_of "$session")
    echo "best: $knobs"

    "$CXX" -O2 "$march" -std=c++17 "$root/resources/targets/cpu-cxx/calibrate.cpp" -o "$tmp/calibrate-$isa"
    peak=$("$tmp/calibrate-$isa" | python3 -c 'import json,sys; print(json.load(sys.stdin)["peak_gflops"])')

    "$CXX" -O2 "$march" -c "$root/bench/matmul/retime.cpp" -o "$tmp/retime-$isa.o"
    line="$label: peak $peak GFLOP/s"
    for which in defaults best; do
        if [ "$which" = defaults ]; then src=$example/packed.cpp; else src=$session/kernels/$hash.cpp; fi
        "$CXX" -O3 "$march" -std=c++20 "${cache_defines[@]}" -c "$src" -o "$tmp/$which-$isa.o"
        "$CXX" "$tmp/retime-$isa.o" "$tmp/$which-$isa.o" -lopenblas -o "$tmp/retime-$which-$isa"
        echo "-- $which re-timed against OpenBLAS, $ROUNDS rounds of 5 calls, interleaved"
        "${blas_env[@]}" "$tmp/retime-$which-$isa" 1024 1024 1024 "$ROUNDS" 5 | tee "$tmp/$which-$isa.txt"
        ratio=$(awk '/^ratio/ {print $2}' "$tmp/$which-$isa.txt")
        gflops=$(awk '/^kernel/ {print $4}' "$tmp/$which-$isa.txt")
        blas=$(awk '/^openblas/ {print $4}' "$tmp/$which-$isa.txt")
        line+="; $which $gflops GFLOP/s = ${ratio}x OpenBLAS ($blas GFLOP/s)"
    done
    summary+=("$line")
done

echo
echo "== summary (1024³ fp32, one core; ratios are speed over OpenBLAS's in the same rounds)"
for s in "${summary[@]}"; do
    echo "$s"
done
