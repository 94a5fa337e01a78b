"""A GPU launch (T.Kernel with threads) compiled for the CPU: TileLang
refuses it when the kernel is built, which is the candidate's failure."""
import tilelang
import tilelang.language as T
import torch

_compiled = {}


def gemm(M, N, K):
    @T.prim_func
    def main(A: T.Tensor((M, K), "float32"), B: T.Tensor((K, N), "float32"), C: T.Tensor((M, N), "float32")):
        with T.Kernel(T.ceildiv(N, 32), T.ceildiv(M, 32), threads=128) as (bx, by):
            c = T.alloc_fragment((32, 32), "float32")
            T.clear(c)
            T.copy(c, C[by * 32, bx * 32])
    return main


def kernel_function(a, b):
    key = (a.shape[0], b.shape[1], a.shape[1])
    if key not in _compiled:
        _compiled[key] = tilelang.compile(gemm(*key))
    c = torch.empty((key[0], key[1]), dtype=a.dtype)
    _compiled[key](a, b, c)
    return c
