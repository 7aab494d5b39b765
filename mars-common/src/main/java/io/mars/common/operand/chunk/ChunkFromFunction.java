package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * The chunk form of {@code TensorFromFunction}: the function of every element of a chunk whose first element sits at
 * {@code offset} in the tensor (the function gets the tensor's coordinates, not the chunk's).
 */
@WireName("chunk.from_function")
public record ChunkFromFunction(byte[] function, long[] offset) implements ChunkOperand {
}
