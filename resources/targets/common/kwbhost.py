"""The host-side evaluation core of the Python targets (triton, tilelang; nki next).

A target's harness is an adapter (`Adapter`: the device, how to load the
candidate, synchronise, flush caches and time one call); everything about
correctness and timing is here, once, and no harness copies it.

Two kinds of process use this module, and they never meet:

* the **candidate's process** (`serve_candidate`), which imports the
  candidate and runs in the sandbox. Everything in it, this module included,
  is untrusted: the candidate can patch it, read its frames and print what it
  likes. So it decides nothing and holds no answer: it runs what the
  supervisor asks for, on inputs made from seeds the supervisor sends only
  when a call starts, and reports outputs (check) or digests of them (timed
  calls), which the supervisor has checked elsewhere.
* the **reference's process** (`serve_reference`), which never imports the
  candidate: it makes the check's inputs, computes the reference's answers,
  compares the candidate's outputs with them, verifies the timed calls'
  digests and times the same timed section around a kernel that does nothing
  (the per-call overhead the supervisor subtracts from its own clock).

Both speak one line per message with the supervisor: commands on stdin,
replies ("kwb:..." lines) on a private copy of stdout; fd 1 itself is pointed
at stderr before any workload code runs, so what a kernel prints lands in the
log, never on the channel (hygiene, not a defence: the candidate can find the
copy, which is why nothing it says is believed without a check).

The timed section (supervisor's view):
    warmup N SEED         N calls on inputs from SEED+j, untimed
    call I SEED [PREVKEY] digests call I-1's outputs with PREVKEY, makes call
                          I's inputs from SEED (never seen before), flushes,
                          times the call; replies "kwb:ret I"
    end LASTKEY           digests the last call, waits for the whole device,
                          replies "kwb:timed samples_ms=... digests=..."
The digest of a call is four sums sum(r_k * out) over its finite elements
in float64, each r_k uniform in [-1, 1) from a key the supervisor sends only
after the call has returned, with the count of non-finite elements, where
they lie, and DIGEST_PROBES elements of each output at places drawn from the
key; the reference's process recomputes it for calls the supervisor picks
after the section, the probed elements compared as the check compares. Outputs that are wrong, stale or computed later
cannot match (r was unknown when they were made), and producing the right
digest without the answer costs what computing the answer costs, inside the
supervisor's clock.
"""

import json
import math
import os
import stat
import sys
import traceback

INFRA_EXIT = 5
REFERENCE_EXIT = 6
MODEL_SEED = 42  # weights of KernelBench models: the same in every process
DIGEST_SIGMAS = 8.0  # |digest - reference's| allowed: this many deviations of an in-tolerance error
DIGEST_SUMS = 4  # weighted sums per digest, each within DIGEST_SIGMAS (common/kwbsamples.h: kDigestSums)
# Elements of each output a digest carries as they are, at places drawn from
# the key, each checked against the reference's element with the check's
# own tolerance. The sums see an error's energy; a few elements far beyond
# their tolerance (a lower precision whose errors are mostly small) hide in
# them, and these probes find them.
DIGEST_PROBES = 32


class Channel:
    """The supervisor's line channel: replies on a private copy of stdout."""

    def __init__(self):
        self.out = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
        os.dup2(2, 1)
        sys.stdout = sys.stderr

    def say(self, line):
        self.out.write(line + "\n")
        self.out.flush()

    def commands(self):
        for line in sys.stdin:
            words = line.split()
            if words:
                yield words


# Before any workload code is imported: from here on, fd 1 is stderr.
CHANNEL = Channel()


def say(line):
    CHANNEL.say(line)


def infra(why):
    say("kwb:infra " + " ".join(str(why).split()))
    sys.exit(INFRA_EXIT)


def kernel_error(why):
    say("kwb:error " + " ".join(str(why).split()))
    sys.exit(1)


def reference_error(why):
    say("kwb:reference-error " + " ".join(str(why).split()))
    sys.exit(REFERENCE_EXIT)


try:
    import torch
except Exception as e:  # noqa: BLE001 - any import failure means this host lacks torch
    infra("PyTorch cannot be imported by %s: %s (install PyTorch and the target's packages for that Python, or "
          "set KWB_PYTHON to one that has them: from the build tree kwb uses build/venv, which `make build` makes; "
          "installed from the .deb, python3 -m venv ~/kwb-venv && ~/kwb-venv/bin/pip install torch triton, then "
          "KWB_PYTHON=~/kwb-venv/bin/python)" % (sys.executable, e))

