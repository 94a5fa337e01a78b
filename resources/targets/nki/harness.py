"""The nki target's adapter to the shared Python host core (kwbhost.py).

Runs as a child of the supervisor, one role per process (kwbhost.run_harness):
  candidate CAND FEED SCRATCH   the candidate's process (sandboxed): loads PyTorch and NKI
  reference FEED SCRATCH SEEDS ATOL RTOL
                                the reference's process (never imports the candidate)
  profile CAND FEED             one call whose NEFF lands in NKI_ARTIFACTS_DIR (the
                                supervisor runs it under the Neuron profiler)

The candidate is a Python module whose entry is an `@nki.jit` kernel (NKI
0.3 or newer: `import nki`; the older `neuronxcc.nki` also works) that
takes the inputs as NumPy arrays and returns the output. The harness makes
the inputs with PyTorch on the host and converts them (bfloat16 through
ml_dtypes). KWB_DEVICE (the workload's `device`) says where it runs:
"simulate" calls it through `nki.simulate` on this host's CPU (a check of
correctness; simulator time, never Trainium time); anything else runs it on
the host's NeuronCore, and a host without one is the host's problem.
The reference is a PyTorch function of the inputs.
An entry that is no NKI kernel but compiles and runs itself on the
NeuronCore (the Neuron compiler's baseline, examples/matmul-nki/
baseline_neuronxcc.py) says so with the attribute `kwb_runs_itself`.
Exit 5 with a "kwb:infra" line: this host cannot evaluate.
"""

import glob
import os
import re
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # kwbhost.py lies beside it, even under python -I

import kwbhost  # noqa: E402
from kwbhost import infra, torch  # noqa: E402

SIMULATE = os.environ.get("KWB_DEVICE", "") == "simulate"
# Set on an entry that is not an @nki.jit kernel but compiles and runs
# itself on the NeuronCore (NumPy arrays in and out): the harness calls it
# as it is, never through nki.simulate or nki.baremetal.
RUNS_ITSELF = "kwb_runs_itself"
NEURON_INDEX = "pip install --extra-index-url https://pip.repos.neuron.amazonaws.com nki"


def import_nki():
    """NKI, the standalone package (0.3 and newer) or neuronxcc's; infra when neither imports."""
    try:
        import nki  # noqa: PLC0415
        return nki
    except ImportError as first:
        try:
            import neuronxcc.nki as nki  # noqa: PLC0415
            return nki
        except ImportError:
            infra("the nki package cannot be imported by %s (%s): install the Neuron packages from Neuron's own "
                  "package index (%s); the names nki and neuronxcc on PyPI are placeholders" %
                  (sys.executable, first, NEURON_INDEX))
    return None


# What the Neuron runtime says when the device, not the kernel, is the
# trouble (Neuron's troubleshooting guide).
RUNTIME_TROUBLE = ("No neuron device available", "nrt_init", "Neuron runtime cannot be initialized",
                   "Could not open the nd", "libnrt.so")


def neuron_devices():
    return sorted(glob.glob("/dev/neuron[0-9]*"))


TRACE_ERROR = re.compile(r"^(?P<file>\S*?\.py):(?P<line>\d+):\s*$")
TRACE_MESSAGE = re.compile(r"^\s*\^--\s*(?P<msg>.*)$")
FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)')


def error_summary(text):
    """An NKI compile error in one line, "kernel.py:17: message".

    NKI 0.3+ (its tracer): "Error(s) during tracing:" then, per error, a
    "FILE:LINE:" line, the source line and "^-- message". neuronxcc.nki:
    a Python traceback whose last frame in a file outside the Neuron
    packages is the kernel's, ending "Error: message". Anything else: the
    text's last line."""
    lines = text.splitlines()
    found = []
    for i, line in enumerate(lines):
        m = TRACE_ERROR.match(line)
        if not m:
            continue
        for follow in lines[i + 1:i + 4]:
            msg = TRACE_MESSAGE.match(follow)
            if msg:
                found.append("%s:%s: %s" % (os.path.basename(m.group("file")), m.group("line"), msg.group("msg")))
                break
    if found:
        return "; ".join(found)
    # The deepest frame of the kernel's own file (the candidate's kernel.py),
    # else of any file outside the packages and this harness.
    where, own = None, None
    for line in lines:
        f = FRAME.match(line)
        if not f:
            continue
        path = f.group("file")
        here = "%s:%s" % (os.path.basename(path), f.group("line"))
        if os.path.basename(path) == "kernel.py":
            own = here
        elif not any(p in path for p in ("neuronxcc", "site-packages", "dist-packages", "harness.py", "kwbhost.py")):
            where = here
    where = own or where
    last = next((l.strip() for l in reversed(lines) if l.strip()), "")
    return "%s: %s" % (where, last) if where else last


