// Golden softmax in double precision.
#include <cmath>
#include <cstdint>

extern "C" void softmax_reference(const float *X, float *Y, int64_t ROWS, int64_t COLS)
{
    for (int64_t r = 0; r < ROWS; ++r) {
        const float *x = X + r * COLS;
        double m = x[0];
        for (int64_t c = 1; c < COLS; ++c)
            m = std::fmax(m, double(x[c]));
        double sum = 0.0;
        for (int64_t c = 0; c < COLS; ++c)
            sum += std::exp(double(x[c]) - m);
        for (int64_t c = 0; c < COLS; ++c)
            Y[r * COLS + c] = float(std::exp(double(x[c]) - m) / sum);
    }
}
