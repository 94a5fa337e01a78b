#!/usr/bin/env bash
# The real loop on the bundled matmul example: the best kernel the default
# strategy finds in 40 evaluations (round 0's starting kernel and baselines
# included), its speedup over the naive start and its ratio to the library
# baseline. Several minutes on one core; run nothing else meanwhile.
#
#   bench/loop_example.sh [--strategy NAME]
set -euo pipefail
cd "$(dirname "$0")/.."
KWB=${KWB:-build/app/kwb/kwb}
S=$(mktemp -d)/session
trap 'rm -rf "$(dirname "$S")"' EXIT
echo "\$ $KWB run examples/matmul-cpu/workload.json --session $S --max-evals 40 --plateau 0 --quiet $*"
"$KWB" run examples/matmul-cpu/workload.json --session "$S" --max-evals 40 --plateau 0 --quiet "$@" | tail -n 9
