"""Measures one NeuronCore's ceilings for the nki target: the tensor engine's
bf16 and fp8 FLOP/s and HBM bandwidth, each from an NKI kernel on this
host's NeuronCore, and prints one kwb.calibration/1 document with AWS's
published per-core figures beside the measured ones.

  calibrate.py                    measure this host (exit 3: it cannot: no nki
                                  package, no Neuron device, or a NeuronCore
                                  version this does not know)
  calibrate.py published VERSION  the published figures of a NeuronCore version
                                  (trn1, inf2, nc-v2; trn2, nc-v3), measuring
                                  nothing: the document says so
  calibrate.py kernels DIR V      (internal) the kernel process, NeuronCore-vV

How it measures (calibrate_kernels.py holds the kernels):
* FLOP/s: nc_matmul rounds on operands already in SBUF, no HBM traffic in
  the loop; bf16, then fp8 (NeuronCore-v2: float8_e4m3 at the bf16 rate;
  v3 and later: the double-FP8 mode).
* bandwidth: an fp32 tensor copied HBM -> SBUF -> HBM, 4 KiB a partition a
  DMA, counted as bytes read plus bytes written (as the profiler's MBU
  counts them: (hbm_write_bytes + hbm_read_bytes) / total_time,
  tools/neuron-explorer/profile-schema-reference.rst).
* each figure is the difference between two kernels that differ only in the
  amount of work (a few matmul rounds against many; one copy pass against
  several), so the kernel's fixed costs (its loads, the final drain, the
  launch) cancel. Times are the Neuron profiler's total_time of each
  kernel's NEFF (neuron-explorer, or neuron-profile before Neuron 2.29:
  `capture` then `view --output-format summary-json`, as the supervisor
  profiles candidates), or, without the profiler, this host's clock around
  NKI's call (fastest of several calls), labelled as such.
* every kernel's result is checked against NumPy before its time counts,
  and a figure above what the hardware can do fails the calibration:
  never an invented figure.

The kernels run in a child process (`kernels`), which exits before the
profiler runs their NEFFs: the Neuron runtime it opened is closed by then.
Exit: 0 a document; 1 the measurement failed; 2 usage; 3 this host cannot
calibrate. Written without a Neuron device: the measuring path has not run
on a Trainium (the published mode runs anywhere)."""

import glob
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
NEURON_INDEX = "pip install --extra-index-url https://pip.repos.neuron.amazonaws.com nki"
CANNOT = 3  # this host cannot calibrate (kwb's calibrate reports the stderr line)

# ---- AWS's published figures, per NeuronCore (dense) ----
#
# From aws-neuron/aws-neuron-sdk @ 81ce03ae261e12925e53437a0f690478e6366155:
#  NeuronCore-v2 (Trainium, Inferentia2): the tensor engine is 128x128
#   processing elements at 2.8 GHz (nki/guides/architecture/
#   trainium_inferentia2_arch.rst, engine table), 2 FLOP each a cycle:
#   128*128*2*2.8e9 = 91.75 TFLOP/s ("a maximum throughput of 92 TFLOPS" for
#   BF16/FP16/TF32/cFP8, same file; "over 90", about-neuron/arch/
#   neuron-hardware/neuron-core-v2.rst). cFP8 runs at the BF16 rate
#   (about-neuron/arch/neuron-hardware/trainium.rst: "190 FP16/BF16/cFP8/TF32
#   TFLOPS" for the chip's two cores). HBM: "2 HBM stacks ... 820 GB/s" a chip
#   of two cores (trainium_inferentia2_arch.rst; trainium.rst and
#   inferentia2.rst say 820 GiB/sec), so 410 GB/s a core, the figure the
#   profiler itself divides by (the peak_flops_bandwidth_ratio, 223.78, of
#   the trn1 profiles zhang677/AccelOpt recorded in experiments/
#   full_complete_local/profile_results.csv is 91.75e12 / 410e9).
#  NeuronCore-v3 (Trainium2): tensor engine at 2.4 GHz (nki/guides/
#   architecture/trainium2_arch.rst, engine table): 128*128*2*2.4e9 =
#   78.64 TFLOP/s BF16 ("158 FP8, 79 BF16/FP16/TF32 ... dense TFLOPS", same
#   file; neuron-core-v3.rst), FP8 twice that in the double-FP8 mode. (The
#   chip table's 667 BF16 TFLOPS over eight cores would be 83.4.) HBM: 2.9
#   TB/s a chip of eight cores in four stacks (about-neuron/arch/
#   neuron-hardware/trainium2.rst; trainium2_arch.rst: "4 HBM stacks ...
#   3TB/s"): 362.5 GB/s a core's share, 725 GB/s a stack (two cores share
#   one; the profiler's MBU divides by a stack's bandwidth,
#   tools/neuron-explorer/profile-schema-reference.rst).
#  DMA: 16 engines a core, 17 B/ns each on Trainium1 (272 GB/s), 23 B/ns on
#   Trainium2 (368 GB/s) (nki/get-started/about/nki-dma-overview.rst): what a
#   single core's DMAs can move at most.
PUBLISHED = {
    2: {"name": "NeuronCore-v2", "chips": "Trainium, Inferentia2",
        "bf16": 128 * 128 * 2 * 2.8, "fp8": 128 * 128 * 2 * 2.8,  # GFLOP/s
        "chip_gbs": 820.0, "cores_per_chip": 2, "stacks": 2, "dma_gbs": 272.0},
    3: {"name": "NeuronCore-v3", "chips": "Trainium2",
        "bf16": 128 * 128 * 2 * 2.4, "fp8": 2 * 128 * 128 * 2 * 2.4,
        "chip_gbs": 2900.0, "cores_per_chip": 8, "stacks": 4, "dma_gbs": 368.0},
}
PUBLISHED_SOURCE = ("AWS Neuron documentation (aws-neuron/aws-neuron-sdk @ 81ce03ae): one NeuronCore, dense; "
                    "peak_gbs is the chip's HBM bandwidth over its NeuronCores")
