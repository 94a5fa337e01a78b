"""Correctness and timing harness of the triton target.

Runs as a child of the supervisor, one stage per process:
  compile CAND                 import the candidate (syntax and import errors)
  check CAND SEEDS ATOL RTOL   kernel against the reference on every seed; also
                               saves the benchmark's two input sets and what the
                               reference makes of them (the benchmark process
                               never imports the reference)
  bench CAND WARMUP_MS REP_MS MIN_ITERS MAX_SECONDS ATOL RTOL
                               times the kernel as triton.testing.do_bench does
                               (CUDA events, the L2 flushed before every call),
                               inputs alternating between the two sets; the
                               outputs of the last two timed calls (one per set)
                               and of one random timed call are verified
  profile CAND                 one call between cudaProfilerStart and Stop (ncu)

The candidate is a Python module with the workload's kernel entry (a
KernelAgent-style `kernel_function(*inputs)` returning the output, or a
KernelBench `ModelNew`). The reference is a PyTorch function with the
reference entry's name, or a KernelBench problem file (`Model`,
`get_inputs`, `get_init_inputs`). With TRITON_INTERPRET=1 everything runs on
the CPU through Triton's interpreter; its times are interpreter time, never
GPU time.

Speaks to the supervisor through "kwb:" lines on stdout. Exit 5 with a
"kwb:infra" line: this host cannot evaluate (no GPU, torch or triton missing).
"""

import importlib.util
import json
import math
import os
import random
import sys
import time
import traceback

INFRA_EXIT = 5
BENCH_SEEDS = (900001, 900002)
MODEL_SEED = 42  # weights of KernelBench models: the same in every process
INIT_INPUTS = None  # a KernelBench problem's get_init_inputs(), once known


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def infra(why):
    say("kwb:infra " + why)
    sys.exit(INFRA_EXIT)


def kernel_error(why):
    say("kwb:error " + " ".join(why.split()))
    sys.exit(1)


try:
    import torch
except Exception as e:  # noqa: BLE001 - any import failure means this host lacks torch
    infra("PyTorch cannot be imported here: %s" % e)

INTERPRET = os.environ.get("TRITON_INTERPRET", "0") == "1"

DTYPES = {
    "float32": torch.float32,
    "float64": torch.float64,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
    "int32": torch.int32,
    "int64": torch.int64,
}


def device():
    if INTERPRET:
        return torch.device("cpu")
    if not torch.cuda.is_available():
        try:
            torch.cuda.init()
            reason = "torch.cuda.is_available() is False"
        except Exception as e:  # noqa: BLE001 - the driver's own words
            reason = str(e)
        infra("no usable CUDA device: %s" % reason)
    return torch.device("cuda")


def problem():
    with open("kwb_problem.json", encoding="utf-8") as f:
        return json.load(f)


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_candidate(cand, prob, instantiate=True):
    """The candidate's entry as a callable of the inputs (with `instantiate`
    False, only imported: the compile stage builds no model)."""
    path = os.path.join(cand, "kernel.py")
    try:
        module = load_module(path, "kwb_candidate")
    except SyntaxError as e:
        traceback.print_exc()
        kernel_error("the kernel does not parse: %s (line %s)" % (e.msg, e.lineno))
    except Exception as e:  # noqa: BLE001 - whatever the candidate raises on import is its failure
        traceback.print_exc()
        kernel_error("importing the kernel raised %s: %s" % (type(e).__name__, e))
    entry = prob["entry"]["kernel"]
    fn = getattr(module, entry, None)
    if callable(fn) or (not instantiate and hasattr(module, "ModelNew")):
        return module, fn
    if hasattr(module, "ModelNew"):
        # As KernelBench does: the problem's init inputs and the same seed
        # before each model is built, so weights match the reference's.
        init = INIT_INPUTS if INIT_INPUTS is not None else list(getattr(module, "get_init_inputs", lambda: [])())
        torch.manual_seed(MODEL_SEED)
        model = module.ModelNew(*init).to(device()).eval()
        return module, model
    kernel_error("the kernel defines neither '%s' nor a ModelNew class" % entry)
    return None, None


