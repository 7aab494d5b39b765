package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * Basic (view) indexing, already normalized: input axis {@code a} keeps the {@code counts[a]} positions
 * {@code starts[a] + k * steps[a]}; output axis {@code i} is input axis {@code sourceAxes[i]}, or a new axis of
 * length 1 where that is -1. Input axes missing from {@code sourceAxes} were indexed by an integer (count 1) and
 * are dropped. Covers slicing, integer indices, newaxis, flip, squeeze and expandDims.
 */
@WireName("tensor.slice")
public record TensorSlice(long[] starts, long[] steps, long[] counts, int[] sourceAxes) implements TensorOperand {
}
