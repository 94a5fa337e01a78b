"""The tilelang target's adapter to the shared Python host core (kwbhost.py).

Runs as a child of the supervisor, one role per process (kwbhost.run_harness):
  candidate CAND FEED SCRATCH   the candidate's process (sandboxed): loads PyTorch and TileLang
  reference FEED SCRATCH SEEDS ATOL RTOL
                                the reference's process (never imports the candidate)
  profile CAND FEED             one call between cudaProfilerStart and Stop (ncu)

The candidate is a Python module whose entry (KernelAgent's
`kernel_function(*inputs)` returning the output, or KernelBench's
`ModelNew`) calls a TileLang kernel it builds with `tilelang.compile` or
`@tilelang.jit`, naming no target: KWB_DEVICE (the workload's `device`)
picks it. "cpu" compiles for this host's CPU with TileLang's C backend
(TILELANG_DEFAULT_TARGET=c, the cython execution backend): real compiled
code and CPU times, never GPU times; a kernel for the CPU writes its
launch without `threads` (`tilelang.cpu.language`). Anything else lets
TileLang find the GPU (CUDA, or HIP on a ROCm build of TileLang).
The reference is a PyTorch function or a KernelBench problem file.
Exit 5 with a "kwb:infra" line: this host cannot evaluate.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # kwbhost.py lies beside it, even under python -I

ON_CPU = os.environ.get("KWB_DEVICE", "") == "cpu"
if ON_CPU:  # before TileLang is imported: its defaults are read from here
    os.environ["TILELANG_DEFAULT_TARGET"] = "c"
    os.environ["TILELANG_EXECUTION_BACKEND"] = "cython"
os.environ.setdefault("TILELANG_PRINT_ON_COMPILATION", "0")

import kwbhost  # noqa: E402
from kwbhost import infra, torch  # noqa: E402


class TileLangAdapter(kwbhost.GpuAdapter):
    def __init__(self):
        super().__init__(ON_CPU)

    def device(self):
        if ON_CPU:
            return torch.device("cpu")
        if not torch.cuda.is_available():  # ROCm's PyTorch answers here too
            infra("no usable GPU for TileLang (torch.cuda.is_available() is False); a workload with "
                  "\"device\": \"cpu\" compiles for this host's CPU instead")
        return torch.device("cuda")


if __name__ == "__main__":
    kwbhost.run_harness(TileLangAdapter, lambda: kwbhost.require("tilelang", "TileLang", " (pip install tilelang)"),
                        __doc__, sys.argv[1:])
