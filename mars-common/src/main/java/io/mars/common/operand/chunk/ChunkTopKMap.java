package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * First step of a top-k: the best {@code min(k, length)} values of each line of one chunk along {@code axis}, best
 * first, with their positions along the axis of the whole input ({@code offset} is the chunk's start there), as a
 * {@code ReductionState} {@code [values (float64, or int64 for integer and bool inputs), int64 positions]}.
 */
@WireName("chunk.topk.map")
public record ChunkTopKMap(int axis, int k, boolean largest, long offset) implements ChunkOperand {
}
