package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * numpy.ravel_multi_index of integer index tensors (inputs, all of one shape) into axes of lengths {@code dims}:
 * the C-order position in those axes merged into one. Negative indices count from the end; {@code axes} are the
 * indexed axes of the array, named in the out-of-bounds error.
 */
@WireName("tensor.ravel_index")
public record TensorRavelIndex(long[] dims, int[] axes) implements TensorOperand {
}
