#!/usr/bin/env bash
# Evaluates the bundled matmul example's naive kernel and a tuned instance of
# its template in one run, and prints the figures side by side (a ratio, since
# the machines we run on are shared and noisy).
#
#   bench/eval_example.sh            (after `make build`)
#   KWB=path/to/kwb bench/eval_example.sh
set -euo pipefail
cd "$(dirname "$0")/.."
KWB=${KWB:-build/app/kwb/kwb}
W=examples/matmul-cpu/workload.json
TUNED=(--knob MR=6 --knob NV=2 --knob KC=512 --knob MC=48)

field() { # field NAME < json  → the first numeric value of "NAME"
    grep -o "\"$1\": [-0-9.e+]*" | head -n 1 | awk '{print $2}'
}

echo "# machine"
echo "\$ $KWB calibrate"
"$KWB" calibrate
echo

echo "# kernels (each: compile, check over the workload's seeds, time)"
naive=$("$KWB" eval "$W" --json --quiet)
tuned=$("$KWB" eval "$W" --json --quiet "${TUNED[@]}")
n_ms=$(field median_ms <<<"$naive");  t_ms=$(field median_ms <<<"$tuned")
n_gf=$(field gflops <<<"$naive");     t_gf=$(field gflops <<<"$tuned")
n_pk=$(field pct_peak_flops <<<"$naive"); t_pk=$(field pct_peak_flops <<<"$tuned")
printf '%-8s %12s %10s %10s  %s\n' kernel median_ms GFLOP/s "% peak" command
printf '%-8s %12.2f %10.2f %10.2f  %s\n' naive "$n_ms" "$n_gf" "$n_pk" "$KWB eval $W"
printf '%-8s %12.2f %10.2f %10.2f  %s\n' tuned "$t_ms" "$t_gf" "$t_pk" "$KWB eval $W ${TUNED[*]}"
awk -v a="$n_ms" -v b="$t_ms" 'BEGIN { printf "speedup tuned/naive: %.1fx\n", a / b }'
