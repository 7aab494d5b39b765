package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * numpy.tensordot: sums products over {@code axesA} of the first input and {@code axesB} of the second; the result's
 * axes are the first input's free axes then the second's. dot, matmul and inner are expressed through it.
 */
@WireName("tensor.tensordot")
public record TensorDot(int[] axesA, int[] axesB) implements TensorOperand {
}
