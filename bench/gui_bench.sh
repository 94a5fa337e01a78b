#!/usr/bin/env bash
# The workbench window on a generated large session (2,000 candidates):
# open to first paint, select to diff shown, chart update, resident memory.
#
#   bench/gui_bench.sh [candidates]
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BENCH:-build/bench/kwb_bench_gui}
export QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME=$(mktemp -d) XDG_RUNTIME_DIR=$(mktemp -d)
echo "\$ QT_QPA_PLATFORM=offscreen $B ${1:-2000}"
"$B" "${1:-2000}" 2> >(grep -v propagateSizeHints >&2)