def reference_callable(prob):
    """The reference, and the KernelBench module when it is one."""
    ref_file = os.environ.get("KWB_REFERENCE_FILE", "reference.py")
    try:
        module = load_module(ref_file, "kwb_reference")
    except Exception as e:  # noqa: BLE001
        traceback.print_exc()
        say("kwb:reference-error importing the reference raised %s: %s" % (type(e).__name__, e))
        sys.exit(6)
    if hasattr(module, "Model") and hasattr(module, "get_inputs"):
        global INIT_INPUTS
        INIT_INPUTS = list(getattr(module, "get_init_inputs", lambda: [])())
        torch.manual_seed(MODEL_SEED)
        model = module.Model(*INIT_INPUTS).to(device()).eval()
        return model, module
    fn = getattr(module, prob["entry"]["reference"], None)
    if not callable(fn):
        say("kwb:reference-error the reference defines neither '%s' nor a KernelBench Model"
            % prob["entry"]["reference"])
        sys.exit(6)
    return fn, None


def make_inputs(prob, seed, kernelbench):
    dev = device()
    if kernelbench is not None:
        torch.manual_seed(seed)
        made = list(kernelbench.get_inputs())
        tensors = [x for x in made if isinstance(x, torch.Tensor)]
        declared = [(tuple(t["shape"]), DTYPES[t["dtype"]]) for t in prob["inputs"]]
        if [(tuple(x.shape), x.dtype) for x in tensors] != declared:
            say("kwb:reference-error get_inputs() makes %s but the workload declares %s"
                % ([(tuple(x.shape), str(x.dtype)) for x in tensors], [(s, str(d)) for s, d in declared]))
            sys.exit(6)
        return [x.to(dev) if isinstance(x, torch.Tensor) else x for x in made]
    gen = torch.Generator(device="cpu").manual_seed(seed)
    out = []
    for t in prob["inputs"]:
        dtype = DTYPES[t["dtype"]]
        shape = tuple(t["shape"])
        if dtype in (torch.int32, torch.int64):
            x = torch.randint(int(t["low"]), int(t["high"]) + 1, shape, generator=gen, dtype=dtype)
        else:
            x = torch.rand(shape, generator=gen, dtype=torch.float32) * (t["high"] - t["low"]) + t["low"]
            x = x.to(dtype)
        out.append(x.to(dev))
    return out


def as_outputs(value, prob):
    outs = list(value) if isinstance(value, (tuple, list)) else [value]
    if len(outs) != len(prob["outputs"]):
        kernel_error("returned %d outputs, the workload declares %d" % (len(outs), len(prob["outputs"])))
    for o, spec in zip(outs, prob["outputs"]):
        if not isinstance(o, torch.Tensor):
            kernel_error("output '%s' is a %s, not a tensor" % (spec["name"], type(o).__name__))
    return outs


def sync():
    if not INTERPRET:
        torch.cuda.synchronize()


def call(fn, inputs, prob, when):
    try:
        with torch.no_grad():
            out = as_outputs(fn(*inputs), prob)
        sync()
        return out
    except SystemExit:
        raise
    except Exception as e:  # noqa: BLE001 - a kernel that raises failed
        traceback.print_exc()
        kernel_error("the kernel raised %s %s: %s" % (type(e).__name__, when, e))
    return None


