package io.mars.dataframe;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.Tileable;
import io.mars.common.graph.TileableNode;
import io.mars.common.operand.Operand;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.dataframe.AggFn;
import io.mars.common.operand.dataframe.TableSortValues;
import io.mars.common.operand.dataframe.AggSpec;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.DataFrameToTensor;
import io.mars.common.operand.dataframe.ExprFn;
import io.mars.common.operand.dataframe.TableAggregate;
import io.mars.common.operand.dataframe.TableFilter;
import io.mars.common.operand.dataframe.TableHead;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.tensor.Tensor;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A lazy column: pandas' Series in Java. Its rows are in the order of the frame it came from, labelled as they are
 * there ({@link #index()}), and are matched with another series' rows by position (both must have the same length);
 * pandas aligns by index label, which gives the same answer for series of one frame. Operations record a graph;
 * {@link #execute(Session)} runs it.
 */
public final class Series implements Tileable {
    private final String key;
    private final Operand op;
    private final List<Tileable> inputs;
    private final String name;
    private final DType dtype;
    private final long length;
    private final RowLabels labels;
    private Series positioned;

    /** A series whose rows are labelled by their positions (pandas' RangeIndex). */
    Series(Operand op, List<? extends Tileable> inputs, String name, DType dtype, long length) {
        this(op, inputs, name, dtype, length, RowLabels.RANGE);
    }

    Series(Operand op, List<? extends Tileable> inputs, String name, DType dtype, long length, RowLabels labels) {
        this.labels = Objects.requireNonNull(labels, "labels");
        this.key = io.mars.common.wire.TileableKeys.newKey("s", op, inputs);
        this.op = Objects.requireNonNull(op, "op");
        this.inputs = List.copyOf(inputs);
        this.name = Objects.requireNonNull(name, "name");
        this.dtype = Objects.requireNonNull(dtype, "dtype");
        this.length = length;
        io.mars.Eager.created(this);
    }

    @Override
    public String key() {
        return key;
    }

    @Override
    public List<Tileable> tileableInputs() {
        return inputs;
    }

    @Override
    public TileableNode toNode() {
        return new TileableNode(key, op, inputKeys(), null, new long[] {length});
    }

    public Operand op() {
        return op;
    }

    /** The series' name (its column's name in a frame); {@code ""} for none. */
    public String name() {
        return name;
    }

    public DType dtype() {
        return dtype;
    }

    /** The number of rows, or -1 when known only once computed (after a filter). */
    public long length() {
        return length;
    }

    /** Runs the graph and returns the values as a one-column table. */
    public LocalTable execute(Session session) {
        return session.executeTables(this).get(0);
    }

    // ----- row-wise -----

    private Series map(ExprFn fn, DType out, String outName, List<Series> others, Scalar constant, String text,
                       boolean constantFirst) {
        List<Tileable> in = new ArrayList<>();
        in.add(this);
        List<ColumnRef> args = new ArrayList<>();
        args.add(new ColumnRef(0, name));
        for (Series o : others) {
            checkAligned(this, o);
            in.add(o);
            args.add(new ColumnRef(in.size() - 1, o.name));
        }
        return new Series(new TableMap(labelled(Exprs.expr(outName, out, fn, args, constant, text, constantFirst))),
                in, outName, out, length, labels);
    }

    static void checkAligned(Series a, Series b) {
        if (a.length != Shapes.UNKNOWN && b.length != Shapes.UNKNOWN && a.length != b.length) {
            throw new MarsException(ErrorCode.LENGTH_MISMATCH, "series '" + a.name + "' has " + a.length
                    + " rows and series '" + b.name + "' has " + b.length + "; row-wise operations need equal lengths");
        }
    }

    private Series binary(ExprFn fn, Series o) {
        DType t = Exprs.binary(fn, name, dtype, o.name, o.dtype);
        return map(fn, t, name.equals(o.name) ? name : "", List.of(o), null, null, false);
    }

    /** A timedelta modulo a number is {@link ExprFn#FMOD} (pandas truncates there), anything else MOD. */
    private ExprFn modOf(DType divisor) {
        return dtype == DType.TIMEDELTA && divisor != DType.TIMEDELTA ? ExprFn.FMOD : ExprFn.MOD;
    }

    private Series scalar(ExprFn fn, Scalar s, boolean first) {
        if (first && dtype.isTemporal() && fn != ExprFn.MULTIPLY && fn.isArithmetic()) {
            Exprs.temporal(fn, "the number " + s, s.kind() == io.mars.types.DataType.Kind.FLOAT ? DType.FLOAT64
                    : DType.INT64, "column '" + name + "' of " + dtype, dtype);
        }
        return map(fn, Exprs.withScalar(fn, name, dtype, s), name, List.of(), s, null, first);
    }

    /** {@code this fn d} with a timedelta constant (its nanoseconds as an int scalar). */
    private Series duration(ExprFn fn, java.time.Duration d) {
        long nanos = io.mars.types.Timedeltas.nanos(Objects.requireNonNull(d, "d"));
        DType out;
        if (fn.isComparison()) {
            if (dtype != DType.TIMEDELTA) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot compare series '" + name + "' of " + dtype
                        + " with the timedelta " + io.mars.types.Timedeltas.format(nanos)
                        + "; timedeltas compare with timedelta64[ns] series");
            }
            out = DType.BOOL;
        } else {
            out = Exprs.temporal(fn, "column '" + name + "' of " + dtype, dtype, "the timedelta "
                    + io.mars.types.Timedeltas.format(nanos), DType.TIMEDELTA);
        }
        return map(fn, out, name, List.of(), Scalar.of(nanos), null, false);
    }

    /** {@code this + d}: a datetime64[ns] or timedelta64[ns] series moved by a timedelta. */
    public Series add(java.time.Duration d) { return duration(ExprFn.ADD, d); }
    public Series subtract(java.time.Duration d) { return duration(ExprFn.SUBTRACT, d); }
    /** timedelta64[ns] / timedelta: how many {@code d} each value is, float64 (pandas' {@code td / pd.Timedelta}). */
    public Series divide(java.time.Duration d) { return duration(ExprFn.DIVIDE, d); }
    /**
     * timedelta64[ns] // timedelta: how many whole {@code d} each value is, floored, int64 with null at NaT (pandas
     * 1.5: int64, float64 with NaN when a value is NaT); over a zero timedelta 0, as numpy gives.
     */
    public Series floorDivide(java.time.Duration d) { return duration(ExprFn.FLOOR_DIVIDE, d); }
    public Series floordiv(java.time.Duration d) { return floorDivide(d); }
    /**
     * timedelta64[ns] % timedelta: the remainder of {@link #floorDivide(java.time.Duration)}, with {@code d}'s sign
     * (Python's); modulo a zero timedelta the value itself, as pandas ({@code td - (td // d) * d}).
     */
    public Series mod(java.time.Duration d) { return duration(ExprFn.MOD, d); }
    /** Comparisons of a timedelta64[ns] series with a timedelta; false at NaT (not-equal true), as pandas. */
    public Series lt(java.time.Duration d) { return duration(ExprFn.LESS, d); }
    public Series le(java.time.Duration d) { return duration(ExprFn.LESS_EQUAL, d); }
    public Series gt(java.time.Duration d) { return duration(ExprFn.GREATER, d); }
    public Series ge(java.time.Duration d) { return duration(ExprFn.GREATER_EQUAL, d); }
    public Series eq(java.time.Duration d) { return duration(ExprFn.EQUAL, d); }
    public Series ne(java.time.Duration d) { return duration(ExprFn.NOT_EQUAL, d); }

    /** {@code this - t} for a datetime64[ns] series: the timedelta64[ns] from the instant {@code t} to each value. */
    public Series subtract(java.time.Instant t) {
        if (dtype != DType.TIMESTAMP) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot subtract the datetime " + t + " from series '"
                    + name + "' of " + dtype + " (" + dtype + " - datetime64[ns] is not defined)");
        }
        long nanos = Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
        return map(ExprFn.SUBTRACT, DType.TIMEDELTA, name, List.of(), Scalar.of(nanos), null, false);
    }

    /** A timedelta64[ns] series' NaT replaced by {@code d}. */
    public Series fillna(java.time.Duration d) {
        if (dtype != DType.TIMEDELTA) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot fill series '" + name + "' of " + dtype
                    + " with a timedelta");
        }
        return map(ExprFn.FILLNA, dtype, name, List.of(),
                Scalar.of(io.mars.types.Timedeltas.nanos(Objects.requireNonNull(d, "d"))), null, false);
    }

    public Series add(Series o) { return binary(ExprFn.ADD, o); }
    public Series add(double s) { return scalar(ExprFn.ADD, Scalar.of(s), false); }
    public Series add(long s) { return scalar(ExprFn.ADD, Scalar.of(s), false); }
    public Series subtract(Series o) { return binary(ExprFn.SUBTRACT, o); }
    public Series subtract(double s) { return scalar(ExprFn.SUBTRACT, Scalar.of(s), false); }
    public Series subtract(long s) { return scalar(ExprFn.SUBTRACT, Scalar.of(s), false); }
    /** {@code s - this}. */
    public Series rsubtract(double s) { return scalar(ExprFn.SUBTRACT, Scalar.of(s), true); }
    public Series multiply(Series o) { return binary(ExprFn.MULTIPLY, o); }
    public Series multiply(double s) { return scalar(ExprFn.MULTIPLY, Scalar.of(s), false); }
    public Series multiply(long s) { return scalar(ExprFn.MULTIPLY, Scalar.of(s), false); }
    public Series divide(Series o) { return binary(ExprFn.DIVIDE, o); }
    public Series divide(double s) { return scalar(ExprFn.DIVIDE, Scalar.of(s), false); }
    /** {@code this / s}; for a timedelta64[ns] series an integer division of the nanoseconds (numpy's, NaT over 0). */
    public Series divide(long s) { return scalar(ExprFn.DIVIDE, Scalar.of(s), false); }
    /** {@code s / this}. */
    public Series rdivide(double s) { return scalar(ExprFn.DIVIDE, Scalar.of(s), true); }
    /**
     * {@code this // o}; a timedelta64[ns] series over a timedelta one gives int64 (floored, null at NaT), over an
     * int or float one a timedelta64[ns] truncated as {@link #divide(long)} (pandas 1.5 and numpy truncate there too).
     */
    public Series floorDivide(Series o) { return binary(ExprFn.FLOOR_DIVIDE, o); }
    public Series floorDivide(long s) { return scalar(ExprFn.FLOOR_DIVIDE, Scalar.of(s), false); }
    /**
     * {@code this % o}; of timedelta64[ns] series a timedelta: modulo a timedelta with the divisor's sign (Python's),
     * modulo a number with the value's sign (pandas' {@code td - (td // n) * n}, its {@code //} truncating); NaT
     * propagates, modulo the int 0 is NaT.
     */
    public Series mod(Series o) { return binary(modOf(o.dtype), o); }
    public Series mod(long s) { return scalar(modOf(DType.INT64), Scalar.of(s), false); }
    public Series power(double s) { return scalar(ExprFn.POWER, Scalar.of(s), false); }
    public Series power(long s) { return scalar(ExprFn.POWER, Scalar.of(s), false); }

    public Series negate() {
        if (dtype == DType.TIMEDELTA) {
            return map(ExprFn.NEGATE, dtype, name, List.of(), null, null, false);
        }
        Exprs.requireNumeric(ExprFn.NEGATE, name, dtype);
        if (dtype == DType.BOOL) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot negate bool series '" + name + "'; use not()");
        }
        return map(ExprFn.NEGATE, dtype, name, List.of(), null, null, false);
    }

    public Series abs() {
        if (dtype != DType.TIMEDELTA) {
            Exprs.requireNumeric(ExprFn.ABS, name, dtype);
        }
        return map(ExprFn.ABS, dtype, name, List.of(), null, null, false);
    }

    public Series lt(Series o) { return binary(ExprFn.LESS, o); }
    public Series lt(double s) { return scalar(ExprFn.LESS, Scalar.of(s), false); }
    public Series le(Series o) { return binary(ExprFn.LESS_EQUAL, o); }
    public Series le(double s) { return scalar(ExprFn.LESS_EQUAL, Scalar.of(s), false); }
    public Series gt(Series o) { return binary(ExprFn.GREATER, o); }
    public Series gt(double s) { return scalar(ExprFn.GREATER, Scalar.of(s), false); }
    public Series ge(Series o) { return binary(ExprFn.GREATER_EQUAL, o); }
    public Series ge(double s) { return scalar(ExprFn.GREATER_EQUAL, Scalar.of(s), false); }
    public Series eq(Series o) { return binary(ExprFn.EQUAL, o); }
    public Series eq(double s) { return scalar(ExprFn.EQUAL, Scalar.of(s), false); }
    public Series ne(Series o) { return binary(ExprFn.NOT_EQUAL, o); }
    public Series ne(double s) { return scalar(ExprFn.NOT_EQUAL, Scalar.of(s), false); }

    /**
     * {@code this == s} for a string series; for a datetime64[ns] series {@code s} is a date or date-time
     * ({@code "1998-09-02"}, {@code "1998-09-02 10:30:00"}), as pandas reads a string compared with dates.
     */
    public Series eq(String s) { return text(ExprFn.EQUAL, s); }
    public Series ne(String s) { return text(ExprFn.NOT_EQUAL, s); }
    public Series lt(String s) { return text(ExprFn.LESS, s); }
    public Series le(String s) { return text(ExprFn.LESS_EQUAL, s); }
    public Series gt(String s) { return text(ExprFn.GREATER, s); }
    public Series ge(String s) { return text(ExprFn.GREATER_EQUAL, s); }

    /** {@code this < date} for a datetime64[ns] series (the date's midnight, UTC). */
    public Series lt(java.time.LocalDate d) { return timestamp(ExprFn.LESS, Timestamps.nanos(d)); }
    public Series le(java.time.LocalDate d) { return timestamp(ExprFn.LESS_EQUAL, Timestamps.nanos(d)); }
    public Series gt(java.time.LocalDate d) { return timestamp(ExprFn.GREATER, Timestamps.nanos(d)); }
    public Series ge(java.time.LocalDate d) { return timestamp(ExprFn.GREATER_EQUAL, Timestamps.nanos(d)); }
    public Series eq(java.time.LocalDate d) { return timestamp(ExprFn.EQUAL, Timestamps.nanos(d)); }
    public Series ne(java.time.LocalDate d) { return timestamp(ExprFn.NOT_EQUAL, Timestamps.nanos(d)); }

    /** pandas' {@code between(left, right)}: {@code left <= this <= right} (inclusive='both'); false for null. */
    public Series between(double left, double right) {
        return ge(left).and(le(right));
    }

    /** {@link #between(double, double)} of strings, or of dates given as text for a datetime64[ns] series. */
    public Series between(String left, String right) {
        return ge(left).and(le(right));
    }

    public Series between(java.time.LocalDate left, java.time.LocalDate right) {
        return ge(left).and(le(right));
    }

    /**
     * pandas' {@code isin(values)}: whether the value equals one of {@code values} (numbers for a numeric series,
     * strings for a string series, strings or {@code LocalDate}s for dates); false for null.
     */
    public Series isin(java.util.Collection<?> values) {
        Series out = null;
        for (Object v : new java.util.LinkedHashSet<>(values)) {
            Series one;
            if (v instanceof String t) {
                one = eq(t);
            } else if (v instanceof java.time.LocalDate d) {
                one = eq(d);
            } else if (v instanceof Number x && dtype.isNumeric()) {
                one = x instanceof Double || x instanceof Float ? eq(x.doubleValue())
                        : scalar(ExprFn.EQUAL, Scalar.of(x.longValue()), false);
            } else {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "isin: cannot look for " + (v == null ? "null"
                        : v.getClass().getSimpleName() + " " + v) + " in series '" + name + "' of " + dtype + "; give "
                        + (dtype == DType.STRING ? "strings" : dtype.isNumeric() ? "numbers" : "dates"));
            }
            out = out == null ? one : out.or(one);
        }
        return out != null ? out : isna().and(notna());
    }

    private Series timestamp(ExprFn fn, long nanos) {
        if (dtype != DType.TIMESTAMP) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot compare series '" + name + "' of " + dtype
                    + " with a date; dates compare with datetime64[ns] series");
        }
        return map(fn, DType.BOOL, name, List.of(), Scalar.of(nanos), null, false);
    }

    private Series text(ExprFn fn, String s) {
        if (dtype == DType.TIMESTAMP) {
            return timestamp(fn, Timestamps.parse(Objects.requireNonNull(s, "s")));
        }
        if (dtype != DType.STRING) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot compare series '" + name + "' of " + dtype
                    + " with the string '" + s + "'");
        }
        return map(fn, DType.BOOL, name, List.of(), null, Objects.requireNonNull(s, "s"), false);
    }

    public Series and(Series o) { return binary(ExprFn.AND, o); }
    public Series or(Series o) { return binary(ExprFn.OR, o); }
    public Series xor(Series o) { return binary(ExprFn.XOR, o); }

    public Series not() {
        Exprs.requireBool(ExprFn.NOT, name, dtype);
        return map(ExprFn.NOT, DType.BOOL, name, List.of(), null, null, false);
    }

    public Series isna() { return map(ExprFn.ISNA, DType.BOOL, name, List.of(), null, null, false); }
    public Series notna() { return map(ExprFn.NOTNA, DType.BOOL, name, List.of(), null, null, false); }

    /** Nulls (and NaN) replaced by {@code v}; the type is kept (an int column's nulls get {@code (long) v}). */
    public Series fillna(double v) {
        if (!dtype.isNumeric()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot fill series '" + name + "' of " + dtype
                    + " with the number " + v + "; give a " + (dtype == DType.STRING ? "string" : "value of its type"));
        }
        return map(ExprFn.FILLNA, dtype, name, List.of(), Scalar.of(v), null, false);
    }

    public Series fillna(String v) {
        if (dtype != DType.STRING) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot fill series '" + name + "' of " + dtype
                    + " with the string '" + v + "'");
        }
        return map(ExprFn.FILLNA, dtype, name, List.of(), null, Objects.requireNonNull(v, "v"), false);
    }

    /** The values converted to {@code to}; a null cannot become an int or bool (INVALID_ARGUMENT when run). */
    public Series astype(DType to) {
        DataFrame.checkCast(name, dtype, to);
        return map(ExprFn.ASTYPE, to, name, List.of(), null, null, false);
    }

    /** pandas' {@code where(cond)}: this value where {@code cond} is true, else null. */
    public Series where(Series cond) {
        return whereOp(cond, null);
    }

    /** pandas' {@code where(cond, other)}: this value where {@code cond} is true, else {@code other}. */
    public Series where(Series cond, double other) {
        return whereOp(cond, Scalar.of(other));
    }

    private Series whereOp(Series cond, Scalar other) {
        Exprs.requireBool(ExprFn.WHERE, cond.name, cond.dtype);
        checkAligned(this, cond);
        DType out = dtype;
        if (other != null && dtype.isNumeric() && !dtype.isFloat() && dtype != DType.BOOL
                && other.kind() == io.mars.types.DataType.Kind.FLOAT && other.floatValue() == Math.rint(other.floatValue())
                && Math.abs(other.floatValue()) < 0x1p53) {
            other = Scalar.of((long) other.floatValue()); // pandas keeps int64 when the value is a whole number
        }
        if (other == null ? dtype.isLongBacked() && !dtype.isTemporal() : !dtype.isFloat()
                && (other.kind() == io.mars.types.DataType.Kind.FLOAT || dtype == DType.BOOL)) {
            out = DType.FLOAT64; // pandas: a missing or fractional value turns bool and int into float64
        }
        if (!dtype.isNumeric() && other != null) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot put the number " + other + " into series '"
                    + name + "' of " + dtype);
        }
        List<ColumnRef> args = List.of(new ColumnRef(1, cond.name), new ColumnRef(0, name));
        return new Series(new TableMap(labelled(Exprs.expr(name, out, ExprFn.WHERE, args, other, null, false))),
                List.of(this, cond), name, out, length, labels);
    }

    /**
     * pandas' {@code round(decimals)}: numpy's rounding, halves to even ({@code 2.5} to {@code 2.0}); ints stay ints
     * (negative decimals round them to tens, hundreds ...), bool is refused (pandas makes it float16).
     */
    public Series round(int decimals) {
        requireNumbers("round");
        return map(ExprFn.ROUND, dtype, name, List.of(), Scalar.of((long) decimals), null, false);
    }

    /**
     * pandas' {@code clip(lower, upper)}: values below {@code lower} become {@code lower}, above {@code upper}
     * {@code upper}; nulls stay; NaN for a bound means none; bounds given the wrong way round are swapped, as pandas
     * does. An int series stays int when both bounds are whole numbers, else becomes float64.
     */
    public Series clip(double lower, double upper) {
        requireNumbers("clip");
        if (lower > upper) {
            double t = lower;
            lower = upper;
            upper = t;
        }
        boolean whole = (Double.isNaN(lower) || lower == Math.rint(lower)) && (Double.isNaN(upper)
                || upper == Math.rint(upper));
        DType out = dtype.isFloat() || whole ? dtype : DType.FLOAT64;
        Series result = this;
        if (!Double.isNaN(lower)) {
            result = result.whereTyped(lt(lower).not(), out, bound(lower, out), null);
        }
        if (!Double.isNaN(upper)) {
            result = result.whereTyped(gt(upper).not(), out, bound(upper, out), null);
        }
        return result;
    }

    private static Scalar bound(double v, DType out) {
        return out.isFloat() ? Scalar.of(v) : Scalar.of((long) v);
    }

    /**
     * pandas' {@code replace(old, new)} of numbers: {@code newValue} where the value equals {@code oldValue}. An int
     * series stays int and takes only a whole {@code newValue} (pandas' dtype would depend on whether the value is
     * there: convert with astype(float64) first).
     */
    public Series replace(double oldValue, double newValue) {
        requireNumbers("replace");
        if (!dtype.isFloat() && newValue != Math.rint(newValue)) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "replace: series '" + name + "' of " + dtype
                    + " cannot take " + newValue + "; convert it with astype(float64) first");
        }
        if (Double.isNaN(oldValue)) {
            return fillna(newValue);
        }
        return whereTyped(ne(oldValue), dtype, bound(newValue, dtype), null);
    }

    /** pandas' {@code replace(old, new)} of strings: {@code newValue} where the value equals {@code oldValue}. */
    public Series replace(String oldValue, String newValue) {
        if (dtype != DType.STRING) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "replace: cannot look for the string '" + oldValue
                    + "' in series '" + name + "' of " + dtype);
        }
        return whereTyped(ne(Objects.requireNonNull(oldValue, "oldValue")), dtype, null,
                Objects.requireNonNull(newValue, "newValue"));
    }

    private void requireNumbers(String what) {
        if (!dtype.isNumeric() || dtype == DType.BOOL) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, what + " of series '" + name + "' of " + dtype
                    + " is not supported; give an int or float series");
        }
    }

    /** This value where {@code cond} is true, else {@code other} (a number) or {@code text}, as {@code out}. */
    Series whereTyped(Series cond, DType out, Scalar other, String text) {
        List<ColumnRef> args = List.of(new ColumnRef(1, cond.name), new ColumnRef(0, name));
        return new Series(new TableMap(labelled(Exprs.expr(name, out, ExprFn.WHERE, args, other, text, false))),
                List.of(this, cond), name, out, length, labels);
    }

    /** The same values under another name. */
    public Series rename(String newName) {
        return new Series(new TableMap(labelled(io.mars.common.operand.dataframe.ColumnExpr.column(newName, dtype,
                new ColumnRef(0, name)))), List.of(this), newName, dtype, length, labels);
    }

    // ----- rows -----

    /** The rows where {@code mask} (a bool series of the same length) is true. */
    public Series filter(Series mask) {
        DataFrame.checkMask(mask);
        checkAligned(this, mask);
        Series in = positioned();
        return new Series(new TableFilter(), List.of(in, mask), name, dtype, Shapes.UNKNOWN, in.labels);
    }

    public Series head(long n) {
        DataFrame.checkHead(n, length);
        if (op instanceof TableSortValues s && s.limit() < 0) {
            // the first values of a sort: a top-k, not a sort of every value
            return new Series(new TableSortValues(s.by(), s.ascending(), n), inputs, name, dtype,
                    length == Shapes.UNKNOWN ? Shapes.UNKNOWN : Math.min(n, length), labels);
        }
        return new Series(new TableHead(n), List.of(this), name, dtype,
                length == Shapes.UNKNOWN ? Shapes.UNKNOWN : Math.min(n, length), labels);
    }

    /** pandas' {@code tail(n)}: the last {@code n} values, keeping their labels. */
    public Series tail(long n) {
        return toFrame().tail(n).col(name);
    }

    /** pandas' {@code iloc[start:stop]} (see {@link DataFrame#iloc(long, long)}). */
    public Series iloc(long start, long stop) {
        return toFrame().iloc(start, stop).col(name);
    }

    /** pandas' {@code iloc[start:stop:step]}. */
    public Series iloc(long start, long stop, long step) {
        return toFrame().iloc(start, stop, step).col(name);
    }

    /** pandas' {@code iloc[[p, ...]]}. */
    public Series iloc(List<Long> positions) {
        return toFrame().iloc(positions).col(name);
    }

    public Series dropna() {
        return filter(notna());
    }

    // ----- running and window functions -----

    /** pandas' {@code cumsum()}: the running sum, skipping nulls (a null row stays null); bool counts in int64. */
    public Series cumsum() { return Windows.scan(this, io.mars.common.operand.dataframe.ScanFn.CUMSUM); }
    /** pandas' {@code cumprod()}: the running product, skipping nulls. */
    public Series cumprod() { return Windows.scan(this, io.mars.common.operand.dataframe.ScanFn.CUMPROD); }
    /** pandas' {@code cummax()}: the running maximum, skipping nulls; numbers and datetimes. */
    public Series cummax() { return Windows.scan(this, io.mars.common.operand.dataframe.ScanFn.CUMMAX); }
    /** pandas' {@code cummin()}: the running minimum, skipping nulls; numbers and datetimes. */
    public Series cummin() { return Windows.scan(this, io.mars.common.operand.dataframe.ScanFn.CUMMIN); }

    /** pandas' {@code ffill()}: each null replaced by the last value before it that is not null (leading nulls stay). */
    public Series ffill() { return Windows.scan(this, io.mars.common.operand.dataframe.ScanFn.FFILL); }

    /**
     * pandas' {@code shift(periods)}: the value {@code periods} rows before (after, when negative), null where there
     * is none; ints become float64 (as pandas, for the NaN shifted in), bool is refused (pandas makes it object).
     */
    public Series shift(long periods) {
        return Windows.window(this, io.mars.common.operand.dataframe.WindowFn.SHIFT, periods, 0);
    }

    /** pandas' {@code diff(periods)}: this value less the one {@code periods} rows before (after, when negative). */
    public Series diff(long periods) {
        return Windows.window(this, io.mars.common.operand.dataframe.WindowFn.DIFF, periods, 0);
    }

    /** {@code diff(1)}. */
    public Series diff() { return diff(1); }

    /**
     * pandas' {@code pct_change(periods)} (fill_method='pad'): nulls forward-filled, then this value over the one
     * {@code periods} rows before, less 1 (x / 0 is inf, 0 / 0 NaN).
     */
    public Series pctChange(long periods) {
        io.mars.common.operand.dataframe.WindowFn.PCT_CHANGE.outputType(name, dtype, periods);
        return Windows.window(ffill(), io.mars.common.operand.dataframe.WindowFn.PCT_CHANGE, periods, 0);
    }

    /** {@code pctChange(1)}. */
    public Series pctChange() { return pctChange(1); }

    /** pandas' {@code rolling(window)} (min_periods=window; for {@code count} 0, as pandas 1.5). */
    public Rolling<Series> rolling(int window) {
        return rolling(window, window, 0);
    }

    /** pandas' {@code rolling(window, min_periods=minPeriods)}. */
    public Rolling<Series> rolling(int window, int minPeriods) {
        return rolling(window, minPeriods, minPeriods);
    }

    private Rolling<Series> rolling(int window, int minPeriods, int countMinPeriods) {
        Windows.checkRolling(window, minPeriods);
        return new Rolling<>((fn, mp) -> Windows.window(this, fn, window, mp), minPeriods, countMinPeriods);
    }

    /**
     * pandas' {@code ewm(com | span | halflife | alpha, min_periods, adjust, ignore_na)}, e.g.
     * {@code s.ewm(EwmOptions.span(3).adjust(false)).mean()}; the series must be numeric or bool.
     */
    public Ewm<Series> ewm(EwmOptions options) {
        io.mars.common.operand.dataframe.EwmFn.MEAN.outputType(name, dtype);
        return new Ewm<>(options, List.of(name), op -> new Series(op, List.of(this), name, DType.FLOAT64, length,
                labels()));
    }

    /**
     * pandas' {@code interpolate()} (method='linear', limit_direction='forward'): a null between two values takes
     * the value on the straight line between them, by position (numpy's {@code interp}); nulls after the last value
     * take the last value, nulls before the first stay null. An int series has no nulls and is returned as it is.
     */
    public Series interpolate() {
        if (!dtype.isNumeric() || dtype == DType.BOOL) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "interpolate of series '" + name + "' of " + dtype
                    + " is not supported; give a float series");
        }
        if (!dtype.isFloat()) {
            return this;
        }
        Series known = notna();
        Series position = isna().or(known).cumsum().astype(DType.FLOAT64);
        Series at = position.where(known);
        Series before = at.ffill();
        Series previous = ffill();
        Series slope = bfill().subtract(previous).divide(at.bfill().subtract(before));
        return combineFirst(slope.multiply(position.subtract(before)).add(previous)).combineFirst(previous)
                .rename(name);
    }

    /** pandas' {@code expanding()} (min_periods=1). */
    public Expanding<Series> expanding() {
        return new Expanding<>(fn -> fn.apply(this));
    }

    // ----- reductions: a series of one row -----

    public Series sum() { return reduce(AggFn.SUM, 1); }

    /**
     * pandas' {@code sum(min_count=minCount)}: the sum, or null (NaN) when fewer than {@code minCount} values are not
     * null; {@code sum(1)} is SQL's {@code SUM}, null over no rows. A null result turns an int sum into float64.
     */
    public Series sum(int minCount) {
        if (minCount < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "min_count must be >= 0, got " + minCount);
        }
        return minCount == 0 ? sum() : sum().where(count().ge((double) minCount));
    }
    public Series mean() { return reduce(AggFn.MEAN, 1); }

    /** pandas' {@code prod()}: the product of the values that are not null (1 for none); bool and int give int64. */
    public Series prod() { return reduce(AggFn.PROD, 1); }
    public Series count() { return reduce(AggFn.COUNT, 1); }
    public Series min() { return reduce(AggFn.MIN, 1); }
    public Series max() { return reduce(AggFn.MAX, 1); }
    /** pandas' {@code var()}; refused for timedelta64[ns] (NON_NUMERIC_AGGREGATION), as pandas 1.5 refuses it. */
    public Series var() { return reduce(AggFn.VAR, 1); }
    /** pandas' {@code std()}; of a timedelta64[ns] series a timedelta (truncated to a nanosecond, as pandas). */
    public Series std() { return reduce(AggFn.STD, 1); }
    /** pandas' {@code var(ddof=ddof)}. */
    public Series var(int ddof) { return reduce(AggFn.VAR, ddof); }
    public Series std(int ddof) { return reduce(AggFn.STD, ddof); }

    private Series reduce(AggFn fn, int ddof) {
        AggSpec spec = DataFrame.aggSpec(name, dtype, fn, name, ddof);
        return new Series(new TableAggregate(List.of(), List.of(spec)), List.of(this), name, spec.outputType(), 1);
    }

    // ----- conversions -----

    /** This series as a one-column frame. */
    public DataFrame toFrame() {
        DataFrame frame = new DataFrame(new TableMap(labelled(io.mars.common.operand.dataframe.ColumnExpr.column(name,
                dtype, new ColumnRef(0, name)))), List.of(this), List.of(name), List.of(dtype), length, labels);
        return frame;
    }

    /** A 1-d tensor of the values; nulls become NaN in a float result (an int result with nulls fails when run). */
    public Tensor toTensor() {
        io.mars.types.DataType t = dtype.toTensorType();
        return Tensor.fromTileable(new DataFrameToTensor(t), withoutLabels(), t, new long[] {length});
    }

    // --- operations (df-ops) ---

    /** pandas' {@code sort_values(kind='stable')}, nulls last. */
    public Series sortValues() {
        return DataFrameOps.sortValues(this, true);
    }

    public Series sortValues(boolean ascending) {
        return DataFrameOps.sortValues(this, ascending);
    }

    /** pandas' {@code nlargest(n)} (keep='first'); nulls never count. */
    public Series nlargest(long n) {
        return DataFrameOps.nExtreme(toFrame(), n, name, true).col(name);
    }

    public Series nsmallest(long n) {
        return DataFrameOps.nExtreme(toFrame(), n, name, false).col(name);
    }

    /**
     * pandas' {@code median()}: a one-row float64 series (NaN when every value is null); of a timedelta64[ns] series
     * a timedelta (the middle of the nanoseconds in double, truncated; NaT when every value is NaT).
     */
    public Series median() {
        return DataFrameOps.median(this);
    }

    /**
     * pandas' {@code quantile(q)} (linear interpolation, nulls skipped): a one-row float64 series, NaN when every
     * value is null; of a timedelta64[ns] series a timedelta, interpolated in double and truncated, as pandas.
     */
    public Series quantile(double q) {
        if (!(q >= 0 && q <= 1)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "quantile: q must be between 0 and 1, got " + q);
        }
        if (!dtype.isNumeric() && dtype != DType.TIMEDELTA) {
            throw new MarsException(ErrorCode.NON_NUMERIC_AGGREGATION, "cannot compute quantile of series '" + name
                    + "' of dtype " + dtype + "; quantile needs a numeric (bool, int or float) or timedelta64[ns]"
                    + " column");
        }
        Series values = DataFrameOps.floatValues(this);
        return DataFrameOps.ofFloatNanos(DataFrames.fromTensor(values.toTensor().quantile(q).reshape(1), name)
                .col(name), dtype);
    }

    /** pandas' {@code mode()}: the values seen most often (nulls not counted), ascending, labelled by position. */
    public Series mode() {
        return DataFrameOps.mode(this);
    }

    /**
     * pandas' {@code idxmax()}: the label of the first largest value (nulls skipped), as a one-row series named as
     * this one; no row when every value is null (pandas raises).
     */
    public Series idxmax() {
        return nlargest(1).index().toSeries().rename(name);
    }

    /** pandas' {@code idxmin()}: the label of the first smallest value (see {@link #idxmax()}). */
    public Series idxmin() {
        return nsmallest(1).index().toSeries().rename(name);
    }

    /** pandas' {@code rank()}: method 'average'. */
    public Series rank() {
        return rank("average");
    }

    /**
     * pandas' {@code rank(method=method)} ascending, nulls kept null: float64 ranks from 1; ties get their average,
     * lowest or highest rank, ranks in order of appearance ('first'), or ranks without gaps ('dense').
     */
    public Series rank(String method) {
        return Ranks.rank(this, Objects.requireNonNull(method, "method"));
    }

    /**
     * pandas' {@code argsort(kind='stable')}: at the k-th row that is not null, the position (among the values that
     * are not null) of the k-th smallest value; -1 at a null row. int64, labelled by position.
     */
    public Series argsort() {
        return Ranks.argsort(this);
    }

    /** pandas' {@code nunique()}: the number of distinct non-null values, a one-row int64 series. */
    public Series nunique() {
        return DataFrameOps.nunique(this);
    }

    /** pandas' {@code unique()}: the distinct values (null once, if any) in order of first appearance. */
    public Series unique() {
        return DataFrameOps.dropDuplicates(withoutLabels()); // pandas gives an array: labelled by position here
    }

    /** pandas' {@code drop_duplicates()}. */
    public Series dropDuplicates() {
        return DataFrameOps.dropDuplicates(positioned());
    }

    /** pandas' {@code duplicated(keep)}: see {@link DataFrame#duplicated(List, String)}; named as the series. */
    public Series duplicated(String keep) {
        return toFrame().duplicated(List.of(name), keep).rename(name);
    }

    /** pandas' {@code duplicated()} (keep="first"). */
    public Series duplicated() {
        return duplicated("first");
    }

    /** pandas' {@code drop_duplicates(keep=keep)}: keep is first, last or none (see {@link DataFrame#dropDuplicates(List, String)}). */
    public Series dropDuplicates(String keep) {
        return DataFrameOps.dropDuplicates(toFrame(), List.of(), keep).col(name);
    }

    /**
     * pandas' {@code value_counts()} as a frame: this series' column of distinct non-null values and {@code count},
     * most frequent first (equal counts in value order).
     */
    public DataFrame valueCounts() {
        return DataFrameOps.valueCounts(this);
    }

    /**
     * pandas' {@code describe()} of a numeric or timedelta64[ns] series: a frame with columns {@code stat} and this
     * series' (of a timedelta series text, as pandas prints its object result: see {@link DataFrame#describe()}).
     */
    public DataFrame describe() {
        return Describe.of(toFrame());
    }

    /** pandas' {@code .str} accessor of a string series. */
    public StringAccessor str() {
        return new StringAccessor(this);
    }

    /** pandas' {@code .dt} accessor of a datetime64[ns] or timedelta64[ns] series. */
    public DatetimeAccessor dt() {
        return new DatetimeAccessor(this);
    }

    // --- index ---

    RowLabels labels() {
        return labels;
    }

    /** {@code out} plus, when this series' labels are stored, the map output passing them on (last). */
    private List<io.mars.common.operand.dataframe.ColumnExpr> labelled(io.mars.common.operand.dataframe.ColumnExpr out) {
        return labels.range() ? List.of(out) : List.of(out, labels.passOn(0));
    }

    /** This series with its labels stored (its positions computed as labels when they are a RangeIndex). */
    Series positioned() {
        if (labels.stored()) {
            return this;
        }
        if (positioned == null) {
            positioned = new Series(new io.mars.common.operand.dataframe.TableRowPositions(), List.of(this), name,
                    dtype, length, RowLabels.positions());
        }
        return positioned;
    }

    /** The same values labelled by position (pandas' {@code reset_index(drop=True)}). */
    Series withoutLabels() {
        if (labels.range()) {
            return this;
        }
        return new Series(new TableMap(List.of(io.mars.common.operand.dataframe.ColumnExpr.column(name, dtype,
                new ColumnRef(0, name)))), List.of(this), name, dtype, length);
    }

    /** {@code values} (computed row by row from this series) labelled as this series is. */
    Series withLabelsOf(Series values) {
        if (labels.range()) {
            return values;
        }
        return new Series(new TableMap(List.of(io.mars.common.operand.dataframe.ColumnExpr.column(values.name,
                values.dtype, new ColumnRef(0, values.name)), labels.passOn(1))), List.of(values, this), values.name,
                values.dtype, length, labels);
    }

    // ----- user functions -----

    /**
     * pandas' {@code Series.map(func)}: {@code fn} of every value, labels kept. Values come boxed as
     * {@link io.mars.types.Column#get} gives them; a missing value comes as null (NaN in a float series, as pandas
     * passes it); a null or NaN returned is a missing value. The result's dtype is inferred as Mars infers it, by
     * calling {@code fn} here on a mock value of this series' dtype (1, 1.5, "a", true, the epoch); declare it with
     * {@link #map(io.mars.types.ValueFunction, DType)} when the function cannot take that value.
     */
    public <T, R> Series map(io.mars.types.ValueFunction<T, R> fn) {
        return UserFunctionOps.map(this, fn, null, "Series.map");
    }

    /** {@link #map(io.mars.types.ValueFunction)} with the result's dtype declared (the function is not called here). */
    public <T, R> Series map(io.mars.types.ValueFunction<T, R> fn, DType dtype) {
        return UserFunctionOps.map(this, fn, Objects.requireNonNull(dtype, "dtype"), "Series.map");
    }

    /** pandas' {@code Series.apply(func)}, which for a function of one value is {@link #map}. */
    public <T, R> Series apply(io.mars.types.ValueFunction<T, R> fn) {
        return UserFunctionOps.map(this, fn, null, "Series.apply");
    }

    /** {@link #apply(io.mars.types.ValueFunction)} with the result's dtype declared. */
    public <T, R> Series apply(io.mars.types.ValueFunction<T, R> fn, DType dtype) {
        return UserFunctionOps.map(this, fn, Objects.requireNonNull(dtype, "dtype"), "Series.apply");
    }

    /** pandas' {@code s.index}: the row labels, lazily. */
    public Index index() {
        Series in = positioned();
        return Index.of(in, in.labels, length);
    }

    /** pandas' {@code reset_index(drop=True)}: the values labelled by position. */
    public Series resetIndex() {
        return withoutLabels();
    }

    /** pandas' {@code sort_index(ascending=ascending, kind='stable')}. */
    public Series sortIndex(boolean ascending) {
        if (labels.range() && ascending) {
            return this;
        }
        Series in = positioned();
        return new Series(new io.mars.common.operand.dataframe.TableSortValues(List.of(RowLabels.COLUMN),
                List.of(ascending)), List.of(in), name, dtype, length, in.labels);
    }

    /** pandas' {@code s.loc[[label]]}: the values labelled {@code label}; LABEL_NOT_FOUND (when run) if none is. */
    public Series loc(long label) {
        return toFrame().loc(label).col(name);
    }

    public Series loc(double label) {
        return toFrame().loc(label).col(name);
    }

    public Series loc(String label) {
        return toFrame().loc(label).col(name);
    }

    /** pandas' {@code s.loc[from:to]} on a sorted index (see {@link DataFrame#loc(long, long)}). */
    public Series loc(long from, long to) {
        return toFrame().loc(from, to).col(name);
    }

    public Series loc(double from, double to) {
        return toFrame().loc(from, to).col(name);
    }

    public Series loc(String from, String to) {
        return toFrame().loc(from, to).col(name);
    }

    // --- end index ---

    // ----- issue 18, everyday members: pandas aliases, statistics by composition -----

    /** pandas' {@code isnull()}, the same as {@link #isna()}. */
    public Series isnull() { return isna(); }
    /** pandas' {@code notnull()}, the same as {@link #notna()}. */
    public Series notnull() { return notna(); }

    /** pandas' {@code mask(cond)}: null where {@code cond} is true, this value elsewhere. */
    public Series mask(Series cond) {
        return where(requireBoolCond(cond).not());
    }

    /** pandas' {@code mask(cond, other)}: {@code other} where {@code cond} is true, this value elsewhere. */
    public Series mask(Series cond, double other) {
        return where(requireBoolCond(cond).not(), other);
    }

    private static Series requireBoolCond(Series cond) {
        Exprs.requireBool(ExprFn.WHERE, cond.name, cond.dtype);
        return cond;
    }

    public Series sub(Series o) { return subtract(o); }
    public Series sub(double s) { return subtract(s); }
    public Series mul(Series o) { return multiply(o); }
    public Series mul(double s) { return multiply(s); }
    public Series div(Series o) { return divide(o); }
    public Series div(double s) { return divide(s); }
    public Series truediv(Series o) { return divide(o); }
    public Series truediv(double s) { return divide(s); }
    public Series floordiv(Series o) { return floorDivide(o); }
    public Series floordiv(long s) { return floorDivide(s); }
    public Series pow(double s) { return power(s); }
    /** {@code s + this}. */
    public Series radd(double s) { return scalar(ExprFn.ADD, Scalar.of(s), true); }
    /** {@code s - this}. */
    public Series rsub(double s) { return rsubtract(s); }
    /** {@code s * this}. */
    public Series rmul(double s) { return scalar(ExprFn.MULTIPLY, Scalar.of(s), true); }
    /** {@code s / this}. */
    public Series rdiv(double s) { return rdivide(s); }
    /** {@code s / this}. */
    public Series rtruediv(double s) { return rdivide(s); }
    /** {@code s // this}. */
    public Series rfloordiv(long s) { return scalar(ExprFn.FLOOR_DIVIDE, Scalar.of(s), true); }
    /** {@code s % this}. */
    public Series rmod(long s) { return scalar(ExprFn.MOD, Scalar.of(s), true); }
    /** {@code s ** this}. */
    public Series rpow(double s) { return scalar(ExprFn.POWER, Scalar.of(s), true); }

    /**
     * pandas' {@code add(other, fill_value=v)}: a null on one side is read as {@code v}; null where both are null.
     * Both series numeric; the result is float64 when either is float (or {@code v} is fractional).
     */
    public Series add(Series o, double fillValue) { return Moments.filled(this, o, fillValue).add(Moments.filledOther(this, o, fillValue)); }
    public Series sub(Series o, double fillValue) { return Moments.filled(this, o, fillValue).subtract(Moments.filledOther(this, o, fillValue)); }
    public Series mul(Series o, double fillValue) { return Moments.filled(this, o, fillValue).multiply(Moments.filledOther(this, o, fillValue)); }
    public Series div(Series o, double fillValue) { return Moments.filled(this, o, fillValue).divide(Moments.filledOther(this, o, fillValue)); }

    /** pandas' {@code sem(ddof=1)}: the standard error of the mean, {@code std / sqrt(count)}, float64. */
    public Series sem() { return Moments.sem(this, 1); }
    public Series sem(int ddof) { return Moments.sem(this, ddof); }

    /** pandas' {@code skew()}: the adjusted Fisher-Pearson skewness (nulls skipped; NaN below 3 values). */
    public Series skew() { return Moments.skew(this); }

    /** pandas' {@code kurt()}: Fisher's excess kurtosis, bias-corrected (nulls skipped; NaN below 4 values). */
    public Series kurt() { return Moments.kurt(this); }
    /** pandas' {@code kurtosis()}, the same as {@link #kurt()}. */
    public Series kurtosis() { return kurt(); }

    /** pandas' {@code cov(other)}: the sample covariance over the rows where both are not null, float64. */
    public Series cov(Series other) { return Moments.cov(this, other, 1); }
    public Series cov(Series other, int ddof) { return Moments.cov(this, other, ddof); }

    /** pandas' {@code corr(other)} (Pearson) over the rows where both are not null, float64. */
    public Series corr(Series other) { return Moments.corr(this, other); }

    /** pandas' {@code autocorr(lag)}: {@code corr(shift(lag))}. */
    public Series autocorr(int lag) { return corr(shift(lag)); }
    public Series autocorr() { return autocorr(1); }

    /** pandas' {@code dot(other)}: the sum of the products (a null makes pandas' result NaN; here too). */
    public Series dot(Series other) { return Moments.dot(this, other); }

    /** pandas' {@code any()}: true when a value is true (non-zero for numbers); nulls skipped. One-row bool. */
    public Series any() { return Moments.any(this); }

    /** pandas' {@code all()}: true when every value is true (non-zero for numbers); nulls skipped. One-row bool. */
    public Series all() { return Moments.all(this); }

    /**
     * pandas' {@code map(dict)}: each value replaced by its entry in {@code mapping}, null when it has none (or is
     * null). Keys are read as this series' values (numbers as its int or float type, {@code LocalDate}s or
     * {@code Instant}s for dates, {@code Duration}s for timedeltas); a key of another kind never matches. The
     * result's dtype comes from the mapping's values: text, bool, int64 (pandas gives float64 when some value is not
     * found: declare it with {@link #map(java.util.Map, DType)}), float64 when a value is fractional (a {@code
     * Double} or {@code Float}), datetime64[ns] ({@code Instant}s or {@code LocalDate}s, as UTC) or timedelta64[ns]
     * ({@code Duration}s); float64 when every value is null. Values of two kinds (text and numbers: pandas makes
     * object) are UNSUPPORTED_DTYPE.
     */
    public Series map(java.util.Map<?, ?> mapping) {
        return mapDict(mapping, null);
    }

    /**
     * {@link #map(java.util.Map)} with the result's dtype declared, as pandas' {@code map(dict).astype(dtype)}: int
     * values into float64 (pandas' dtype when some value is not found), whole numbers into int64, dates or durations
     * into their dtypes. A value the dtype cannot hold (text for a number, 1.5 for int64) is UNSUPPORTED_DTYPE naming
     * its key.
     */
    public Series map(java.util.Map<?, ?> mapping, DType dtype) {
        return mapDict(mapping, Objects.requireNonNull(dtype, "dtype"));
    }

    private Series mapDict(java.util.Map<?, ?> mapping, DType declared) {
        Objects.requireNonNull(mapping, "mapping");
        DType inferred = null;
        for (java.util.Map.Entry<?, ?> e : mapping.entrySet()) {
            Object v = e.getValue();
            DType t = mapValueKind(v);
            if (v != null && t == null) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "map: the value " + v + " of key " + e.getKey()
                        + " is a " + v.getClass().getSimpleName() + "; give strings, bools, numbers, Instants,"
                        + " LocalDates or Durations");
            }
            if (declared == null && t != null && inferred != null && t != inferred) {
                boolean numbers = (t == DType.INT64 || t == DType.FLOAT64)
                        && (inferred == DType.INT64 || inferred == DType.FLOAT64);
                if (!numbers) {
                    throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "map: the mapping's values mix " + inferred
                            + " and " + t + " (pandas would make object); give values of one kind");
                }
                t = DType.FLOAT64;
            }
            inferred = t != null ? t : inferred;
        }
        DType result = declared != null ? declared : inferred == null ? DType.FLOAT64 : inferred;
        java.util.HashMap<Object, Object> keyed = new java.util.HashMap<>();
        for (java.util.Map.Entry<?, ?> e : mapping.entrySet()) {
            Object key = mapKey(e.getKey());
            if (key != null) {
                keyed.put(key, mapValue(e.getKey(), e.getValue(), result));
            }
        }
        return map((io.mars.types.ValueFunction<Object, Object>) v -> v == null ? null : keyed.get(v), result);
    }

    /** The dtype a value of {@link #map(java.util.Map)}'s mapping calls for, or null (for null, or no dtype). */
    private static DType mapValueKind(Object v) {
        if (v instanceof String) {
            return DType.STRING;
        }
        if (v instanceof Boolean) {
            return DType.BOOL;
        }
        if (v instanceof Double || v instanceof Float) {
            return DType.FLOAT64;
        }
        if (v instanceof Number) {
            return DType.INT64;
        }
        if (v instanceof java.time.Instant || v instanceof java.time.LocalDate) {
            return DType.TIMESTAMP;
        }
        return v instanceof java.time.Duration ? DType.TIMEDELTA : null;
    }

    /** A value of {@link #map(java.util.Map)}'s mapping as a value of {@code dtype}, as a column of it takes it. */
    private static Object mapValue(Object key, Object v, DType dtype) {
        if (v == null) {
            return null;
        }
        Object out = switch (dtype) {
            case STRING -> v instanceof String ? v : null;
            case BOOL -> v instanceof Boolean ? v : null;
            case INT32, INT64 -> v instanceof Number n && !(n instanceof Double || n instanceof Float)
                    ? (Object) n.longValue() : v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())
                    && !Double.isInfinite(n.doubleValue()) ? (Object) (long) n.doubleValue() : null;
            case FLOAT32, FLOAT64 -> v instanceof Number n ? (Object) n.doubleValue() : null;
            case TIMESTAMP -> v instanceof java.time.Instant ? v : v instanceof java.time.LocalDate d
                    ? d.atStartOfDay(java.time.ZoneOffset.UTC).toInstant() : null;
            case TIMEDELTA -> v instanceof java.time.Duration ? v : null;
        };
        if (out == null) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "map: the value " + v + " of key " + key + " (a "
                    + v.getClass().getSimpleName() + ") does not fit the declared dtype " + dtype + "; give values of"
                    + " that kind, or another dtype");
        }
        return out;
    }

    /** A key of {@link #map(java.util.Map)} as this series' value type, or null when it cannot be one. */
    private Object mapKey(Object k) {
        if (k == null) {
            return null;
        }
        return switch (dtype) {
            case STRING -> k instanceof String ? k : null;
            case BOOL -> k instanceof Boolean ? k : null;
            case INT32 -> k instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) ? n.intValue() : null;
            case INT64 -> k instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) ? n.longValue() : null;
            case FLOAT32 -> k instanceof Number n ? n.floatValue() : null;
            case FLOAT64 -> k instanceof Number n ? n.doubleValue() : null;
            case TIMESTAMP -> k instanceof java.time.Instant ? k : k instanceof java.time.LocalDate d
                    ? d.atStartOfDay(java.time.ZoneOffset.UTC).toInstant() : null;
            case TIMEDELTA -> k instanceof java.time.Duration ? k : null;
        };
    }

    /** pandas' {@code hasnans}: whether some value is null; a one-row bool series. */
    public Series hasnans() {
        return isna().astype(DType.INT64).sum().gt(0.0).rename(name);
    }

    /** pandas' {@code is_unique}: whether no value repeats (nulls equal to each other, as pandas); one-row bool. */
    public Series isUnique() {
        return duplicated().astype(DType.INT64).sum().eq(0.0).rename(name);
    }

    /**
     * pandas' {@code is_monotonic_increasing}: whether each value is at least the one before it; false when a value
     * is null, true for no rows; a one-row bool series. Numbers, bools, text and dates.
     */
    public Series isMonotonicIncreasing() {
        return monotonic(true);
    }

    /** pandas' {@code is_monotonic_decreasing}: as {@link #isMonotonicIncreasing()}, each at most the one before. */
    public Series isMonotonicDecreasing() {
        return monotonic(false);
    }

    private Series monotonic(boolean up) {
        Series s = dtype == DType.BOOL ? astype(DType.INT64) : this;
        Series before = s.shift(1);
        Series wrong = (up ? s.lt(before) : s.gt(before)).and(before.notna());
        return wrong.or(s.isna()).astype(DType.INT64).sum().eq(0.0).rename(name);
    }

    /** pandas' {@code combine_first(other)}: this value, or {@code other}'s where this one is null (numeric). */
    public Series combineFirst(Series other) { return Moments.combineFirst(this, other); }

    /** pandas' {@code bfill()}: a null takes the next value that is not null (the reversed rows' {@code ffill}). */
    public Series bfill() {
        return iloc(-1, Long.MIN_VALUE, -1).ffill().iloc(-1, Long.MIN_VALUE, -1);
    }

    /** pandas' {@code pipe(fn)}: {@code fn.apply(this)}, for chains of calls. */
    public <R> R pipe(java.util.function.Function<? super Series, R> fn) {
        return Objects.requireNonNull(fn, "fn").apply(this);
    }

    /** pandas' {@code sample(n, random_state=seed)}: see {@link DataFrame#sample(long, long)}. */
    public Series sample(long n, long seed) {
        return toFrame().sample(n, seed).col(name);
    }

    @Override
    public String toString() {
        return io.mars.Eager.printed(this).orElseGet(this::toLazyString);
    }

    /** What the series is without computing it: its name, dtype and length. */
    public String toLazyString() {
        return "Series[" + name + ", " + dtype + ", " + (length == Shapes.UNKNOWN ? "?" : length) + " rows]";
    }
}
