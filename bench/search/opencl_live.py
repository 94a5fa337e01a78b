#!/usr/bin/env python3
"""Kernel Tuner and kwb tuning the same OpenCL GEMM, live, on this machine's
OpenCL device (PoCL on the CPU here: CPU timings, never GPU timings).

Both tune examples/gemm-opencl/tiled.cl over the knob space and constraints
its workload.json declares, with the same evaluation budget and seeds, one
run after another (never side by side: the machine is shared). Kernel Tuner
runs through its OpenCL backend (pyopencl) with its default settings and
checks every configuration against a float64 reference; kwb runs `kwb run
--strategy S` (its first evaluation is the workload's naive start, which
counts against its budget).

The two tools time differently (Kernel Tuner: the mean of 7 launches by
OpenCL events, its first launches included; kwb: the median of at least 10
after a warm-up, outputs poisoned, after a check over 2 seeds), so after the
runs a referee times every configuration either tool found correct once more
with one clock (pyopencl, events, 3 warm-up launches, median of 15), and a
run's progress is judged by those times: evaluations and wall time until it
proposed a configuration within 95 % of the best any run found (referee time
≤ best / 0.95). Each tool's own best is printed beside the referee's.

    bench/search/opencl_live.sh [--budget 30] [--seeds 2] [--size 256] [--kt-strategies a,b] [--kwb-strategies model,random]

--size S tunes the example at M = N = K = S (a copy of the workload with
those dims; the kernel, knobs and constraints are the example's).
"""
import argparse
import shutil
import datetime
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "examples", "gemm-opencl")


def strip_comments(text):
    """JSON with // comments (outside strings) → JSON."""
    out, in_string, i = [], False, 0
    while i < len(text):
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif text.startswith("//", i):
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        else:
            out.append(c)
        i += 1
    return "".join(out)


def python_condition(expr):
    """A workload constraint (muparser) as a Kernel Tuner restriction (Python)."""
    return expr.replace("&&", " and ").replace("||", " or ")


def kernel_tuner_runs(workload, strategies, seeds, budget):
    import numpy as np
    import kernel_tuner

    dims = workload["dims"]
    M, N, K = dims["M"], dims["N"], dims["K"]
    rng = np.random.default_rng(1)
    A = rng.uniform(-1, 1, M * K).astype(np.float32)
    B = rng.uniform(-1, 1, K * N).astype(np.float32)
    C = np.zeros(M * N, np.float32)
    ref = (A.reshape(M, K).astype(np.float64) @ B.reshape(K, N).astype(np.float64)).astype(np.float32).ravel()
    params = {name: spec["values"] for name, spec in workload["knobs"].items()}
    restrictions = [python_condition(c) for c in workload["constraints"]]
    with open(os.path.join(EXAMPLE, workload["template"])) as f:
        source = f.read()
    runs = []
    for strategy in strategies:
        for seed in seeds:
            random.seed(seed)
            np.random.seed(seed)
            start = datetime.datetime.now(datetime.timezone.utc)
            results, _ = kernel_tuner.tune_kernel(
                workload["entry"]["kernel"], source, (N, M),
                [A, B, C, np.int64(M), np.int64(N), np.int64(K)], params,
                grid_div_x=["BLOCK_X","TILE_X"], grid_div_y=["BLOCK_Y","TILE_Y"], block_size_names=["BLOCK_X", "BLOCK_Y"],
                restrictions=restrictions, answer=[None, None, ref, None, None, None], atol=1e-3,
                lang="OpenCL", strategy=strategy, strategy_options={"max_fevals": budget},
                verbose=False, quiet=True)
            trace = []
            for r in results[:budget]:
                t = r.get("time")
                ok = isinstance(t, (int, float)) and not isinstance(t, bool) and t == t
                stamp = datetime.datetime.fromisoformat(str(r["timestamp"]))
                config = {name: int(r[name]) for name in params}
                trace.append((float(t) if ok else None, (stamp - start).total_seconds(), config))
            runs.append({"tool": "Kernel Tuner", "strategy": strategy, "seed": seed, "trace": trace})
            print(f"  Kernel Tuner {strategy:18} seed {seed}: {len(trace)} evaluations, best "
                  f"{min([t for t, *_ in trace if t is not None], default=float('nan')):.3f} ms", flush=True)
    return runs


