"""The starting kernel (KernelAgent's convention: kernel_function(x)
returns the output): three passes over each row (max, sum of
exponentials, normalise), one program per row, in 1024-wide chunks."""
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, y_ptr, n_cols, CHUNK: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * n_cols
    y_row = y_ptr + row * n_cols
    offs = tl.arange(0, CHUNK)
    m = -float("inf")
    for start in range(0, n_cols, CHUNK):
        x = tl.load(x_row + start + offs, mask=start + offs < n_cols, other=-float("inf"))
        m = tl.maximum(m, tl.max(x, axis=0))
    s = 0.0
    for start in range(0, n_cols, CHUNK):
        x = tl.load(x_row + start + offs, mask=start + offs < n_cols, other=-float("inf"))
        s += tl.sum(tl.exp(x - m), axis=0)
    for start in range(0, n_cols, CHUNK):
        x = tl.load(x_row + start + offs, mask=start + offs < n_cols, other=-float("inf"))
        tl.store(y_row + start + offs, tl.exp(x - m) / s, mask=start + offs < n_cols)


def kernel_function(x):
    rows, cols = x.shape
    y = torch.empty_like(x)
    softmax_kernel[(rows,)](x, y, cols, CHUNK=1024, num_warps=4)
    return y
