package io.mars.common.operand.dataframe;

import java.util.Objects;

/** Column {@code column} of the operand's input number {@code input}. */
public record ColumnRef(int input, String column) {
    public ColumnRef {
        Objects.requireNonNull(column, "column");
        if (input < 0) {
            throw new IllegalArgumentException("input must be >= 0, got " + input);
        }
    }
}
