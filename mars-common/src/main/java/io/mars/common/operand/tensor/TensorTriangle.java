package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * numpy.tril ({@code lower}) or numpy.triu: the input with the elements above (tril) or below (triu) diagonal
 * {@code k} of the last two axes set to zero.
 */
@WireName("tensor.triangle")
public record TensorTriangle(long k, boolean lower) implements TensorOperand {
}
