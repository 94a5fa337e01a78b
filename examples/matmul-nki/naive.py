"""The starting kernel: the NKI matmul tutorial's `nki_matmul_tiled_`
(aws-neuron-sdk nki/examples/matrix_multiplication/
matrix_multiplication_nki_kernels.py, also aws-neuron/nki-samples).
result[M, N] = lhsT[K, M].T @ rhs[K, N], bf16 in, bf16 out, fp32 sums in
PSUM. One [128, 512] output tile at a time, both operand tiles loaded from
HBM again for every matmul: correct and memory-bound (the tutorial puts its
arithmetic intensity at about 102 flop/byte, under the ~222 TensorE needs).

Changes from the tutorial: `range` for `nl.affine_range` (a deprecated alias
of range in current NKI), and no `dtype=` on nisa.tensor_copy (current NKI
casts to dst.dtype). Not run on a Trainium nor in NKI's simulator (README.md)."""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def matmul(lhsT, rhs):
    K, M = lhsT.shape
    K_, N = rhs.shape
    assert K == K_, "lhsT and rhs must have the same contraction dimension"

    # The device's matmul tile.
    TILE_M = nl.tile_size.gemm_stationary_fmax  # 128
    TILE_K = nl.tile_size.pmax  # 128
    TILE_N = nl.tile_size.gemm_moving_fmax  # 512

    assert M % TILE_M == 0, "M must be a multiple of 128"
    assert N % TILE_N == 0, "N must be a multiple of 512"
    assert K % TILE_K == 0, "K must be a multiple of 128"

    # The result in HBM, in the inputs' dtype.
    result = nl.ndarray((M, N), dtype=lhsT.dtype, buffer=nl.shared_hbm)

    for m in range(M // TILE_M):
        for n in range(N // TILE_N):
            # One PSUM tile (one bank) sums the K tiles.
            res_psum = nl.ndarray((TILE_M, TILE_N), nl.float32, buffer=nl.psum)

            for k in range(K // TILE_K):
                lhsT_tile = nl.ndarray((TILE_K, TILE_M), dtype=lhsT.dtype, buffer=nl.sbuf)
                rhs_tile = nl.ndarray((TILE_K, TILE_N), dtype=rhs.dtype, buffer=nl.sbuf)
                nisa.dma_copy(dst=lhsT_tile,
                              src=lhsT[k * TILE_K:(k + 1) * TILE_K, m * TILE_M:(m + 1) * TILE_M])
                nisa.dma_copy(dst=rhs_tile,
                              src=rhs[k * TILE_K:(k + 1) * TILE_K, n * TILE_N:(n + 1) * TILE_N])
                # The first matmul into res_psum overwrites it, the next ones
                # accumulate (accumulate=None: the compiler infers it).
                nisa.nc_matmul(dst=res_psum, stationary=lhsT_tile, moving=rhs_tile)

            # PSUM -> SBUF, cast to the output dtype, then SBUF -> HBM.
            res_sb = nl.ndarray(res_psum.shape, dtype=result.dtype, buffer=nl.sbuf)
            nisa.tensor_copy(dst=res_sb, src=res_psum)
            nisa.dma_copy(dst=result[m * TILE_M:(m + 1) * TILE_M, n * TILE_N:(n + 1) * TILE_N], src=res_sb)

    return result
