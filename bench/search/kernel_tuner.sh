#!/usr/bin/env bash
# kwb's search against Kernel Tuner's own strategies, in one run, on the
# recorded GPU spaces: makes a virtual environment with Kernel Tuner from the
# Python package index (build/venv-kt), then runs compare.py.
#
#   bench/search/kernel_tuner.sh [compare.py options: --seeds N --files NAME... --budget N
#                                 --ktcache DIR --restrictions FILE]
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV=${VENV:-build/venv-kt}
KT_VERSION=${KT_VERSION:-1.5.0}
if ! "$VENV/bin/python" -c "import kernel_tuner" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "kernel_tuner==$KT_VERSION"
fi
exec "$VENV/bin/python" bench/search/compare.py "$@"