DTYPES = {
    "float32": torch.float32,
    "float64": torch.float64,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
    "int32": torch.int32,
    "int64": torch.int64,
}


def problem():
    with open("kwb_problem.json", encoding="utf-8") as f:
        return json.load(f)


def load_module(path, name):
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class Adapter:
    """What a target supplies. The defaults are a CPU device timed by the wall clock."""

    def device(self):
        return torch.device("cpu")

    def sync(self):
        pass

    def flush(self):
        """Before every timed call (a GPU's L2)."""

    def timer(self):
        """A started timer; `stop(t)` ends it; `ms(t)` reads it after the section."""
        import time
        return [time.perf_counter(), None]

    def stop(self, t):
        import time
        self.sync()
        t[1] = time.perf_counter()

    def ms(self, t):
        return (t[1] - t[0]) * 1e3

    def figures(self):
        """Compile-time figures of what the candidate built, as "kwb:compiled" lines (optional)."""

    def entry(self, fn):
        """The candidate's entry as the harness calls it: tensors of the
        device in, tensors out. A target whose kernels take other arrays
        (NKI's NumPy arrays) converts here."""
        return fn

    def profile(self, fn, inputs):
        """One call for the profiler, after a warm one: bracketed by
        cudaProfilerStart and Stop for Nsight Compute. On ROCm, rocprofv3
        records every dispatch and keeps the later half (rocprof.h)."""
        with torch.no_grad():
            fn(*inputs)
            self.sync()
            if getattr(torch.version, "hip", None):
                fn(*inputs)
                self.sync()
                return
            cudart = torch.cuda.cudart()
            cudart.cudaProfilerStart()
            fn(*inputs)
            self.sync()
            cudart.cudaProfilerStop()


class GpuAdapter(Adapter):
    """A GPU through PyTorch's CUDA API (ROCm's builds answer to it too): timed
    with its events, its L2 flushed before every call. `on_cpu`: the
    Adapter's CPU defaults instead (an interpreter, or code built for the
    CPU). A target supplies `device()`."""

    def __init__(self, on_cpu):
        self.on_cpu = on_cpu
        self.module = None  # the candidate's, once imported
        self.cache = None

    def sync(self):
        if not self.on_cpu:
            torch.cuda.synchronize()

    def flush(self):
        if self.on_cpu:
            return
        if self.cache is None:
            self.cache = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int32, device="cuda")
        self.cache.zero_()

    def timer(self):
        if self.on_cpu:
            return super().timer()
        start = torch.cuda.Event(enable_timing=True)
        start.record()
        return [start, None]

    def stop(self, t):
        if self.on_cpu:
            return super().stop(t)
        end = torch.cuda.Event(enable_timing=True)
        end.record()
        t[1] = end

    def ms(self, t):
        if self.on_cpu:
            return super().ms(t)
        return t[0].elapsed_time(t[1])


# ---- inputs ----

def declared_inputs(prob, seed, dev):
    """The workload's inputs from their declared ranges, made on the device from `seed`."""
    gen = torch.Generator(device=dev).manual_seed(int(seed) & 0x7FFFFFFFFFFFFFFF)
    out = []
    for t in prob["inputs"]:
        dtype = DTYPES[t["dtype"]]
        shape = tuple(t["shape"])
        if dtype in (torch.int32, torch.int64):
            x = torch.randint(int(t["low"]), int(t["high"]) + 1, shape, generator=gen, dtype=dtype, device=dev)
        else:
            x = torch.rand(shape, generator=gen, dtype=torch.float32, device=dev) * (t["high"] - t["low"]) + t["low"]
            x = x.to(dtype)
        out.append(x)
    return out


def output_specs(prob):
    return [(o["name"], tuple(o["shape"]), DTYPES[o["dtype"]]) for o in prob["outputs"]]


def as_outputs(value, prob):
    outs = list(value) if isinstance(value, (tuple, list)) else [value]
    if len(outs) != len(prob["outputs"]):
        kernel_error("returned %d outputs, the workload declares %d" % (len(outs), len(prob["outputs"])))
    for o, spec in zip(outs, prob["outputs"]):
        if not isinstance(o, torch.Tensor):
            kernel_error("output '%s' is a %s, not a tensor" % (spec["name"], type(o).__name__))
    return outs


