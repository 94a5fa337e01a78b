"""Computes honestly, then rewrites its digests in a spelling the
supervisor's C parser reads and Python's float() refuses (hexadecimal), so
that the reference's process, not the kernel, fails on them: a cheat that
cannot win may still try to blame the workload's reference for its failure."""
import sys

import torch

kwbhost = sys.modules.get("kwbhost")


def kernel_function(a, b):
    for _ in range(50):
        c = a.float() @ b.float()
    return c.to(torch.float16)


if kwbhost is not None:
    _say = kwbhost.say

    def _hex(item):
        sums, rest = item.split(":", 1)
        return "/".join(float(x).hex() for x in sums.split("/")) + ":" + rest

    def _rewrite(line):
        if line.startswith("kwb:timed ") and " digests=" in line:
            head, items = line.split(" digests=", 1)
            line = head + " digests=" + ",".join(_hex(i) for i in items.split(","))
        _say(line)

    kwbhost.say = _rewrite