# NeuronCore-v4 (Trainium3) runs these kernels too; its figures are not here.
NAMES = {2: "NeuronCore-v2", 3: "NeuronCore-v3", 4: "NeuronCore-v4"}

# Instance families and their NeuronCore version (the about-neuron/arch pages).
FAMILIES = (("trn3", 4), ("trn2", 3), ("trn1", 2), ("inf2", 2), ("inf1", 1))
PUBLISHED_NAMES = {"trn1": 2, "inf2": 2, "nc-v2": 2, "ncv2": 2, "v2": 2,
                   "trn2": 3, "nc-v3": 3, "ncv3": 3, "v3": 3}

# The work of the two kernels of each difference (calibrate_kernels.py).
BANKS = 4                 # PSUM tiles the matmuls rotate over (8 banks a partition)
REPS = (64, 512)          # matmul rounds per bank: 256 against 2048 matmuls
COPY_SHAPE = (8192, 1024)  # fp32, 32 MiB: 64 tiles of [128 partitions, 4 KiB]
PASSES = (1, 4)
HOST_CALLS = 10           # host clock: the fastest of this many calls
# A measured figure above this share of the hardware's published ceiling is
# not a measurement to keep.
PLAUSIBLE = 1.05


def say(line):
    sys.stderr.write("calibrate: %s\n" % line)


def cannot(why):
    say(why)
    sys.exit(CANNOT)


# ---- which NeuronCore ----

SYSFS = "/sys/devices/virtual/neuron_device"


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().strip()
    except OSError:
        return None


def neuron_tool(name):
    found = shutil.which(name)
    if found:
        return found
    installed = os.path.join("/opt/aws/neuron/bin", name)
    return installed if os.access(installed, os.X_OK) else None


def instance_type():
    """The EC2 instance type and where it was read: neuron-ls's
    "instance-type: trn2n.48xlarge" line (tools/neuron-sys-tools/
    neuron-ls.rst), else the DMI product name (which nkipy's
    get_platform_target reads too); (None, None) when neither tells."""
    tool = neuron_tool("neuron-ls")
    if tool:
        try:
            out = subprocess.run([tool], capture_output=True, text=True, timeout=60).stdout
            m = re.search(r"^\s*instance-type:\s*(\S+)", out, re.M)
            if m:
                return m.group(1), "neuron-ls"
        except (OSError, subprocess.SubprocessError):
            pass
    product = read_text("/sys/devices/virtual/dmi/id/product_name")
    if product and "." in product:
        return product.split()[0], "/sys/devices/virtual/dmi/id/product_name"
    return None, None


def family_version(itype):
    for prefix, version in FAMILIES:
        if itype and itype.lower().startswith(prefix):
            return version
    return None


