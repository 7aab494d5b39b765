package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * Writes its input chunk, the box at {@code offset} of a C-ordered array of shape {@code fullShape}, little-endian
 * into the local file {@code path} whose data start at byte {@code dataOffset}: one positional write per run of the
 * box. Its value is the number of bytes written (a 0-d int64).
 */
@WireName("chunk.io.to_npy")
public record ChunkToNpy(String path, long dataOffset, long[] fullShape, long[] offset) implements ChunkOperand {
}
