"""A TileLang GEMM whose knobs a search tunes (kwb prepends one line per
knob, `BLOCK_M = 64`, …): the block tile of C each program computes, the
k step, and on a GPU the threads per program and pipelining stages. The
kernel is compiled once per shape with tilelang.compile, naming no target:
the harness picks TileLang's C backend for a workload whose device is
"cpu" (KWB_DEVICE), else the GPU. Defaults let the file run alone."""
import os

import tilelang
import torch

ON_CPU = os.environ.get("KWB_DEVICE") == "cpu"
if ON_CPU:
    import tilelang.cpu.language as T  # no SIMT threads: the grid is a loop nest
else:
    import tilelang.language as T

BLOCK_M = globals().get("BLOCK_M", 32)
BLOCK_N = globals().get("BLOCK_N", 32)
BLOCK_K = globals().get("BLOCK_K", 32)
THREADS = globals().get("THREADS", 128)
NUM_STAGES = globals().get("NUM_STAGES", 2)
SWIZZLE = globals().get("SWIZZLE", 0)  # on a GPU: programs in panels of this many (0: row by row)


def gemm_cpu(M, N, K, dtype):
    @T.prim_func
    def main(A: T.Tensor((M, K), dtype), B: T.Tensor((K, N), dtype), C: T.Tensor((M, N), dtype)):
        with T.Kernel(T.ceildiv(N, BLOCK_N), T.ceildiv(M, BLOCK_M)) as (bx, by):
            a = T.alloc_local((BLOCK_M, BLOCK_K), dtype)
            b = T.alloc_local((BLOCK_K, BLOCK_N), dtype)
            c = T.alloc_local((BLOCK_M, BLOCK_N), dtype)
            T.clear(c)
            for ko in T.serial(T.ceildiv(K, BLOCK_K)):
                T.copy(A[by * BLOCK_M, ko * BLOCK_K], a)
                T.copy(B[ko * BLOCK_K, bx * BLOCK_N], b)
                T.gemm(a, b, c)
            T.copy(c, C[by * BLOCK_M, bx * BLOCK_N])
    return main


def gemm_gpu(M, N, K, dtype):
    @T.prim_func
    def main(A: T.Tensor((M, K), dtype), B: T.Tensor((K, N), dtype), C: T.Tensor((M, N), dtype)):
        with T.Kernel(T.ceildiv(N, BLOCK_N), T.ceildiv(M, BLOCK_M), threads=THREADS) as (bx, by):
            a = T.alloc_shared((BLOCK_M, BLOCK_K), dtype)
            b = T.alloc_shared((BLOCK_K, BLOCK_N), dtype)
            c = T.alloc_fragment((BLOCK_M, BLOCK_N), "float32")
            # Programs that share rows of A and columns of B run together,
            # while those tiles are still in L2.
            T.use_swizzle(panel_size=max(SWIZZLE, 1), enable=SWIZZLE > 0)
            T.clear(c)
            for ko in T.Pipelined(T.ceildiv(K, BLOCK_K), num_stages=NUM_STAGES):
                T.copy(A[by * BLOCK_M, ko * BLOCK_K], a)
                T.copy(B[ko * BLOCK_K, bx * BLOCK_N], b)
                T.gemm(a, b, c)
            T.copy(c, C[by * BLOCK_M, bx * BLOCK_N])
    return main


_compiled = {}


def kernel_function(a, b):
    M, K = a.shape
    N = b.shape[1]
    key = (M, N, K, a.dtype)
    if key not in _compiled:
        dtype = str(a.dtype).replace("torch.", "")
        _compiled[key] = tilelang.compile((gemm_cpu if ON_CPU else gemm_gpu)(M, N, K, dtype))
    c = torch.empty((M, N), dtype=a.dtype, device=a.device)
    _compiled[key](a, b, c)
    return c
