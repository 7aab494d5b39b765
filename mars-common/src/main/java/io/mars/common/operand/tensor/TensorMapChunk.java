package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * A user function applied to every chunk (Mars's {@code map_chunk} with {@code elementwise=True}): each output chunk
 * is the function of the input chunk at its place, of the same shape. {@code function} is the serialized
 * {@code io.mars.types.ChunkFunction}; the dtype is the node's.
 */
@WireName("tensor.map_chunk")
public record TensorMapChunk(byte[] function) implements TensorOperand {
}
