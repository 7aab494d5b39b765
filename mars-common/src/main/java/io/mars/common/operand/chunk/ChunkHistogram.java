package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** int64 counts of one data chunk (input 0) in the bins of the edges (input 1), as TensorHistogram. */
@WireName("chunk.histogram")
public record ChunkHistogram() implements ChunkOperand {
}
