package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** Permutes axes: output axis {@code i} is input axis {@code axes[i]}. */
@WireName("tensor.transpose")
public record TensorTranspose(int[] axes) implements TensorOperand {
}
