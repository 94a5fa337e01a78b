"""A KernelBench-format problem, as its public problems are written."""
import torch
import torch.nn as nn


class Model(nn.Module):
    """Softmax over each row."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x, dim=1)


batch_size = 8
dim = 256


def get_inputs():
    x = torch.randn(batch_size, dim)
    return [x]


def get_init_inputs():
    return []
