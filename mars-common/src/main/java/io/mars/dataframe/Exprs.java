package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.ExprFn;
import io.mars.types.DType;
import io.mars.types.DataType;
import java.util.List;

/** The result types of row-wise expressions, decided when they are built, as pandas (numpy 2) decides them. */
final class Exprs {
    private Exprs() {
    }

    static void requireNumeric(ExprFn fn, String column, DType t) {
        if (!t.isNumeric()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot apply " + fn.name().toLowerCase()
                    + " to column '" + column + "' of dtype " + t + "; it needs a numeric column");
        }
    }

    /** The type of {@code a fn b} for two columns. */
    static DType binary(ExprFn fn, String left, DType a, String right, DType b) {
        if (fn.isComparison()) {
            if ((a == DType.STRING) != (b == DType.STRING) || (a == DType.TIMESTAMP) != (b == DType.TIMESTAMP)) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot compare column '" + left + "' of " + a
                        + " with column '" + right + "' of " + b);
            }
            return DType.BOOL;
        }
        if (fn.isLogical()) {
            requireBool(fn, left, a);
            requireBool(fn, right, b);
            return DType.BOOL;
        }
        requireNumeric(fn, left, a);
        requireNumeric(fn, right, b);
        DType p = a == DType.BOOL && b == DType.BOOL ? DType.INT64 : DType.promote(a, b);
        if (fn == ExprFn.DIVIDE) {
            return p == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
        }
        return p;
    }

    /** The type of {@code a fn constant}: a Python-like scalar does not widen the column (NEP 50) unless its kind is higher. */
    static DType withScalar(ExprFn fn, String column, DType a, Scalar s) {
        if (fn.isComparison()) {
            if (!a.isNumeric()) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot compare column '" + column + "' of " + a
                        + " with the number " + s);
            }
            return DType.BOOL;
        }
        if (fn.isLogical()) {
            requireBool(fn, column, a);
            return DType.BOOL;
        }
        requireNumeric(fn, column, a);
        DType p;
        if (s.kind() == DataType.Kind.FLOAT) {
            p = a == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
        } else {
            p = a == DType.BOOL ? DType.INT64 : a;
        }
        if (fn == ExprFn.DIVIDE) {
            return p == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
        }
        return p;
    }

    static void requireBool(ExprFn fn, String column, DType t) {
        if (t != DType.BOOL) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot apply " + fn.name().toLowerCase()
                    + " to column '" + column + "' of dtype " + t + "; it needs a bool column");
        }
    }

    static ColumnExpr expr(String name, DType dtype, ExprFn fn, List<ColumnRef> args, Scalar constant, String text,
                           boolean constantFirst) {
        return new ColumnExpr(name, dtype, fn, args, constant, text, constantFirst);
    }
}
