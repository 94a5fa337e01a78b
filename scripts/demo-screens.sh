#!/usr/bin/env bash
# The demo a new user gives (approve, edit, reject, revert, Autopilot,
# compare, stop, continue, reopen, replay) on the bundled example under Xvfb,
# with a picture of the window after each step at 1024×700, 1280×800 and
# 1920×1080:
#   scripts/demo-screens.sh [OUT_DIR [WORKLOAD]]     (about 5 minutes)
# It is tst_gui's demoScenario with KWB_DEMO_WORKLOAD and KWB_SCREENSHOT_DIR
# set: after each step it also asserts that no pane is crushed, the window
# grew past none of the sizes and the state text is the loop's. Needs a
# build (make build) and xvfb-run (make deps installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-demo-screens}")
workload=$(realpath "${2:-examples/matmul-cpu/workload.json}")
build=${BUILD:-build}
test -x "$build/tests/tst_gui" || { echo "no $build/tests/tst_gui: run make build first" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$out"
# A first start (no saved layout), its own cache and sessions.
KWB_DEMO_WORKLOAD=$workload KWB_SCREENSHOT_DIR=$out QT_QPA_PLATFORM=xcb KWB_LANGUAGE=en \
  XDG_CONFIG_HOME=$scratch/config XDG_CACHE_HOME=$scratch/cache XDG_DATA_HOME=$scratch/data \
  xvfb-run -a -s "-screen 0 1920x1080x24" "$build/tests/tst_gui" demoScenario
echo "pictures in $out"
