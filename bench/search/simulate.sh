#!/usr/bin/env bash
# Replays every search strategy against the recorded matmul knob spaces
# (no compiling): evaluations to reach 90% and 95% of the exhaustive optimum,
# median and 90th percentile over 300 seeds, and random's median over each
# strategy's (the sample-efficiency ratio).
#
#   bench/search/simulate.sh [extra kwb simulate options]
set -euo pipefail
cd "$(dirname "$0")/../.."
KWB=${KWB:-build/app/kwb/kwb}
for SIZE in 256 512; do
    W=bench/search/matmul-$SIZE.json
    C=bench/search/matmul-$SIZE.cache.json
    echo "\$ $KWB simulate $W --cache $C --seeds 300 $*"
    "$KWB" simulate "$W" --cache "$C" --seeds 300 "$@"
    echo
done
