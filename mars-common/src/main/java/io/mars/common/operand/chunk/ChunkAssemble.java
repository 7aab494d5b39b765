package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;
import java.util.List;

/** Builds a chunk from boxes copied out of input chunks (rechunking). */
@WireName("chunk.assemble")
public record ChunkAssemble(List<Piece> pieces) implements ChunkOperand {
    public ChunkAssemble {
        pieces = List.copyOf(pieces);
    }

    /** Copy the box of {@code extent} at {@code srcStart} of input {@code input} to {@code dstStart}. */
    public record Piece(int input, long[] srcStart, long[] dstStart, long[] extent) {
    }
}
