package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/** A table chunk made of row ranges of input chunks, in order (rechunking rows, head). */
@WireName("chunk.df.assemble")
public record ChunkTableAssemble(List<Piece> pieces) implements TableChunkOperand {
    public ChunkTableAssemble {
        pieces = List.copyOf(pieces);
    }

    /** Rows {@code [start, start + length)} of input {@code input}. */
    public record Piece(int input, long start, long length) {
    }
}
