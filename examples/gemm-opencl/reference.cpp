// Golden implementation: accumulates in double (i-k-j order, fast enough to
// run once per checked seed).
#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" void matmul_reference(const float *A, const float *B, float *C, int64_t M, int64_t N, int64_t K)
{
    std::vector<double> row(static_cast<std::size_t>(N));
    for (int64_t i = 0; i < M; ++i) {
        std::fill(row.begin(), row.end(), 0.0);
        for (int64_t k = 0; k < K; ++k) {
            const double a = A[i * K + k];
            for (int64_t j = 0; j < N; ++j)
                row[static_cast<std::size_t>(j)] += a * static_cast<double>(B[k * N + j]);
        }
        for (int64_t j = 0; j < N; ++j)
            C[i * N + j] = static_cast<float>(row[static_cast<std::size_t>(j)]);
    }
}
