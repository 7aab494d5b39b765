package io.mars.common.operand.chunk;

import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.WireName;

/**
 * Last step of a tree reduction: merges the input states, finishes the statistic (mean, var with {@code ddof}, std)
 * in the node's dtype, and drops the reduced {@code axes} unless {@code keepdims}.
 */
@WireName("chunk.reduce.agg")
public record ChunkReduceAgg(ReduceFn fn, int[] axes, boolean keepdims, int ddof) implements ChunkOperand {
}
