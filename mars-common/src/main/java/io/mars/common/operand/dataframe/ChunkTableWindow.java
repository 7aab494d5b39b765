package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * One chunk of a {@link TableWindow}: the rows of {@code pieces} (the earlier chunks' last rows, this chunk, the
 * later chunks' first rows) stacked in order, of which rows {@code [ownStart, ownStart + ownLength)} are this chunk's
 * and are given out, each computed from its neighbours in the stack.
 */
@WireName("chunk.df.window")
public record ChunkTableWindow(WindowFn fn, long periods, long minPeriods, List<String> columns,
                               List<ChunkTableAssemble.Piece> pieces, long ownStart, long ownLength)
        implements TableChunkOperand {
    public ChunkTableWindow {
        Objects.requireNonNull(fn, "fn");
        columns = List.copyOf(columns);
        pieces = List.copyOf(pieces);
    }
}
