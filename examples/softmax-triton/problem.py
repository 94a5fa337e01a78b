"""A KernelBench-format problem (Model, get_inputs, get_init_inputs): row
softmax of a 4096×16384 fp32 matrix, a memory-bound operation. kwb loads
such files unchanged as the reference."""
import torch
import torch.nn as nn


class Model(nn.Module):
    """Softmax over each row."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x, dim=1)


batch_size = 4096
dim = 16384


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
