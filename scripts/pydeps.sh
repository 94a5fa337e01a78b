#!/usr/bin/env bash
# The Python environment the triton and tilelang targets' tests run in: a virtual
# environment owned by the build (build/venv), with PyTorch's CPU build and
# Triton, so Triton's interpreter (TRITON_INTERPRET=1) runs kernels on the
# CPU. Idempotent: does nothing when the environment is already complete.
# A machine that cannot reach the package index gets a warning and tests
# that need the environment are skipped with that reason.
set -u
venv=${1:?usage: pydeps.sh VENV_DIR}
want="torch==2.13.0 triton==3.9.0 numpy"
stamp="$venv/.kwb-requirements"
# TileLang (the tilelang target's tests, on its C backend) in a step of its
# own: a machine where it cannot be installed skips only those tests.
tilelang_want="tilelang==0.1.15"
tilelang_stamp="$venv/.kwb-tilelang"
add_tilelang() {
    [ "$(cat "$tilelang_stamp" 2>/dev/null)" = "$tilelang_want" ] && return 0
    echo "pydeps: adding $tilelang_want to $venv"
    if "$venv/bin/python" -m pip install -q --disable-pip-version-check "$tilelang_want"; then
        echo "$tilelang_want" > "$tilelang_stamp"
    else
        echo "pydeps: pip could not install $tilelang_want; the tilelang tests will be skipped" >&2
    fi
}
if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
    add_tilelang
    exit 0
fi
python=$(command -v python3 || true)
if [ -z "$python" ]; then
    echo "pydeps: python3 is not installed; the triton target's tests will be skipped" >&2
    exit 0
fi
echo "pydeps: making $venv with $want (PyTorch's CPU build; the first time takes a few minutes)"
if ! "$python" -m venv "$venv"; then
    echo "pydeps: cannot create a virtual environment (Debian: apt-get install python3-venv); the triton tests will be skipped" >&2
    exit 0
fi
# torch==2.13.0 resolves to the CPU build where one lies on disk (this
# workplace's machines); --index-url would force PyPI's multi-GB CUDA build.
if "$venv/bin/python" -m pip install -q --disable-pip-version-check $want; then
    echo "$want" > "$stamp"
    add_tilelang
else
    echo "pydeps: pip could not install $want; the triton and tilelang tests will be skipped" >&2
fi
exit 0
