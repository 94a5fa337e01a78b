"""An NKI matmul whose knobs a search tunes (kwb prepends one line per
knob, `TILES_IN_BLOCK_M = 4`, `LOOP_ORDER = "nkm"`, …):
result[M, N] = lhsT[K, M].T @ rhs[K, N], bf16 in, bf16 out (the output has
the inputs' dtype, as in the NKI tutorial), fp32 accumulation throughout.

It is the NKI matmul tutorial's `nki_matmul_fully_optimized_` (aws-neuron-sdk
nki/examples/matrix_multiplication/matrix_multiplication_nki_kernels.py,
also aws-neuron/nki-samples) with its block loops generalised the way
nki-autotune's KernelIR tunes them (awslabs/nki-autotune):

* the three dimensions are cut into tiles of the hardware's matmul shape
  (K: 128 partitions, M: 128 stationary columns, N: 512 moving columns) and
  the tiles into blocks of TILES_IN_BLOCK_{M,N,K} tiles (nki-autotune's
  `ltiles_per_block`, divisors of the tile counts);
* LOOP_ORDER orders the three block loops, outermost first ("nkm" is the
  tutorial's and nki-autotune's 90.9 % MFU hand kernel's order: n, then k,
  then m). The tile loops stay inside a block, "block before tile" as in
  nki-autotune's 2N-entry loop_order. Every one of the six orders is
  correct: the nest visits each (m, n, k) block once and, for a given
  output block, its k blocks in increasing order;
* the operand buffers' scopes are knobs, nki-autotune's `buffer_scopes`
  ({buffer: {dim: DimScope}}): LHST_SCOPE_K and LHST_SCOPE_M for lhsT's
  SBUF buffer, RHS_SCOPE_K and RHS_SCOPE_N for rhs's, each 1 (PER_TILE: the
  buffer holds one tile of that dim), 2 (PER_BLOCK: one block) or 3 (FULL:
  all of it). A buffer is reallocated whenever the part of a dim it holds
  changes, so it lives inside that dim's tile loop (per tile), inside its
  block loop (per block) or across all of it (full), and is sized to match.
  Within one allocation each piece of the operand (one K tile by one block
  of the free dim, or by one tile when a per-tile scope puts the load
  inside the tile loops) comes from HBM once, when first needed: a wider
  scope reuses more and holds more SBUF. The default, per block on both
  dims, is the tutorial's hoisted block load (an operand block loaded when
  its block changes, kept while the loops inside run), op for op the
  kernel as it was before these knobs. A wider scope saves loads only
  where the loop the operand does not index (n for lhsT, m for rhs) runs
  inside the buffer's allocation but outside the loop at which the
  narrower scope reloads: lhsT full on K alone pays in "mnk", full on M
  alone in "knm"; rhs full on K in "nmk", full on N in "kmn"; full on both
  loads an operand once in any order. nki-autotune rejects a full scope
  whose dim's block loop sits outside the allocation (lhsT full on M with
  m's loop outside k's); the workload's constraints cannot read
  LOOP_ORDER, so here it runs, correct, with the narrower scope's loads
  and more SBUF;
* the fp32 accumulator's scope is not a knob: it follows from the order.
  An output block's accumulator lives from its first k block to its last,
  so it spans every block of the free dims whose loops sit inside the k
  loop (one block when k is innermost, the whole output when k is
  outermost). With the tile loops inside the block loops, nki-autotune's
  accumulator rule (a dim that is not FULL has its loop outside K's)
  leaves exactly this smallest choice per dim; a wider one only costs
  SBUF, and a knob could not be checked against the order (see above).

Unlike the tutorial, which sums K blocks in SBUF in the output dtype (bf16),
this sums them in fp32 and rounds once, when the last K block is added.
Written from the documentation and the reference kernels on a machine
without the Neuron packages: it has not been run on a Trainium nor in NKI's
simulator (README.md)."""
import nki
import nki.isa as nisa
import nki.language as nl

TILES_IN_BLOCK_M = globals().get("TILES_IN_BLOCK_M", 4)
TILES_IN_BLOCK_N = globals().get("TILES_IN_BLOCK_N", 1)
TILES_IN_BLOCK_K = globals().get("TILES_IN_BLOCK_K", 8)
LOOP_ORDER = globals().get("LOOP_ORDER", "nkm")
# Buffer scopes, as numbers (the workload's constraints count the buffers'
# bytes, and they see numeric knobs only): 1 per tile, 2 per block, 3 full.
LHST_SCOPE_K = globals().get("LHST_SCOPE_K", 2)
LHST_SCOPE_M = globals().get("LHST_SCOPE_M", 2)
RHS_SCOPE_K = globals().get("RHS_SCOPE_K", 2)
RHS_SCOPE_N = globals().get("RHS_SCOPE_N", 2)

