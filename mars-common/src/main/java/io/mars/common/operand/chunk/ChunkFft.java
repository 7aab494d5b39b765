package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * The transform of TensorFft on one chunk that holds its {@code axis} whole; {@code offset} is the chunk's position
 * in the whole tensor, which the four-step twiddle ({@code twiddleLength} > 0) depends on; with {@code transposed}
 * (a 2-d chunk, {@code axis} 1) the chunk's result is written transposed. With {@code pieces} the chunk to transform
 * is first assembled from them (each piece's {@code input} an input of this node, placed as ChunkAssemble places it);
 * without, it is input 0.
 */
@WireName("chunk.fft")
public record ChunkFft(int axis, boolean inverse, double scale, long twiddleLength, long[] offset,
        boolean transposed, List<ChunkAssemble.Piece> pieces) implements ChunkOperand {
    public ChunkFft {
        offset = offset.clone();
        pieces = List.copyOf(pieces);
    }
}
