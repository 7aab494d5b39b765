package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** PSRS: {@code count} regularly spaced values of one sorted chunk (a {@link ChunkPsrsSort} state). */
@WireName("chunk.psrs.sample")
public record ChunkPsrsSample(int count) implements ChunkOperand {
}
