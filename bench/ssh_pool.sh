#!/usr/bin/env bash
# Throughput of 4 SSH hosts (4 sshd on loopback) against one, with a harness
# that takes 0.5 s per evaluation.
#
#   bench/ssh_pool.sh [evaluations (default 48)]
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BENCH:-build/bench/kwb_bench_pool}
echo "\$ $B ${1:-24}"
"$B" "${1:-48}" | grep -v '^sshd on'
