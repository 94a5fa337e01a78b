#!/usr/bin/env bash
# Host-side entry point of the cpu-cxx target. kwb uploads this folder (or
# copies it locally) and runs `bash run.sh eval CANDIDATE_DIR` or
# `bash run.sh calibrate`. The supervisor prints exactly one JSON document
# on stdout; everything on stderr is console output.
set -u
. "$(dirname "$0")/kwbrun.sh"
kwb_exec_supervisor "$@"
