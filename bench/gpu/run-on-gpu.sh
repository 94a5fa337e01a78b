#!/usr/bin/env bash
# The GPU figures of the cuda-cxx and triton targets, measured on a machine
# with an NVIDIA GPU: kwb itself runs there (the host side is self-contained,
# exactly as on a remote host), and everything it prints lands in $OUT.
#
#   bench/gpu/run-on-gpu.sh probe     tools, calibration, the examples once each, ncu CSVs
#   bench/gpu/run-on-gpu.sh sweep N   N random configurations of each matmul template,
#                                     recorded as Kernel Tuner cache files
#   bench/gpu/run-on-gpu.sh loop S    the knob search on both matmul examples, S seconds each
#   bench/gpu/run-on-gpu.sh hopper-check ['-DBN=… -D…' …]   the Hopper template against cuBLAS,
#                                     outside kwb (a few configurations, or the ones given)
#   bench/gpu/run-on-gpu.sh hopper-loop S T   its knob search (S s) and its whole space (T s)
#   bench/gpu/run-on-gpu.sh hopper-cluster S T   clusters (CLUSTER=2) checked against cuBLAS,
#                                     then the search (S s) and the CLUSTER=2 half of the space (T s);
#                                     without them if they fail the check
#   bench/gpu/run-on-gpu.sh hopper-store S   the TMA-store epilogue checked, sustained, and
#                                     searched as a knob (S s)
#   bench/gpu/run-on-gpu.sh hopper-goal S    hopper.json as committed: its defaults profiled,
#                                     then the knob search (S s)
#   bench/gpu/run-on-gpu.sh hopper-sustain T '-D…' …   those configurations and cuBLAS, T s each
#                                     in turn without a pause, with nvidia-smi's clock, power and
#                                     temperature beside them
#   bench/gpu/run-on-gpu.sh conditions S   what kwb records of the GPU beside one benchmark
#                                     (cuda-cxx, triton), then hopper.json's knob search (S s)
#                                     and which close calls it re-timed
#   bench/gpu/run-on-gpu.sh redteam      the cuda-cxx contract: the example's honest kernels and
#                                     tests/data/redteam/cuda's cheats, how each ended
#   bench/gpu/run-on-gpu.sh clock-tilelang   the Python outside clock (the tree's targets) on the
#                                     triton red team and TileLang's GEMM configurations
#   bench/gpu/run-on-gpu.sh contract-tilelang S   the triton and cuda-cxx contracts (their
#                                     red teams), then TileLang's GEMM on the GPU: its defaults,
#                                     and the knob search for S s against torch.matmul (cuBLAS);
#                                     TileLang is carried as .tl/tl312.tar.xz (NOTES.md)
#
# KWB (default: kwb on PATH, or the bundle .devbundle/kwb.tar.xz unpacked
# to /tmp/kwb) names the kwb to use; OUT (default ./gpu-out) the folder.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$here/gpu-out}
mkdir -p "$OUT"
if [ -z "${KWB:-}" ]; then
    if [ -f "$here/.devbundle/kwb.tar.xz" ]; then
        mkdir -p /tmp/kwb-bundle && tar xJf "$here/.devbundle/kwb.tar.xz" -C /tmp/kwb-bundle
        export LD_LIBRARY_PATH=/tmp/kwb-bundle/kwb/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        KWB=/tmp/kwb-bundle/kwb/kwb
        # Debian's bubblewrap, when the bundle carries it (the sandbox).
        [ -d /tmp/kwb-bundle/kwb/bin ] && export PATH=/tmp/kwb-bundle/kwb/bin:$PATH
    else
        KWB=$(command -v kwb)
    fi
fi
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/kwb-cache}
# TileLang and what it needs, carried for Python 3.12 (.tl/tl312.tar.xz:
# the wheels unpacked, libz3 once), under /opt, which no sandbox hides.
if [ -f "$here/.tl/tl312.tar.xz" ] && [ ! -d /opt/tl312 ]; then
    tar xJf "$here/.tl/tl312.tar.xz" -C /opt
