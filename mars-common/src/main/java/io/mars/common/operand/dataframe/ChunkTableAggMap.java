package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/** The first step of {@link TableAggregate}: one chunk's partial aggregation states, one row per key tuple. */
@WireName("chunk.df.agg-map")
public record ChunkTableAggMap(List<String> keys, List<AggSpec> aggs) implements TableChunkOperand {
    public ChunkTableAggMap {
        keys = List.copyOf(keys);
        aggs = List.copyOf(aggs);
    }
}
