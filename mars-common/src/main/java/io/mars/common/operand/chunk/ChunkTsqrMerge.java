package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** QR of the R factors of packed QR chunks stacked in input order, packed as {@link ChunkTsqrLeaf} packs. */
@WireName("chunk.tsqr_merge")
public record ChunkTsqrMerge() implements ChunkOperand {
}
