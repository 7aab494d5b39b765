package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** One chunk of {@code TensorRavelIndex}: the inputs are aligned chunks of the index tensors, in order. */
@WireName("chunk.ravel_index")
public record ChunkRavelIndex(long[] dims, int[] axes) implements ChunkOperand {
}
