package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** The final bincount: the summed states, padded with zeros to at least {@code minlength}. */
@WireName("chunk.bincount.agg")
public record ChunkBincountAgg(long minlength) implements ChunkOperand {
}