fi
[ -d /opt/tl312 ] && export PYTHONPATH=/opt/tl312${PYTHONPATH:+:$PYTHONPATH}
# At most a few files come back from a lent machine: everything is staged
# here and packed into one archive per step.
STAGE=/tmp/gpu-stage
mkdir -p "$STAGE"
cd "$here"

step() { echo; echo "=== $* ($(date +%T))"; }

probe() {
    step tools
    nvidia-smi --query-gpu=name,compute_cap,driver_version,clocks.sm,clocks.max.sm,power.limit --format=csv
    nvcc --version | tail -1
    (command -v ncu && ncu --version | tail -1) || ls /opt/nvidia/nsight-compute/
    python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, torch.cuda.get_device_name())"
    "$KWB" targets
    step "ncu metric names"
    ncu --query-metrics --chip "$(ncu --list-chips 2>/dev/null | tr ',' '\n' | grep -m1 gh100 || echo gh100)" \
        > "$STAGE/ncu-query-metrics.txt" 2>&1
    for m in gpu__time_duration sm__throughput gpu__compute_memory_throughput dram__throughput \
             sm__pipe_tensor_cycles_active sm__pipe_tensor_op_hmma_cycles_active sm__pipe_tensor_op_gmma_cycles_active \
             sm__warps_active sm__maximum_warps_per_active_cycle_pct l1tex__t_sector_hit_rate lts__t_sector_hit_rate \
             smsp__sass_average_data_bytes_per_sector_mem_global_op_ld launch__registers_per_thread \
             launch__shared_mem_per_block_static launch__waves_per_multiprocessor \
             smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active smsp__average_warp_latency_issue_stalled_long_scoreboard; do
        if grep -q "^$m " "$STAGE/ncu-query-metrics.txt"; then echo "ncu knows $m"; else echo "ncu LACKS $m"; fi
    done
    step "calibration"
    "$KWB" calibrate --target cuda-cxx --json > "$STAGE/calibration-cuda-cxx.json"; cat "$STAGE/calibration-cuda-cxx.json"
    "$KWB" calibrate --target triton --json > "$STAGE/calibration-triton.json"; cat "$STAGE/calibration-triton.json"
    for spec in matmul-cuda:BM=128 matmul-triton:BLOCK_M=128 softmax-triton:BLOCK=16384; do
        ex=${spec%%:*} knob=${spec#*:}
        w=examples/$ex/workload.json
        step "$ex: the starting kernel"
        "$KWB" eval "$w" --session "/tmp/e-$ex"; echo "exit $?"
        "$KWB" eval "$w" --session "/tmp/e-$ex" --json > "$STAGE/$ex-start.json"
        step "$ex: the template at its defaults"
        "$KWB" eval "$w" --session "/tmp/e-$ex" --knob "$knob"; echo "exit $?"
        "$KWB" eval "$w" --session "/tmp/e-$ex" --knob "$knob" --json > "$STAGE/$ex-template.json"
    done
    step "round 0 with the baselines (kwb run)"
    for ex in matmul-cuda matmul-triton softmax-triton; do
        rm -rf "/tmp/s-$ex"
        timeout 200 "$KWB" run "examples/$ex/workload.json" --session "/tmp/s-$ex" --max-evals 3 --time-limit 120 \
            --quiet 2>&1 | tail -8
        "$KWB" report "/tmp/s-$ex" | tail -6
    done
    step "ncu CSVs"
    find /tmp/e-* /tmp/s-* -name ncu.csv -size +0 2>/dev/null | while read -r f; do
        cp "$f" "$STAGE/ncu-$(echo "$f" | cut -d/ -f3)-$(basename "$(dirname "$f")").csv"
    done
    for s in /tmp/e-* /tmp/s-*; do tar czf "$STAGE/session-$(basename "$s").tar.gz" -C /tmp "$(basename "$s")"; done
    tar czf "$OUT/probe.tar.gz" -C "$STAGE" .
    ls -la "$STAGE" "$OUT"
}

