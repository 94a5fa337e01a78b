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
* the buffers' scopes follow from the order (nki-autotune's buffer_scopes):
  an operand block is loaded as soon as its two indices are known and kept
  while the loops inside it run (the tutorial's "hoist load"); the fp32
  accumulator of an output block lives from its first k block to its last,
  so it spans every block of the free dims whose loops sit inside the k loop
  (one block when k is innermost, the whole output when k is outermost).
  No separate scope knob: these are the smallest scopes that are correct.

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

# Plain Python, run when the module is imported (before any tracing): the
# permutation knob arrives as a string such as "nkm"; the kernel takes it as
# a tuple of one-letter names (NKI >= 0.3 takes tuples, not lists, as
# kernel arguments).
assert sorted(LOOP_ORDER) == ["k", "m", "n"], "LOOP_ORDER must be a permutation of m, n, k: %r" % (LOOP_ORDER,)
_LOOP_ORDER = tuple(LOOP_ORDER)


def _load_block(src, k_block, col_start, width, tiles_in_block_k, tile_k):
    """One block of lhsT or rhs, HBM -> SBUF, as the tutorial loads it:
    `tiles_in_block_k` SBUF tensors of [tile_k partitions, width], one DMA
    each, a whole block's width per DMA for DMA efficiency."""
    tiles = []
    for bk in range(tiles_in_block_k):
        row = (k_block * tiles_in_block_k + bk) * tile_k
        tile = nl.ndarray((tile_k, width), dtype=src.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=tile, src=src[row:row + tile_k, col_start:col_start + width])
        tiles.append(tile)
    return tiles


# The knobs reach the kernel as defaulted parameters, as the tutorial's
# meta-parameters do: compile-time values that are part of NKI's kernel
# cache key. The harness calls matmul(lhsT, rhs).
@nki.jit
def matmul(lhsT, rhs,
           tiles_in_block_m=TILES_IN_BLOCK_M,
           tiles_in_block_n=TILES_IN_BLOCK_N,
           tiles_in_block_k=TILES_IN_BLOCK_K,
           loop_order=_LOOP_ORDER):
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

    # The operand blocks now in SBUF and the (k, m) / (k, n) block each holds.
    lhsT_block = []
    lhsT_k = -1
    lhsT_m = -1
    rhs_block = []
    rhs_k = -1
    rhs_n = -1
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

                # (1) Operand blocks: (re)load one only when its block
                # changes, i.e. at the depth of the inner of its two loops;
                # the loops inside that reuse it (the tutorial's hoisting:
                # in "nkm" the rhs block stays for the whole m loop).
                if k != lhsT_k or m != lhsT_m:
                    lhsT_block = _load_block(lhsT, k, m * BLOCK_M, BLOCK_M, tiles_in_block_k, TILE_K)
                    lhsT_k = k
                    lhsT_m = m
                if k != rhs_k or n != rhs_n:
                    rhs_block = _load_block(rhs, k, n * BLOCK_N, BLOCK_N, tiles_in_block_k, TILE_K)
                    rhs_k = k
                    rhs_n = n

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
                    if last:
                        # One output row of the block, stored by one DMA.
                        out_tile = nl.ndarray((TILE_M, BLOCK_N), dtype=result.dtype, buffer=nl.sbuf)
                    for bn in range(tiles_in_block_n):
                        psum_tile = nl.ndarray((TILE_M, TILE_N), dtype=nl.float32, buffer=nl.psum)
                        for bk in range(tiles_in_block_k):
                            # The first matmul into the tile overwrites it,
                            # the others accumulate (PSUM is never memset:
                            # matmul accumulating onto a memset PSUM location
                            # is undefined on NeuronCore-v2/v3).
                            nisa.nc_matmul(dst=psum_tile,
                                           stationary=lhsT_block[bk][0:TILE_K, bm * TILE_M:(bm + 1) * TILE_M],
                                           moving=rhs_block[bk][0:TILE_K, bn * TILE_N:(bn + 1) * TILE_N],
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