def kwb_runs(kwb, workload_path, strategies, seeds, budget):
    runs = []
    for strategy in strategies:
        for seed in seeds:
            with tempfile.TemporaryDirectory() as tmp:
                session = os.path.join(tmp, "session")
                start = datetime.datetime.now(datetime.timezone.utc)
                p = subprocess.run([kwb, "run", workload_path, "--session", session,
                                    "--strategy", strategy, "--max-evals", str(budget), "--seed", str(seed),
                                    "--plateau", "100000"], capture_output=True, text=True)
                if p.returncode != 0:
                    sys.exit(f"kwb run failed ({p.returncode}): {p.stderr[-2000:]}")
                report = json.loads(subprocess.run([kwb, "report", session, "--json"], capture_output=True,
                                                   text=True, check=True).stdout)
            trace = []
            for e in sorted(report["experiments"], key=lambda e: e["id"]):
                result = e.get("result") or {}
                median = (result.get("metrics") or {}).get("median_ms")
                ok = result.get("correct") is True and not e.get("flags") and median is not None
                stamp = datetime.datetime.fromisoformat(e["finished_at"].replace("Z", "+00:00"))
                config = {name: int(v) for name, v in (e.get("knobs") or {}).items()} or None
                trace.append((float(median) if ok else None, (stamp - start).total_seconds(), config))
            runs.append({"tool": "kwb", "strategy": strategy, "seed": seed, "trace": trace})
            print(f"  kwb {strategy:27} seed {seed}: {len(trace)} evaluations, best "
                  f"{min([t for t, *_ in trace if t is not None], default=float('nan')):.3f} ms", flush=True)
    return runs


def key(config):
    return tuple(sorted(config.items()))


