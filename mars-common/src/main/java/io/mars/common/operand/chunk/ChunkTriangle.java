package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * The input chunk with elements outside the lower ({@code lower}) or upper triangle of diagonal {@code k} zeroed;
 * the chunk's last two axes start at ({@code rowOffset}, {@code colOffset}) of the whole tensor.
 */
@WireName("chunk.triangle")
public record ChunkTriangle(long k, boolean lower, long rowOffset, long colOffset) implements ChunkOperand {
}
