"""Cheats on purpose: computes honestly for its first four calls in a process
(the check makes three), then returns the last answer at once."""
import torch

_calls = 0
_last = None


def kernel_function(a, b):
    global _calls, _last
    _calls += 1
    if _calls <= 4 or _last is None:
        _last = (a.float() @ b.float()).to(torch.float16)
    return _last
