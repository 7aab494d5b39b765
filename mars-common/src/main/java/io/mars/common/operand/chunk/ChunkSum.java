package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** Adds input chunks of one shape (a level of a summation tree), in the node's dtype. */
@WireName("chunk.sum")
public record ChunkSum() implements ChunkOperand {
}
