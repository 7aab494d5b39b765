package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** Q ({@code r == false}) or R of a {@link TensorTsqr} result. */
@WireName("tensor.tsqr_part")
public record TensorTsqrPart(boolean r) implements TensorOperand {
}