def to_numpy(x):
    if x.dtype == torch.bfloat16:
        try:
            import ml_dtypes  # noqa: PLC0415 - Neuron's environments carry it
        except ImportError:
            infra("bfloat16 inputs need ml_dtypes beside NKI (pip install ml_dtypes)")
        return x.contiguous().view(torch.int16).numpy().view(ml_dtypes.bfloat16)
    return x.contiguous().numpy()


def from_numpy(a):
    import numpy as np  # noqa: PLC0415
    a = np.asarray(a)
    if a.dtype.name == "bfloat16":
        return torch.from_numpy(a.view(np.int16).copy()).view(torch.bfloat16)
    return torch.from_numpy(a.copy())


class NkiError(Exception):
    """An NKI kernel that did not compile or run, in one line."""


class NkiAdapter(kwbhost.Adapter):
    """The host's CPU holds the inputs; the kernel runs on the NeuronCore (or
    in the simulator) through NKI, each call timed by the host's clock."""

    def __init__(self):
        self.module = None
        self.nki = None

    def device(self):
        if not SIMULATE and not neuron_devices():
            infra("no Neuron device on this host (/dev/neuron0 is missing: no Trainium or Inferentia, or its driver "
                  "is not loaded); a workload with \"device\": \"simulate\" checks kernels in NKI's simulator on any "
                  "host with the nki package")
        return torch.device("cpu")

    def entry(self, fn):
        runs_itself = bool(getattr(fn, RUNS_ITSELF, False))
        if runs_itself and SIMULATE:
            infra("the entry '%s' is no NKI kernel but code that compiles and runs itself on a NeuronCore (%s), "
                  "which NKI's simulator cannot run: it is measured only with \"device\": \"neuron\" on a host "
                  "with a Neuron device" % (getattr(fn, "__name__", "?"), RUNS_ITSELF))
        if self.nki is None:
            self.nki = import_nki()
        nki = self.nki
        if runs_itself:
            run = fn
        elif SIMULATE:
            simulate = getattr(nki, "simulate", None)
            if simulate is not None:
                run = simulate(fn)
            elif hasattr(nki, "simulate_kernel"):  # neuronxcc.nki
                run = lambda *a: nki.simulate_kernel(fn, *a)  # noqa: E731
            else:
                infra("this nki package has no simulator (nki.simulate)")
        elif hasattr(nki, "baremetal"):  # neuronxcc.nki: NumPy arrays run through baremetal
            artifacts = os.environ.get("NKI_ARTIFACTS_DIR")
            run = nki.baremetal(fn, save_neff_name=os.path.join(artifacts, "kernel.neff")) if artifacts \
                else nki.baremetal(fn)
        else:
            run = fn

        def call(*inputs):
            try:
                out = run(*[to_numpy(x) for x in inputs])
                return [from_numpy(o) for o in out] if isinstance(out, (tuple, list)) else from_numpy(out)
            except (SystemExit, KeyboardInterrupt):
                raise
            except Exception as e:  # noqa: BLE001 - a kernel that does not trace, compile or run
                text = "".join(traceback.format_exception(type(e), e, e.__traceback__))
                sys.stderr.write(text)
                if runs_itself and isinstance(e, ImportError):
                    # Its packages (a compiler, a runtime) are the host's to install.
                    infra(str(e))
                if any(sign in text for sign in RUNTIME_TROUBLE):
                    infra("the Neuron runtime failed (the host's problem, not the kernel's): %s" %
                          text.strip().splitlines()[-1])
                raise NkiError(error_summary(text)) from None
        return call

    def profile(self, fn, inputs):
        # One call: NKI keeps its NEFF in NKI_ARTIFACTS_DIR (set by the
        # supervisor before this process started, as NKI reads it on import).
        fn(*inputs)


def require_nki():
    import_nki()


if __name__ == "__main__":
    kwbhost.run_harness(NkiAdapter, require_nki, __doc__, sys.argv[1:])