# One ncu profile of each matmul template at its defaults, kept as CSV.
profiles() {
    for spec in matmul-cuda:BM=128 matmul-triton:BLOCK_M=128; do
        ex=${spec%%:*}
        step "$ex: ncu profile of the template's defaults"
        timeout 120 "$KWB" eval "examples/$ex/workload.json" --knob "${spec#*:}" --session "/tmp/p-$ex" --quiet | tail -6
        f=$(find "/tmp/p-$ex" -name ncu.csv | head -1)
        [ -n "$f" ] && cp "$f" "$OUT/ncu-$ex.csv"
    done
}

# N random configurations of the CUDA template, evaluated 16 at a time (the
# timing is exclusive per GPU: compile and check overlap, benchmarks never),
# counters off; exported as a Kernel Tuner cache file.
sweep() {
    step "matmul-cuda: random sweep of the template, at most $1 evaluations"
    rm -rf /tmp/sweep-cuda
    KWB_PERF=off timeout $(( $2 + 60 )) "$KWB" run examples/matmul-cuda/workload.json --session /tmp/sweep-cuda \
        --strategy random --batch 16 --parallel 16 --max-evals "$1" --plateau 0 --time-limit "$2" --quiet 2>&1 | tail -12
    "$KWB" export /tmp/sweep-cuda -o "$OUT/matmul-cuda-h100.cache.json"
}

# The model-based knob search on a matmul example for S seconds, 8 candidates at a time.
search() {
    step "$1: the knob search (model strategy), $2 s"
    rm -rf "/tmp/loop-$1"
    KWB_PERF=off timeout $(( $2 + 90 )) "$KWB" run "examples/$1/workload.json" --session "/tmp/loop-$1" \
        --strategy model --batch 8 --parallel 8 --plateau 0 --time-limit "$2" 2>&1 | grep -v "^  │" | tail -40
    "$KWB" report "/tmp/loop-$1" | sort -t'|' -k1 | tail -60
    "$KWB" export "/tmp/loop-$1" -o "$STAGE/$1-search.cache.json"
}

# Sessions ($2…) packed without their work folders, one archive each, into $OUT/$1.
pack_sessions() {
    local archive=$1 s
    shift
    for s in "$@"; do
        tar czf "$STAGE/session-$(basename "$s").tar.gz" -C /tmp --exclude='work*' "$(basename "$s")"
    done
    tar czf "$OUT/$archive" -C "$STAGE" .
}

# The knob search (model strategy, 8 candidates at a time) on workload $1 to
# its goal, at most $2 s, in the session /tmp/hs.
hopper_search() {
    step "matmul-cuda $(basename "$1"): the knob search (model strategy) to the goal, at most $2 s"
    rm -rf /tmp/hs
    KWB_PERF=off timeout $(( $2 + 90 )) "$KWB" run "$1" --session /tmp/hs --strategy model --batch 8 --parallel 8 \
        --plateau 0 --time-limit "$2" --quiet 2>&1 | tail -30
    "$KWB" report /tmp/hs | tail -40
}

# Every configuration of workload $1 in turn (16 at a time), at most $2 s, in
# the session /tmp/hx, exported to $OUT/$3; $4 says what the space is.
hopper_record() {
    step "matmul-cuda $(basename "$1"): $4 (one check seed), at most $2 s"
    rm -rf /tmp/hx
    KWB_PERF=off timeout $(( $2 + 90 )) "$KWB" run "$1" --session /tmp/hx --strategy exhaustive --goal 5000 \
        --batch 16 --parallel 16 --plateau 0 --time-limit "$2" --quiet 2>&1 | tail -12
    "$KWB" export /tmp/hx -o "$OUT/$3"
    "$KWB" report /tmp/hx | sort -t'|' -k1 | tail -8
}

