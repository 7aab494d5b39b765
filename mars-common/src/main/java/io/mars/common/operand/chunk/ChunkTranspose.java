package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** Permutes the axes of one chunk: output axis {@code i} is input axis {@code axes[i]}. */
@WireName("chunk.transpose")
public record ChunkTranspose(int[] axes) implements ChunkOperand {
}
