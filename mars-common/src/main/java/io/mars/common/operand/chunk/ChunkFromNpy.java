package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * The box at {@code offset} of a C-ordered array of shape {@code fullShape} stored little-endian from byte
 * {@code dataOffset} of a local file: the kernel reads only the byte ranges of this box.
 */
@WireName("chunk.io.from_npy")
public record ChunkFromNpy(String path, long dataOffset, long[] fullShape, long[] offset) implements ChunkOperand {
}
