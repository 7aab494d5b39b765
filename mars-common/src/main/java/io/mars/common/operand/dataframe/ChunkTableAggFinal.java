package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/** Turns the merged states of all chunks into the aggregated table, sorted by the keys. */
@WireName("chunk.df.agg-final")
public record ChunkTableAggFinal(List<String> keys, List<AggSpec> aggs) implements TableChunkOperand {
    public ChunkTableAggFinal {
        keys = List.copyOf(keys);
        aggs = List.copyOf(aggs);
    }
}
