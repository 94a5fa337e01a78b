#!/usr/bin/env bash
# Replays kwb's search strategies against the Kernel Tuner cache files
# recorded on real GPUs (../shared/ktcache, or $KTCACHE), each file on its own
# with the restrictions that define its valid space (the ktcache README's):
# evaluations to 90% and 95% of the optimum, median and p90 over the seeds.
#
#   bench/search/ktcache.sh [kwb simulate options, e.g. --seeds 30 --strategies random,model]
#   KTCACHE=DIR FILES="pnpoly_RTX_3090 ..." bench/search/ktcache.sh ...
set -euo pipefail
cd "$(dirname "$0")/../.."
KWB=${KWB:-build/app/kwb/kwb}
KTCACHE=${KTCACHE:-../shared/ktcache}
[ -d "$KTCACHE" ] || { echo "ktcache.sh: no recordings at $KTCACHE (set KTCACHE)" >&2; exit 2; }

# The restrictions of each kernel's space (Kernel Tuner's syntax), one per
# line: the first prefix of ktcache-restrictions.json the name starts with.
restrictions() {
    python3 - "$1" bench/search/ktcache-restrictions.json <<'PY'
import json, sys
name, table = sys.argv[1], json.load(open(sys.argv[2]))
for prefix, rules in table.items():
    if not prefix.startswith("_") and name.startswith(prefix):
        print("\n".join(rules))
        break
PY
}

FILES=${FILES:-$(cd "$KTCACHE" && ls ./*.json.gz | sed 's|^\./||; s|\.json\.gz$||')}
for f in $FILES; do
    args=()
    while IFS= read -r r; do
        [ -n "$r" ] && args+=(--restrict "$r")
    done < <(restrictions "$f")
    echo "\$ $KWB simulate $KTCACHE/$f.json.gz ${args[*]+"${args[*]}"} $*"
    "$KWB" simulate "$KTCACHE/$f.json.gz" ${args[@]+"${args[@]}"} "$@"
    echo
done
