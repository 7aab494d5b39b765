package io.mars.common.operand.chunk;

import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.WireName;

/**
 * First step of a tree reduction: reduces one input chunk over {@code axes} (kept as length 1) into a
 * {@link io.mars.common.model.ReductionState}.
 */
@WireName("chunk.reduce.map")
public record ChunkReduceMap(ReduceFn fn, int[] axes) implements ChunkOperand {
}
