"""Wrong on purpose: the right product plus one."""
import torch


def kernel_function(a, b):
    return (a.float() @ b.float() + 1.0).to(torch.float16)
