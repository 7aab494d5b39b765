package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * PSRS: the slice of one sorted chunk (input 0, a {@link ChunkPsrsSort} state) that falls in output part
 * {@code part}: values {@code v} with {@code pivot[part-1] <= v < pivot[part]} (pivots are input 1).
 */
@WireName("chunk.psrs.piece")
public record ChunkPsrsPiece(int part) implements ChunkOperand {
}