def compare(want, got, atol, rtol):
    if tuple(got.shape) != tuple(want.shape):
        return {"ok": False, "rel_l2": float("inf"), "max_abs": float("inf"), "mismatches": want.numel(),
                "nonfinite": 0, "elements": want.numel(), "worst_index": -1,
                "why": "shape %s, expected %s" % (tuple(got.shape), tuple(want.shape))}
    w = want.detach().to("cpu", torch.float64).reshape(-1)
    g = got.detach().to("cpu", torch.float64).reshape(-1)
    nonfinite = (~torch.isfinite(g) & torch.isfinite(w))
    # The reference's NaN or infinity must be met exactly.
    special = ~torch.isfinite(w)
    special_bad = special & ~((torch.isnan(w) & torch.isnan(g)) | (torch.isinf(g) & (torch.sign(g) == torch.sign(w))))
    diff = (g - w).abs()
    bad = ((diff > atol + rtol * w.abs()) & ~special) | nonfinite | special_bad
    diff = torch.where(torch.isfinite(diff), diff, torch.zeros_like(diff))
    ref2 = float((w * w).sum())
    rel = math.sqrt(float((diff * diff).sum()) / ref2) if ref2 > 0 else math.sqrt(float((diff * diff).sum()))
    mismatches = int(bad.sum())
    worst = int(torch.argmax(torch.where(bad, diff + nonfinite.double() * 1e300, -torch.ones_like(diff)))) \
        if mismatches else -1
    return {"ok": mismatches == 0, "rel_l2": rel, "max_abs": float(diff.max()) if diff.numel() else 0.0,
            "mismatches": mismatches, "nonfinite": int(nonfinite.sum()), "elements": w.numel(),
            "worst_index": worst}


def jit_functions(module):
    """The module's @triton.jit functions, through Autotuner and Heuristics wrappers."""
    for value in list(vars(module).values()):
        f = value
        for _ in range(4):
            if hasattr(f, "device_caches"):
                yield f
                break
            f = getattr(f, "fn", None)
            if f is None:
                break


def compiled_figures(module):
    """Registers, spills and shared memory of the Triton kernels the candidate compiled."""
    regs = spills = shared = None
    count = 0
    for fn in jit_functions(module):
        for entry in fn.device_caches.values():
            cache = entry[0] if isinstance(entry, tuple) else entry
            for kernel in list(getattr(cache, "values", lambda: [])()):
                try:
                    if hasattr(kernel, "_init_handles"):
                        kernel._init_handles()
                    r, s = getattr(kernel, "n_regs", None), getattr(kernel, "n_spills", None)
                    meta = getattr(kernel, "metadata", None)
                    sh = getattr(meta, "shared", None) if meta is not None else None
                except Exception:  # noqa: BLE001 - figures are optional; the interpreter has none
                    continue
                count += 1
                if isinstance(r, int):
                    regs = max(regs or 0, r)
                if isinstance(s, int):  # Triton counts 32-bit words of local memory
                    spills = max(spills or 0, 4 * s)
                if isinstance(sh, int):
                    shared = max(shared or 0, sh)
    parts = ["kernels=%d" % count]
    if regs is not None:
        parts.append("registers=%d" % regs)
    if spills is not None:
        parts.append("spills=%d" % spills)
    if shared is not None:
        parts.append("shared=%d" % shared)
    say("kwb:compiled " + " ".join(parts))


def set_path(cand, which):
    return os.path.join(cand, "benchsets", "set-%d.pt" % which)


def require_triton():
    try:
        import triton  # noqa: F401 - a host without triton cannot run any candidate
    except Exception as e:  # noqa: BLE001
        infra("Triton cannot be imported here: %s" % e)


def cmd_compile(cand):
    prob = problem()
    require_triton()
    load_candidate(cand, prob, instantiate=False)
    say("kwb:compile ok")


