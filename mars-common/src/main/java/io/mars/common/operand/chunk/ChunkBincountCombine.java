package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** Adds bincount states of different lengths (the shorter ones padded with zeros). */
@WireName("chunk.bincount.combine")
public record ChunkBincountCombine() implements ChunkOperand {
}
