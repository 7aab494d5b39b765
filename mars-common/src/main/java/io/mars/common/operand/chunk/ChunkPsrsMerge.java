package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * PSRS: merges one part's pieces (inputs in chunk order, ties taken from the earlier chunk so the result is stable)
 * into the sorted values, or ({@code indices}) their global indices.
 */
@WireName("chunk.psrs.merge")
public record ChunkPsrsMerge(boolean indices) implements ChunkOperand {
}
