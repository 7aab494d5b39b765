package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/**
 * The input's columns plus its row positions (pandas' RangeIndex, {@code 0..n-1}) as the hidden index column
 * {@link #INDEX_COLUMN}, so that an operation moving rows keeps their labels. Column pruning removes the node when
 * nothing downstream reads the labels.
 */
@WireName("df.row_positions")
public record TableRowPositions() implements TableOperand {
    /** The name of the column holding a table's row labels, as pyarrow names a pandas index it stores. */
    public static final String INDEX_COLUMN = "__index_level_0__";
}
