package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * {@code TensorCentreBounds} on one block of rows (all features; with the previous table's same rows unless
 * {@code initial}) and the centres, offset and moves in one chunk each: the block's (rows, 3) table.
 */
@WireName("chunk.centre_bounds")
public record ChunkCentreBounds(boolean initial) implements ChunkOperand {
}
