"""Golden result for the matmul-nki example: result[M, N] = lhsT[K, M].T @
rhs[K, N] in float32 with PyTorch (the harness passes torch tensors to the
reference), rounded to the inputs' dtype (bf16) once at the end."""


def matmul_reference(lhsT, rhs):
    return (lhsT.float().T @ rhs.float()).to(lhsT.dtype)
