#!/usr/bin/env bash
# Engine overhead per candidate, the target's own time excluded (it answers
# instantly): 1,000 candidates through the real loop, for two strategies.
#   bench/loop_overhead.sh          (after `make build`)
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BENCH:-build/bench/kwb_bench_loop}
for strategy in exhaustive random; do
    echo "\$ $B 1000 $strategy"
    "$B" 1000 "$strategy"
done
# The model strategy fits a Gaussian process per proposal (O(n²) per scored
# candidate): its own cost, not the engine's, grows with the measurements.
echo "\$ $B 200 model"
"$B" 200 model
