"""The honest path every red-team kernel here shares: fifty products, one kept."""
import torch


def kernel_function(a, b):
    for _ in range(50):
        c = a.float() @ b.float()
    return c.to(torch.float16)
