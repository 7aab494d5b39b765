package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * numpy.unique of one chunk, flattened: a {@link io.mars.common.model.ReductionState} of {@code [sorted distinct
 * values, int64 counts]} (NaNs count as one value, sorted last, as numpy's {@code equal_nan=True}).
 */
@WireName("chunk.unique.map")
public record ChunkUniqueMap() implements ChunkOperand {
}
