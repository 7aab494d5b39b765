package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** numpy.diag: a 1-d input becomes a matrix with it on diagonal {@code k}; a 2-d input gives its k-th diagonal. */
@WireName("tensor.diag")
public record TensorDiag(long k) implements TensorOperand {
}
