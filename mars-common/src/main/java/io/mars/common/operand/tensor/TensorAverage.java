package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * numpy.average with weights over normalized, sorted {@code axes}. Inputs: the values, and weights with the values'
 * number of dimensions whose every axis has the values' length or length 1 (broadcast).
 */
@WireName("tensor.average")
public record TensorAverage(int[] axes, boolean keepdims) implements TensorOperand {
}