# nki-autotune's DimScope.
PER_TILE = 1
PER_BLOCK = 2
FULL = 3

# Plain Python, run when the module is imported (before any tracing): the
# permutation knob arrives as a string such as "nkm"; the kernel takes it as
# a tuple of one-letter names (NKI >= 0.3 takes tuples, not lists, as
# kernel arguments).
assert sorted(LOOP_ORDER) == ["k", "m", "n"], "LOOP_ORDER must be a permutation of m, n, k: %r" % (LOOP_ORDER,)
_LOOP_ORDER = tuple(LOOP_ORDER)
for _scope in (LHST_SCOPE_K, LHST_SCOPE_M, RHS_SCOPE_K, RHS_SCOPE_N):
    assert _scope in (PER_TILE, PER_BLOCK, FULL), "a buffer scope is 1 (tile), 2 (block) or 3 (full): %r" % (_scope,)


def _scope_base(scope, tile, tiles_in_block):
    """The first tile, along one dim, of the part a buffer of this scope
    holds while the loops are at `tile` (a tile index over the whole dim):
    that tile (per tile), its block's first (per block), 0 (full)."""
    if scope == PER_TILE:
        return tile
    if scope == PER_BLOCK:
        return tile - tile % tiles_in_block
    return 0


def _scope_tiles(scope, tiles_in_block, num_tiles):
    """How many tiles along one dim a buffer of this scope holds."""
    if scope == PER_TILE:
        return 1
    if scope == PER_BLOCK:
        return tiles_in_block
    return num_tiles


