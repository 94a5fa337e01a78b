#!/usr/bin/env bash
# The sanitizer gate: builds everything with AddressSanitizer,
# LeakSanitizer and UndefinedBehaviorSanitizer (preset asan, Debug,
# build-asan/) and runs every suite under them; any report fails the run.
# Left out: the packaging and desktop-file checks (no code of ours runs).
#
#   scripts/sanitize.sh            every suite
#   scripts/sanitize.sh SUITE…     only these (and what they need)
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset asan >/dev/null
export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export LSAN_OPTIONS=suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0
# The suites' end-to-end runs through external toolchains (Triton and
# TileLang in Python, PoCL, nvcc, hipcc) skip here, saying so: their time
# goes to programs that are not instrumented (tests/evaluatenow.h,
# leftToTheMainPass). Everything of kwb's own still runs.
export KWB_SANITIZER_PASS=1
if [[ $# -eq 0 ]]; then
  cmake --build --preset asan -j "${JOBS:-2}"
  ctest --test-dir build-asan -E '^(packaging|desktop_files)$' -j "${JOBS:-2}" \
    --output-on-failure --timeout 1200
else
  cmake --build --preset asan -j "${JOBS:-2}" --target kwb "$@"
  ctest --test-dir build-asan -R "^($(IFS='|'; echo "$*"))\$" -j "${JOBS:-2}" \
    --output-on-failure --timeout 1200
fi
