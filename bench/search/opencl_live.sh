#!/usr/bin/env bash
# Kernel Tuner (its OpenCL backend, through pyopencl) and kwb tuning the same
# OpenCL GEMM live on this machine's OpenCL device, one run after another.
# Makes the virtual environment build/venv-kt (Kernel Tuner and pyopencl
# from the Python package index) and needs kwb built (make build) and an
# OpenCL driver (PoCL: apt-get install pocl-opencl-icd).
#
#   bench/search/opencl_live.sh [--budget 30] [--seeds 2] [--size 256] [--kt-strategies a,b] [--kwb-strategies model,random]
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV=${VENV:-build/venv-kt}
KT_VERSION=${KT_VERSION:-1.5.0}
if ! "$VENV/bin/python" -c "import kernel_tuner, pyopencl" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "kernel_tuner==$KT_VERSION" pyopencl
fi
exec "$VENV/bin/python" bench/search/opencl_live.py "$@"
