#!/usr/bin/env python3
"""kwb's search strategies against Kernel Tuner's, in one run, on the same
recorded GPU spaces (Kernel Tuner cache files), with the same budget and seeds.

Every proposal counts, failed configurations included. For each file and
strategy: evaluations until the best found is within 95% (and 90%) of the
recording's optimum, median and 90th percentile over the seeds (a replay that
never gets there counts as the whole budget).

Run through bench/search/kernel_tuner.sh, which makes the virtual environment
with Kernel Tuner; `--kwb-only` needs nothing but the kwb binary.
"""
import argparse
import contextlib
import gzip
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
KT_STRATEGIES = ["random_sample", "genetic_algorithm", "dual_annealing", "bayes_opt", "diff_evo"]


def restrictions_of(name, table_path):
    """The restrictions of the longest file-name prefix in the table that
    name starts with (convolution_milo_ before convolution_), or none."""
    table = json.load(open(table_path))
    prefixes = [p for p in table if not p.startswith("_") and name.startswith(p)]
    return table[max(prefixes, key=len)] if prefixes else []


def quantiles(counts):
    values = sorted(counts)
    def q(p):
        pos = p * (len(values) - 1)
        lo = int(pos)
        hi = min(len(values) - 1, lo + 1)
        return values[lo] + (values[hi] - values[lo]) * (pos - lo)
    return q(0.5), q(0.9)


EXACT = "random, exactly"


class KwbFailed(Exception):
    """kwb simulate refused a file (a restriction naming a knob it lacks,
    an unreadable recording): its message, to report and go on."""


def kwb_rows(kwb, path, rules, seeds, budget, strategies):
    cmd = [kwb, "simulate", path, "--seeds", str(seeds), "--budget", str(budget),
           "--strategies", strategies, "--json"]
    for r in rules:
        cmd += ["--restrict", r]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise KwbFailed(done.stderr.strip() or f"kwb simulate exited with {done.returncode}")
    doc = json.loads(done.stdout)
    rows = {}
    for s in doc["strategies"]:
        rows["kwb " + s["strategy"]] = (s["to95"]["median"], s["to95"]["p90"],
                                       s["to90"]["median"], s["ms_per_proposal"])
    exact = doc.get("random_exact")
    if exact:  # random sampling without its seeds' luck (a whole-space budget)
        rows[EXACT] = tuple(min(v, budget) for v in (exact["to95"]["median"], exact["to95"]["p90"],
                                                     exact["to90"]["median"])) + (0.0,)
    return doc["recording"], rows


@contextlib.contextmanager
def kernel_tuner_stopping_at(target_ms):
    """Within it, Kernel Tuner's strategies stop once a time at or under
    target_ms has been measured: their cost function raises the exception
    they stop on when their budget is spent, after the batch that got
    there. What they proposed until then is unchanged (their budget, which
    some strategies plan by, stays the whole one), so the evaluations to
    the target are those of a replay to the end; it only spares the rest,
    which bayes_opt takes minutes a replay for."""
    from kernel_tuner import util
    from kernel_tuner.strategies.common import CostFunc
    run_configs = getattr(CostFunc, "_run_configs", None)
    if run_configs is None:  # another Kernel Tuner than the pinned one
        print("compare.py: this Kernel Tuner has no CostFunc._run_configs: its replays run to "
              "the end of their budget", file=sys.stderr)
        yield
        return

    def stopping(self, xs, check_restrictions=True):
        results = run_configs(self, xs, check_restrictions=check_restrictions)
        for r in results:
            t = r.get("time")
            if isinstance(t, (int, float)) and t <= target_ms:
                raise util.StopCriterionReached("reached the target time")
        return results

    CostFunc._run_configs = stopping
    try:
        yield
    finally:
        CostFunc._run_configs = run_configs


