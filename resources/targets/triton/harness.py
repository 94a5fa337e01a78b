"""The triton target's adapter to the shared Python host core (kwbhost.py).

Runs as a child of the supervisor, one role per process:
  candidate CAND FEED SCRATCH   the candidate's process (sandboxed): loads PyTorch and Triton
                                ("kwb:loaded"), imports the candidate when told ("import";
                                "kwb:ready": it compiled), then runs the supervisor's check and
                                timed-section commands, reports outputs and digests
  reference FEED SCRATCH SEEDS ATOL RTOL
                                the reference's process (never imports the candidate):
                                the check's inputs, comparisons, digest verification and the
                                null section that measures the per-call overhead
  profile CAND FEED             one call between cudaProfilerStart and Stop (ncu)

The candidate is a Python module with the workload's kernel entry (a
KernelAgent-style `kernel_function(*inputs)` returning the output, or a
KernelBench `ModelNew`). The reference is a PyTorch function with the
reference entry's name, or a KernelBench problem file (`Model`,
`get_inputs`, `get_init_inputs`). With TRITON_INTERPRET=1 everything runs on
the CPU through Triton's interpreter; its times are interpreter time, never
GPU time. Exit 5 with a "kwb:infra" line: this host cannot evaluate.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # kwbhost.py lies beside it, even under python -I

import kwbhost  # noqa: E402
from kwbhost import infra, say, torch  # noqa: E402

INTERPRET = os.environ.get("TRITON_INTERPRET", "0") == "1"


class TritonAdapter(kwbhost.GpuAdapter):
    def __init__(self):
        super().__init__(INTERPRET)

    def device(self):
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

    def figures(self):
        try:
            compiled_figures(self.module)
        except Exception as e:  # noqa: BLE001 - Triton's internals change; the figures are optional
            sys.stderr.write("kwb: no compile-time figures from this Triton: %s\n" % e)


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


if __name__ == "__main__":
    kwbhost.run_harness(TritonAdapter, lambda: kwbhost.require("triton", "Triton"), __doc__, sys.argv[1:])
