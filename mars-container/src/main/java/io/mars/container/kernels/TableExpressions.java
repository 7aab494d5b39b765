package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.ExprFn;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.List;

/**
 * Evaluates {@link ColumnExpr}s over heap columns of row-aligned input chunks, with pandas' null semantics (see
 * {@link ExprFn}). Results of float type hold NaN for null; others carry null flags.
 */
final class TableExpressions {
    private TableExpressions() {
    }

    static Column evaluate(ColumnExpr e, List<LocalTable> inputs, int n) {
        List<Column> args = new ArrayList<>(e.args().size());
        for (ColumnRef r : e.args()) {
            args.add(inputs.get(r.input()).column(r.column()));
        }
        return switch (e.fn()) {
            case COLUMN -> args.get(0).withName(e.name());
            case ADD, SUBTRACT, MULTIPLY, DIVIDE, FLOOR_DIVIDE, MOD, FMOD, POWER -> arithmetic(e, args, n);
            case NEGATE, ABS -> unaryNumeric(e, args.get(0), n);
            case LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, EQUAL, NOT_EQUAL -> compare(e, args, n);
            case AND, OR, XOR -> logical(e, args, n);
            case NOT -> {
                long[] out = new long[n];
                Column a = args.get(0);
                for (int i = 0; i < n; i++) {
                    out[i] = !a.isNull(i) && a.longs()[i] != 0 ? 0 : 1;
                }
                yield new Column(e.name(), DType.BOOL, out, null, null, null);
            }
            case ISNA, NOTNA, ALL_NOTNA, ANY_NOTNA -> nullMask(e, args, n);
            case FILLNA -> fillna(e, args.get(0), n);
            case ASTYPE -> TableCasts.cast(args.get(0), e.dtype(), e.name());
            case WHERE -> where(e, args, n);
            case ROUND -> round(e, args.get(0), n);
            case CONSTANT -> constant(e, n);
        };
    }

    private static double value(Column c, Scalar s, int i) {
        return c != null ? c.getDouble(i) : s.floatValue();
    }

