package io.mars.common.operand.dataframe;

import io.mars.common.operand.Scalar;
import io.mars.types.DType;
import java.util.List;
import java.util.Objects;

/**
 * One output column of a row-wise table operand: {@code fn} over the argument columns and an optional constant.
 *
 * @param name          the output column's name
 * @param dtype         the output column's type (decided when the expression was built, as pandas would)
 * @param fn            the function
 * @param args          argument columns, all of row-aligned inputs
 * @param constant      a numeric constant operand, or null
 * @param text          a string constant operand (comparing or filling a string column), or null
 * @param constantFirst whether the constant is the left operand ({@code 1 - s})
 */
public record ColumnExpr(String name, DType dtype, ExprFn fn, List<ColumnRef> args, Scalar constant, String text,
                         boolean constantFirst) {
    public ColumnExpr {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(dtype, "dtype");
        Objects.requireNonNull(fn, "fn");
        args = List.copyOf(args);
    }

    /** Column {@code ref} under the name {@code name}. */
    public static ColumnExpr column(String name, DType dtype, ColumnRef ref) {
        return new ColumnExpr(name, dtype, ExprFn.COLUMN, List.of(ref), null, null, false);
    }
}
