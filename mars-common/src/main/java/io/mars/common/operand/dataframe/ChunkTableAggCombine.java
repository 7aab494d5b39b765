package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/** Merges partial aggregation states of consecutive chunks (inputs in row order) into one state table. */
@WireName("chunk.df.agg-combine")
public record ChunkTableAggCombine(List<String> keys, List<AggSpec> aggs) implements TableChunkOperand {
    public ChunkTableAggCombine {
        keys = List.copyOf(keys);
        aggs = List.copyOf(aggs);
    }
}
