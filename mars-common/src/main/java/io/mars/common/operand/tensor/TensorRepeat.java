package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * numpy.repeat along {@code axis}: every element appears {@code repeats[0]} times in a row when there is one count,
 * element {@code i} {@code repeats[i]} times when there is one count per element of the axis.
 */
@WireName("tensor.repeat")
public record TensorRepeat(int axis, long[] repeats) implements TensorOperand {
}