# ---- raw tensor files (never pickles: the reading side may be the trusted one) ----

def write_raw(path, tensor):
    t = tensor.detach().contiguous().cpu()
    header = json.dumps({"shape": list(t.shape), "dtype": str(t.dtype).replace("torch.", "")}).encode()
    data = t.view(torch.uint8).reshape(-1).numpy().tobytes() if t.numel() else b""
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(len(header).to_bytes(4, "little") + header + data)
    os.replace(tmp, path)


def read_raw(path, max_bytes):
    """A tensor another process wrote; None with a reason when it is not one."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as e:
        return None, "no file %s (%s)" % (os.path.basename(path), e.strerror)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None, "%s is not a regular file" % os.path.basename(path)
        if st.st_size > max_bytes + 4096:
            return None, "%s holds %d bytes, more than the output can" % (os.path.basename(path), st.st_size)
        raw = f.read(st.st_size)
    if len(raw) < 4:
        return None, "%s is truncated" % os.path.basename(path)
    n = int.from_bytes(raw[:4], "little")
    try:
        header = json.loads(raw[4:4 + n].decode())
        dtype = DTYPES[header["dtype"]]
        shape = tuple(int(s) for s in header["shape"])
        if any(d < 0 for d in shape) or len(shape) > 16:
            raise ValueError("shape %s" % (shape,))
    except Exception as e:  # noqa: BLE001 - a malformed file is the writer's fault
        return None, "%s has a malformed header: %s" % (os.path.basename(path), e)
    body = raw[4 + n:]
    want = math.prod(shape) * torch.empty((), dtype=dtype).element_size()
    if len(body) != want or want > max_bytes:
        return None, "%s holds %d bytes, its header says %d" % (os.path.basename(path), len(body), want)
    if want == 0:
        return torch.empty(shape, dtype=dtype), None
    return torch.frombuffer(bytearray(body), dtype=dtype).reshape(shape), None


# ---- comparison and digests ----

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


_FUSED_DIGEST = None


def fused_digest_kernel():
    """The digest's sums in one pass over an output, as a Triton kernel, for
    a GPU (CUDA, or ROCm's builds of PyTorch): the same sums as digest()'s
    tensor operations, with weights from Triton's Philox instead of
    PyTorch's generator. Those operations read and write an output in
    float64 a dozen times: on an H200 about 5 ms for a 4096x4096 output, 25
    times the product that made it, and inside the supervisor's clock,
    which then had to tell a 0.2 ms call from 5 ms of digests. None where
    Triton cannot be imported (digest() then uses the tensor operations)."""
    global _FUSED_DIGEST
    if _FUSED_DIGEST is None:
        _FUSED_DIGEST = False
        try:
            import triton
            import triton.language as tl
        except Exception:  # noqa: BLE001 - no Triton: the tensor operations
            return None

        # The seeds change with every key: specialised on them (Triton
        # specialises integers divisible by 16), the kernel was compiled
        # again inside the timed section (40 ms a call on an H200).
        @triton.jit(do_not_specialize=["seed_sums", "seed_where"])
        def kwb_digest(x_ptr, n, seed_sums, seed_where, part_ptr, BLOCK: tl.constexpr):
            pid = tl.program_id(0)
            offs = pid.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
            inside = offs < n
            v = tl.load(x_ptr + offs, mask=inside, other=0).to(tl.float64)
            nan = v != v
            finite = (v - v) == (v - v)  # inf - inf and NaN - NaN are NaN, x - x is 0
            kept = tl.where(finite, v, 0.0)
            r0, r1, r2, r3 = tl.rand4x(seed_sums, offs)
            w = tl.rand(seed_where, offs).to(tl.float64)
            kind = tl.where(finite, 0.0, tl.where(nan, 1.0, tl.where(v > 0, 2.0, 3.0)))
            base = part_ptr + pid * 6
            tl.store(base + 0, tl.sum((r0.to(tl.float64) * 2 - 1) * kept, axis=0))
            tl.store(base + 1, tl.sum((r1.to(tl.float64) * 2 - 1) * kept, axis=0))
            tl.store(base + 2, tl.sum((r2.to(tl.float64) * 2 - 1) * kept, axis=0))
            tl.store(base + 3, tl.sum((r3.to(tl.float64) * 2 - 1) * kept, axis=0))
            tl.store(base + 4, tl.sum(tl.where(inside, w * kind, 0.0), axis=0))
            tl.store(base + 5, tl.sum(tl.where(inside & ~finite, 1.0, 0.0), axis=0))

        _FUSED_DIGEST = kwb_digest
    return _FUSED_DIGEST or None


def fused_digest_sums(v, key, index):
    """The four sums, where's sum and the non-finite count of one output
    `v` (contiguous, on the GPU) under `key`, as float64 device tensors;
    `index` tells the outputs of a call apart."""
    kernel = fused_digest_kernel()
    block = 2048
    n = v.numel()
    parts = torch.empty((max(1, (n + block - 1) // block), 6), dtype=torch.float64, device=v.device)
    if n == 0:
        parts.zero_()
    else:
        seeds = [(int(key) * 2654435761 + 97 * index + k) & 0x7FFFFFFFFFFFFFFF for k in (1, 2)]
        kernel[(parts.shape[0],)](v.reshape(-1), n, seeds[0], seeds[1], parts, BLOCK=block)
    totals = parts.sum(dim=0)
    return totals[:DIGEST_SUMS], totals[4], totals[5].to(torch.int64)


def digest(outs, key, specs, dev):
    """A timed call's digest under `key`, as device tensors: DIGEST_SUMS sums
    of r_k * out over the finite elements (each r_k uniform in [-1, 1) from
    the key), how many elements are not finite, and where they are (their
    kinds, 1 NaN, 2 +inf, 3 -inf, weighted from the key), as common/
    kwbsamples.h digests the C++ targets' calls; then DIGEST_PROBES elements
    of each output as they are, at places drawn from the key. None when an
    output has another shape than the workload declares."""
    gen = torch.Generator(device=dev).manual_seed(int(key) & 0x7FFFFFFFFFFFFFFF)
    sums = torch.zeros(DIGEST_SUMS, dtype=torch.float64, device=dev)
    nonfinite = torch.zeros((), dtype=torch.int64, device=dev)
    where = torch.zeros((), dtype=torch.float64, device=dev)
    probes = []
    fused = torch.device(dev).type == "cuda" and fused_digest_kernel() is not None
    for index, (o, (_, shape, _)) in enumerate(zip(outs, specs)):
        if tuple(o.shape) != shape:
            return None
        if fused:
            v = o.detach().to(dev).contiguous()
            s, w, nf = fused_digest_sums(v, key, index)
        else:
            v = o.detach().to(dev, torch.float64)
            finite = torch.isfinite(v)
            kept = torch.where(finite, v, torch.zeros_like(v))
            s = torch.zeros(DIGEST_SUMS, dtype=torch.float64, device=dev)
            for k in range(DIGEST_SUMS):  # one weight tensor at a time: an output's size in memory, not four
                r = torch.rand(shape, generator=gen, dtype=torch.float32, device=dev) * 2 - 1
                s[k] = (r.double() * kept).sum()
            kind = torch.where(finite, 0.0, torch.where(torch.isnan(v), 1.0, torch.where(v > 0, 2.0, 3.0)))
            w = (torch.rand(shape, generator=gen, dtype=torch.float32, device=dev).double() * kind).sum()
            nf = (~finite).sum()
        sums += s
        where += w
        nonfinite += nf
        if v.numel():
            at = torch.randint(0, v.numel(), (DIGEST_PROBES,), generator=gen, device=dev)
            probes.append(v.reshape(-1)[at].to(torch.float64))
    probes = torch.cat(probes) if probes else torch.zeros(0, dtype=torch.float64, device=dev)
    return sums, nonfinite, where, probes


def warm_digest(prob, dev):
    """Compiles the digest's kernel for the workload's outputs (where it has
    one) before anything is timed, in each of the two processes."""
    global _FUSED_DIGEST
    specs = output_specs(prob)
    zeros = [torch.zeros(shape, dtype=dtype, device=dev) for _, shape, dtype in specs]
    try:
        digest(zeros, 1, specs, dev)
    except Exception as e:  # noqa: BLE001 - Triton that cannot build it here: the tensor operations
        if not _FUSED_DIGEST:
            raise
        sys.stderr.write("kwb: the digest's Triton kernel failed (%s: %s); digests use tensor operations\n"
                         % (type(e).__name__, str(e).strip().splitlines()[-1:]))
        _FUSED_DIGEST = False
        digest(zeros, 1, specs, dev)


def probes_off(got, want, atol, rtol):
    """How many probed elements `got` (numbers as the candidate's process
    printed them) are not the reference's `want` within the check's
    tolerance: a finite element within atol + rtol * |want|, a non-finite
    one of the same kind. Every probe counts when their number differs."""
    if len(got) != len(want):
        return max(len(got), len(want), 1)
    off = 0
    for g, w in zip(got, want):
        if math.isfinite(w):
            off += not (math.isfinite(g) and abs(g - w) <= atol + rtol * abs(w))
        else:
            off += not (math.isnan(w) and math.isnan(g) or g == w)
    return off


# ---- the candidate's process ----

class TimedSection:
    """The timed section's commands (warmup, call, end) around `fn`: the
    candidate in its process, a kernel that does nothing in the
    reference's (the same code, so the two sections differ by the calls only)."""

    def __init__(self, adapter, prob, fn, extras):
        self.adapter, self.prob, self.fn, self.extras = adapter, prob, fn, extras
        self.dev = adapter.device()
        self.specs = output_specs(prob)
        self.pending = None  # the last timed call's outputs, until their key comes
        self.timers, self.digests = [], []

    def run(self, inputs, when):
        try:
            with torch.no_grad():
                return self.fn(*inputs)
        except SystemExit:
            raise
        except Exception as e:  # noqa: BLE001 - a kernel that raises failed
            traceback.print_exc()
            kernel_error("the kernel raised %s %s: %s" % (type(e).__name__, when, e))
        return None

    def close(self, key):
        if self.pending is None:
            return
        d = digest(as_outputs(self.pending, self.prob), key, self.specs, self.dev)
        if d is None:
            kernel_error("a timed call returned outputs of the wrong shape")
        self.digests.append(d)
        self.pending = None

    def handle(self, words):
        """Runs one command; False when it is not one of the section's."""
        cmd = words[0]
        if cmd == "warmup" and len(words) == 3:
            for j in range(int(words[1])):
                inputs = with_extras(declared_inputs(self.prob, int(words[2]) + j, self.dev), self.extras)
                as_outputs(self.run(inputs, "during warm-up"), self.prob)
            self.adapter.sync()
            say("kwb:warm")
        elif cmd == "call" and len(words) in (3, 4):
            if len(words) == 4:
                self.close(int(words[3]))
            inputs = with_extras(declared_inputs(self.prob, int(words[2]), self.dev), self.extras)
            self.adapter.flush()
            t = self.adapter.timer()
            self.pending = self.run(inputs, "while being timed")
            self.adapter.stop(t)
            self.timers.append(t)
            say("kwb:ret %s" % words[1])
        elif cmd == "end" and len(words) == 2:
            self.close(int(words[1]))
            self.adapter.sync()
            samples = [self.adapter.ms(t) for t in self.timers]
            values = ["%s:%d:%.17g:%s" % ("/".join("%.17g" % x for x in d[0].tolist()), int(d[1]), float(d[2]),
                                          "/".join("%.17g" % x for x in d[3].tolist()))
                      for d in self.digests]
            say("kwb:timed samples_ms=%s digests=%s" % (",".join("%.9g" % v for v in samples), ",".join(values)))
            self.timers, self.digests = [], []
        else:
            return False
        return True


def serve_candidate(adapter, prob, make_fn, feed, scratch):
    """Runs the supervisor's commands with the candidate's entry (see the
    module's doc). `make_fn` builds it at the first command, once the
    reference's process has written what a KernelBench model needs."""
    dev = adapter.device()
    extras = None
    section = None
    for words in CHANNEL.commands():
        cmd = words[0]
        if section is None and cmd != "quit":
            extras = read_extras(feed)
            section = TimedSection(adapter, prob, make_fn(), extras)
        if section.handle(words):
            continue
        if cmd == "check" and len(words) == 2:
            seed = words[1]
            inputs = read_inputs(feed, seed, prob, extras, dev)
            outs = as_outputs(section.run(inputs, "on seed %s" % seed), prob)
            adapter.sync()
            for k, o in enumerate(outs):
                write_raw(os.path.join(scratch, "out-%s-%d.bin" % (seed, k)), o)
            say("kwb:ran %s" % seed)
        elif cmd == "figures":
            adapter.figures()
            say("kwb:figures-done")
        elif cmd == "quit":
            break
        else:
            say("kwb:unknown " + " ".join(words))
    return 0


def read_extras(feed):
    """Non-tensor arguments of a KernelBench problem's get_inputs(), by position."""
    path = os.path.join(feed, "extras.json")
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return {int(k): v for k, v in json.load(f).items()}


def with_extras(tensors, extras):
    if not extras:
        return tensors
    out, it = [], iter(tensors)
    for i in range(len(tensors) + len(extras)):
        out.append(extras[i] if i in extras else next(it))
    return out


def read_inputs(feed, seed, prob, extras, dev):
    tensors = []
    for k, t in enumerate(prob["inputs"]):
        x, why = read_raw(os.path.join(feed, "in-%s-%d.bin" % (seed, k)), 1 << 40)
        if x is None:
            infra("the check's inputs are missing: %s" % why)
        tensors.append(x.to(dev))
    return with_extras(tensors, extras)


def init_inputs(feed):
    path = os.path.join(feed, "init.json")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def candidate_callable(module, prob, dev, init):
    """The candidate's entry as a callable of the inputs."""
    fn = getattr(module, prob["entry"]["kernel"], None)
    if callable(fn):
        return fn
    if hasattr(module, "ModelNew"):
        # As KernelBench does: the problem's init inputs and the same seed
        # before each model is built, so weights match the reference's.
        if init is None:
            init = list(getattr(module, "get_init_inputs", lambda: [])())
        torch.manual_seed(MODEL_SEED)
        return module.ModelNew(*init).to(dev).eval()
    kernel_error("the kernel defines neither '%s' nor a ModelNew class" % prob["entry"]["kernel"])
    return None


def import_candidate(cand):
    path = os.path.join(cand, "kernel.py")
    try:
        return load_module(path, "kwb_candidate")
    except SyntaxError as e:
        traceback.print_exc()
        kernel_error("the kernel does not parse: %s (line %s)" % (e.msg, e.lineno))
    except SystemExit:
        raise
    except Exception as e:  # noqa: BLE001 - whatever the candidate raises on import is its failure
        traceback.print_exc()
        kernel_error("importing the kernel raised %s: %s" % (type(e).__name__, e))
    return None


# ---- the reference's process ----

class Reference:
    """The workload's reference (a function, or a KernelBench problem's Model)."""

    def __init__(self, prob, dev):
        self.prob = prob
        self.dev = dev
        ref_file = os.environ.get("KWB_REFERENCE_FILE", "reference.py")
        try:
            module = load_module(ref_file, "kwb_reference")
        except Exception as e:  # noqa: BLE001
            traceback.print_exc()
            reference_error("importing the reference raised %s: %s" % (type(e).__name__, e))
        self.kernelbench = None
        self.init = None
        if hasattr(module, "Model") and hasattr(module, "get_inputs"):
            self.kernelbench = module
            self.init = list(getattr(module, "get_init_inputs", lambda: [])())
            torch.manual_seed(MODEL_SEED)
            self.fn = module.Model(*self.init).to(dev).eval()
        else:
            self.fn = getattr(module, prob["entry"]["reference"], None)
            if not callable(self.fn):
                reference_error("the reference defines neither '%s' nor a KernelBench Model"
                                % prob["entry"]["reference"])

    def inputs(self, seed):
        """The check's inputs for `seed` (a KernelBench problem's get_inputs())."""
        if self.kernelbench is None:
            return declared_inputs(self.prob, seed, self.dev)
        torch.manual_seed(int(seed))
        made = list(self.kernelbench.get_inputs())
        tensors = [x for x in made if isinstance(x, torch.Tensor)]
        declared = [(tuple(t["shape"]), DTYPES[t["dtype"]]) for t in self.prob["inputs"]]
        if [(tuple(x.shape), x.dtype) for x in tensors] != declared:
            reference_error("get_inputs() makes %s but the workload declares %s"
                            % ([(tuple(x.shape), str(x.dtype)) for x in tensors],
                               [(s, str(d)) for s, d in declared]))
        return [x.to(self.dev) if isinstance(x, torch.Tensor) else x for x in made]

    def answer(self, inputs, when):
        say("kwb:phase reference %s" % when)
        try:
            with torch.no_grad():
                value = self.fn(*[x.clone() if isinstance(x, torch.Tensor) else x for x in inputs])
            outs = list(value) if isinstance(value, (tuple, list)) else [value]
            if len(outs) != len(self.prob["outputs"]) or not all(isinstance(o, torch.Tensor) for o in outs):
                reference_error("the reference returns %d value(s), the workload declares %d output tensor(s)"
                                % (len(outs), len(self.prob["outputs"])))
            return outs
        except SystemExit:
            raise
        except Exception as e:  # noqa: BLE001
            traceback.print_exc()
            reference_error("the reference raised %s %s: %s" % (type(e).__name__, when, e))
        return None


def write_feed(feed, ref, seeds):
    """The check's inputs, and what a KernelBench candidate needs to build its model."""
    os.makedirs(feed, exist_ok=True)
    if ref.init is not None:
        with open(os.path.join(feed, "init.json"), "w", encoding="utf-8") as f:
            json.dump(ref.init, f)
    made = {}
    for seed in seeds:
        inputs = ref.inputs(seed)
        extras = {i: x for i, x in enumerate(inputs) if not isinstance(x, torch.Tensor)}
        with open(os.path.join(feed, "extras.json"), "w", encoding="utf-8") as f:
            json.dump(extras, f)
        for k, x in enumerate([x for x in inputs if isinstance(x, torch.Tensor)]):
            write_raw(os.path.join(feed, "in-%s-%d.bin" % (seed, k)), x)
        made[seed] = inputs
    return made


def serve_reference(adapter, prob, feed, scratch, seeds, atol, rtol):
    """The reference's side (see the module's doc). Never imports the candidate."""
    dev = adapter.device()
    ref = Reference(prob, dev)
    made = write_feed(feed, ref, seeds)
    say("kwb:feed-ready")
    specs = output_specs(prob)
    names = [n for n, _, _ in specs]
    extras = read_extras(feed)
    zeros = [torch.zeros(shape, dtype=dtype, device=dev) for _, shape, dtype in specs]
    warm_digest(prob, dev)
    # The null section: the candidate's protocol around a kernel that does nothing.
    null = TimedSection(adapter, prob, lambda *inputs: zeros, extras)
    for words in CHANNEL.commands():
        cmd = words[0]
        if null.handle(words):
            continue
        if cmd == "compare" and len(words) == 2:
            seed = words[1]
            want = ref.answer(made[seed], "on seed %s" % seed)
            say("kwb:phase kernel")
            limit = 4 * max(1, max(w.numel() * w.element_size() for w in want))
            for k, (name, w) in enumerate(zip(names, want)):
                got, why = read_raw(os.path.join(scratch, "out-%s-%d.bin" % (seed, k)), limit)
                if got is None:
                    c = {"ok": False, "rel_l2": float("inf"), "max_abs": float("inf"), "mismatches": w.numel(),
                         "nonfinite": 0, "elements": w.numel(), "worst_index": -1, "why": why}
                else:
                    c = compare(w, got, atol, rtol)
                say("kwb:check seed=%s output=%s ok=%d rel_l2=%.6g max_abs=%.6g mismatches=%d nonfinite=%d "
                    "elements=%d worst_index=%d" % (seed, name, 1 if c["ok"] else 0, c["rel_l2"], c["max_abs"],
                                                    c["mismatches"], c["nonfinite"], c["elements"],
                                                    c["worst_index"]))
                if "why" in c:
                    sys.stderr.write("kwb: output %s has %s\n" % (name, c["why"]))
            say("kwb:compared %s" % seed)
        elif cmd == "verify" and len(words) == 8:
            # verify CALL SEED KEY S1/S2/S3/S4 NONFINITE WHERE P1/P2/...: one timed call's digest against the reference's
            call, seed, key = words[1], int(words[2]), int(words[3])
            try:  # the candidate's text: what does not read as numbers matches nothing
                got = [float(x) for x in words[4].split("/")]
                got_nonfinite, got_where = int(words[5]), float(words[6])
                got_probes = [float(x) for x in words[7].split("/") if x]
            except ValueError:
                got, got_nonfinite, got_where, got_probes = [], -1, float("nan"), [float("nan")]
            inputs = with_extras(declared_inputs(prob, seed, dev), extras)
            want = ref.answer(inputs, "on timed call %s's inputs" % call)
            d = digest(want, key, specs, dev)
            if d is None:
                reference_error("the reference's outputs have other shapes than the workload declares")
            sums = d[0].tolist()
            tol2 = sum(float(((atol + rtol * w.detach().double().abs()) ** 2)
                             [torch.isfinite(w.detach().double())].sum()) for w in want)
            allowed = DIGEST_SIGMAS * math.sqrt(tol2) + 1e-9 * (max(abs(x) for x in sums) + 1.0)
            off = max(abs(g - x) if math.isfinite(g) else float("inf") for g, x in zip(got, sums)) \
                if len(got) == len(sums) else float("inf")
            where_ok = abs(got_where - float(d[2])) <= 1e-9 * (abs(float(d[2])) + 1.0)
            probes = probes_off(got_probes, d[3].tolist(), atol, rtol)
            ok = off <= allowed and got_nonfinite == int(d[1]) and where_ok and probes == 0
            say("kwb:verified %s ok=%d off=%.6g allowed=%.6g nonfinite=%d expected_nonfinite=%d where_ok=%d "
                "probes=%d probes_off=%d"
                % (call, 1 if ok else 0, off, allowed, got_nonfinite, int(d[1]), 1 if where_ok else 0,
                   len(d[3]), probes))
        elif cmd == "quit":
            break
        else:
            say("kwb:unknown " + " ".join(words))
    return 0


def require(module, name, hint=""):
    """The host lacks the target's compiler when `module` cannot be imported: infra."""
    try:
        __import__(module)
    except Exception as e:  # noqa: BLE001 - a host without it cannot run any candidate
        infra("%s cannot be imported by %s: %s%s" % (name, sys.executable, e, hint))


def run_harness(make_adapter, require_compiler, doc, argv):
    """A Python target's harness main: the three roles of one process each,
    the same for every target. `make_adapter()` makes the target's Adapter;
    `require_compiler()` fails with infra() when the host lacks the target's
    compiler (it runs in the candidate's process, before "kwb:loaded").

      candidate CAND FEED SCRATCH   the candidate's process (sandboxed): loads PyTorch and the
                                    target's compiler ("kwb:loaded"), imports the candidate when
                                    told ("import"; "kwb:ready"), then serves the supervisor's
                                    check and timed-section commands
      reference FEED SCRATCH SEEDS ATOL RTOL
                                    the reference's process (never imports the candidate)
      profile CAND FEED             one call for the profiler (Adapter.profile)
    """
    def candidate(cand, feed, scratch):
        adapter = make_adapter()
        prob = problem()
        dev = adapter.device()
        require_compiler()
        warm_digest(prob, dev)
        # Nothing of the candidate's has run yet: the supervisor measures the
        # null section now, with this process idle, then says "import".
        say("kwb:loaded")
        for words in CHANNEL.commands():
            if words[0] == "import":
                break
        else:
            return 0
        adapter.module = import_candidate(cand)
        say("kwb:ready")
        return serve_candidate(
            adapter, prob, lambda: adapter.entry(candidate_callable(adapter.module, prob, dev, init_inputs(feed))),
            feed, scratch)

    def reference(feed, scratch, seeds, atol, rtol):
        adapter = make_adapter()
        return serve_reference(adapter, problem(), feed, scratch, [s for s in seeds.split(",") if s], atol, rtol)

    def profile(cand, feed):
        adapter = make_adapter()
        prob = problem()
        dev = adapter.device()
        require_compiler()
        fn = adapter.entry(candidate_callable(import_candidate(cand), prob, dev, init_inputs(feed)))
        adapter.profile(fn, with_extras(declared_inputs(prob, 1, dev), read_extras(feed)))

    def main():
        if len(argv) == 4 and argv[0] == "candidate":
            return candidate(argv[1], argv[2], argv[3])
        if len(argv) == 6 and argv[0] == "reference":
            return reference(argv[1], argv[2], argv[3], float(argv[4]), float(argv[5]))
        if len(argv) == 3 and argv[0] == "profile":
            return profile(argv[1], argv[2])
        sys.stderr.write(doc)
        return 2

    try:
        sys.exit(main() or 0)
    except SystemExit:
        raise
    except Exception as e:  # noqa: BLE001 - a failure of the candidate's making, or of the host's
        traceback.print_exc()
        kernel_error("%s: %s" % (type(e).__name__, e))
