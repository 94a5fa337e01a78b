#!/usr/bin/env bash
# Host-side entry point of the hip target: `bash run.sh eval CANDIDATE_DIR`
# or `bash run.sh calibrate`. The supervisor drives hipcc, the harness and
# rocprofv3 and prints exactly one JSON document on stdout (stderr is
# console output).
set -u
case ":$PATH:" in *:/opt/rocm/bin:*) ;; *) PATH="$PATH:/opt/rocm/bin" ;; esac
export PATH
. "$(dirname "$0")/kwbrun.sh"
kwb_exec_supervisor "$@"
