// Golden implementation of the valid 2-D convolution, accumulating in double.
#include <cstdint>

extern "C" void convolution_reference(const float *image, const float *filter, float *out, int64_t H, int64_t W,
                                      int64_t FH, int64_t FW)
{
    const int64_t IW = W + FW - 1;
    for (int64_t y = 0; y < H; ++y) {
        for (int64_t x = 0; x < W; ++x) {
            double sum = 0;
            for (int64_t i = 0; i < FH; ++i)
                for (int64_t j = 0; j < FW; ++j)
                    sum += double(image[(y + i) * IW + x + j]) * double(filter[i * FW + j]);
            out[y * W + x] = float(sum);
        }
    }
}
