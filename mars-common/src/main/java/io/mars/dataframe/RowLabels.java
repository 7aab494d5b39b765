package io.mars.dataframe;

import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.types.DType;
import java.util.Objects;

/**
 * How the rows of a frame or series are labelled (pandas' index): {@code range} when the labels are the rows' own
 * positions {@code 0..n-1} (pandas' default RangeIndex; nothing is stored), otherwise the labels are the hidden last
 * column {@link #COLUMN} of every chunk, of type {@code dtype}, named {@code name} (null: no name).
 */
record RowLabels(boolean range, String name, DType dtype) {
    /** The hidden column of stored labels, named as pyarrow names a pandas index it stores. */
    static final String COLUMN = TableRowPositions.INDEX_COLUMN;

    /** Labels that are the rows' positions: a fresh RangeIndex. */
    static final RowLabels RANGE = new RowLabels(true, null, DType.INT64);

    RowLabels {
        Objects.requireNonNull(dtype, "dtype");
    }

    static RowLabels stored(String name, DType dtype) {
        return new RowLabels(false, name, dtype);
    }

    /** Positions made into stored labels (what a row-moving operation keeps). */
    static RowLabels positions() {
        return stored(null, DType.INT64);
    }

    boolean stored() {
        return !range;
    }

    /** The column a reset_index gives the labels: their name, or {@code "index"} as pandas names it. */
    String resetName() {
        return name == null ? "index" : name;
    }

    /** A map output passing the labels of input {@code input} on. */
    ColumnExpr passOn(int input) {
        return ColumnExpr.column(COLUMN, dtype, new ColumnRef(input, COLUMN));
    }
}
