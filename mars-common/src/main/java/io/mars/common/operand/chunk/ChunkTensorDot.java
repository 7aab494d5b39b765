package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * numpy.tensordot of chunks, summed over the blocks of the contracted axes that one subtask owns, computed in the
 * node's dtype. The inputs are pairs {@code (a0, b0, a1, b1, ...)} and the result is {@code sum_p tensordot(a_p, b_p)};
 * when {@code self}, each input {@code x_p} is both sides of its pair ({@code sum_p tensordot(x_p, x_p)}), which is a
 * symmetric Gram block when {@code axesA} equals {@code axesB} (the kernel then computes one triangle, as BLAS syrk).
 */
@WireName("chunk.tensordot")
public record ChunkTensorDot(int[] axesA, int[] axesB, boolean self) implements ChunkOperand {
    /** The product of one pair of distinct chunks. */
    public ChunkTensorDot(int[] axesA, int[] axesB) {
        this(axesA, axesB, false);
    }
}
