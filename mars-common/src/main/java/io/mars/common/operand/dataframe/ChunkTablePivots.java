package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/** {@code parts - 1} pivot key tuples regularly spaced among the sorted samples of every input. */
@WireName("chunk.df.pivots")
public record ChunkTablePivots(List<String> by, List<Boolean> ascending, int parts) implements TableChunkOperand {
    public ChunkTablePivots {
        by = List.copyOf(by);
        ascending = List.copyOf(ascending);
    }
}
