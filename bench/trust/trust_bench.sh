#!/usr/bin/env bash
# What the measurement defences cost and what they catch (cpu-cxx):
#   1. the bundled example's template at its defaults, evaluated with the
#      defences on and off (KWB_TRUST=off), alternating, in one run: wall
#      time and the harness's own stage times, medians and their ratio;
#   2. the red team (tests/data/redteam): caught / tried, with how;
#   3. the honest side: random configurations of the bundled template (on a
#      smaller shape) and the tiny kernels, and how many were flagged.
#
#   bench/trust/trust_bench.sh [--rounds N] [--honest N] [--loaded] [--only cost|redteam|honest]
#                              [--workload FILE]
# --workload measures the cost on another workload's starting kernel (any
# target whose supervisor reads KWB_TRUST: cpu-cxx, opencl), in place of the
# bundled example's template.
# --loaded runs two busy loops beside it (a loaded machine). Needs a build
# (make build); writes its sessions under a temporary folder.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
kwb=${KWB:-$here/build/app/kwb/kwb}
rounds=5 honest=40 loaded=0 only=all workload=
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --honest) honest=$2; shift 2 ;;
        --loaded) loaded=1; shift ;;
        --only) only=$2; shift 2 ;;
        --workload) workload=$(realpath "$2"); shift 2 ;;
        *) echo "usage: $0 [--rounds N] [--honest N] [--loaded] [--only PART] [--workload FILE]" >&2; exit 2 ;;
    esac
done
tmp=$(mktemp -d)
export XDG_CACHE_HOME=$tmp/cache
load_pids=()
cleanup() { for p in "${load_pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$tmp"; }
trap cleanup EXIT
if [ "$loaded" = 1 ]; then
    for _ in 1 2; do (while :; do :; done) & load_pids+=($!); done
    echo "machine loaded: ${#load_pids[@]} busy loops beside the benchmark"
fi

example=$here/examples/matmul-cpu/workload.json
"$kwb" calibrate > /dev/null

part() { [ "$only" = all ] || [ "$only" = "$1" ]; }

if part cost; then
if [ -n "$workload" ]; then
    what=(eval "$workload")
    echo "== 1. cost of the defences: $workload, its starting kernel, $rounds rounds, on and off alternating"
else
    what=(eval "$example" --knob MR=6)
    echo "== 1. cost of the defences: matmul-cpu template at its defaults, $rounds rounds, on and off alternating"
fi
"$kwb" "${what[@]}" --json > /dev/null 2>&1 || true # builds the harness, outside the rounds
for i in $(seq "$rounds"); do
    for mode in on off; do
        start=$(date +%s%N)
        KWB_TRUST=$mode "$kwb" "${what[@]}" --json > "$tmp/eval-$mode-$i.json" 2> /dev/null || true
        end=$(date +%s%N)
        echo "$mode $(( (end - start) / 1000000 ))" >> "$tmp/walls"
    done
done
python3 - "$tmp" "$rounds" <<'EOF'
import json, statistics, sys
tmp, rounds = sys.argv[1], int(sys.argv[2])
walls = {"on": [], "off": []}
for line in open(tmp + "/walls"):
    mode, wall = line.split()
    walls[mode].append(float(wall) / 1000.0)
stage = {m: {k: [] for k in ("compile_ms", "check_ms", "bench_ms", "verify_ms")} for m in walls}
median = {m: [] for m in walls}
for m in walls:
    for i in range(1, rounds + 1):
        d = json.load(open("%s/eval-%s-%d.json" % (tmp, m, i)))
        for k in stage[m]:
            stage[m][k].append(d["timings"][k])
        median[m].append(d["latency"]["median_ms"])
print("%-28s %12s %12s %8s" % ("median over rounds", "defences on", "off", "on/off"))
def row(name, a, b, unit):
    print("%-28s %10.0f %s %10.0f %s %7s" % (name, a, unit, b, unit, "%.3f" % (a / b) if b else "-"))
row("evaluation wall time", 1000 * statistics.median(walls["on"]), 1000 * statistics.median(walls["off"]), "ms")
for k in ("compile_ms", "check_ms", "bench_ms", "verify_ms"):
    row(k.replace("_ms", " stage"), statistics.median(stage["on"][k]), statistics.median(stage["off"][k]), "ms")
print("%-28s %10.2f ms %10.2f ms %7.3f" % ("kernel median (timed call)", statistics.median(median["on"]),
                                          statistics.median(median["off"]), statistics.median(median["on"]) / statistics.median(median["off"])))
EOF
fi

