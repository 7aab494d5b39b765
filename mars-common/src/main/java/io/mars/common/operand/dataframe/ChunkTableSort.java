package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/** The rows of every input, one after the other, stably sorted by {@code by} (nulls last); no keys: concatenated. */
@WireName("chunk.df.sort")
public record ChunkTableSort(List<String> by, List<Boolean> ascending) implements TableChunkOperand {
    public ChunkTableSort {
        by = List.copyOf(by);
        ascending = List.copyOf(ascending);
    }
}
