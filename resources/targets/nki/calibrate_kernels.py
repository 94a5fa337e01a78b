"""The NKI kernels calibrate.py times on one NeuronCore (NKI 0.3 or newer,
`import nki`). Imported only by calibrate.py's kernel process, after it has
set NKI_ARTIFACTS_DIR (NKI reads it on import).

* `matmul_loop`: `reps` rounds of nc_matmul over `banks` PSUM tiles, every
  operand already in SBUF, so no HBM traffic inside the loop: the tensor
  engine's ceiling for bf16 (or, with `fp8` = 1, for float8_e4m3 operands at
  the normal rate, NeuronCore-v2's cFP8).
* `matmul_loop_double_fp8`: the same with float8_e4m3 operands in the
  double-FP8 mode of NeuronCore-v3 and later (`perf_mode=double_row`: a
  contraction of 256 per instruction, [128, 2, M] stationary and
  [128, 2, N] moving tiles).
* `hbm_copy`: `passes` copies of an fp32 HBM tensor through SBUF, 128
  partitions of 4 KiB per DMA (the DMA guide's size for near-full
  bandwidth): HBM bandwidth as a kernel's DMAs reach it.

The inputs arrive as fp32 NumPy arrays (no ml_dtypes needed); the kernels
cast them on chip with nisa.tensor_copy, which casts to dst.dtype through
fp32. Each result is checked on the host against NumPy before any time is
believed (calibrate.py).

Every API used here is in tiled.py/naive.py of examples/matmul-nki or in the
NKI API reference of aws-neuron/aws-neuron-sdk @ 81ce03ae
(nki/api/nki/isa/__init__.py: nc_matmul's `accumulate` and `perf_mode`
with `matmul_perf_mode.double_row` and its [128, 2, …] layout, dma_copy,
tensor_copy; nki/api/nki/language/__init__.py: ndarray, float8_e4m3,
sbuf/psum/shared_hbm, tile_size). Integer arguments are compile-time values
that key NKI's kernel cache (nki/get-started/nki-language-guide.rst, "Kernel
Caching"; the SDK's average_pool2d example passes one positionally). Written
without a Neuron device: not yet run on a Trainium."""
import nki
import nki.isa as nisa
import nki.language as nl


def _on_chip(src, shape, dtype):
    """An operand loaded once from HBM (`src`, a view of `shape`, fp32) and
    cast on chip to `dtype` (tensor_copy casts to dst.dtype)."""
    wide = nl.ndarray(shape, dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=wide, src=src)
    cast = nl.ndarray(shape, dtype=dtype, buffer=nl.sbuf)
    nisa.tensor_copy(dst=cast, src=wide)
    return cast


def _psum_banks(banks, tile_m, n):
    """One [tile_m, n] fp32 PSUM tile (one 2 KiB bank a partition) per bank:
    consecutive matmuls go to different banks, each accumulating its own sum
    (the first write overwrites, the rest accumulate)."""
    return [nl.ndarray((tile_m, n), dtype=nl.float32, buffer=nl.psum) for _ in range(banks)]


def _drained(psum, tile_m, n):
    """Each PSUM tile -> SBUF (fp32) -> its rows of the result in HBM, so the
    matmuls' work is observable (and checked) on the host."""
    result = nl.ndarray((len(psum) * tile_m, n), dtype=nl.float32, buffer=nl.shared_hbm)
    for b in range(len(psum)):
        out = nl.ndarray((tile_m, n), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=out, src=psum[b])
        nisa.dma_copy(dst=result[b * tile_m:(b + 1) * tile_m, 0:n], src=out)
    return result


@nki.jit
def matmul_loop(stationary, moving, reps, fp8):
    """stationary [128, banks*128] fp32, moving [128, 512] fp32 in HBM.
    Returns [banks*128, 512] fp32: bank b holds reps * stationary_b.T @ moving."""
    K, width = stationary.shape
    K_, N = moving.shape
    assert K == K_, "stationary and moving must share the contraction (partition) dimension"
    TILE_M = nl.tile_size.gemm_stationary_fmax  # 128
    banks = width // TILE_M

    low = nl.float8_e4m3 if fp8 == 1 else nl.bfloat16
    stat = _on_chip(stationary[0:K, 0:width], (K, width), low)
    mov = _on_chip(moving[0:K, 0:N], (K, N), low)
    psum = _psum_banks(banks, TILE_M, N)
    for r in range(reps):
        for b in range(banks):
            nisa.nc_matmul(dst=psum[b], stationary=stat[0:K, b * TILE_M:(b + 1) * TILE_M], moving=mov,
                           accumulate=(r > 0))
    return _drained(psum, TILE_M, N)


@nki.jit
def matmul_loop_double_fp8(stationary, moving, reps):
    """Double-FP8 matmuls (NeuronCore-v3 and later): stationary
    [128, 2, banks*128] fp32, moving [128, 2, 512] fp32 in HBM, the
    contraction split over the partitions and the first free dimension (2).
    Returns [banks*128, 512] fp32: bank b holds
    reps * sum over (p, j) of stationary[p, j, b-th 128 columns] * moving[p, j, :]."""
    K, two, width = stationary.shape
    K_, two_, N = moving.shape
    assert K == K_ and two == 2 and two_ == 2, "double-FP8 operands are [128, 2, free]"
    TILE_M = nl.tile_size.gemm_stationary_fmax  # 128
    banks = width // TILE_M

    stat = _on_chip(stationary[0:K, 0:two, 0:width], (K, two, width), nl.float8_e4m3)
    mov = _on_chip(moving[0:K, 0:two, 0:N], (K, two, N), nl.float8_e4m3)
    psum = _psum_banks(banks, TILE_M, N)
    for r in range(reps):
        for b in range(banks):
            nisa.nc_matmul(dst=psum[b], stationary=stat[0:K, 0:two, b * TILE_M:(b + 1) * TILE_M], moving=mov,
                           accumulate=(r > 0), perf_mode=nisa.matmul_perf_mode.double_row)
    return _drained(psum, TILE_M, N)


@nki.jit
def hbm_copy(src, passes):
    """`passes` copies of src [rows, cols] (rows a multiple of 128) to the
    result, HBM -> SBUF -> HBM one [128, cols] tile at a time. Each pass
    reads and writes every byte of src once."""
    rows, cols = src.shape
    P = nl.tile_size.pmax  # 128
    assert rows % P == 0, "rows must be a multiple of 128"
    result = nl.ndarray((rows, cols), dtype=src.dtype, buffer=nl.shared_hbm)
    for p in range(passes):
        for t in range(rows // P):
            tile = nl.ndarray((P, cols), dtype=src.dtype, buffer=nl.sbuf)
            nisa.dma_copy(dst=tile, src=src[t * P:(t + 1) * P, 0:cols])
            nisa.dma_copy(dst=result[t * P:(t + 1) * P, 0:cols], src=tile)
    return result
