package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** PSRS: the {@code parts - 1} pivots, regularly spaced among all chunks' samples (the inputs). */
@WireName("chunk.psrs.pivots")
public record ChunkPsrsPivots(int parts) implements ChunkOperand {
}
