"""Golden C = A·B for the matmul-triton example: PyTorch in fp32, rounded
to fp16 once at the end."""
import torch


def matmul_reference(a, b):
    return (a.float() @ b.float()).to(torch.float16)