def cmd_check(cand, seeds, atol, rtol):
    prob = problem()
    device()
    require_triton()
    ref, kernelbench = reference_callable(prob)
    module, fn = load_candidate(cand, prob)
    names = [o["name"] for o in prob["outputs"]]
    for seed in [int(s) for s in seeds.split(",") if s]:
        inputs = make_inputs(prob, seed, kernelbench)
        try:
            with torch.no_grad():
                want = as_outputs(ref(*[x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]), prob)
            sync()
        except SystemExit:
            raise
        except Exception as e:  # noqa: BLE001
            traceback.print_exc()
            say("kwb:reference-error the reference raised %s: %s" % (type(e).__name__, e))
            sys.exit(6)
        got = call(fn, inputs, prob, "on seed %d" % seed)
        for name, w, g in zip(names, want, got):
            c = compare(w, g, atol, rtol)
            say("kwb:check seed=%d output=%s ok=%d rel_l2=%.6g max_abs=%.6g mismatches=%d nonfinite=%d "
                "elements=%d worst_index=%d" % (seed, name, 1 if c["ok"] else 0, c["rel_l2"], c["max_abs"],
                                                c["mismatches"], c["nonfinite"], c["elements"], c["worst_index"]))
            if "why" in c:
                sys.stderr.write("kwb: output %s has %s\n" % (name, c["why"]))
    try:
        compiled_figures(module)
    except Exception as e:  # noqa: BLE001 - Triton's internals change; the figures are optional
        sys.stderr.write("kwb: no compile-time figures from this Triton: %s\n" % e)
    # The benchmark's inputs and expected outputs, so it never needs the reference.
    os.makedirs(os.path.dirname(set_path(cand, 0)), exist_ok=True)
    for which, seed in enumerate(BENCH_SEEDS):
        inputs = make_inputs(prob, seed, kernelbench)
        try:
            with torch.no_grad():
                want = as_outputs(ref(*[x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]), prob)
        except SystemExit:
            raise
        except Exception as e:  # noqa: BLE001
            traceback.print_exc()
            say("kwb:reference-error the reference raised %s on the benchmark's inputs: %s" % (type(e).__name__, e))
            sys.exit(6)
        torch.save({"inputs": [x.cpu() if isinstance(x, torch.Tensor) else x for x in inputs],
                    "expected": [w.cpu() for w in want], "init_inputs": INIT_INPUTS},
                   set_path(cand, which) + ".tmp")
        os.replace(set_path(cand, which) + ".tmp", set_path(cand, which))


def load_sets(cand):
    global INIT_INPUTS
    dev = device()
    sets = []
    for which in range(2):
        try:
            data = torch.load(set_path(cand, which), weights_only=False)
        except Exception as e:  # noqa: BLE001
            infra("the check's saved input sets are missing: %s" % e)
        INIT_INPUTS = data.get("init_inputs")
        sets.append(([x.to(dev) if isinstance(x, torch.Tensor) else x for x in data["inputs"]], data["expected"]))
    return sets


