package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * Integer-array indexing along {@code axis} (numpy.take with numpy's bounds check): inputs are the array and an
 * integer index tensor whose shape replaces the axis in the result.
 */
@WireName("tensor.take")
public record TensorTake(int axis) implements TensorOperand {
}
