package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * pandas' {@code sort_values(by, ascending, kind='stable', na_position='last')}: rows ordered by the columns
 * {@code by}, each ascending or descending; equal keys keep their order; nulls last.
 */
@WireName("df.sort-values")
public record TableSortValues(List<String> by, List<Boolean> ascending) implements TableOperand {
    public TableSortValues {
        by = List.copyOf(by);
        ascending = List.copyOf(ascending);
        if (by.size() != ascending.size()) {
            throw new IllegalArgumentException("by " + by + " and ascending " + ascending + " differ in length");
        }
    }
}
