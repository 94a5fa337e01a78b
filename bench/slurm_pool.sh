#!/usr/bin/env bash
# Evaluations as Slurm jobs on a private 4-node cluster (tests/slurm/slurm.sh)
# with a harness that takes 0.5 s: 4 nodes against 1, and the per-evaluation
# overhead of Slurm against an SSH host, in one run.
#
#   bench/slurm_pool.sh [evaluations (default 32)]
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BENCH:-build/bench/kwb_bench_slurm}
echo "\$ $B ${1:-32}"
"$B" "${1:-32}" | grep -v '^sshd on\|^slurm cluster up'
