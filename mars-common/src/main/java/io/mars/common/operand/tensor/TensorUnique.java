package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** numpy.unique of the flattened input: the sorted distinct values, or ({@code counts}) how often each occurs. */
@WireName("tensor.unique")
public record TensorUnique(boolean counts) implements TensorOperand {
}
