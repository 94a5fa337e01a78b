#!/usr/bin/env bash
# Host-side entry point of the Python targets (triton, tilelang, nki): `bash run.sh eval CANDIDATE_DIR`
# or `bash run.sh calibrate [cpu-fallback]`. The supervisor runs harness.py with $KWB_PYTHON
# (default python3) and prints one JSON document on stdout; calibration is
# the calibrate.py installed beside this file: the target's own (PyTorch for
# triton and tilelang, NKI kernels for nki).
set -u
case ":$PATH:" in *:/usr/local/cuda/bin:*) ;; *) PATH="$PATH:/usr/local/cuda/bin" ;; esac
export PATH
if [ "${1:-}" = calibrate ]; then
    cd "$(dirname "$0")" && exec "${KWB_PYTHON:-python3}" calibrate.py "${@:2}"
fi
. "$(dirname "$0")/kwbrun.sh"
kwb_exec_supervisor "$@"