def kt_rows(path, rules, seeds, budget, optimum_ms, strategies):
    from kernel_tuner import tune_kernel  # only with --kernel-tuner
    header = json.load(gzip.open(path) if path.endswith(".gz") else open(path))
    tune_params = {k: header["tune_params"][k] for k in header["tune_params_keys"]}
    rows = {}
    with tempfile.TemporaryDirectory() as tmp, kernel_tuner_stopping_at(optimum_ms / 0.95):
        for strategy in strategies:
            c95, c90, spent, proposals = [], [], 0.0, 0
            for seed in range(1, seeds + 1):
                # Kernel Tuner reads plain JSON and may write to its cache: a
                # fresh copy per replay.
                cache = os.path.join(tmp, "cache.json")
                with open(cache, "w") as f:
                    json.dump(header, f)
                random.seed(seed)
                import numpy
                numpy.random.seed(seed)
                start = time.perf_counter()
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    results, _ = tune_kernel(
                        header["kernel_name"], "__global__ void k() {}", header["problem_size"],
                        [], tune_params, restrictions=rules or None, cache=cache,
                        simulation_mode=True, strategy=strategy,
                        strategy_options={"max_fevals": budget}, verbose=False, quiet=True)
                spent += time.perf_counter() - start
                proposals += len(results)
                best = float("inf")
                to95 = to90 = None
                for i, r in enumerate(results[:budget], 1):
                    t = r.get("time")
                    if isinstance(t, (int, float)):
                        best = min(best, t)
                    if to90 is None and best <= optimum_ms / 0.90:
                        to90 = i
                    if to95 is None and best <= optimum_ms / 0.95:
                        to95 = i
                        break
                c95.append(to95 or budget)
                c90.append(to90 or budget)
            m95, p95 = quantiles(c95)
            rows["KT " + strategy] = (m95, p95, quantiles(c90)[0],
                                      1000 * spent / max(1, proposals))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ktcache", default=os.path.join(HERE, "../../../shared/ktcache"))
    ap.add_argument("--kwb", default=os.path.join(HERE, "../../build/app/kwb/kwb"))
    ap.add_argument("--files", nargs="*", help="file names without .json.gz (default: all)")
    ap.add_argument("--seeds", type=int, default=30)
    ap.add_argument("--budget", type=int, default=0,
                    help="evaluations per replay (default: the valid space's size)")
    ap.add_argument("--kwb-strategies", default="random,model")
    ap.add_argument("--kt-strategies", default=",".join(KT_STRATEGIES))
    ap.add_argument("--kwb-only", action="store_true")
    ap.add_argument("--restrictions", default=os.path.join(HERE, "ktcache-restrictions.json"),
                    help="the restrictions per file-name prefix (JSON; default: the "
                    "development set's)")
    args = ap.parse_args()
    names = args.files or sorted(f[:-8] for f in os.listdir(args.ktcache) if f.endswith(".json.gz"))
    print(f"seeds 1..{args.seeds}; evaluations to 95% of the optimum (median, p90), to 90% "
          "(median); every proposal counts, failures included; random/it is random sampling's exact "
          "median (drawn without replacement from the valid space) over the strategy's")
    failed = []
    for name in names:
        path = os.path.join(args.ktcache, name + ".json.gz")
        rules = restrictions_of(name, args.restrictions)
        try:
            # The budget: the valid space (kwb counts it) unless given.
            recording, rows = kwb_rows(args.kwb, path, rules, 1, 1, "random")
            budget = args.budget or int(recording["valid"])
            recording, rows = kwb_rows(args.kwb, path, rules, args.seeds, budget,
                                       args.kwb_strategies)
        except KwbFailed as e:
            message = str(e).replace("\n", "\n  ")
            print(f"\n{name}: skipped, kwb simulate refused it:\n  {message}")
            failed.append(name)
            continue
        # Kernel Tuner's simulation mode raises when a strategy proposes a
        # valid configuration its cache lacks; kwb counts one as a failure.
        # (The valid count is exact below kwb's enumeration limit.)
        lacking = int(recording["valid"]) - recording["configurations"]
        kt_skipped = None
        if not args.kwb_only and recording.get("valid_exact") and lacking > 0:
            kt_skipped = (f"Kernel Tuner skipped: the recording lacks {lacking} of the "
                          f"{int(recording['valid'])} valid configurations, which Kernel Tuner's "
                          "simulation mode requires (a restriction missing from --restrictions?)")
        elif not args.kwb_only:
            try:
                rows.update(kt_rows(path, rules, args.seeds, budget, recording["optimum_ms"],
                                    args.kt_strategies.split(",")))
            except Exception as e:  # Kernel Tuner's own words, and on to the next file
                kt_skipped = f"Kernel Tuner failed: {type(e).__name__}: {e}"
        if kt_skipped:
            failed.append(name)
        print(f"\n{name}: {recording['configurations']} configurations, "
              f"{recording['within_95']} within 95% of the optimum, budget {budget}")
        if kt_skipped:
            print(f"  {kt_skipped}")
        print(f"  {'strategy':24} {'95% median':>10} {'p90':>8} {'90% median':>11} "
              f"{'random/it':>10} {'ms/proposal':>12}")
        random_median = rows.get(EXACT, rows.get("kwb random", (None,)))[0]
        for label, (m95, p95, m90, cost) in sorted(rows.items(), key=lambda kv: kv[1][0]):
            ratio = f"{random_median / m95:.2f}x" if random_median and m95 else "-"
            print(f"  {label:24} {m95:10.1f} {p95:8.1f} {m90:11.1f} {ratio:>10} {cost:12.3f}")
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
