package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * The candidates of a top-k along a normalized axis: per line the k smallest ({@code largest} false) or largest
 * values with their positions, as top-k states that {@link TensorTopKPart} reads the values or the positions of (so
 * that both come from one pass). Equal values come lowest position first; NaN comes after every number either way.
 */
@WireName("tensor.topk")
public record TensorTopK(int axis, int k, boolean largest) implements TensorOperand {
}
