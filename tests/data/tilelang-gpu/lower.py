"""Lowers examples/gemm-tilelang's GPU kernel (gemm_gpu) to CUDA for an
H100 (sm_90) and to HIP for an MI300X (gfx942) without a GPU: TileLang
checks the knobs' tiles, threads and pipeline stages while it lowers, and
names the matrix instructions it chose.

    lower.py M N K DTYPE CANDIDATE.py...

One line per candidate and vendor: "lowered FILE cuda sm_90 wgmma" (the
instruction found in the code, or "none"), or "failed FILE cuda: why"."""
import importlib.util
import os
import sys

os.environ.pop("KWB_DEVICE", None)  # the GPU kernel, not the CPU loop nest

import tilelang  # noqa: E402
from tilelang import tvm  # noqa: E402

TARGETS = [({"kind": "cuda", "arch": "sm_90"}, "cuda sm_90", ("wgmma", "mma")),
           ({"kind": "hip", "mcpu": "gfx942"}, "hip gfx942", ("mfma",))]


def main(argv):
    m, n, k, dtype = int(argv[0]), int(argv[1]), int(argv[2]), argv[3]
    failed = 0
    for i, path in enumerate(argv[4:]):
        spec = importlib.util.spec_from_file_location("candidate%d" % i, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for target, name, instructions in TARGETS:
            try:
                tgt = tvm.target.Target(target)
                with tgt:
                    lowered = tilelang.lower(module.gemm_gpu(m, n, k, dtype), target=tgt)
                code = getattr(lowered, "kernel_source", None) or str(lowered)
                found = next((w for w in instructions if w in code), "none")
                print("lowered %s %s %s" % (os.path.basename(path), name, found), flush=True)
            except Exception as e:  # noqa: BLE001 - the knobs' failure, reported
                failed += 1
                print("failed %s %s: %s" % (os.path.basename(path), name, str(e).strip().splitlines()[-1][:300]),
                      flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
