package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** The chunk form of {@code TensorMapChunk}: the serialized function of one chunk. */
@WireName("chunk.map_chunk")
public record ChunkMapChunk(byte[] function) implements ChunkOperand {
}
