"""A softmax template: the whole row in registers (one read, one write per
element) when it fits, else an online max/sum pass then a write pass.
Knobs: BLOCK (elements a program holds at once), NUM_WARPS, and
ROWS_PER_PROGRAM (rows one program walks, for short rows)."""
import torch
import triton
import triton.language as tl

BLOCK = globals().get("BLOCK", 16384)
NUM_WARPS = globals().get("NUM_WARPS", 16)
ROWS_PER_PROGRAM = globals().get("ROWS_PER_PROGRAM", 1)


@triton.jit
def softmax_kernel(x_ptr, y_ptr, n_rows, n_cols, BLOCK: tl.constexpr, ROWS: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    for r in range(0, ROWS):
        row = tl.program_id(0) * ROWS + r
        if row < n_rows:
            x_row = x_ptr + row * n_cols
            y_row = y_ptr + row * n_cols
            if BLOCK >= n_cols:
                x = tl.load(x_row + offs, mask=offs < n_cols, other=-float("inf"))
                e = tl.exp(x - tl.max(x, axis=0))
                tl.store(y_row + offs, e / tl.sum(e, axis=0), mask=offs < n_cols)
            else:
                m = tl.full((BLOCK,), -float("inf"), tl.float32)
                s = tl.zeros((BLOCK,), tl.float32)
                for start in range(0, n_cols, BLOCK):
                    x = tl.load(x_row + start + offs, mask=start + offs < n_cols, other=-float("inf"))
                    m_new = tl.maximum(m, x)
                    s = s * tl.exp(m - m_new) + tl.exp(x - m_new)
                    m = m_new
                mx = tl.max(m, axis=0)
                total = tl.sum(s * tl.exp(m - mx), axis=0)
                for start in range(0, n_cols, BLOCK):
                    x = tl.load(x_row + start + offs, mask=start + offs < n_cols, other=-float("inf"))
                    tl.store(y_row + start + offs, tl.exp(x - mx) / total, mask=start + offs < n_cols)


def kernel_function(x):
    rows, cols = x.shape
    y = torch.empty_like(x)
    softmax_kernel[(triton.cdiv(rows, ROWS_PER_PROGRAM),)](x, y, rows, cols, BLOCK=BLOCK, ROWS=ROWS_PER_PROGRAM,
                                                           num_warps=NUM_WARPS)
    return y
