#!/usr/bin/env bash
# Measures every valid configuration of a shrunk matmul knob space once and
# writes the recording as a Kernel Tuner cache file, which
# bench/search/simulate.sh replays. Resumable: run it again after an
# interruption and it carries on.
#
#   bench/search/record.sh 256    # 1,040 configurations,  on one core
#   bench/search/record.sh 512    # 1,360 configurations, ~10 min
set -euo pipefail
cd "$(dirname "$0")/../.."
KWB=${KWB:-build/app/kwb/kwb}
SIZE=${1:-256}
W=bench/search/matmul-$SIZE.json
S=${SESSION:-${TMPDIR:-/tmp}/kwb-matmul-$SIZE-exhaustive}

if [ -e "$S/session.json" ]; then
    echo "\$ $KWB run --session $S --strategy exhaustive --plateau 0 --quiet"
    "$KWB" run --session "$S" --strategy exhaustive --plateau 0 --quiet | tail -n 7
else
    echo "\$ $KWB run $W --session $S --strategy exhaustive --plateau 0 --quiet"
    "$KWB" run "$W" --session "$S" --strategy exhaustive --plateau 0 --quiet | tail -n 7
fi
echo "\$ $KWB export $S -o bench/search/matmul-$SIZE.cache.json"
"$KWB" export "$S" -o "bench/search/matmul-$SIZE.cache.json"
