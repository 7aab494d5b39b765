package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * {@code TensorCentreAssign} on one block of rows (all features) and the centres in one chunk; with {@code offset} a
 * third input (the offset vector, one chunk) is subtracted from every row first.
 */
@WireName("chunk.centre_assign")
public record ChunkCentreAssign(boolean offset) implements ChunkOperand {
}
