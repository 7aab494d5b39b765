package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * The rows of every input, one after the other, stably sorted by {@code by} (nulls last); no keys: concatenated.
 * With a {@code limit} &gt;= 0 only the first {@code limit} rows of that order are kept; -1: all.
 */
@WireName("chunk.df.sort")
public record ChunkTableSort(List<String> by, List<Boolean> ascending, long limit) implements TableChunkOperand {
    public ChunkTableSort {
        by = List.copyOf(by);
        ascending = List.copyOf(ascending);
    }

    /** Every row, sorted (or concatenated when there are no keys). */
    public ChunkTableSort(List<String> by, List<Boolean> ascending) {
        this(by, ascending, -1);
    }
}
