package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/** The chunk form of {@link TableMap}: its inputs are chunks covering the same rows. */
@WireName("chunk.df.map")
public record ChunkTableMap(List<ColumnExpr> outputs) implements TableChunkOperand {
    public ChunkTableMap {
        outputs = List.copyOf(outputs);
    }
}
