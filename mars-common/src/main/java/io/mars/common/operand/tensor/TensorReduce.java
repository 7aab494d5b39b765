package io.mars.common.operand.tensor;

import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.WireName;

/** A reduction over normalized, sorted {@code axes}. */
@WireName("tensor.reduce")
public record TensorReduce(ReduceFn fn, int[] axes, boolean keepdims, int ddof) implements TensorOperand {
}