def neuroncore_version():
    """(version, instance type or None, where the version was read), the
    version None when nothing tells. First the Neuron driver's sysfs
    (tools/neuron-sys-tools/neuron-sysfs-user-guide.rst): a core's
    info/architecture/arch_type ("NCv2"), else a device's ("v2"); then the
    instance family."""
    itype, itype_source = instance_type()
    paths = sorted(glob.glob(SYSFS + "/neuron*/neuron_core*/info/architecture/arch_type")) + \
        sorted(glob.glob(SYSFS + "/neuron*/info/architecture/arch_type"))
    for path in paths:
        m = re.search(r"v\s*(\d+)", read_text(path) or "", re.I)
        if m:
            return int(m.group(1)), itype, path
    version = family_version(itype)
    return version, itype, ("instance type %s (%s)" % (itype, itype_source)) if version else None


# ---- the document ----

def published_block(version):
    p = PUBLISHED.get(version)
    if p is None:
        return None
    return {"source": PUBLISHED_SOURCE, "match": "%s (%s)" % (p["name"], p["chips"]),
            "peaks": {"bf16": p["bf16"], "fp8": p["fp8"]},
            "peak_gbs": p["chip_gbs"] / p["cores_per_chip"],
            "hbm_stack_gbs": p["chip_gbs"] / p["stacks"],
            "dma_gbs": p["dma_gbs"]}


def device_name(version, itype=None):
    p = PUBLISHED.get(version)
    name = NAMES.get(version, "NeuronCore-v%d" % version)
    chips = p["chips"] if p else None
    where = ", ".join(x for x in (chips, itype) if x)
    return "%s (%s)" % (name, where) if where else name


def published_document(version):
    """The published figures as a calibration document: nothing measured."""
    pub = published_block(version)
    name = device_name(version)
    return {"schema": "kwb.calibration/1", "peak_gflops": pub["peaks"]["bf16"], "peak_gbs": pub["peak_gbs"],
            "precision": "bf16", "threads": 1, "peaks": dict(pub["peaks"]), "device": name,
            "cpu": name + ", one NeuronCore", "measured": False,
            "source": "published figures, not a measurement: " + PUBLISHED_SOURCE,
            "published": pub}


# ---- the profiler ----

def profiler():
    """$KWB_NEURON_PROFILER, neuron-explorer (Neuron 2.29 and later) or
    neuron-profile, as the supervisor finds it (common/neuronprof.h)."""
    env = os.environ.get("KWB_NEURON_PROFILER")
    if env:
        return env
    for name in ("neuron-explorer", "neuron-profile"):
        found = neuron_tool(name)
        if found:
            return found
    return None


def summary_numbers(text):
    """The numbers of `view --output-format summary-json`: one object whose
    single member (keyed by the profile) holds name -> number pairs, or the
    pairs at the top; lines the tool prints before it are skipped."""
    start = text.find("{")
    if start < 0:
        return {}
    try:
        doc, _ = json.JSONDecoder().raw_decode(text[start:])
    except ValueError:
        return {}
    if isinstance(doc, dict) and len(doc) == 1 and isinstance(next(iter(doc.values())), dict):
        doc = next(iter(doc.values()))
    if not isinstance(doc, dict):
        return {}
    return {k: float(v) for k, v in doc.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}


