"""Compiles and runs, computes the wrong thing: C = A (a real TileLang
kernel on the CPU, so the check, not the import, must catch it)."""
import tilelang
import tilelang.cpu.language as T
import torch

_compiled = {}


def copy_kernel(M, N):
    @T.prim_func
    def main(A: T.Tensor((M, N), "float32"), C: T.Tensor((M, N), "float32")):
        with T.Kernel(T.ceildiv(N, 16), T.ceildiv(M, 16)) as (bx, by):
            T.copy(A[by * 16, bx * 16], C[by * 16, bx * 16])
    return main


def kernel_function(a, b):
    M, N = a.shape[0], b.shape[1]
    if (M, N) not in _compiled:
        _compiled[(M, N)] = tilelang.compile(copy_kernel(M, N))
    c = torch.empty((M, N), dtype=a.dtype)
    _compiled[(M, N)](a, c)
    return c
