package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * pandas' {@code sort_values(by, ascending, kind='stable', na_position='last')}: rows ordered by the columns
 * {@code by}, each ascending or descending; equal keys keep their order; nulls last. With a {@code limit} &gt;= 0,
 * only the first {@code limit} rows of that order ({@code sort_values(...).head(limit)}, a top-k that never sorts
 * the whole table); -1: all rows.
 */
@WireName("df.sort-values")
public record TableSortValues(List<String> by, List<Boolean> ascending, long limit) implements TableOperand {
    public TableSortValues {
        by = List.copyOf(by);
        ascending = List.copyOf(ascending);
        if (by.size() != ascending.size()) {
            throw new IllegalArgumentException("by " + by + " and ascending " + ascending + " differ in length");
        }
        if (limit < -1) {
            throw new IllegalArgumentException("limit must be >= 0, or -1 for all rows, got " + limit);
        }
    }

    /** A sort of every row. */
    public TableSortValues(List<String> by, List<Boolean> ascending) {
        this(by, ascending, -1);
    }
}
