package io.mars.common.operand.dataframe;

import io.mars.common.operand.Scalar;
import java.util.Objects;

/**
 * One term of a read filter: {@code column op literal}, the literal a number or a string. A null value never
 * satisfies a term (as pyarrow's filters drop nulls).
 *
 * @param number the numeric literal (a timestamp as int64 nanoseconds), or null for a string literal
 * @param text   the string literal, or null for a numeric one
 */
public record RowPredicate(String column, CompareOp op, Scalar number, String text) {
    public RowPredicate {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(op, "op");
        if ((number == null) == (text == null)) {
            throw new IllegalArgumentException("a filter term has a number or a text literal, not both or neither");
        }
    }

    @Override
    public String toString() {
        return column + " " + op.symbol() + " " + (text != null ? "'" + text + "'" : number);
    }
}
