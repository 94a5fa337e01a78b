#!/usr/bin/env bash
# Host-side entry point of the opencl target: `bash run.sh eval CANDIDATE_DIR`
# or `bash run.sh calibrate`. The supervisor builds the harness against the
# host's OpenCL ICD loader, which builds each candidate's OpenCL C in a child;
# it prints exactly one JSON document on stdout (stderr is console output).
set -u
. "$(dirname "$0")/kwbrun.sh"
kwb_exec_supervisor "$@"
