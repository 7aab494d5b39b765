package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * A user function applied to every chunk giving a chunk of a declared shape (Mars's {@code map_chunk} with
 * {@code elementwise=False}): along axis {@code k} each output chunk is {@code chunkShape[k]} long, as long as the
 * input chunk where that is {@link #SAME}, or as long as the function makes it where that is {@link #ANY} (known once
 * computed; the chunks of one slice of the grid must then agree); the output chunk sits at the input chunk's place. {@code function} is the serialized
 * {@code io.mars.types.ChunkFunction}; the dtype is the node's.
 */
@WireName("tensor.map_chunk_shaped")
public record TensorMapChunkShaped(byte[] function, long[] chunkShape) implements TensorOperand {
    /** The value of {@code chunkShape} that keeps the input chunk's extent along its axis. */
    public static final long SAME = -1;
    /** The value of {@code chunkShape} that leaves the extent along its axis to the function. */
    public static final long ANY = -2;
}
