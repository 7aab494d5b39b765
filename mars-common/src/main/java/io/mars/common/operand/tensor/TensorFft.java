package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * numpy.fft's complex transform of every line along {@code axis}, forward or inverse, scaled by {@code scale}; the
 * input may have any numeric dtype, the result has the node's complex dtype. With {@code twiddleLength} n > 0 (the
 * column pass of the four-step algorithm, on an n1 x n2 matrix with {@code axis} 0) element [k1, j2] of the result is
 * also multiplied by exp(-+2 pi i k1 j2 / n); 0 means no twiddle. With {@code transposed} (a 2-d input, {@code axis}
 * 1: the row pass of the four-step algorithm) the result is the transform's transpose, cut into blocks of whole rows,
 * so that the 1-d result is its reshape.
 */
@WireName("tensor.fft")
public record TensorFft(int axis, boolean inverse, double scale, long twiddleLength, boolean transposed)
        implements TensorOperand {
    public TensorFft {
        if (axis < 0) {
            throw new IllegalArgumentException("axis must be normalized, got " + axis);
        }
        if (twiddleLength < 0) {
            throw new IllegalArgumentException("twiddleLength must be 0 or positive, got " + twiddleLength);
        }
        if (twiddleLength > 0 && axis != 0) {
            throw new IllegalArgumentException("the four-step twiddle applies to axis 0, got axis " + axis);
        }
        if (transposed && axis != 1) {
            throw new IllegalArgumentException("a transposed result is for the rows (axis 1) of a matrix, got axis "
                    + axis);
        }
    }
}
