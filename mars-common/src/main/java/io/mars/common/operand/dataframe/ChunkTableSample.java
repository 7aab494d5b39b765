package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/** {@code count} regularly spaced key tuples (columns {@code by}) of a chunk's rows sorted by {@code by}. */
@WireName("chunk.df.sample")
public record ChunkTableSample(List<String> by, List<Boolean> ascending, int count) implements TableChunkOperand {
    public ChunkTableSample {
        by = List.copyOf(by);
        ascending = List.copyOf(ascending);
    }
}
