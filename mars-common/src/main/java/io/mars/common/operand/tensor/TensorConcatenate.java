package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** Joins the inputs (same shape except on {@code axis}) along {@code axis}, cast to the node's dtype. */
@WireName("tensor.concatenate")
public record TensorConcatenate(int axis) implements TensorOperand {
}
