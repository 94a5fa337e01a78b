#!/usr/bin/env bash
# The style gates (see HACKING.md, "Style gates"):
#   scripts/style.sh format        apply .clang-format to the project's C++
#   scripts/style.sh check-format  fail, naming each file, when one is not formatted
#   scripts/style.sh tidy BUILD    run clang-tidy (.clang-tidy's checks) over core/, views/, app/
#                                  using BUILD's compile_commands.json; any finding fails
# The kernels, harnesses and examples under resources/ and examples/ are
# what users and hosts compile: they keep their own layout.
set -euo pipefail
cd "$(dirname "$0")/.."

clang_format=$(command -v clang-format-14 || command -v clang-format || true)
clang_tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)

sources() {
  git ls-files --cached --others --exclude-standard -- 'core/*.cpp' 'core/*.h' 'views/*.cpp' 'views/*.h' 'app/*.cpp' 'app/*.h' \
    'tests/*.cpp' 'tests/*.h' 'fuzz/*.cpp' 'fuzz/*.h' 'bench/*.cpp' 'bench/*.h'
}

need() {
  if [[ -z "$1" ]]; then
    echo "style: $2 is not installed (scripts/deps.sh installs it)" >&2
    exit 2
  fi
}

case "${1:-}" in
  format)
    need "$clang_format" clang-format
    sources | xargs "$clang_format" -i
    ;;
  check-format)
    need "$clang_format" clang-format
    bad=()
    while IFS= read -r f; do
      if ! "$clang_format" --dry-run --Werror "$f" >/dev/null 2>&1; then
        bad+=("$f")
      fi
    done < <(sources)
    if [[ ${#bad[@]} -gt 0 ]]; then
      echo "style: ${#bad[@]} file(s) differ from .clang-format (run scripts/style.sh format):" >&2
      printf '  %s\n' "${bad[@]}" >&2
      exit 1
    fi
    echo "style: $(sources | wc -l) files formatted"
    ;;
  tidy)
    need "$clang_tidy" clang-tidy
    build=${2:-build}
    if [[ ! -f "$build/compile_commands.json" ]]; then
      echo "style: $build/compile_commands.json is missing (configure with a preset first)" >&2
      exit 2
    fi
    files=$(git ls-files -- 'core/*.cpp' 'views/*.cpp' 'app/*.cpp')
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    # --warnings-as-errors='*': a finding fails the gate. -j: one per core.
    if ! printf '%s\n' $files | xargs -P "${JOBS:-2}" -n 4 \
        "$clang_tidy" -p "$build" --quiet --warnings-as-errors='*' >"$log" 2>&1; then
      grep -E 'warning:|error:' "$log" | sort -u >&2 || cat "$log" >&2
      echo "style: clang-tidy found problems (above)" >&2
      exit 1
    fi
    echo "style: clang-tidy clean over $(printf '%s\n' $files | wc -l) files in core/, views/ and app/"
    ;;
  *)
    echo "usage: scripts/style.sh format | check-format | tidy [BUILD_DIR]" >&2
    exit 2
    ;;
esac
