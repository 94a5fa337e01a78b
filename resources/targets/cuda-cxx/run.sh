#!/usr/bin/env bash
# Host-side entry point of the cuda-cxx target: `bash run.sh eval CANDIDATE_DIR`
# or `bash run.sh calibrate`. The supervisor drives nvcc, the harness and
# Nsight Compute and prints exactly one JSON document on stdout (stderr is
# console output).
set -u
case ":$PATH:" in *:/usr/local/cuda/bin:*) ;; *) PATH="$PATH:/usr/local/cuda/bin" ;; esac
export PATH
. "$(dirname "$0")/kwbrun.sh"
kwb_exec_supervisor "$@"