def _operand(src, scope_k, scope_f, tile_k, tile_f, tiles_in_block_k, tiles_in_block_f):
    """The SBUF buffer of one operand (lhsT or rhs, [K, F] in HBM) under
    its scopes along K and along its free dim F: one [tile_k, width] tensor
    per K tile of its K scope, as the tutorial lays out a block, width being
    the F scope's tiles. Nothing is allocated until the first _hold."""
    buf = dict()
    buf["src"] = src
    buf["scope_k"] = scope_k
    buf["scope_f"] = scope_f
    buf["tile_k"] = tile_k
    buf["tile_f"] = tile_f
    buf["tiles_in_block_k"] = tiles_in_block_k
    buf["tiles_in_block_f"] = tiles_in_block_f
    buf["width"] = tile_f * _scope_tiles(scope_f, tiles_in_block_f, src.shape[1] // tile_f)
    # The first K tile and the first F tile it holds (-1: none yet).
    buf["k_base"] = -1
    buf["f_base"] = -1
    # The allocation's tensors by K tile (0 is the k_base-th) and the pieces
    # loaded into it, by (K tile, first F tile).
    buf["tiles"] = dict()
    buf["loaded"] = dict()
    return buf


def _hold(buf, kt0, num_kt, ft0, num_ft):
    """Makes the operand's buffer hold K tiles kt0 … kt0+num_kt-1 by F tiles
    ft0 … ft0+num_ft-1 (tile indices over the whole dims): a new allocation
    when the part of K or F its scopes hold has moved on, then one DMA per K
    tile, num_ft tiles wide, for each piece this allocation lacks. At a
    block's entry num_ft is the block's width, one DMA a K tile as the
    tutorial loads a block; inside the tile loops it is one tile. A K
    tile's tensor is declared just before its first load, the tutorial's
    order (allocate a tile, load it, the next)."""
    src = buf["src"]
    tile_k = buf["tile_k"]
    tile_f = buf["tile_f"]
    k_base = _scope_base(buf["scope_k"], kt0, buf["tiles_in_block_k"])
    f_base = _scope_base(buf["scope_f"], ft0, buf["tiles_in_block_f"])
    if k_base != buf["k_base"] or f_base != buf["f_base"]:
        buf["k_base"] = k_base
        buf["f_base"] = f_base
        buf["tiles"] = dict()
        buf["loaded"] = dict()
    tiles = buf["tiles"]
    loaded = buf["loaded"]
    c0 = (ft0 - f_base) * tile_f  # the piece's first column in the buffer
    col = ft0 * tile_f  # and in HBM
    w = num_ft * tile_f
    for kt in range(kt0, kt0 + num_kt):
        if (kt, ft0) in loaded:
            continue
        if kt - k_base not in tiles:
            tiles[kt - k_base] = nl.ndarray((tile_k, buf["width"]), dtype=src.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=tiles[kt - k_base][0:tile_k, c0:c0 + w],
                      src=src[kt * tile_k:(kt + 1) * tile_k, col:col + w])
        loaded[(kt, ft0)] = True


def _tile(buf, kt, ft):
    """K tile kt by F tile ft of the operand (tile indices over the whole
    dims), a [tile_k, tile_f] view of its buffer, which holds it."""
    tile_k = buf["tile_k"]
    tile_f = buf["tile_f"]
    c = (ft - buf["f_base"]) * tile_f
    return buf["tiles"][kt - buf["k_base"]][0:tile_k, c:c + tile_f]


# Where an operand's buffer is (re)allocated and loaded: at the block's
# entry, or inside the tile loop that a per-tile scope puts it in. The tile
# loops nest m, n, k, so a per-tile K scope loads inside the k tile loop,
# where the free dim's tile is fixed too.
def _load_depth(scope_k, scope_f, free_dim):
    if scope_k == PER_TILE:
        return "k"
    if scope_f == PER_TILE:
        return free_dim
    return "block"


# The knobs reach the kernel as defaulted parameters, as the tutorial's
# meta-parameters do: compile-time values that are part of NKI's kernel
# cache key. The harness calls matmul(lhsT, rhs).
@nki.jit
def matmul(lhsT, rhs,
           tiles_in_block_m=TILES_IN_BLOCK_M,
           tiles_in_block_n=TILES_IN_BLOCK_N,
           tiles_in_block_k=TILES_IN_BLOCK_K,
           loop_order=_LOOP_ORDER,
           lhsT_scope=(LHST_SCOPE_K, LHST_SCOPE_M),
           rhs_scope=(RHS_SCOPE_K, RHS_SCOPE_N)):
    K, M = lhsT.shape
    K_, N = rhs.shape
    assert K == K_, "lhsT and rhs must have the same contraction dimension"

    # The hardware's matmul tile (the tutorial's lookups).
    TILE_M = nl.tile_size.gemm_stationary_fmax  # 128
    TILE_K = nl.tile_size.pmax  # 128
    TILE_N = nl.tile_size.gemm_moving_fmax  # 512

    BLOCK_M = TILE_M * tiles_in_block_m
    BLOCK_N = TILE_N * tiles_in_block_n
    BLOCK_K = TILE_K * tiles_in_block_k
    assert M % BLOCK_M == 0, "M must be a multiple of 128 * TILES_IN_BLOCK_M"
    assert N % BLOCK_N == 0, "N must be a multiple of 512 * TILES_IN_BLOCK_N"
    assert K % BLOCK_K == 0, "K must be a multiple of 128 * TILES_IN_BLOCK_K"
    NUM_BLOCK_M = M // BLOCK_M
    NUM_BLOCK_N = N // BLOCK_N
    NUM_BLOCK_K = K // BLOCK_K

    # The result in HBM, in the inputs' dtype (bf16 for this workload).
    result = nl.ndarray((M, N), dtype=lhsT.dtype, buffer=nl.shared_hbm)

    # Trip count of each block loop, by name, and each loop's depth.
    num_blocks = dict()
    num_blocks["m"] = NUM_BLOCK_M
    num_blocks["n"] = NUM_BLOCK_N
    num_blocks["k"] = NUM_BLOCK_K
    depth = dict()
    for i in range(3):
        depth[loop_order[i]] = i
    m_before_n = depth["m"] < depth["n"]
    outer = loop_order[0]
    middle = loop_order[1]
    inner = loop_order[2]

    # The operands' SBUF buffers under their scopes, and where each loads.
    lhsT_buf = _operand(lhsT, lhsT_scope[0], lhsT_scope[1], TILE_K, TILE_M, tiles_in_block_k, tiles_in_block_m)
    rhs_buf = _operand(rhs, rhs_scope[0], rhs_scope[1], TILE_K, TILE_N, tiles_in_block_k, tiles_in_block_n)
    lhsT_at = _load_depth(lhsT_scope[0], lhsT_scope[1], "m")
    rhs_at = _load_depth(rhs_scope[0], rhs_scope[1], "n")
    # One entry per output block, appended at its first k block: a list of
    # TILES_IN_BLOCK_M fp32 SBUF tensors [TILE_M, BLOCK_N]. Output blocks
    # start in the order of the m and n loops with k fixed, so the block
    # (m, n) is entry m * NUM_BLOCK_N + n when the m loop is outside the n
    # loop, n * NUM_BLOCK_M + m otherwise.
    accumulators = []

    # The three block loops in LOOP_ORDER. NKI unrolls every loop when it
    # specialises the kernel (range; the tutorial's nl.affine_range and
    # nl.sequential_range are deprecated aliases of it in current NKI), so the
    # ifs below on block indices are resolved at compile time.
    for i0 in range(num_blocks[outer]):
        for i1 in range(num_blocks[middle]):
            for i2 in range(num_blocks[inner]):
                at = dict()
                at[outer] = i0
                at[middle] = i1
                at[inner] = i2
                m = at["m"]
                n = at["n"]
                k = at["k"]
                # The block's first tile along each dim.
                mt = m * tiles_in_block_m
                nt = n * tiles_in_block_n
                kt = k * tiles_in_block_k

                # (1) Operand blocks whose scopes allow it load here, at the
                # block's entry, what their buffers lack (the tutorial's
                # hoisted load: with per-block scopes an operand block loads
                # when its block changes and stays while the loops inside
                # run, e.g. rhs for the whole m loop in "nkm").
                if lhsT_at == "block":
                    _hold(lhsT_buf, kt, tiles_in_block_k, mt, tiles_in_block_m)
                if rhs_at == "block":
                    _hold(rhs_buf, kt, tiles_in_block_k, nt, tiles_in_block_n)

                # (2) The output block's accumulator: new at its first k
                # block, none at all when K is a single block.
                first = k == 0
                last = k == NUM_BLOCK_K - 1
                acc = []
                if first and not last:
                    for bm in range(tiles_in_block_m):
                        acc.append(nl.ndarray((TILE_M, BLOCK_N), dtype=nl.float32, buffer=nl.sbuf))
                    accumulators.append(acc)
                elif not first:
                    if m_before_n:
                        acc = accumulators[m * NUM_BLOCK_N + n]
                    else:
                        acc = accumulators[n * NUM_BLOCK_M + m]

                # (3) The block's matmuls, tile by tile (the tutorial's inner
                # loops). Each [TILE_M, TILE_N] fp32 PSUM tile is one PSUM
                # bank (2 KiB a partition); it sums the block's K tiles, then
                # is drained to SBUF by the Vector/Scalar engine.
                for bm in range(tiles_in_block_m):
                    if lhsT_at == "m":
                        # Per tile on M: one M tile's columns, kept for the n tiles.
                        _hold(lhsT_buf, kt, tiles_in_block_k, mt + bm, 1)
                    if last:
                        # One output row of the block, stored by one DMA.
                        out_tile = nl.ndarray((TILE_M, BLOCK_N), dtype=result.dtype, buffer=nl.sbuf)
                    for bn in range(tiles_in_block_n):
                        if rhs_at == "n":
                            # Per tile on N: one N tile's columns, kept for the k tiles.
                            _hold(rhs_buf, kt, tiles_in_block_k, nt + bn, 1)
                        psum_tile = nl.ndarray((TILE_M, TILE_N), dtype=nl.float32, buffer=nl.psum)
                        for bk in range(tiles_in_block_k):
                            # Per tile on K: one K tile, loaded for this matmul.
                            if lhsT_at == "k":
                                _hold(lhsT_buf, kt + bk, 1, mt + bm, 1)
                            if rhs_at == "k":
                                _hold(rhs_buf, kt + bk, 1, nt + bn, 1)
                            # The first matmul into the tile overwrites it,
                            # the others accumulate (PSUM is never memset:
                            # matmul accumulating onto a memset PSUM location
                            # is undefined on NeuronCore-v2/v3).
                            nisa.nc_matmul(dst=psum_tile,
                                           stationary=_tile(lhsT_buf, kt + bk, mt + bm),
                                           moving=_tile(rhs_buf, kt + bk, nt + bn),
                                           accumulate=(bk > 0))
                        c0 = bn * TILE_N
                        c1 = c0 + TILE_N
                        if first and last:
                            # K is one block: PSUM -> bf16, rounded once.
                            nisa.tensor_copy(dst=out_tile[0:TILE_M, c0:c1], src=psum_tile)
                        elif first:
                            nisa.tensor_copy(dst=acc[bm][0:TILE_M, c0:c1], src=psum_tile)
                        elif last:
                            # fp32 sum, cast to bf16 on the way out (the
                            # engine computes in fp32 and casts to dst.dtype).
                            nisa.tensor_tensor(dst=out_tile[0:TILE_M, c0:c1],
                                               data1=acc[bm][0:TILE_M, c0:c1],
                                               data2=psum_tile, op=nl.add)
                        else:
                            nisa.tensor_tensor(dst=acc[bm][0:TILE_M, c0:c1],
                                               data1=acc[bm][0:TILE_M, c0:c1],
                                               data2=psum_tile, op=nl.add)
                    if last:
                        row = (m * tiles_in_block_m + bm) * TILE_M
                        nisa.dma_copy(dst=result[row:row + TILE_M, n * BLOCK_N:(n + 1) * BLOCK_N],
                                      src=out_tile)

    return result
