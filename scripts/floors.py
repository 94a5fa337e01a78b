#!/usr/bin/env python3
"""The floors of core/: every include between core's folders must point to
the same or a lower floor. Prints the floors from the bottom up and exits 1,
naming the includes, when the folders cannot be ordered that way (a cycle).

    scripts/floors.py
"""
import collections
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent / "core"
edges = collections.defaultdict(set)  # folder -> folders it includes
where = collections.defaultdict(list)  # (from, to) -> "file: include"
folders = sorted(p.name for p in root.iterdir() if p.is_dir())
for path in sorted(root.rglob("*")):
    if path.suffix not in (".h", ".cpp"):
        continue
    here = path.relative_to(root).parts[0]
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r'#include "([a-z]+)/', line)
        if m and m.group(1) in folders and m.group(1) != here:
            edges[here].add(m.group(1))
            where[(here, m.group(1))].append(f"{path.relative_to(root.parent)}: {line}")

# Kahn's algorithm from the bottom: a floor includes only floors below it.
order, left = [], set(folders)
while left:
    ready = sorted(f for f in left if not (edges[f] & left))
    if not ready:
        print("core/ has no floor order; these folders include each other:", file=sys.stderr)
        for f in sorted(left):
            for t in sorted(edges[f] & left):
                for w in where[(f, t)]:
                    print(f"  {f} -> {t}   {w}", file=sys.stderr)
        sys.exit(1)
    order.append(ready)
    left -= set(ready)
for i, floor in enumerate(order):
    print(f"floor {i}: {', '.join(floor)}")
