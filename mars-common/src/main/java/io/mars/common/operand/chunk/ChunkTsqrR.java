package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** The R factor of a packed QR chunk. */
@WireName("chunk.tsqr_r")
public record ChunkTsqrR() implements ChunkOperand {
}
