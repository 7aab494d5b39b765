package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * The first step of a groupby: per chunk, its partial aggregation states (one row per key tuple). A tileable of its
 * own so that its lengths are known before {@link TableAggStates} is tiled: the number of groups decides between a
 * tree and a shuffle.
 */
@WireName("df.agg-partial")
public record TableAggPartial(List<String> keys, List<AggSpec> aggs) implements TableOperand {
    public TableAggPartial {
        keys = List.copyOf(keys);
        aggs = List.copyOf(aggs);
    }
}