    private static Column arithmetic(ColumnExpr e, List<Column> args, int n) {
        Column a = args.get(0);
        Column b = args.size() > 1 ? args.get(1) : null;
        Column left = e.constantFirst() ? null : a;
        Column right = e.constantFirst() ? a : b;
        Scalar s = e.constant();
        DType t = e.dtype();
        if (t.isFloat()) {
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                double x = value(left, s, i);
                double y = value(right, s, i);
                out[i] = switch (e.fn()) {
                    case ADD -> x + y;
                    case SUBTRACT -> x - y;
                    case MULTIPLY -> x * y;
                    case DIVIDE -> x / y;
                    case FLOOR_DIVIDE -> Math.floor(x / y);
                    case MOD -> y == 0 ? Double.NaN : x - Math.floor(x / y) * y;
                    case POWER -> Math.pow(x, y);
                    default -> throw new IllegalStateException(e.fn().name());
                };
                if (t == DType.FLOAT32) {
                    out[i] = (float) out[i];
                }
            }
            return new Column(e.name(), t, null, out, null, null);
        }
        if (t == DType.TIMEDELTA && (e.fn() == ExprFn.MULTIPLY || e.fn() == ExprFn.DIVIDE
                || e.fn() == ExprFn.FLOOR_DIVIDE)) {
            return scaledTimedeltas(e, left, right, s, n);
        }
        if (e.fn() == ExprFn.FMOD) {
            return timedeltaRemainders(e, left, right, s, n);
        }
        boolean floorOrMod = e.fn() == ExprFn.FLOOR_DIVIDE || e.fn() == ExprFn.MOD;
        if (floorOrMod && left != null && left.dtype() == DType.TIMEDELTA) {
            return timedeltaQuotients(e, left, right, s, n);
        }
        long[] out = new long[n];
        byte[] nulls = null;
        for (int i = 0; i < n; i++) {
            boolean isNull = (left != null && left.isNull(i)) || (right != null && right.isNull(i));
            if (isNull) {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[i] = 1;
                continue;
            }
            long x = left != null ? left.longs()[i] : s.intValue();
            long y = right != null ? right.longs()[i] : s.intValue();
            long r = switch (e.fn()) {
                case ADD -> x + y;
                case SUBTRACT -> x - y;
                case MULTIPLY -> x * y;
                case FLOOR_DIVIDE -> {
                    if (y == 0) {
                        throw new MarsException(ErrorCode.INVALID_ARGUMENT, "integer floor division by zero in column '"
                                + e.name() + "' at row " + i);
                    }
                    yield Math.floorDiv(x, y);
                }
                case MOD -> {
                    if (y == 0) {
                        throw new MarsException(ErrorCode.INVALID_ARGUMENT, "integer modulo by zero in column '"
                                + e.name() + "' at row " + i);
                    }
                    yield Math.floorMod(x, y);
                }
                case POWER -> {
                    if (y < 0) {
                        throw new MarsException(ErrorCode.INVALID_ARGUMENT, "integers to negative integer powers are"
                                + " not allowed (column '" + e.name() + "')");
                    }
                    long p = 1;
                    for (long k = 0; k < y; k++) {
                        p *= x;
                    }
                    yield p;
                }
                default -> throw new IllegalStateException(e.fn().name());
            };
            out[i] = t == DType.INT32 ? (int) r : r;
        }
        return new Column(e.name(), t, out, null, null, nulls);
    }

    /**
     * timedelta times or over a number, as numpy's loops: by a float in double, truncated to nanoseconds (NaT where
     * the result is NaN or infinite); by an int in long, over zero NaT.
     */
    private static Column scaledTimedeltas(ColumnExpr e, Column left, Column right, Scalar s, int n) {
        boolean leftIsTimedelta = left != null && left.dtype() == DType.TIMEDELTA;
        Column td = leftIsTimedelta ? left : right;
        Column other = leftIsTimedelta ? right : left;
        boolean floats = other != null ? other.dtype().isFloat() : s.kind() == io.mars.types.DataType.Kind.FLOAT;
        boolean multiply = e.fn() == ExprFn.MULTIPLY;
        long[] out = new long[n];
        byte[] nulls = null;
        for (int i = 0; i < n; i++) {
            boolean isNull = td.isNull(i) || other != null && other.isNull(i);
            if (!isNull) {
                long x = td.longs()[i];
                if (floats) {
                    double y = other != null ? other.doubles()[i] : s.floatValue();
                    double r = multiply ? x * y : x / y;
                    isNull = !Double.isFinite(r);
                    out[i] = isNull ? 0 : (long) r;
                } else {
                    long y = other != null ? other.longs()[i] : s.intValue();
                    isNull = !multiply && y == 0;
                    out[i] = isNull ? 0 : multiply ? x * y : x / y;
                }
            }
            if (isNull) {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[i] = 1;
            }
        }
        return new Column(e.name(), DType.TIMEDELTA, out, null, null, nulls);
    }

    /**
     * timedelta // timedelta (int64, floored) and timedelta % timedelta (the divisor's sign), the divisor a column or
     * a constant's nanoseconds. Over a zero divisor numpy's floor division gives 0, so pandas' remainder
     * {@code x - (x // y) * y} is x.
     */
    private static Column timedeltaQuotients(ColumnExpr e, Column left, Column right, Scalar s, int n) {
        boolean quotient = e.fn() == ExprFn.FLOOR_DIVIDE;
        long[] out = new long[n];
        byte[] nulls = null;
        for (int i = 0; i < n; i++) {
            if (left.isNull(i) || right != null && right.isNull(i)) {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[i] = 1;
                continue;
            }
            long x = left.longs()[i];
            long y = right != null ? right.longs()[i] : s.intValue();
            if (y == 0) {
                out[i] = quotient ? 0 : x;
            } else {
                out[i] = quotient ? Math.floorDiv(x, y) : Math.floorMod(x, y);
            }
        }
        return new Column(e.name(), e.dtype(), out, null, null, nulls);
    }

    /**
     * timedelta % number as pandas computes it, {@code x - (x // y) * y} with numpy's timedelta-by-number loops: by an
     * int the remainder with x's sign (NaT modulo 0); by a float the quotient and the product each truncated to a
     * nanosecond, NaT where either is NaN or infinite.
     */
    private static Column timedeltaRemainders(ColumnExpr e, Column td, Column other, Scalar s, int n) {
        boolean floats = other != null ? other.dtype().isFloat() : s.kind() == io.mars.types.DataType.Kind.FLOAT;
        long[] out = new long[n];
        byte[] nulls = null;
        for (int i = 0; i < n; i++) {
            boolean isNull = td.isNull(i) || other != null && other.isNull(i);
            if (!isNull) {
                long x = td.longs()[i];
                if (floats) {
                    double y = other != null ? other.doubles()[i] : s.floatValue();
                    double q = x / y;
                    double p = Double.isFinite(q) ? (long) q * y : Double.NaN;
                    isNull = !Double.isFinite(p);
                    out[i] = isNull ? 0 : x - (long) p;
                } else {
                    long y = other != null ? other.longs()[i] : s.intValue();
                    isNull = y == 0;
                    out[i] = isNull ? 0 : x % y;
                }
            }
            if (isNull) {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[i] = 1;
            }
        }
        return new Column(e.name(), DType.TIMEDELTA, out, null, null, nulls);
    }

    private static Column unaryNumeric(ColumnExpr e, Column a, int n) {
        if (a.dtype().isFloat()) {
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                double x = a.doubles()[i];
                out[i] = e.fn() == ExprFn.NEGATE ? -x : Math.abs(x);
            }
            return new Column(e.name(), e.dtype(), null, out, null, a.nulls());
        }
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            long x = a.longs()[i];
            out[i] = e.fn() == ExprFn.NEGATE ? -x : Math.abs(x);
        }
        return new Column(e.name(), e.dtype(), out, null, null, a.nulls());
    }

    private static Column compare(ColumnExpr e, List<Column> args, int n) {
        Column a = args.get(0);
        Column b = args.size() > 1 ? args.get(1) : null;
        if (b == null && e.constant() != null && a.nulls() == null && a.dtype() != DType.STRING) {
            return compareConstant(e, a, n);
        }
        long[] out = new long[n];
        ExprFn fn = e.fn();
        for (int i = 0; i < n; i++) {
            boolean nullA = a.isNull(i);
            boolean nullB = b != null && b.isNull(i);
            if (nullA || nullB) {
                out[i] = fn == ExprFn.NOT_EQUAL ? 1 : 0;
                continue;
            }
            int c;
            if (a.dtype() == DType.STRING) {
                String y = b != null ? b.strings().get(i) : e.text();
                c = a.strings().get(i).compareTo(y);
            } else if (b == null && e.constant() == null) {
                throw new MarsException(ErrorCode.INTERNAL_ERROR, "comparison " + e.name() + " has no right operand");
            } else if (a.dtype().isLongBacked() && (b != null ? b.dtype().isLongBacked()
                    : e.constant().kind() != io.mars.types.DataType.Kind.FLOAT)) {
                long y = b != null ? b.longs()[i] : e.constant().intValue();
                c = Long.compare(a.longs()[i], y);
            } else {
                double x = a.getDouble(i);
                double y = b != null ? b.getDouble(i) : e.constant().floatValue();
                c = x < y ? -1 : x > y ? 1 : 0;
            }
            if (e.constantFirst()) {
                c = -c;
            }
            boolean r = switch (fn) {
                case LESS -> c < 0;
                case LESS_EQUAL -> c <= 0;
                case GREATER -> c > 0;
                case GREATER_EQUAL -> c >= 0;
                case EQUAL -> c == 0;
                case NOT_EQUAL -> c != 0;
                default -> throw new IllegalStateException(fn.name());
            };
            out[i] = r ? 1 : 0;
        }
        return new Column(e.name(), DType.BOOL, out, null, null, null);
    }

    /**
     * A column without null flags against a numeric constant, one tight loop per operator (a long column against a
     * float constant compares as doubles, as the general path does). A float NaN (null) compares false, and
     * not-equal true, as pandas has it.
     */
    private static Column compareConstant(ColumnExpr e, Column a, int n) {
        ExprFn fn = e.constantFirst() ? mirrored(e.fn()) : e.fn();
        long[] out = new long[n];
        boolean longs = a.doubles() == null;
        if (!longs || e.constant().kind() == io.mars.types.DataType.Kind.FLOAT) {
            double[] x = longs ? java.util.Arrays.stream(a.longs()).asDoubleStream().toArray() : a.doubles();
            double y = e.constant().floatValue();
            switch (fn) {
                case LESS -> { for (int i = 0; i < n; i++) { out[i] = x[i] < y ? 1 : 0; } }
                case LESS_EQUAL -> { for (int i = 0; i < n; i++) { out[i] = x[i] <= y ? 1 : 0; } }
                case GREATER -> { for (int i = 0; i < n; i++) { out[i] = x[i] > y ? 1 : 0; } }
                case GREATER_EQUAL -> { for (int i = 0; i < n; i++) { out[i] = x[i] >= y ? 1 : 0; } }
                case EQUAL -> { for (int i = 0; i < n; i++) { out[i] = x[i] == y ? 1 : 0; } }
                case NOT_EQUAL -> { for (int i = 0; i < n; i++) { out[i] = x[i] != y ? 1 : 0; } }
                default -> throw new IllegalStateException(fn.name());
            }
        } else {
            long[] x = a.longs();
            long y = e.constant().intValue();
            switch (fn) {
                case LESS -> { for (int i = 0; i < n; i++) { out[i] = x[i] < y ? 1 : 0; } }
                case LESS_EQUAL -> { for (int i = 0; i < n; i++) { out[i] = x[i] <= y ? 1 : 0; } }
                case GREATER -> { for (int i = 0; i < n; i++) { out[i] = x[i] > y ? 1 : 0; } }
                case GREATER_EQUAL -> { for (int i = 0; i < n; i++) { out[i] = x[i] >= y ? 1 : 0; } }
                case EQUAL -> { for (int i = 0; i < n; i++) { out[i] = x[i] == y ? 1 : 0; } }
                case NOT_EQUAL -> { for (int i = 0; i < n; i++) { out[i] = x[i] != y ? 1 : 0; } }
                default -> throw new IllegalStateException(fn.name());
            }
        }
        return new Column(e.name(), DType.BOOL, out, null, null, null);
    }

    /** The operator with its operands swapped: {@code c < x} is {@code x > c}. */
    static ExprFn mirrored(ExprFn fn) {
        return switch (fn) {
            case LESS -> ExprFn.GREATER;
            case LESS_EQUAL -> ExprFn.GREATER_EQUAL;
            case GREATER -> ExprFn.LESS;
            case GREATER_EQUAL -> ExprFn.LESS_EQUAL;
            default -> fn;
        };
    }

    private static Column logical(ColumnExpr e, List<Column> args, int n) {
        Column a = args.get(0);
        Column b = args.get(1);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            boolean x = !a.isNull(i) && a.longs()[i] != 0;
            boolean y = !b.isNull(i) && b.longs()[i] != 0;
            boolean r = switch (e.fn()) {
                case AND -> x && y;
                case OR -> x || y;
                case XOR -> x ^ y;
                default -> throw new IllegalStateException(e.fn().name());
            };
            out[i] = r ? 1 : 0;
        }
        return new Column(e.name(), DType.BOOL, out, null, null, null);
    }

    private static Column nullMask(ColumnExpr e, List<Column> args, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            boolean r = switch (e.fn()) {
                case ISNA -> args.get(0).isNull(i);
                case NOTNA -> !args.get(0).isNull(i);
                case ALL_NOTNA -> {
                    boolean all = true;
                    for (Column c : args) {
                        all &= !c.isNull(i);
                    }
                    yield all;
                }
                case ANY_NOTNA -> {
                    boolean any = args.isEmpty();
                    for (Column c : args) {
                        any |= !c.isNull(i);
                    }
                    yield any;
                }
                default -> throw new IllegalStateException(e.fn().name());
            };
            out[i] = r ? 1 : 0;
        }
        return new Column(e.name(), DType.BOOL, out, null, null, null);
    }

    private static Column fillna(ColumnExpr e, Column a, int n) {
        if (a.dtype() == DType.STRING) {
            List<String> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(a.isNull(i) ? e.text() : a.strings().get(i));
            }
            return new Column(e.name(), DType.STRING, null, null, out, null);
        }
        Scalar s = e.constant();
        if (e.dtype().isFloat()) {
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                out[i] = a.isNull(i) ? s.floatValue() : a.getDouble(i);
            }
            return new Column(e.name(), e.dtype(), null, out, null, null);
        }
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = a.isNull(i) ? s.kind() == io.mars.types.DataType.Kind.FLOAT ? (long) s.floatValue() : s.intValue()
                    : a.longs()[i];
        }
        return new Column(e.name(), e.dtype(), out, null, null, null);
    }

    private static Column where(ColumnExpr e, List<Column> args, int n) {
        Column cond = args.get(0);
        Column a = args.get(1);
        Scalar other = e.constant();
        if (e.dtype().isFloat()) {
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                boolean keep = !cond.isNull(i) && cond.longs()[i] != 0;
                out[i] = keep ? a.getDouble(i) : other == null ? Double.NaN : other.floatValue();
            }
            return new Column(e.name(), e.dtype(), null, out, null, null);
        }
        Column in = a.dtype() == e.dtype() ? a : TableCasts.cast(a, e.dtype(), e.name());
        byte[] nulls = null;
        long[] longs = in.longs() == null ? null : new long[n];
        List<String> strings = in.strings() == null ? null : new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            boolean keep = !cond.isNull(i) && cond.longs()[i] != 0;
            boolean isNull = keep ? in.isNull(i) : other == null && e.text() == null;
            if (isNull) {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[i] = 1;
            }
            if (longs != null) {
                longs[i] = keep ? in.longs()[i] : other == null ? 0 : other.intValue();
            } else {
                strings.add(keep ? in.strings().get(i) : e.text());
            }
        }
        return new Column(e.name(), e.dtype(), longs, null, strings, nulls);
    }

    /** numpy's rounding: {@code rint(x * 10^d) / 10^d}, or {@code rint(x / 10^-d) * 10^-d} for negative {@code d}. */
    private static Column round(ColumnExpr e, Column a, int n) {
        int d = (int) e.constant().intValue();
        double scale = Math.pow(10, Math.abs(d));
        if (a.dtype().isFloat()) {
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                double x = a.doubles()[i];
                out[i] = d >= 0 ? Math.rint(x * scale) / scale : Math.rint(x / scale) * scale;
                if (e.dtype() == DType.FLOAT32) {
                    out[i] = (float) out[i];
                }
            }
            return new Column(e.name(), e.dtype(), null, out, null, null);
        }
        if (d >= 0) {
            return a.withName(e.name());
        }
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = a.isNull(i) ? 0 : (long) (Math.rint(a.longs()[i] / scale) * scale);
        }
        return new Column(e.name(), e.dtype(), out, null, null, a.nulls());
    }

    /** The expression's text, or its constant as the expression's dtype, on each of {@code n} rows. */
    private static Column constant(ColumnExpr e, int n) {
        if (e.dtype() == DType.STRING) {
            return new Column(e.name(), DType.STRING, null, null, java.util.Collections.nCopies(n, e.text()), null);
        }
        if (e.dtype().isFloat()) {
            double[] out = new double[n];
            java.util.Arrays.fill(out, e.constant().floatValue());
            return new Column(e.name(), e.dtype(), null, out, null, null);
        }
        long[] out = new long[n];
        java.util.Arrays.fill(out, e.constant().intValue());
        return new Column(e.name(), e.dtype(), out, null, null, null);
    }
}
