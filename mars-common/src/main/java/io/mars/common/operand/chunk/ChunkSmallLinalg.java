package io.mars.common.operand.chunk;

import io.mars.common.operand.LinalgFn;
import io.mars.common.operand.WireName;

/** Result {@code output} of {@code fn} on whole matrices held in single chunks. */
@WireName("chunk.small_linalg")
public record ChunkSmallLinalg(LinalgFn fn, int output) implements ChunkOperand {
}
