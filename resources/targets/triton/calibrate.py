"""Measures this GPU's ceilings for the triton target through PyTorch:
fp32 (SGEMM with TF32 off), tf32, fp16 and bf16 GEMMs (cuBLAS underneath),
and DRAM bandwidth (a triad). Prints one kwb.calibration/1 document with
the vendor's published figures beside the measured ones. Best of several
runs on random data.

`calibrate.py cpu-fallback` (the tilelang target's, whose workloads may run
on the CPU): on a host without a GPU, this host's CPU through PyTorch on
one thread instead (an SGEMM and a triad), so CPU runs get a roofline.
Triton's interpreter never takes it: its times are not compiled code's."""

import json
import socket
import sys

try:
    import torch
except Exception as e:  # noqa: BLE001
    sys.stderr.write("calibrate: PyTorch cannot be imported: %s\n" % e)
    sys.exit(3)

# The vendor's datasheet figures (dense TFLOP/s, GB/s).
PUBLISHED = [
    ("H100 80GB HBM3", 66.9, 494.7, 989.4, 989.4, 3350),
    ("H100 SXM", 66.9, 494.7, 989.4, 989.4, 3350),
    ("H100 NVL", 60.0, 417.5, 835.0, 835.0, 3900),
    ("H100 PCIe", 51.2, 378.0, 756.0, 756.0, 2000),
    ("H200", 66.9, 494.7, 989.4, 989.4, 4800),
    ("A100-SXM4-80GB", 19.5, 156.0, 312.0, 312.0, 2039),
    ("A100-SXM4-40GB", 19.5, 156.0, 312.0, 312.0, 1555),
]


def best_ms(fn, reps=10):
    fn()
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        torch.cuda.synchronize()
        best = min(best, a.elapsed_time(b))
    return best


def gemm_gflops(dtype, tf32, n=8192):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    a = torch.rand(n, n, device="cuda", dtype=torch.float32).sub_(0.5).to(dtype)
    b = torch.rand(n, n, device="cuda", dtype=torch.float32).sub_(0.5).to(dtype)
    c = torch.empty(n, n, device="cuda", dtype=dtype)
    ms = best_ms(lambda: torch.matmul(a, b, out=c))
    return 2.0 * n ** 3 / (ms * 1e6)


def triad_gbs():
    n = 256 << 20
    a = torch.empty(n, device="cuda")
    b = torch.rand(n, device="cuda")
    c = torch.rand(n, device="cuda")
    ms = best_ms(lambda: torch.add(b, c, alpha=1.0001, out=a))
    return 3.0 * 4.0 * n / (ms * 1e6)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def cpu_calibration():
    """One CPU thread's fp32 ceiling (PyTorch's SGEMM) and memory bandwidth (a triad)."""
    import time
    torch.set_num_threads(1)

    def best_s(fn, reps=5):
        fn()
        best = float("inf")
        for _ in range(reps):
            t = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - t)
        return best

    n = 1024
    a, b, c = torch.rand(n, n).sub_(0.5), torch.rand(n, n).sub_(0.5), torch.empty(n, n)
    fp32 = 2.0 * n ** 3 / (best_s(lambda: torch.mm(a, b, out=c)) * 1e9)
    m = 32 << 20
    x, y, z = torch.empty(m), torch.rand(m), torch.rand(m)
    gbs = 3.0 * 4.0 * m / (best_s(lambda: torch.add(y, z, alpha=1.0001, out=x), reps=3) * 1e9)
    model = cpu_model()
    sys.stderr.write("calibrate: no GPU; this host's CPU on one thread (%s): fp32 %.1f GFLOP/s, triad %.1f GB/s\n"
                     % (model, fp32, gbs))
    print(json.dumps({"schema": "kwb.calibration/1", "peak_gflops": fp32, "peak_gbs": gbs, "precision": "fp32",
                      "threads": 1, "peaks": {"fp32": fp32}, "device": "cpu", "cpu": model,
                      "source": "PyTorch on one CPU thread (no GPU on this host)",
                      "hostname": socket.gethostname(), "published": None}))
    return 0


def main():
    if not torch.cuda.is_available():
        if "cpu-fallback" in sys.argv[1:]:
            return cpu_calibration()
        sys.stderr.write("calibrate: no CUDA device\n")
        return 3
    prop = torch.cuda.get_device_properties(0)
    fp32 = gemm_gflops(torch.float32, False)
    tf32 = gemm_gflops(torch.float32, True)
    fp16 = gemm_gflops(torch.float16, False)
    bf16 = gemm_gflops(torch.bfloat16, False)
    gbs = triad_gbs()
    sys.stderr.write("calibrate: %s: fp32 %.0f GFLOP/s, tf32 %.0f, fp16 %.0f, bf16 %.0f, triad %.0f GB/s\n"
                     % (prop.name, fp32, tf32, fp16, bf16, gbs))
    published = None
    for match, p32, ptf, p16, pbf, pgb in PUBLISHED:
        if match in prop.name:
            published = {"source": "vendor datasheet (dense)", "match": match,
                         "peaks": {"fp32": p32 * 1e3, "tf32": ptf * 1e3, "fp16": p16 * 1e3, "bf16": pbf * 1e3},
                         "peak_gbs": pgb,
                         "measured_over_published": {"fp32": fp32 / (p32 * 1e3), "tf32": tf32 / (ptf * 1e3),
                                                     "fp16": fp16 / (p16 * 1e3), "bf16": bf16 / (pbf * 1e3),
                                                     "gbs": gbs / pgb}}
            break
    print(json.dumps({"schema": "kwb.calibration/1", "peak_gflops": fp32, "peak_gbs": gbs, "precision": "fp32",
                      "threads": prop.multi_processor_count,
                      "peaks": {"fp32": fp32, "tf32": tf32, "fp16": fp16, "bf16": bf16},
                      "device": prop.name, "cpu": "%s (%d SMs)" % (prop.name, prop.multi_processor_count),
                      "hostname": socket.gethostname(), "published": published}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
