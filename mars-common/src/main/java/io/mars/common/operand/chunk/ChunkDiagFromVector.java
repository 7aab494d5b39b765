package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * The block at ({@code rowOffset}, {@code colOffset}) of {@code diag(v, k)}: element i of v lands at row
 * {@code i - min(k, 0)}, column {@code i + max(k, 0)}. Input j is the chunk of v starting at {@code inputStarts[j]};
 * without inputs the block is all zeros.
 */
@WireName("chunk.diag_from_vector")
public record ChunkDiagFromVector(long k, long rowOffset, long colOffset, long[] inputStarts) implements ChunkOperand {
}