# The Hopper template (examples/matmul-cuda/hopper.cu) outside kwb: a few
# configurations against cuBLAS, built 8 at a time.
hopper_check() {
    step "the Hopper template against cuBLAS (bench/gpu/matmul_check.cu)"
    nvidia-smi --query-gpu=name,compute_cap,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
    mkdir -p /tmp/hc
    local configs=("$@")
    [ $# -gt 0 ] || configs=("-DBN=256" "-DBN=128 -DWG_M=2" "-DBN=128" "-DBN=128 -DWG_M=2 -DCONSUMERS=1" "-DBN=256 -DCONSUMERS=1 -DSTAGES=5" "-DBN=256 -DSTAGES=3 -DGROUP_M=1")
    local builds=()
    for i in "${!configs[@]}"; do
        # shellcheck disable=SC2086 # one word per -D
        nvcc -O3 -arch=sm_90a ${configs[$i]} "${HOPPER:-examples/matmul-cuda/hopper.cu}" bench/gpu/matmul_check.cu \
            -lcublas -o "/tmp/hc/check$i" > "/tmp/hc/build$i.log" 2>&1 &
        builds+=($!)
    done
    wait "${builds[@]}" # its own: a caller may have started something else beside it
    for i in "${!configs[@]}"; do
        echo "-- ${configs[$i]}"
        cat "/tmp/hc/build$i.log"
        timeout "${CHECK_TIMEOUT:-30}" "/tmp/hc/check$i"; echo "exit $?"
        # A shape whose row units do not fill a GROUP_M group, nor whole waves of the grid.
        # (Not sustained: SUSTAIN_S is for the 4096³ figures.)
        env -u SUSTAIN_S timeout "${CHECK_TIMEOUT:-30}" "/tmp/hc/check$i" 1536 3072 512 | sed 's/^/  1536x3072x512: /'
    done
}

# Configurations of the Hopper template ($2…) and cuBLAS under sustained
# load ($1 s each, twice: matmul_check.cu's SUSTAIN_S), the GPU's clock,
# power, temperature and the reasons it slows its clock sampled beside them.
hopper_sustain() {
    local seconds=$1 reasons=clocks_event_reasons.active
    shift
    nvidia-smi --query-gpu=$reasons --format=csv > /dev/null 2>&1 || reasons=clocks_throttle_reasons.active
    nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,power.limit,temperature.gpu,$reasons --format=csv -lms 250 \
        > "$OUT/hopper-sustain-smi.csv" &
    local smi=$!
    SUSTAIN_S=$seconds CHECK_TIMEOUT=$(( 4 * seconds + 20 )) hopper_check "$@"
    kill "$smi"
    awk -F', ' 'NR > 1 { print $2, $3, $5, $6 }' "$OUT/hopper-sustain-smi.csv" | uniq -c | tail -40
}

# The Hopper template with and without clusters against cuBLAS; then, if
# every clustered configuration is right, the search over the whole space
# and a recording of its CLUSTER=2 half, else both without clusters.
hopper_cluster() {
    mkdir -p /tmp/hc
    hopper_check "-DBN=256" "-DBN=256 -DCLUSTER=2" "-DBN=128 -DWG_M=2 -DGROUP_M=1" "-DBN=128 -DWG_M=2 -DCLUSTER=2" \
        "-DBN=256 -DCLUSTER=2 -DGROUP_M=16" "-DBN=256 -DCLUSTER=2 -DSTAGES=3" "-DBN=256 -DCLUSTER=2 -DGROUP_M=4" \
        "-DBN=128 -DCONSUMERS=1 -DWG_M=2 -DCLUSTER=2 -DSTAGES=5" | tee /tmp/hc/check.log
    rm -rf /tmp/hw && cp -r examples/matmul-cuda /tmp/hw
    sed -i 's/"seeds": 3/"seeds": 1/' /tmp/hw/hopper.json
    cp /tmp/hw/hopper.json /tmp/hw/space.json
    # Both sizes right for every clustered configuration (two OK lines each).
    local clustered right
    clustered=$(grep -c '^-- .*CLUSTER=2' /tmp/hc/check.log)
    right=$(awk '/^-- /{c = /CLUSTER=2/} c && /OK max error/' /tmp/hc/check.log | wc -l)
    local half=clustered
    if [ "$right" = $(( 2 * clustered )) ]; then
        sed -i 's/"CLUSTER": {"values": \[1, 2\], "default": 1/"CLUSTER": {"values": [2], "default": 2/' /tmp/hw/space.json
    else
        step "clusters failed the check ($right of $(( 2 * clustered ))): the search and the recording go without them"
        sed -i 's/"CLUSTER": {"values": \[1, 2\]/"CLUSTER": {"values": [1]/' /tmp/hw/hopper.json /tmp/hw/space.json
        half=unclustered
    fi
    grep '"CLUSTER"' /tmp/hw/hopper.json /tmp/hw/space.json
    hopper_search /tmp/hw/hopper.json "$1"
    "$KWB" export /tmp/hs -o "$OUT/matmul-cuda-hopper-search-h100.cache.json"
    hopper_record /tmp/hw/space.json "$2" "matmul-cuda-hopper-$half-h100.cache.json" "the $half half of the space"
    pack_sessions hopper-cluster-sessions.tar.gz /tmp/hs /tmp/hx
}

# hopper.json's template at its defaults, evaluated and profiled in the
# session /tmp/hp; ncu's CSV kept as $OUT/$1.
hopper_profile() {
    step "matmul-cuda hopper.json: the template's defaults, profiled"
    timeout 150 "$KWB" eval examples/matmul-cuda/hopper.json --knob BN=256 --session /tmp/hp --quiet 2>&1 | tail -25
    local f
    f=$(find /tmp/hp -name ncu.csv | head -1)
    [ -n "$f" ] && cp "$f" "$OUT/$1"
}

# The knob search on the Hopper template until the workload's goal (90 % of
# cuBLAS), then its whole space (100 configurations) as a Kernel Tuner cache file.
hopper_loop() {
    hopper_profile ncu-matmul-cuda-hopper.csv
    hopper_search examples/matmul-cuda/hopper.json "$1"
    rm -rf /tmp/hw && cp -r examples/matmul-cuda /tmp/hw
    sed -i 's/"seeds": 3/"seeds": 1/' /tmp/hw/hopper.json
    hopper_record /tmp/hw/hopper.json "$2" matmul-cuda-hopper-h100.cache.json "every configuration"
    pack_sessions hopper-sessions.tar.gz /tmp/hp /tmp/hs /tmp/hx
}

# The template's TMA-store epilogue (TMA_STORE=1): checked against cuBLAS,
# sustained beside the 4-byte stores, then the knob search ($1 s, the goal
# raised above cuBLAS so that it runs its time) over hopper.json's space
# with TMA_STORE as a knob.
hopper_store() {
    hopper_check "-DBN=256 -DTMA_STORE=1" "-DBN=256 -DCLUSTER=2 -DGROUP_M=4 -DTMA_STORE=1" \
        "-DBN=128 -DWG_M=2 -DTMA_STORE=1" "-DBN=128 -DWG_M=2 -DPINGPONG=1 -DTMA_STORE=1" \
        "-DBN=256 -DCONSUMERS=1 -DSTAGES=3 -DTMA_STORE=1" "-DBN=256 -DPINGPONG=1 -DCLUSTER=2 -DTMA_STORE=1"
    hopper_sustain 3 "-DBN=256" "-DBN=256 -DTMA_STORE=1" "-DBN=256 -DCLUSTER=2 -DGROUP_M=4" \
        "-DBN=256 -DCLUSTER=2 -DGROUP_M=4 -DTMA_STORE=1"
    rm -rf /tmp/hw && cp -r examples/matmul-cuda /tmp/hw
    python3 - /tmp/hw/hopper.json <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
s = s.replace('"target": 610', '"target": 900')
s = s.replace('"knobs": {', '"knobs": {\n    "TMA_STORE": {"values": [0, 1], "default": 0},')
s = s.replace('+ CONSUMERS * 16384', '+ TMA_STORE * CONSUMERS * 16384')
open(p, 'w').write(s)
PY
    grep -n 'TMA_STORE\|"target"' /tmp/hw/hopper.json
    hopper_search /tmp/hw/hopper.json "$1"
    "$KWB" export /tmp/hs -o "$OUT/matmul-cuda-hopper-store-search.cache.json"
    pack_sessions hopper-store-sessions.tar.gz /tmp/hs
}

# hopper.json as committed: the defaults profiled, then the knob search for
# $1 s with the goal raised above cuBLAS, so that it runs its time.
hopper_goal() {
    hopper_profile ncu-matmul-cuda-hopper-tma-store.csv
    rm -rf /tmp/hw && cp -r examples/matmul-cuda /tmp/hw
    sed -i 's/"target": 610/"target": 900/' /tmp/hw/hopper.json
    hopper_search /tmp/hw/hopper.json "$1"
    "$KWB" export /tmp/hs -o "$OUT/matmul-cuda-hopper-goal-search.cache.json"
    pack_sessions hopper-goal-sessions.tar.gz /tmp/hp /tmp/hs
}

# The GPU's clock, power and slow-down reasons kwb records beside each
# benchmark (gpu_conditions, "kwb: during the benchmark: …"), and the close
# calls the decision rule re-timed against their incumbents.
conditions() {
    for w in examples/matmul-cuda/hopper.json examples/matmul-triton/workload.json; do
        step "$w: one evaluation"
        KWB_PERF=off "$KWB" eval "$w" 2>&1 | grep -E "during the benchmark|^  (correct|latency|throughput)"
    done
    step "hopper.json: the knob search, $1 s"
    rm -rf /tmp/hc
    KWB_PERF=off timeout $(( $1 + 180 )) "$KWB" run examples/matmul-cuda/hopper.json --session /tmp/hc \
        --time-limit "$1" --quiet 2>&1 | tail -8
    echo "re-timed close calls:"
    "$KWB" report /tmp/hc | grep -E "re-timings|within the run-to-run spread" || echo "  none"
    pack_sessions conditions-sessions.tar.gz /tmp/hc
}

# The cuda-cxx contract on a GPU (issue 46): the example's honest kernels
# and tests/data/redteam/cuda's cheats, one evaluation each, with how each
# ended and what the two clocks outside the events recorded.
redteam_verdict() {
    verdict='import json, sys
try:
    d = json.load(sys.stdin)
except Exception:
    print("no result"); sys.exit()
flags = d.get("flags") or []
f = d.get("failure") or {}
extra = " ".join("%s=%s" % (k, json.dumps(d.get(k))) for k in ("synchronised_clock", "outside_clock", "verified_floor") if d.get(k))
lat = (d.get("latency") or {}).get("median_ms")
if flags:
    print("caught: flag %s: %s" % (flags[0]["id"], flags[0]["reason"][:120]))
elif f:
    print("caught: %s at %s: %s" % (f["class"], f["stage"], f["message"][:120]))
else:
    print("kept: median %s ms; %s" % (lat, extra))'
}

redteam() {
    redteam_verdict
    redteam_of examples/matmul-cuda/workload.json examples/matmul-cuda/naive.cu examples/matmul-cuda/tiled.cu \
        tests/data/redteam/cuda/*.cu
}

# One evaluation of each kernel ($2…) of workload $1, with how each ended
# (uses redteam's $verdict).
redteam_of() {
    local w=$1 k
    shift
    for k in "$@"; do
        step "$k"
        (KWB_PERF=off timeout "${EVAL_TIMEOUT:-120}" "$KWB" eval "$w" --kernel "$k" --json \
            2> "$STAGE/$(basename "$k").log" || true) | python3 -c "$verdict"
        grep -E "kwb: (the reported|during the benchmark|warning)" "$STAGE/$(basename "$k").log" | head -4 || true
    done
}

# The Python contract on a GPU (issue 46): tests/data/redteam/triton's
# cheats against triton-tiny on CUDA, honest.py first and last (what no
# kept cheat may beat).
redteam_triton() {
    local d=tests/data/redteam/triton
    redteam_of tests/data/triton-tiny/workload.json $d/honest.py $d/forge_protocol.py $d/replay_identity.py \
        $d/replay_content.py $d/replay_file.py $d/steal_answers.py $d/clock_patch.py $d/thread_defer.py \
        $d/lazy_tensor.py $d/stale_memory.py $d/odd_digest.py $d/lower_precision.py $d/early_reply.py \
        $d/probe.py $d/honest.py
}

# TileLang on the GPU (issue 49): the carried TileLang (.tl/tl312.tar.xz,
# unpacked to /opt/tl312) beside the machine's PyTorch, what kwb says of
# the host, the example's defaults evaluated (profiled), then the knob
# search for $1 s against torch.matmul (cuBLAS).
tilelang_gpu() {
    step "tilelang: import beside the machine's PyTorch"
    python3 -c "import torch, tilelang; print('tilelang', tilelang.__version__, 'torch', torch.__version__, torch.version.cuda)" \
        || { echo "TileLang does not import here: the GPU figure waits"; return; }
    "$KWB" hosts check examples/gemm-tilelang/workload-gpu.json 2>&1 | tail -8
    step "gemm-tilelang: the template's defaults on the GPU"
    rm -rf /tmp/tl-eval
    timeout 150 "$KWB" eval examples/gemm-tilelang/workload-gpu.json --knob BLOCK_M=128 --session /tmp/tl-eval 2>&1 \
        | grep -v "^  │" | tail -30
    step "gemm-tilelang: the knob search, $1 s"
    rm -rf /tmp/tl-search
    KWB_PERF=off timeout $(( $1 + 60 )) "$KWB" run examples/gemm-tilelang/workload-gpu.json --session /tmp/tl-search \
        --strategy model --batch 8 --parallel 8 --plateau 0 --time-limit "$1" --quiet 2>&1 | tail -20
    "$KWB" report /tmp/tl-search | tail -40
    "$KWB" export /tmp/tl-search -o "$OUT/gemm-tilelang-search-h200.cache.json"
    pack_sessions tilelang-sessions.tar.gz /tmp/tl-eval /tmp/tl-search
}

case "${1:-probe}" in
    probe) probe 2>&1 | tee "$OUT/probe.log" ;;
    hopper-check) shift; hopper_check "$@" 2>&1 | tee "$OUT/hopper-check.log" ;;
    hopper-loop) hopper_loop "${2:-150}" "${3:-170}" 2>&1 | tee "$OUT/hopper-loop.log" ;;
    hopper-cluster) hopper_cluster "${2:-150}" "${3:-200}" 2>&1 | tee "$OUT/hopper-cluster.log" ;;
    hopper-goal) hopper_goal "${2:-150}" 2>&1 | tee "$OUT/hopper-goal.log" ;;
    hopper-store) hopper_store "${2:-180}" 2>&1 | tee "$OUT/hopper-store.log" ;;
    hopper-sustain) shift; hopper_sustain "$@" 2>&1 | tee "$OUT/hopper-sustain.log" ;;
    conditions) conditions "${2:-150}" 2>&1 | tee "$OUT/conditions.log" ;;
    redteam) redteam 2>&1 | tee "$OUT/redteam.log" ;;
    # The 11-30 session's second call: the Python targets' outside clock
    # with the fused digest (the tree's targets, not the bundle's), on
    # the triton red team and on TileLang's GEMM beside torch.matmul.
    clock-tilelang)
        {
            export KWB_TARGETS_DIR=$here/resources/targets KWB_PERF=off EVAL_TIMEOUT=60
            redteam_verdict
            d=tests/data/redteam/triton
            redteam_of tests/data/triton-tiny/workload.json $d/honest.py $d/clock_patch.py $d/lazy_tensor.py \
                $d/early_reply.py $d/replay_content.py $d/lower_precision.py $d/honest.py
            w=examples/gemm-tilelang/workload-gpu.json
            for knobs in "BLOCK_M=128" "BLOCK_N=256 BLOCK_K=64 THREADS=256 SWIZZLE=8" \
                         "BLOCK_N=256 BLOCK_K=64 THREADS=256" "BLOCK_M=256 BLOCK_K=64 THREADS=256 SWIZZLE=8" \
                         "BLOCK_N=256 BLOCK_K=64 THREADS=256 NUM_STAGES=4 SWIZZLE=8"; do
                step "gemm-tilelang: $knobs"
                args=()
                for k in $knobs; do args+=(--knob "$k"); done
                timeout 90 "$KWB" eval "$w" "${args[@]}" 2>&1 | grep -E "^  (correct|flagged|latency|throughput|clock)|^kwb: the reported"
            done
            step "gemm-tilelang: torch.matmul (cuBLAS)"
            timeout 90 "$KWB" eval "$w" --kernel examples/gemm-tilelang/baseline_torch.py 2>&1 \
                | grep -E "^  (correct|flagged|latency|throughput|clock)|^kwb: the reported"
        } 2>&1 | tee "$OUT/clock-tilelang.log" ;;
    # The 11-30 session's one call: the Python contract, the cuda-cxx
    # contract, then TileLang's search for $2 s.
    contract-tilelang)
        {
            step "the sandbox here"
            nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader
            bwrap --die-with-parent --unshare-all --ro-bind / / --proc /proc --dev /dev true && echo "bwrap works"
            redteam_verdict; export EVAL_TIMEOUT=60
            redteam_triton
            redteam_of examples/matmul-cuda/workload.json examples/matmul-cuda/tiled.cu tests/data/redteam/cuda/*.cu
            tilelang_gpu "${2:-150}"
            tar czf "$OUT/redteam-logs.tar.gz" -C "$STAGE" .
        } 2>&1 | tee "$OUT/contract-tilelang.log" ;;
    gpu3)
        {
            # The Triton search again with the goal raised above what cuBLAS
            # reaches, so it runs its time instead of stopping at 610 TFLOP/s.
            rm -rf /tmp/wl && cp -r examples /tmp/wl
            sed -i 's/"target": 610/"target": 800/' /tmp/wl/matmul-triton/workload.json
            sed -i 's/"seeds": 3/"seeds": 1/' /tmp/wl/matmul-cuda/workload.json
            step "matmul-triton: the knob search, goal 800 TFLOP/s, 140 s"
            KWB_PERF=off timeout 230 "$KWB" run /tmp/wl/matmul-triton/workload.json --session /tmp/loop2-matmul-triton \
                --strategy model --batch 8 --parallel 8 --plateau 0 --time-limit 140 --quiet 2>&1 | tail -30
            "$KWB" export /tmp/loop2-matmul-triton -o "$OUT/matmul-triton-search-h100.cache.json"
            step "matmul-cuda: random sweep (seed 2, one check seed), 170 s"
            KWB_PERF=off timeout 250 "$KWB" run /tmp/wl/matmul-cuda/workload.json --session /tmp/sweep2-cuda \
                --strategy random --seed 2 --batch 16 --parallel 16 --plateau 0 --time-limit 170 --quiet 2>&1 | tail -8
            "$KWB" export /tmp/sweep2-cuda -o "$OUT/matmul-cuda-h100-2.cache.json"
            pack_sessions sessions3.tar.gz /tmp/loop2-* /tmp/sweep2-*
        } 2>&1 | tee "$OUT/gpu3.log" ;;
    gpu2)
        {
            profiles
            sweep 220 140
            search matmul-triton 130
            search matmul-cuda 80
            pack_sessions sessions.tar.gz /tmp/sweep-* /tmp/loop-* /tmp/p-*
            ls -la "$OUT"
        } 2>&1 | tee "$OUT/gpu2.log" ;;
    *) echo "usage: $0 probe|sweep N|loop S" >&2; exit 2 ;;
esac
