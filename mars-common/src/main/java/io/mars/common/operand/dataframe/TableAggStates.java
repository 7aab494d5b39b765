package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * A groupby's result from the partial states of {@link TableAggPartial}: merged by a tree when they hold few rows,
 * otherwise range-partitioned by the keys (a shuffle) and merged per part; either way sorted by the keys.
 */
@WireName("df.agg-states")
public record TableAggStates(List<String> keys, List<AggSpec> aggs) implements TableOperand {
    public TableAggStates {
        keys = List.copyOf(keys);
        aggs = List.copyOf(aggs);
    }
}