if part redteam; then
echo
echo "== 2. the red team (tests/data/redteam on tests/data/tiny)"
# A cheat whose trick cannot fire is measured on its honest path: it counts
# as neutralised when its median is no faster than 0.8x the honest kernel's
# (good.cpp, timed here too), and as missed when it is.
# The honest kernel's fastest median of three evaluations: one median of a
# 0.6 µs call varies by a third from run to run on this 2-core host.
good_ms=$(for _ in 1 2 3; do
    ("$kwb" eval "$here/tests/data/tiny/workload.json" --json 2> /dev/null || true) |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["latency"]["median_ms"])'
done | sort -g | head -1)
caught=0 tried=0
for f in "$here"/tests/data/redteam/*.cpp; do
    tried=$((tried + 1))
    verdict=$( ("$kwb" eval "$here/tests/data/tiny/workload.json" --kernel "$f" --json 2> /dev/null || true) |
        GOOD_MS=$good_ms python3 -c '
import json, os, sys
try:
    d = json.load(sys.stdin)
except Exception:
    print("no result"); sys.exit()
flags = d.get("flags") or []
f = d.get("failure") or {}
if flags:
    print("caught: flag %s: %s" % (flags[0]["id"], flags[0]["reason"][:90]))
elif f:
    print("caught: %s at %s: %s" % (f["class"], f["stage"], f["message"][:80]))
else:
    ms, good = d["latency"]["median_ms"], float(os.environ["GOOD_MS"])
    word = "neutralised" if ms >= 0.8 * good else "MISSED"
    print("%s: median %.3g ms, the honest kernel %.3g ms (%.2fx)" % (word, ms, good, good / ms))')
    case "$verdict" in caught* | neutralised*) caught=$((caught + 1)) ;; esac
    printf "  %-20s %s\n" "$(basename "$f")" "$verdict"
done
echo "red team: $caught caught or neutralised of $tried tried"
fi

if part honest; then
echo
echo "== 3. the honest side: $honest random configurations of the matmul-cpu template (256³) and the tiny kernels"
mkdir -p "$tmp/mm"
cp "$here"/examples/matmul-cpu/*.cpp "$tmp/mm/"
sed -e 's/"M": 1024, "N": 1024, "K": 1024/"M": 256, "N": 256, "K": 256/' \
    -e 's/"target": 85, "direction": "max"/"target": 1e9, "direction": "max"/' -e 's/"rounds": 40/"rounds": 100000/' \
    -e 's/"baselines": \[/"baselines_off": [/' "$example" > "$tmp/mm/workload.json"
python3 - "$tmp/mm/workload.json" <<'EOF'
import re, sys
p = sys.argv[1]
s = open(p).read()
s = re.sub(r'\n  "baselines_off": \[.*?\],\n', '\n', s, flags=re.S)
open(p, "w").write(s)
EOF
"$kwb" run "$tmp/mm/workload.json" --session "$tmp/honest" --strategy random --max-evals "$honest" --plateau 0 \
    --quiet > /dev/null 2>&1 || true
for k in good.cpp slow.cpp; do
    "$kwb" eval "$here/tests/data/tiny/workload.json" --kernel "$here/tests/data/tiny/$k" --session "$tmp/honest-tiny" \
        > /dev/null 2>&1 || true
done
python3 - "$tmp/honest/experiments.jsonl" "$tmp/honest-tiny/experiments.jsonl" <<'EOF'
import json, sys
evaluated = flagged = failed = bounded = 0
explained = []
for path in sys.argv[1:]:
    for line in open(path):
        r = json.loads(line)
        res = r.get("result") or {}
        if r.get("decision") in ("infra", "rejected") or not res:
            continue
        evaluated += 1
        clock = res.get("outside_clock") or {}
        if clock.get("timed_section_ms", 0) > 50:
            explained.append(clock.get("explained", 1))
        if clock.get("bounded"):
            bounded += 1
            print("  BOUNDED #%d: explained %.3f of %.0f ms" % (r["id"], clock["explained"], clock["timed_section_ms"]))
        if res.get("flags"):
            flagged += 1
            print("  FLAGGED #%d %s: %s" % (r["id"], r.get("plan", "")[:60], res["flags"][0]["reason"][:100]))
        if res.get("failure"):
            failed += 1
print("honest: %d flagged of %d evaluations (%d failed on their own: constraint-valid but wrong or crashing)"
      % (flagged, evaluated, failed))
if explained:
    print("outside clock: %d samples raised; sections over 50 ms explained %.3f to %.3f (median %.3f, %d sections)"
          % (bounded, min(explained), max(explained), sorted(explained)[len(explained) // 2], len(explained)))
EOF
fi
