package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** {@code TensorCentreAssign} on one block of rows (all features) and the centres in one chunk. */
@WireName("chunk.centre_assign")
public record ChunkCentreAssign() implements ChunkOperand {
}
