#!/usr/bin/env bash
# SSH transport cost per evaluation on loopback, kwb against scp+ssh per step.
#
#   bench/ssh_transport.sh [iterations]
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BENCH:-build/bench/kwb_bench_ssh}
echo "\$ $B ${1:-50}"
"$B" "${1:-50}"
