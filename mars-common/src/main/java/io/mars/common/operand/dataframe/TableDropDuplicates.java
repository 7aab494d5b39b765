package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * pandas' {@code drop_duplicates(subset, keep='first')}: the first row of every distinct tuple of the columns
 * {@code subset} (null equals null, as in pandas), in row order. A tree: each chunk dropped on its own, then
 * consecutive results merged.
 */
@WireName("df.drop-duplicates")
public record TableDropDuplicates(List<String> subset) implements TableOperand {
    public TableDropDuplicates {
        subset = List.copyOf(subset);
    }
}
