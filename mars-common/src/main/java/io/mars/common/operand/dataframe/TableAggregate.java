package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * {@code groupby(keys).agg(...)} as pandas' {@code as_index=False}: one row per distinct non-null key tuple, sorted
 * by the keys, with the key columns first and then the aggregations. With no keys, one row aggregating everything
 * (the reductions {@code sum()}, {@code mean()}, ...).
 */
@WireName("df.aggregate")
public record TableAggregate(List<String> keys, List<AggSpec> aggs) implements TableOperand {
    public TableAggregate {
        keys = List.copyOf(keys);
        aggs = List.copyOf(aggs);
    }
}
