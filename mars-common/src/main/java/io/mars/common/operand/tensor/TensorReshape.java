package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** Gives the same elements (C order) a new shape; the node's shape is the resolved target. */
@WireName("tensor.reshape")
public record TensorReshape() implements TensorOperand {
}
