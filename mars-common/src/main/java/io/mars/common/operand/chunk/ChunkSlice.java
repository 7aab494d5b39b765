package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * Strided slice of one chunk: input axis {@code a} keeps {@code counts[a]} positions from {@code starts[a]} by
 * {@code steps[a]}; the result (cast to the node's dtype) is seen with the node's shape, which has the same size.
 */
@WireName("chunk.slice")
public record ChunkSlice(long[] starts, long[] steps, long[] counts) implements ChunkOperand {
}
