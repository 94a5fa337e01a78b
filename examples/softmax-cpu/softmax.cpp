// Starting kernel: three passes per row (max, sum of exponentials, scale).
#include <cmath>
#include <cstdint>

extern "C" void softmax(const float *X, float *Y, int64_t ROWS, int64_t COLS)
{
    for (int64_t r = 0; r < ROWS; ++r) {
        const float *x = X + r * COLS;
        float *y = Y + r * COLS;
        float m = x[0];
        for (int64_t c = 1; c < COLS; ++c)
            m = std::fmax(m, x[c]);
        float sum = 0.0f;
        for (int64_t c = 0; c < COLS; ++c) {
            y[c] = std::exp(x[c] - m);
            sum += y[c];
        }
        const float inv = 1.0f / sum;
        for (int64_t c = 0; c < COLS; ++c)
            y[c] *= inv;
    }
}
