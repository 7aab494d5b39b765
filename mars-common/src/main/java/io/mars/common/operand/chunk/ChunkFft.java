package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * The transform of TensorFft on one chunk that holds its {@code axis} whole; {@code offset} is the chunk's position
 * in the whole tensor, which the four-step twiddle ({@code twiddleLength} > 0) depends on; with {@code transposed}
 * (a 2-d chunk, {@code axis} 1) the chunk's result is written transposed.
 */
@WireName("chunk.fft")
public record ChunkFft(int axis, boolean inverse, double scale, long twiddleLength, long[] offset,
        boolean transposed)
        implements ChunkOperand {
    public ChunkFft {
        offset = offset.clone();
    }
}
