"""A reference that fails: the workload is broken, not the kernel."""


def matmul_reference(a, b):
    raise ValueError("reference bug")
