"""Baseline: the Neuron compiler's own code for result = lhsT.T @ rhs (bf16
in, bf16 out), no NKI written by hand: the NumPy expression traced by nkipy
into HLO, compiled by neuronx-cc to a NEFF and run on the NeuronCore by
nkipy's BaremetalExecutor. This is nki-autotune's compiler baseline
(awslabs/nki-autotune @ d57bcc3, autotune/src/autotune/runner/baseline.py,
profile_numpy_baseline): `trace(func)`, `specialize(...)`, then
`compile_to_neff(..., additional_compiler_args="--lnc 1
--internal-tensorizer-opt-level=2")`, which runs `neuronx-cc compile
--framework XLA hlo_module.pb --pipeline compile SaveTemps --target T
--output=kernel.neff --lnc 1 --internal-tensorizer-opt-level=2`
(aws-neuron/nkipy, nkipy/src/nkipy/core/compile.py). nki-autotune measured it
at about 86 % MFU on 2048³ bf16 on a Trn2 (examples/tune_matmul_lhsT_rhs.py).

The compiler's target is the host's: NEURON_PLATFORM_TARGET_OVERRIDE when
set (NKI's own variable: trn1/gen2, trn2/gen3, trn3/gen4), else nkipy's
get_platform_target, which reads the EC2 instance type from
/sys/devices/virtual/dmi/id/product_name (where nki-autotune hard-codes
trn2).

It is compiled on its first call; the NEFF lands in NKI_ARTIFACTS_DIR as
kernel.neff, where the supervisor's profile step finds an NKI kernel's, so
the Neuron profiler measures the compiler's code as it measures the
candidates'. Each call then runs the NEFF through BaremetalExecutor.run,
which loads it and copies the arrays in and out, as NKI's NumPy call does
for a candidate: the host-clock times are call times; the profile's device
time is the kernel's.

`matmul.kwb_runs_itself` tells the nki harness that this entry is no
@nki.jit kernel: it is called with the NumPy arrays as it is, never through
nki.simulate (where it cannot run: the harness says so as an infrastructure
failure), and a package it cannot import (nkipy, its runtime spike,
neuronx-cc) is the host's lack, not a failed kernel. Declared "optional" in
workload.json. Written from nkipy's and nki-autotune's source without a
Neuron device: not yet run on a Trainium."""
import os
import sys
import tempfile

# Exactly nki-autotune's flags for its compiler baseline (and nkipy's own
# nkipy_compiler_args): one logical NeuronCore, the tensorizer at level 2.
COMPILER_ARGS = "--lnc 1 --internal-tensorizer-opt-level=2"
NKIPY_SOURCE = "github.com/aws-neuron/nkipy (docs/installation.md)"

# NEURON_PLATFORM_TARGET_OVERRIDE's values (nki.jit's documentation) as
# nkipy's CompilationTarget members; nkipy has no inf2 target.
TARGETS = {"trn1": "TRN1", "gen2": "TRN1", "trn2": "TRN2", "gen3": "TRN2", "trn3": "TRN3", "gen4": "TRN3"}


def lhsT_T_at_rhs(lhsT, rhs):
    """The function the compiler gets (nki-autotune's _numpy_matmul)."""
    return lhsT.T @ rhs


_compiled = {}  # (shapes, dtypes) -> nkipy CompiledKernel, one compile per process
_executor = []
_scratch = []


def _nkipy():
    """nkipy's compile and run API, or ImportError in words that say what
    to install (the harness makes it an infrastructure failure)."""
    try:
        from nkipy.core.compile import CompilationTarget, compile_to_neff, get_platform_target, trace
        from nkipy.runtime.baremetal_executor import BaremetalExecutor, CompiledKernel
    except ImportError as e:
        raise ImportError(
            "the Neuron compiler's baseline needs nkipy and its runtime spike, with neuronx-cc, for %s (%s): "
            "install nkipy and spike from %s and neuronx-cc from Neuron's own package index "
            "(https://pip.repos.neuron.amazonaws.com); the names on PyPI are placeholders"
            % (sys.executable, e, NKIPY_SOURCE)) from None
    return CompilationTarget, compile_to_neff, get_platform_target, trace, BaremetalExecutor, CompiledKernel


def _target(CompilationTarget, get_platform_target):
    """The compiler's target for this host (see the module's doc)."""
    override = os.environ.get("NEURON_PLATFORM_TARGET_OVERRIDE", "").strip().lower()
    if override:
        member = getattr(CompilationTarget, TARGETS.get(override, "-"), None)
        if member is None:
            raise RuntimeError("NEURON_PLATFORM_TARGET_OVERRIDE=%s names no target nkipy compiles for (%s)"
                               % (override, ", ".join(m.value for m in CompilationTarget if m.value != "default")))
        return member
    try:
        return get_platform_target()
    except RuntimeError as e:
        raise RuntimeError("cannot tell this host's Trainium generation for neuronx-cc (%s): set "
                           "NEURON_PLATFORM_TARGET_OVERRIDE=trn1 or trn2" % " ".join(str(e).split())) from None


def _compile(lhsT, rhs):
    CompilationTarget, compile_to_neff, get_platform_target, trace, BaremetalExecutor, CompiledKernel = _nkipy()
    key = (lhsT.shape, str(lhsT.dtype), rhs.shape, str(rhs.dtype))
    if key not in _compiled:
        target = _target(CompilationTarget, get_platform_target)
        # Where the supervisor's profile step looks for the NEFF; outside
        # the workbench, a folder of this process's.
        out = os.environ.get("NKI_ARTIFACTS_DIR")
        if not out:
            _scratch.append(tempfile.TemporaryDirectory(prefix="kwb-neuronxcc-"))
            out = _scratch[-1].name
        traced = trace(lhsT_T_at_rhs)
        traced.specialize(lhsT, rhs)
        sys.stderr.write("kwb: compiling lhsT.T @ rhs %s x %s with neuronx-cc (target %s, %s)\n"
                         % (lhsT.shape, rhs.shape, target.value, COMPILER_ARGS))
        # save_artifacts=False: neuronx-cc works in a temporary folder and
        # only the NEFF is copied to out/kernel.neff (nkipy's compile_in_directory).
        neff = compile_to_neff(trace_kernel=traced, output_dir=out, neff_name="kernel.neff", target=target,
                               additional_compiler_args=COMPILER_ARGS, save_artifacts=False)
        _compiled[key] = CompiledKernel(traced, neff)
        if not _executor:
            _executor.append(BaremetalExecutor(verbose=0))
    return _compiled[key]


def matmul(lhsT, rhs):
    """result[M, N] = lhsT[K, M].T @ rhs[K, N] as neuronx-cc compiles it,
    run on the NeuronCore; NumPy arrays in (bf16 through ml_dtypes), a NumPy
    array out."""
    compiled = _compile(lhsT, rhs)
    return _executor[0].run(compiled, lhsT, rhs)


# Not an @nki.jit kernel: the nki harness calls it as it is (harness.py).
matmul.kwb_runs_itself = True
