#!/usr/bin/env python3
"""A 20,000-configuration space for the search strategies' own cost: writes
a Kernel Tuner cache file with a synthetic, seeded objective (a rugged bowl
with one narrow best corner and 15 % failed configurations, so the model
keeps measuring for hundreds of evaluations) to stdout.

    bench/search/cost_20k.py > /tmp/space-20k.json
    build/app/kwb/kwb simulate /tmp/space-20k.json --seeds 5 --strategies random,model

With --flat, the model's worst case instead: every configuration runs, all
within 0.5 % of each other (1.000 to 1.005) but one at half the time, so
its bounds on expected improvement prune nearly no candidate and each one
it scores gets its exact spread (once stalled, every other proposal is a
cheap single-knob change, which the printed average includes). Only the
one configuration meets 95 %: give a budget.

    bench/search/cost_20k.py --flat > /tmp/flat-20k.json
    build/app/kwb/kwb simulate /tmp/flat-20k.json --budget 300 --seeds 1 --strategies model
"""
import itertools
import json
import math
import random
import sys

flat = sys.argv[1:] == ["--flat"]
if sys.argv[1:] not in ([], ["--flat"]):
    sys.exit("usage: cost_20k.py [--flat] > FILE")
rng = random.Random(20000)
params = {"a": list(range(10)), "b": list(range(10)), "c": list(range(10)), "d": list(range(5)), "e": list(range(4))}
keys = list(params)
cache = {}
for values in itertools.product(*params.values()):
    config = dict(zip(keys, values))
    a, b, c, d, e = values
    key = ",".join(str(v) for v in values)
    entry = dict(config)
    if flat:
        entry["time"] = 0.5 if values == (6, 1, 7, 1, 1) else round(1.0 + 0.005 * rng.random(), 6)
    elif rng.random() < 0.15 or (a + b > 15 and e == 3):
        entry["time"] = "RuntimeFailedConfig"
    else:
        bowl = (a - 7) ** 2 / 8 + (b - 2) ** 2 / 6 + (c - 5) ** 2 / 20 + abs(d - 3) / 2 + (0 if e == 1 else 0.4)
        ripple = 0.3 * math.sin(a * 1.7 + b * 0.9 + c * 2.3) + 0.2 * rng.random()
        entry["time"] = round(1.0 + bowl + ripple, 6)
    cache[key] = entry
print(json.dumps({"schema_version": "1.1.0", "device_name": "synthetic", "kernel_name": "cost-20k",
                  "problem_size": [1], "tune_params_keys": keys, "tune_params": params,
                  "objective": "time", "cache": cache}))
