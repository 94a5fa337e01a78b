# kwb knobs: BLOCK_M=64 BLOCK_N=64 BLOCK_K=128 GROUP_M=8 NUM_WARPS=8 NUM_STAGES=2
BLOCK_M = 64
BLOCK_N = 64
BLOCK_K = 128
GROUP_M = 8
NUM_WARPS = 8
NUM_STAGES = 2
"""A Triton matmul whose knobs a search tunes (kwb prepends one line per
knob, `BLOCK_M = 128`, …): block tile, k step, grouped launch order for L2
reuse, warps per program and software-pipelining stages. The knobs reach
the kernel as tl.constexpr meta-parameters; defaults let the file run alone."""
import torch
import triton
import triton.language as tl

BLOCK_M = globals().get("BLOCK_M", 128)
BLOCK_N = globals().get("BLOCK_N", 128)
BLOCK_K = globals().get("BLOCK_K", 64)
GROUP_M = globals().get("GROUP_M", 8)
NUM_WARPS = globals().get("NUM_WARPS", 4)
NUM_STAGES = globals().get("NUM_STAGES", 3)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BLOCK_M)
    num_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * num_n
    group = pid // per_group
    first_m = group * GROUP_M
    rows = min(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % per_group) % rows
    pid_n = (pid % per_group) // rows
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * K + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BLOCK_K)):
        acc = tl.dot(tl.load(a_ptrs), tl.load(b_ptrs), acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * N
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))


def kernel_function(a, b):
    M, K = a.shape
    _, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=torch.float16)
    grid = (triton.cdiv(M, BLOCK_M) * triton.cdiv(N, BLOCK_N),)
    matmul_kernel[grid](a, b, c, M, N, K, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K, GROUP_M=GROUP_M,
                        num_warps=NUM_WARPS, num_stages=NUM_STAGES)
    return c