def cmd_bench(cand, warmup_ms, rep_ms, min_iters, max_seconds, atol, rtol):
    prob = problem()
    sets = load_sets(cand)
    _, fn = load_candidate(cand, prob)
    call(fn, sets[0][0], prob, "on its first call")  # compiles the Triton kernels
    if INTERPRET:
        # Interpreter time measures Python, not a GPU: a few calls, labelled so,
        # after two warm-up calls, as on a GPU, so that timed calls are never
        # a process's first few.
        for i in range(2):
            call(fn, sets[i % 2][0], prob, "during warm-up")
        reps = max(3, min(min_iters, 5))
        samples = []
        say("kwb:mark timed-begin")
        outs = []
        for i in range(reps):
            t0 = time.perf_counter()
            outs.append(call(fn, sets[i % 2][0], prob, "while being timed"))
            samples.append((time.perf_counter() - t0) * 1e3)
        say("kwb:mark timed-end")
        verdict = "ok"
        for i, out in enumerate(outs):  # few calls here: every one is verified
            if verdict == "ok":
                verdict = verify(out, sets[i % 2][1], i, reps, prob, atol, rtol)
        report(reps, 2, 0.0, verdict, samples, "interpreter")
        return
    cache = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int32, device="cuda")
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for i in range(5):
        call_raw(fn, sets[i % 2][0])
    end.record()
    torch.cuda.synchronize()
    once = max(start.elapsed_time(end) / 5, 1e-4)
    warmup = max(1, int(warmup_ms / once))
    reps = max(min_iters, int(rep_ms / once))
    reps = min(reps, max(min_iters, int(max_seconds * 1000 / (once + 0.05))))
    reps = max(3, min(reps, 100000))
    for i in range(warmup):
        call_raw(fn, sets[i % 2][0])
    torch.cuda.synchronize()
    spot = random.SystemRandom().randrange(max(1, reps - 1))
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    overs = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    kept = None
    before = None
    out = None
    say("kwb:mark timed-begin")
    try:
        with torch.no_grad():
            for i in range(reps):
                overs[i].record()
                cache.zero_()
                starts[i].record()
                out = fn(*sets[i % 2][0])
                ends[i].record()
                if i == spot:
                    kept = [o.clone() for o in as_outputs(out, prob)]
                if i == reps - 2:
                    before = [o.clone() for o in as_outputs(out, prob)]
        torch.cuda.synchronize()
    except SystemExit:
        raise
    except Exception as e:  # noqa: BLE001
        traceback.print_exc()
        kernel_error("the kernel raised %s while being timed: %s" % (type(e).__name__, e))
    say("kwb:mark timed-end")
    samples = [s.elapsed_time(e) for s, e in zip(starts, ends)]
    overhead = sum(o.elapsed_time(s) for o, s in zip(overs, starts))
    verdict = verify(as_outputs(out, prob), sets[(reps - 1) % 2][1], reps - 1, reps, prob, atol, rtol)
    # The call before the last used the other input set: a kernel that
    # returns a remembered answer fails one of the two.
    if verdict == "ok":
        verdict = verify(before, sets[(reps - 2) % 2][1], reps - 2, reps, prob, atol, rtol)
    if verdict == "ok":
        verdict = verify(kept, sets[spot % 2][1], spot, reps, prob, atol, rtol)
    report(reps, warmup, overhead, verdict, samples, "cuda-events")


def call_raw(fn, inputs):
    try:
        with torch.no_grad():
            fn(*inputs)
    except SystemExit:
        raise
    except Exception as e:  # noqa: BLE001
        traceback.print_exc()
        kernel_error("the kernel raised %s: %s" % (type(e).__name__, e))


def verify(outs, expected, call_index, reps, prob, atol, rtol):
    for spec, got, want in zip(prob["outputs"], outs, expected):
        c = compare(want, got, atol, rtol)
        if not c["ok"]:
            return "timed_call_%d_of_%d_wrote_a_wrong_%s_(%d_of_%d_elements_off)" % (
                call_index + 1, reps, spec["name"], c["mismatches"], c["elements"])
    return "ok"


def report(reps, warmup, overhead, verdict, samples, clock):
    say("kwb:bench iters=%d warmup=%d calls_per_sample=1 overhead_ms=%.6g verified=%s clock=%s samples_ms=%s"
        % (reps, warmup, overhead, verdict, clock, ",".join("%.6g" % s for s in samples)))


def cmd_profile(cand):
    prob = problem()
    sets = load_sets(cand)
    _, fn = load_candidate(cand, prob)
    call(fn, sets[0][0], prob, "before profiling")
    cudart = torch.cuda.cudart()
    cudart.cudaProfilerStart()
    call(fn, sets[0][0], prob, "while profiled")
    cudart.cudaProfilerStop()


def main(argv):
    if len(argv) >= 2 and argv[0] == "compile":
        return cmd_compile(argv[1])
    if len(argv) == 5 and argv[0] == "check":
        return cmd_check(argv[1], argv[2], float(argv[3]), float(argv[4]))
    if len(argv) == 8 and argv[0] == "bench":
        return cmd_bench(argv[1], float(argv[2]), float(argv[3]), int(argv[4]), float(argv[5]), float(argv[6]),
                         float(argv[7]))
    if len(argv) == 2 and argv[0] == "profile":
        return cmd_profile(argv[1])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]) or 0)