def referee_times(workload, runs, repeats=15, max_seconds=1.5):
    """Every configuration a run found correct, timed once more by one clock for both tools: the
    tools time differently (Kernel Tuner: the mean of 7 launches, the first ones included; kwb: the
    median after a warm-up), so a run's progress is judged by this common time. pyopencl, events,
    3 warm-up launches, then the median of up to `repeats` within `max_seconds`."""
    import numpy as np
    import pyopencl as cl

    configs = {key(c): c for r in runs for t, _, c in r["trace"] if t is not None and c}
    print(f"\nreferee: timing {len(configs)} distinct configurations", flush=True)
    dims = workload["dims"]
    M, N, K = dims["M"], dims["N"], dims["K"]
    ctx = cl.create_some_context(interactive=False)
    queue = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
    rng = np.random.default_rng(2)
    flags = cl.mem_flags
    a = cl.Buffer(ctx, flags.READ_ONLY | flags.COPY_HOST_PTR, hostbuf=rng.uniform(-1, 1, M * K).astype(np.float32))
    b = cl.Buffer(ctx, flags.READ_ONLY | flags.COPY_HOST_PTR, hostbuf=rng.uniform(-1, 1, K * N).astype(np.float32))
    c = cl.Buffer(ctx, flags.WRITE_ONLY, M * N * 4)
    with open(os.path.join(EXAMPLE, workload["template"])) as f:
        source = f.read()
    times = {}
    for k, config in configs.items():
        defines = "".join(f"#define {name} {value}\n" for name, value in config.items())
        kernel = getattr(cl.Program(ctx, defines + source).build(), workload["entry"]["kernel"])
        local = (config["BLOCK_X"], config["BLOCK_Y"])
        groups = (-(-N // (config["BLOCK_X"] * config["TILE_X"])), -(-M // (config["BLOCK_Y"] * config["TILE_Y"])))
        run = lambda: kernel(queue, (groups[0] * local[0], groups[1] * local[1]), local, a, b, c,
                             np.int64(M), np.int64(N), np.int64(K))
        for _ in range(3):
            run().wait()
        samples, deadline = [], time.monotonic() + max_seconds
        while len(samples) < repeats and (len(samples) < 3 or time.monotonic() < deadline):
            event = run()
            event.wait()
            samples.append((event.profile.end - event.profile.start) / 1e6)
        times[k] = statistics.median(samples)
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--budget", type=int, default=30)
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--kt-strategies", default="random_sample,genetic_algorithm,dual_annealing,bayes_opt,diff_evo")
    ap.add_argument("--kwb-strategies", default="model,random")
    ap.add_argument("--kwb", default=os.path.join(ROOT, "build", "app", "kwb", "kwb"))
    ap.add_argument("--size", type=int, help="M = N = K (default: the example's dims)")
    ap.add_argument("--json", help="also write every run's trace here")
    args = ap.parse_args()
    with open(os.path.join(EXAMPLE, "workload.json")) as f:
        workload = json.loads(strip_comments(f.read()))
    seeds = list(range(1, args.seeds + 1))
    scratch = tempfile.mkdtemp(prefix="opencl-live-")
    workload_path = os.path.join(EXAMPLE, "workload.json")
    if args.size:
        workload["dims"] = {"M": args.size, "N": args.size, "K": args.size}
        for name in (workload["kernel"], workload["template"], workload["reference"]):
            shutil.copy(os.path.join(EXAMPLE, name), scratch)
        workload_path = os.path.join(scratch, "workload.json")
        with open(workload_path, "w") as f:
            json.dump(workload, f, indent=1)
    print(f"gemm-opencl {workload['dims']}, budget {args.budget} evaluations, seeds {seeds}", flush=True)
    runs = kwb_runs(args.kwb, workload_path, [s for s in args.kwb_strategies.split(",") if s], seeds, args.budget)
    runs += kernel_tuner_runs(workload, [s for s in args.kt_strategies.split(",") if s], seeds, args.budget)
    referee = referee_times(workload, runs)
    for r in runs:
        # A configuration counts with the referee's time when its own run found it correct;
        # the naive start (no knobs) keeps the time its own run measured.
        r["referee"] = [None if t is None else (referee.get(key(c)) if c else t) for t, _, c in r["trace"]]
    times = [t for r in runs for t in r["referee"] if t is not None]
    if not times:
        sys.exit("no run found a correct configuration")
    best = min(times)
    target = best / 0.95
    print(f"\nbest time (referee) any run found: {best:.3f} ms; 95 % of it: ≤ {target:.3f} ms\n")
    print(f"{'tool':13} {'strategy':18} {'evals to 95%':>13} {'wall s to 95%':>14} {'unreached':>10} "
          f"{'own best ms':>12} {'referee best':>13}")
    groups = {}
    for r in runs:
        groups.setdefault((r["tool"], r["strategy"]), []).append(r)
    for (tool, strategy), rs in groups.items():
        evals, walls, missed, bests, refs = [], [], 0, [], []
        for r in rs:
            bests.append(min([t for t, *_ in r["trace"] if t is not None], default=float("nan")))
            refs.append(min([t for t in r["referee"] if t is not None], default=float("nan")))
            hit = next((i for i, t in enumerate(r["referee"]) if t is not None and t <= target), None)
            if hit is None:
                missed += 1
            else:
                evals.append(hit + 1)
                walls.append(r["trace"][hit][1])
        med = lambda xs: f"{statistics.median(xs):.1f}" if xs else "—"
        print(f"{tool:13} {strategy:18} {med(evals):>13} {med(walls):>14} {f'{missed}/{len(rs)}':>10} "
              f"{statistics.median(bests):>12.3f} {statistics.median(refs):>13.3f}")
    print("\nmedians over the seeds; 'evals/wall to 95%' use the referee's time of each configuration a run")
    print("found correct; PoCL on the CPU: CPU timings, not GPU timings")
    if args.json:
        json.dump({"dims": workload["dims"], "best_ms": best, "referee_ms": {json.dumps(k): v for k, v in referee.items()}, "runs": runs}, open(args.json, "w"), indent=1)
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
