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
            if ((a == DType.STRING) != (b == DType.STRING) || (a == DType.TIMESTAMP) != (b == DType.TIMESTAMP)
                    || (a == DType.TIMEDELTA) != (b == DType.TIMEDELTA)) {
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
        if (a.isTemporal() || b.isTemporal()) {
            return temporal(fn, "column '" + left + "' of " + a, a, "column '" + right + "' of " + b, b);
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
        if (a.isTemporal() && !fn.isComparison() && !fn.isLogical()) {
            DType number = s.kind() == DataType.Kind.FLOAT ? DType.FLOAT64 : DType.INT64;
            return temporal(fn, "column '" + column + "' of " + a, a, "the number " + s, number);
        }
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

    /**
     * The type of arithmetic with datetime64[ns] or timedelta64[ns] on a side, as pandas has it: datetime -
     * datetime and timedelta ± timedelta give timedelta, datetime ± timedelta (and timedelta + datetime) give datetime,
     * timedelta times or over an int or float gives timedelta, timedelta over timedelta float64; timedelta // timedelta
     * int64, timedelta // number and timedelta % timedelta or number timedelta. Anything else is
     * UNSUPPORTED_DTYPE naming both operands and their dtypes ({@code what}: "column 'a' of datetime64[ns]").
     */
    static DType temporal(ExprFn fn, String leftWhat, DType a, String rightWhat, DType b) {
        DType ts = DType.TIMESTAMP;
        DType td = DType.TIMEDELTA;
        boolean number = (b.isNumeric() && b != DType.BOOL) || (a.isNumeric() && a != DType.BOOL);
        DType out = switch (fn) {
            case ADD -> a == ts && b == td || a == td && b == ts ? ts : a == td && b == td ? td : null;
            case SUBTRACT -> a == ts && b == ts || a == td && b == td ? td : a == ts && b == td ? ts : null;
            case MULTIPLY -> (a == td || b == td) && number ? td : null;
            case DIVIDE -> a == td && b == td ? DType.FLOAT64 : a == td && number ? td : null;
            // pandas 1.5: timedelta // timedelta is int64 (float64 with NaN when a value is NaT; Mars: null)
            case FLOOR_DIVIDE -> a == td && b == td ? DType.INT64 : a == td && number ? td : null;
            case MOD -> a == td && b == td ? td : null;
            case FMOD -> a == td && number ? td : null;
            default -> null;
        };
        if (out == null) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot " + verb(fn) + " " + leftWhat + " and "
                    + rightWhat + " (" + a + " " + symbol(fn) + " " + b + " is not defined; datetime - datetime,"
                    + " datetime ± timedelta, timedelta ± timedelta, timedelta * number, timedelta / number,"
                    + " timedelta / timedelta, timedelta // timedelta or number and timedelta % timedelta or number"
                    + " are)");
        }
        return out;
    }

    private static String verb(ExprFn fn) {
        return switch (fn) {
            case ADD -> "add";
            case SUBTRACT -> "subtract";
            case MULTIPLY -> "multiply";
            case DIVIDE -> "divide";
            case FLOOR_DIVIDE -> "floor-divide";
            case MOD, FMOD -> "take the modulo of";
            case POWER -> "raise";
            default -> fn.name().toLowerCase();
        };
    }

    private static String symbol(ExprFn fn) {
        return switch (fn) {
            case ADD -> "+";
            case SUBTRACT -> "-";
            case MULTIPLY -> "*";
            case DIVIDE -> "/";
            case FLOOR_DIVIDE -> "//";
            case MOD, FMOD -> "%";
            case POWER -> "**";
            default -> fn.name().toLowerCase();
        };
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
