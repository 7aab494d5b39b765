package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/** The rows of every input, one after the other, keeping the first of each distinct tuple of {@code subset}. */
@WireName("chunk.df.drop-duplicates")
public record ChunkTableDropDuplicates(List<String> subset) implements TableChunkOperand {
    public ChunkTableDropDuplicates {
        subset = List.copyOf(subset);
    }
}
