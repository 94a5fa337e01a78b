#!/usr/bin/env bash
# The sanitizer gate: builds the engine and the core suites with
# AddressSanitizer and UndefinedBehaviorSanitizer (preset asan, build-asan/)
# and runs them. Any report fails the run (halt_on_error). The suites that
# drive the GUI, SSH, the LLM server and kwb end to end run in the plain
# build only: under the sanitizers they would take the CI budget twice over
# (see HACKING.md, "Style gates").
#
#   scripts/sanitize.sh [SUITE…]     default: the core suites below
set -euo pipefail
cd "$(dirname "$0")/.."
suites=("$@")
if [[ ${#suites[@]} -eq 0 ]]; then
  suites=(tst_workload tst_knobs tst_targets tst_result tst_session tst_hostile tst_search
          tst_loop tst_diff tst_trust tst_cpucxx)
fi
cmake --preset asan >/dev/null
cmake --build --preset asan -j "${JOBS:-2}" --target kwb "${suites[@]}"
export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export LSAN_OPTIONS=suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0
regex="^($(IFS='|'; echo "${suites[*]}"))\$"
ctest --test-dir build-asan -R "$regex" -j "${JOBS:-2}" --output-on-failure --timeout 1200