def profiled_seconds(tool, neff, inputs, workdir):
    """One execution of `neff` under the profiler: (total_time in seconds,
    None, note) or (None, why, note). With the kernel's own inputs when the
    profiler takes them (`capture ... NAME FILE.npy`, tools/neuron-explorer/
    how-to-profile-workload.rst; NKI names a NEFF's inputs after the
    kernel's parameters, neuron-runtime/nrtpy/tutorial-debug-neff-nrtpy.rst),
    else with the zero-filled buffers it makes itself, which the note says."""
    name = os.path.basename(tool)
    ntff = os.path.join(workdir, os.path.basename(neff) + ".ntff")
    pairs = [x for arg, path in sorted(inputs.items()) for x in (arg, path)]
    note = None
    for args in ([pairs, []] if pairs else [[]]):
        note = "profiled with the profiler's zero-filled inputs" if pairs and not args else None
        try:
            cap = subprocess.run([tool, "capture", "-n", neff, "-s", ntff] + args, capture_output=True,
                                 text=True, timeout=120)
        except (OSError, subprocess.SubprocessError) as e:
            return None, "%s capture: %s" % (name, e), note
        if cap.returncode == 0:
            break
    else:
        tail = ((cap.stderr or "") + (cap.stdout or "")).strip().splitlines()[-1:] or [""]
        return None, "%s capture exited %d: %s" % (name, cap.returncode, tail[0]), note
    try:
        view = subprocess.run([tool, "view", "--output-format", "summary-json", "-n", neff, "-s", ntff],
                              capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        return None, "%s view: %s" % (name, e), note
    seconds = summary_numbers(view.stdout).get("total_time")
    if view.returncode != 0 or not seconds or seconds <= 0:
        return None, "%s view printed no total_time (exit %d)" % (name, view.returncode), note
    return seconds, None, note


# ---- the kernel process ----

def kernel_process(outdir, version):
    """Runs every kernel on the NeuronCore (NKI compiles on the first call
    and leaves its NEFF in NKI_ARTIFACTS_DIR), checks its result against
    NumPy, keeps the NEFF and the inputs for the profiler, and times it by
    the host's clock. Writes outdir/kernels.json."""
    try:
        import numpy as np  # noqa: PLC0415
    except ImportError as e:
        cannot("NumPy cannot be imported by %s: %s" % (sys.executable, e))
    # NKI 0.3 or newer (`import nki`, as the example's kernels); NKI_ARTIFACTS_DIR
    # is set already, as NKI reads it on import.
    sys.path.insert(0, HERE)
    try:
        import calibrate_kernels as ck  # noqa: PLC0415
    except Exception as e:  # noqa: BLE001 - any import failure: this host lacks NKI 0.3 or newer
        cannot("the nki package (NKI 0.3 or newer) cannot be imported by %s (%s: %s): install the Neuron packages "
               "from Neuron's own package index (%s); the names nki and neuronxcc on PyPI are placeholders"
               % (sys.executable, type(e).__name__, e, NEURON_INDEX))

    artifacts = os.environ["NKI_ARTIFACTS_DIR"]
    rng = np.random.default_rng(7)

    def halves(shape):
        # Values in {-1, -0.5, 0, 0.5, 1}: exact in bf16 and fp8 (e4m3), and
        # every sum the kernels make is exact in fp32, so the check is exact.
        return (rng.integers(-2, 3, size=shape) / 2).astype(np.float32)

    def matmul_case(name, fp8, double, reps):
        if double:
            stat, mov = halves((128, 2, BANKS * 128)), halves((128, 2, 512))
            flop = 2 * 256 * 128 * 512 * BANKS * reps
            want = np.concatenate([np.einsum("pjm,pjn->mn", stat[:, :, b * 128:(b + 1) * 128].astype(np.float64),
                                             mov.astype(np.float64)) for b in range(BANKS)]) * reps
            args = (stat, mov, reps)
            kernel = ck.matmul_loop_double_fp8
        else:
            stat, mov = halves((128, BANKS * 128)), halves((128, 512))
            flop = 2 * 128 * 128 * 512 * BANKS * reps
            want = np.concatenate([stat[:, b * 128:(b + 1) * 128].astype(np.float64).T @ mov.astype(np.float64)
                                   for b in range(BANKS)]) * reps
            args = (stat, mov, reps, 1 if fp8 else 0)
            kernel = ck.matmul_loop
        return {"name": name, "kernel": kernel, "args": args, "work": float(flop), "unit": "flop",
                "inputs": {"stationary": stat, "moving": mov}, "want": want}

    def copy_case(name, passes):
        src = rng.standard_normal(COPY_SHAPE).astype(np.float32)
        return {"name": name, "kernel": ck.hbm_copy, "args": (src, passes), "unit": "bytes",
                "work": float(2 * src.nbytes * passes), "inputs": {"src": src}, "want": src}

    fp8_double = version >= 3  # double-FP8 mode: NeuronCore-v3 and later (nc_matmul's perf_mode)
    cases = []
    for reps in REPS:
        cases.append(matmul_case("bf16-%d" % reps, False, False, reps))
        cases.append(matmul_case("fp8-%d" % reps, True, fp8_double, reps))
    for passes in PASSES:
        cases.append(copy_case("copy-%d" % passes, passes))

    results = {}
    for case in cases:
        name = case["name"]
        say("%s: compiling and running on the NeuronCore" % name)
        started = time.time()
        try:
            out = case["kernel"](*case["args"])
        except Exception as e:  # noqa: BLE001 - the kernel did not compile or run: no figure from it
            import traceback  # noqa: PLC0415
            traceback.print_exc()
            last = (str(e).strip().splitlines() or [""])[-1]
            say("the NKI kernel %s failed: %s: %s" % (name, type(e).__name__, last))
            sys.exit(1)
        got = np.asarray(out, dtype=np.float64)
        want = np.asarray(case["want"], dtype=np.float64)
        if got.shape != want.shape or not np.allclose(got, want, rtol=1e-6, atol=1e-6):
            bad = "shape %s, expected %s" % (got.shape, want.shape) if got.shape != want.shape else \
                "largest error %g" % float(np.max(np.abs(got - want)))
            say("%s computed a wrong result (%s): its time is not a measurement" % (name, bad))
            sys.exit(1)
        # The NEFF NKI compiled for this call: the newest one written since it started.
        neffs = [p for p in glob.glob(os.path.join(artifacts, "**", "*.neff"), recursive=True)
                 if os.path.getmtime(p) >= started]
        neff = None
        if neffs:
            neff = os.path.join(outdir, name + ".neff")
            shutil.copyfile(max(neffs, key=os.path.getmtime), neff)
        inputs = {}
        for arg, array in case["inputs"].items():
            inputs[arg] = os.path.join(outdir, "%s.%s.npy" % (name, arg))
            np.save(inputs[arg], array)
        best = float("inf")
        for _ in range(HOST_CALLS):
            t = time.perf_counter()
            case["kernel"](*case["args"])
            best = min(best, time.perf_counter() - t)
        results[name] = {"work": case["work"], "unit": case["unit"], "neff": neff, "inputs": inputs,
                         "host_s": best}
    with open(os.path.join(outdir, "kernels.json"), "w", encoding="utf-8") as f:
        json.dump(results, f)
    return 0


# ---- measuring ----

def difference(results, seconds, small, big):
    """Work per second of the extra work of `big` over `small`."""
    dw = results[big]["work"] - results[small]["work"]
    dt = seconds[big] - seconds[small]
    return dw / dt if dt > 0 else None


def measure():
    import importlib.util  # noqa: PLC0415
    if importlib.util.find_spec("nki") is None:
        cannot("the nki package (NKI 0.3 or newer) is not installed for %s: install the Neuron packages from "
               "Neuron's own package index (%s); the names nki and neuronxcc on PyPI are placeholders"
               % (sys.executable, NEURON_INDEX))
    if not glob.glob("/dev/neuron[0-9]*"):
        cannot("no Neuron device on this host (/dev/neuron0 is missing: no Trainium or Inferentia, or its driver "
               "is not loaded): nothing to measure")
    version, itype, source = neuroncore_version()
    if version is None:
        cannot("cannot tell this host's NeuronCore version: no arch_type under %s, no instance type from "
               "neuron-ls or /sys/devices/virtual/dmi/id/product_name" % SYSFS)
    if version < 2:
        cannot("%s (%s) does not run NKI kernels" % (NAMES.get(version, "NeuronCore-v%d" % version), source))
    say("%s, from %s" % (device_name(version, itype), source))

    work = tempfile.mkdtemp(prefix="kwb-nki-calibrate-")
    try:
        # For the kernel process and the profiler alike. NKI reads
        # NKI_ARTIFACTS_DIR on import and keeps each kernel's NEFF there
        # (neuron-runtime/nrtpy/nrtpy-troubleshooting.rst). One physical
        # NeuronCore, as the supervisor runs candidates: NKI kernels default
        # to LNC 1 and the runtime must agree (nki.jit's documentation).
        os.environ["NKI_ARTIFACTS_DIR"] = os.path.join(work, "artifacts")
        os.environ["NEURON_LOGICAL_NC_CONFIG"] = "1"
        os.makedirs(os.environ["NKI_ARTIFACTS_DIR"])
        try:
            child = subprocess.run([sys.executable, os.path.abspath(__file__), "kernels", work, str(version)],
                                   timeout=420)
        except subprocess.TimeoutExpired:
            say("the kernels took longer than 420 s: no figures")
            return 1
        if child.returncode == CANNOT:
            return CANNOT
        if child.returncode != 0:
            say("the kernels did not run (exit %d): no figures" % child.returncode)
            return 1
        with open(os.path.join(work, "kernels.json"), encoding="utf-8") as f:
            results = json.load(f)

        # The profiler's device time of each NEFF, else the host's clock.
        timing, seconds, notes = None, {}, set()
        tool = profiler()
        if tool is None:
            say("neither neuron-explorer nor neuron-profile is installed (aws-neuronx-tools): timing by this "
                "host's clock instead")
        elif not all(r["neff"] for r in results.values()):
            say("NKI left no NEFF in NKI_ARTIFACTS_DIR for some kernels: timing by this host's clock instead")
        else:
            for name, r in sorted(results.items()):
                secs, why, note = profiled_seconds(tool, r["neff"], r["inputs"], work)
                if secs is None:
                    say("%s: %s: timing by this host's clock instead" % (name, why))
                    seconds = {}
                    break
                seconds[name] = secs
                if note:
                    notes.add(note)
            if seconds:
                timing = "the Neuron profiler's total_time (%s)" % os.path.basename(tool)
        if not seconds:
            seconds = {name: r["host_s"] for name, r in results.items()}
            timing = ("this host's clock around NKI's call (fastest of %d; launch and copies included, "
                      "mostly cancelled by the difference)" % HOST_CALLS)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    small, big = REPS
    bf16 = difference(results, seconds, "bf16-%d" % small, "bf16-%d" % big)
    fp8 = difference(results, seconds, "fp8-%d" % small, "fp8-%d" % big)
    gbs = difference(results, seconds, "copy-%d" % PASSES[0], "copy-%d" % PASSES[1])
    if not bf16 or not fp8 or not gbs:
        say("the larger kernels did not take longer than the smaller ones (%s): no figures"
            % ", ".join("%s %.6g s" % kv for kv in sorted(seconds.items())))
        return 1
    bf16, fp8, gbs = bf16 / 1e9, fp8 / 1e9, gbs / 1e9  # GFLOP/s, GB/s
    say("measured: bf16 %.1f TFLOP/s, fp8 %.1f TFLOP/s, HBM %.0f GB/s (%s)" % (bf16 / 1e3, fp8 / 1e3, gbs, timing))

    pub = published_block(version)
    if pub is not None:
        # Beyond the hardware: a measurement gone wrong, never a figure to
        # keep. A copy's bytes (read plus written) are bounded by its HBM
        # stack, or by the core's DMA engines if they move both directions
        # at once (the DMA guide does not say): the larger of the two.
        bound_gbs = max(pub["hbm_stack_gbs"], 2 * pub["dma_gbs"])
        for what, got, limit in (("bf16", bf16, pub["peaks"]["bf16"]), ("fp8", fp8, pub["peaks"]["fp8"]),
                                 ("HBM bandwidth", gbs, bound_gbs)):
            if got > PLAUSIBLE * limit:
                say("measured %s %.4g is more than the hardware can do (%.4g): the measurement is wrong, "
                    "no figures" % (what, got, limit))
                return 1
        pub["measured_over_published"] = {"bf16": bf16 / pub["peaks"]["bf16"], "fp8": fp8 / pub["peaks"]["fp8"],
                                           "gbs": gbs / pub["peak_gbs"]}
    name = device_name(version, itype)
    doc = {"schema": "kwb.calibration/1", "peak_gflops": bf16, "peak_gbs": gbs, "precision": "bf16", "threads": 1,
           "peaks": {"bf16": bf16, "fp8": fp8}, "device": name, "cpu": name + ", one NeuronCore",
           "measured": True, "timing": timing, "version_source": source,
           "source": "NKI kernels on one NeuronCore (calibrate_kernels.py): nc_matmul on SBUF-resident tiles, "
                     "an HBM->SBUF->HBM copy counted as bytes read plus written",
           "hostname": socket.gethostname(), "published": pub}
    if notes:
        doc["notes"] = sorted(notes)
    print(json.dumps(doc))
    return 0


def usage():
    sys.stderr.write(__doc__)
    return 2


def main(argv):
    if not argv:
        return measure()
    if argv[0] == "published" and len(argv) == 2:
        version = PUBLISHED_NAMES.get(argv[1].lower())
        if version is None:
            say("no published figures for '%s' here (known: %s)" % (argv[1], ", ".join(sorted(PUBLISHED_NAMES))))
            return 2
        print(json.dumps(published_document(version)))
        return 0
    if argv[0] == "kernels" and len(argv) == 3:
        return kernel_process(argv[1], int(argv[2]))
    return usage()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
