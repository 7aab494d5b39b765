package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** The chunk form of {@code TensorSpawn}: the call itself, over one chunk of each tileable argument. */
@WireName("chunk.spawn")
public record ChunkSpawn(byte[] function, byte[] constants, int[] kinds) implements ChunkOperand {
}
