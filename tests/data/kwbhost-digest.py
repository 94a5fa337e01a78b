"""Properties of the Python host core's digest (kwbhost.digest), printed as
"kwb:" lines on its channel for tst_gputargets to read:
  sums N distinct D     N sums, D of them distinct, for one output
  same-key E            1 when the same key gives the same digest again
  other-key E           1 when another key gives other sums
  nan-moved S C W       a NaN moved to another element (the finite values
                        equal): S sums equal, C counts equal, W where equal
  inf-sign S C W        +inf in place of -inf, the same three
  probes N elements E   N probed elements, E of them elements of the output
                        (1) at places the key draws (same-key 1, other-key 1)
  probes-off A B C D    kwbhost.probes_off: A for equal values, B for one
                        beyond the tolerance, C for NaN against NaN, D for a
                        missing probe
  fused S D K O N I     the same properties of the GPU's digest (the Triton
                        kernel, run here in Triton's interpreter): sums,
                        distinct, same-key, other-key, nan-moved and
                        inf-sign as above; "fused missing" without Triton"""
import os
import sys

os.environ["TRITON_INTERPRET"] = "1"  # the GPU digest's kernel, on the CPU

sys.path.insert(0, os.path.join(sys.argv[1], "resources", "targets", "common"))
import kwbhost  # noqa: E402
import torch  # noqa: E402

specs = [("C", (8, 8), torch.float32)]
base = torch.rand((8, 8), generator=torch.Generator().manual_seed(1)) * 2 - 1
base[0, 0] = 0.0
base[1, 1] = 0.0


def digest(out, key=12345):
    sums, nonfinite, where, _ = kwbhost.digest([out], key, specs, "cpu")
    return sums.tolist(), int(nonfinite), float(where)


def compare(a, b):
    return "%d %d %d" % (a[0] == b[0], a[1] == b[1], a[2] == b[2])


d = digest(base)
kwbhost.say("kwb:sums %d distinct %d" % (len(d[0]), len(set(d[0]))))
kwbhost.say("kwb:same-key %d" % (digest(base) == d))
kwbhost.say("kwb:other-key %d" % (digest(base, 54321)[0] != d[0]))
a, b = base.clone(), base.clone()
a[0, 0] = float("nan")
b[1, 1] = float("nan")
kwbhost.say("kwb:nan-moved " + compare(digest(a), digest(b)))
a, b = base.clone(), base.clone()
a[2, 3] = float("inf")
b[2, 3] = float("-inf")
kwbhost.say("kwb:inf-sign " + compare(digest(a), digest(b)))
values = torch.arange(64, dtype=torch.float32).reshape(8, 8)
p1 = kwbhost.digest([values], 777, specs, "cpu")[3].tolist()
p2 = kwbhost.digest([values], 778, specs, "cpu")[3].tolist()
kwbhost.say("kwb:probes %d elements %d same-key %d other-key %d"
            % (len(p1), all(v == int(v) and 0 <= v < 64 for v in p1),
               kwbhost.digest([values], 777, specs, "cpu")[3].tolist() == p1, p1 != p2))
nan = float("nan")
kwbhost.say("kwb:probes-off %d %d %d %d" % (kwbhost.probes_off([1.0, 2.0], [1.0, 2.0], 0.01, 0.0),
                                            kwbhost.probes_off([1.0, 2.1], [1.0, 2.0], 0.01, 0.0),
                                            kwbhost.probes_off([nan], [nan], 0.01, 0.0),
                                            kwbhost.probes_off([1.0], [1.0, 2.0], 0.01, 0.0)))


def fused(out, key=12345):
    sums, where, nonfinite = kwbhost.fused_digest_sums(out.contiguous(), key, 0)
    return sums.tolist(), int(nonfinite), float(where)


if kwbhost.fused_digest_kernel() is None:
    kwbhost.say("kwb:fused missing")
else:
    f = fused(base)
    a, b = base.clone(), base.clone()
    a[0, 0] = float("nan")
    b[1, 1] = float("nan")
    moved = compare(fused(a), fused(b))
    a, b = base.clone(), base.clone()
    a[2, 3] = float("inf")
    b[2, 3] = float("-inf")
    kwbhost.say("kwb:fused %d %d %d %d %s %s" % (len(f[0]), len(set(f[0])), fused(base) == f,
                                                 fused(base, 54321)[0] != f[0], moved, compare(fused(a), fused(b))))
