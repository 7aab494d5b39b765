package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** numpy.sort ({@code indices} false) or numpy.argsort ({@code indices} true, stable) along a normalized axis. */
@WireName("tensor.sort")
public record TensorSort(int axis, boolean indices) implements TensorOperand {
}
