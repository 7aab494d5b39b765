package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * Gathers along {@code axis}: input 0 is a chunk of integer indices into the whole axis (of length
 * {@code axisLength}, negative indices counting from the end); inputs 1.. are the source chunks along the axis, the
 * i-th starting at {@code offsets[i]}. Out-of-range indices fail with numpy's IndexError message.
 */
@WireName("chunk.take")
public record ChunkTake(int axis, long[] offsets, long axisLength) implements ChunkOperand {
}
