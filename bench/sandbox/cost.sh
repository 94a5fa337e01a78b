#!/usr/bin/env bash
# What the candidate's sandbox (bubblewrap) costs an evaluation: the tiny
# cpu-cxx workload (the smallest there is, so the share is the largest),
# evaluated ROUNDS times with the sandbox and ROUNDS times without
# (KWB_SANDBOX=off), alternating, in one session (the harness is built
# once, before). Prints each pair, then the medians and their ratio.
#
#   bench/sandbox/cost.sh [ROUNDS]      (default 8; needs `make build`)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
kwb=${KWB:-$here/build/app/kwb/kwb}
rounds=${1:-8}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$here"/tests/data/tiny/* "$tmp"/
cd "$tmp"
"$kwb" eval workload.json --session s --quiet >/dev/null 2>&1 # builds the harness
for i in $(seq "$rounds"); do
    for mode in on off; do
        # A new kernel each time (a comment), so nothing is answered from the session's cache.
        cp good.cpp "k$i$mode.cpp"
        echo "// $i $mode" >>"k$i$mode.cpp"
        start=$(date +%s%N)
        if [ "$mode" = off ]; then
            KWB_SANDBOX=off "$kwb" eval workload.json --session s --kernel "k$i$mode.cpp" --json 2>/dev/null >"r$i$mode.json"
        else
            "$kwb" eval workload.json --session s --kernel "k$i$mode.cpp" --json 2>/dev/null >"r$i$mode.json"
        fi
        echo "$mode $(( ($(date +%s%N) - start) / 1000000 ))" >>walls.txt
    done
done
python3 - "$rounds" <<'PY'
import json, statistics, sys
rounds = int(sys.argv[1])
walls = {"on": [], "off": []}
for line in open("walls.txt"):
    mode, ms = line.split()
    walls[mode].append(float(ms))
stages = {"on": [], "off": []}
for i in range(1, rounds + 1):
    for mode in ("on", "off"):
        d = json.load(open(f"r{i}{mode}.json"))
        t = d.get("timings", {})
        stages[mode].append(sum(t.get(k, 0) for k in ("check_ms", "bench_ms", "verify_ms")))
        if (d.get("sandbox") or {}).get("enabled") != (mode == "on"):
            sys.exit(f"evaluation {i} {mode}: the document's sandbox says {d.get('sandbox')}")
for mode in ("on", "off"):
    print(f"sandbox {mode:3}: median {statistics.median(walls[mode]):7.1f} ms per evaluation, "
          f"check+bench+verify {statistics.median(stages[mode]):6.1f} ms")
on, off = statistics.median(walls["on"]), statistics.median(walls["off"])
print(f"cost: +{on - off:.1f} ms per evaluation ({100 * (on / off - 1):.1f} %)")
PY
