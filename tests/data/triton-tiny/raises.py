"""Fails on purpose: raises like a kernel launched with a bad configuration."""


def kernel_function(a, b):
    raise RuntimeError("triton: out of resources (shared memory)")
