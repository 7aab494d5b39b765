package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** The main diagonal of the last two axes, which becomes the last axis (numpy.diagonal(a, 0, -2, -1)). */
@WireName("tensor.diagonal")
public record TensorDiagonal() implements TensorOperand {
}
