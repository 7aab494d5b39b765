package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.AggFn;
import io.mars.common.operand.dataframe.AggSpec;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A dataframe grouped by key columns (pandas' {@code groupby(keys, as_index=False)}): aggregations give one row per
 * distinct non-null key tuple, sorted by the keys, the key columns first. Computed as a tree: partial aggregates
 * per chunk, then merged a few at a time by a tree when they hold few rows ({@code mars.dataframe.shuffle-groups}),
 * otherwise range-partitioned by the keys and merged part by part (a shuffle).
 */
public final class GroupBy {
    private final DataFrame frame;
    private final List<String> keys;

    GroupBy(DataFrame frame, List<String> keys) {
        this.frame = frame;
        this.keys = List.copyOf(keys);
    }

    /**
     * pandas' {@code groupby(keys, sort=True, dropna=True, group_keys=False).apply(func)} for a function of a group
     * returning a frame: {@code fn} of every group (its rows, key columns included, in input order, as a
     * {@link io.mars.types.LocalTable}), the results one after the other in key order, labelled by position; groups
     * whose key holds a null are left out. The result's columns and dtypes are inferred as in
     * {@link DataFrame#mapPartitions}: by calling {@code fn} here on a mock group of 2 rows. Several chunks are
     * range-partitioned by the keys first (a shuffle), so every group is whole where its function runs.
     */
    public DataFrame apply(io.mars.types.TableFunction fn) {
        return UserFunctionOps.groupApply(frame, keys, fn, null, null);
    }

    /** {@link #apply(io.mars.types.TableFunction)} with the result's columns declared. */
    public DataFrame apply(io.mars.types.TableFunction fn, List<String> columns, List<DType> dtypes) {
        return UserFunctionOps.groupApply(frame, keys, fn, Objects.requireNonNull(columns, "columns"), dtypes);
    }

    /** pandas' named aggregation {@code agg(output=(column, fn))}. */
    public record NamedAgg(String output, String column, String fn) {
        public NamedAgg {
            Objects.requireNonNull(output, "output");
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(fn, "fn");
        }
    }

    public static NamedAgg named(String output, String column, String fn) {
        return new NamedAgg(output, column, fn);
    }

    /** Named aggregations, in order. */
    public DataFrame agg(NamedAgg... aggs) {
        List<AggSpec> specs = new ArrayList<>(aggs.length);
        for (NamedAgg a : aggs) {
            specs.add(spec(a.column(), AggFn.fromName(a.fn()), a.output(), 1));
        }
        return build(specs);
    }

    /**
     * pandas' {@code agg({column: [fns]})}; with more than one function per column the outputs are named
     * {@code column_fn} (pandas makes a two-level column index), with one the column's own name.
     */
    public DataFrame agg(Map<String, List<String>> fns) {
        List<AggSpec> specs = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : fns.entrySet()) {
            for (String fn : e.getValue()) {
                String out = e.getValue().size() == 1 ? e.getKey() : e.getKey() + "_" + fn;
                specs.add(spec(e.getKey(), AggFn.fromName(fn), out, 1));
            }
        }
        return build(specs);
    }

    public DataFrame sum() { return all(AggFn.SUM, 1); }
    public DataFrame mean() { return all(AggFn.MEAN, 1); }
    public DataFrame count() { return all(AggFn.COUNT, 1); }
    public DataFrame min() { return all(AggFn.MIN, 1); }
    public DataFrame max() { return all(AggFn.MAX, 1); }
    public DataFrame var() { return all(AggFn.VAR, 1); }
    public DataFrame std() { return all(AggFn.STD, 1); }
    public DataFrame first() { return all(AggFn.FIRST, 1); }
    public DataFrame last() { return all(AggFn.LAST, 1); }
    /** pandas' {@code prod()}: every non-key column's product per group (1 for a group of nulls; int64 for ints). */
    public DataFrame prod() { return all(AggFn.PROD, 1); }

    /** pandas' {@code size()} with {@code as_index=False}: the keys and a {@code size} column. */
    public DataFrame size() {
        return build(List.of(new AggSpec(keys.get(0), frame.dtype(keys.get(0)), AggFn.SIZE, "size", 1)));
    }

    /**
     * pandas' {@code groupby(keys, as_index=False)[column].nunique()}: the keys and {@code column}, the number of
     * distinct non-null values of the column in each group. Computed as two groupbys (of the keys and the column,
     * then of the keys), so it shuffles like any groupby when the groups are many. A group whose values are all null
     * is left out (pandas gives it 0).
     */
    public DataFrame nunique(String column) {
        return nunique(column, column);
    }

    /** {@link #nunique(String)} with the count named {@code output} (pandas' {@code agg(output=(column, 'nunique'))}). */
    public DataFrame nunique(String column, String output) {
        frame.dtype(column);
        if (keys.contains(column)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "column '" + column + "' is a groupby key; count the"
                    + " distinct values of another column");
        }
        List<String> both = new ArrayList<>(keys);
        both.add(column);
        DataFrame distinct = frame.select(both.toArray(String[]::new)).groupBy(both.toArray(String[]::new)).size();
        return distinct.groupBy(keys.toArray(String[]::new)).agg(named(output, column, "count"));
    }

    /**
     * pandas' {@code cumcount()}: each row's position within its group (0, 1, ...) in frame order, an int64 series
     * labelled by position; null for a row whose key is null (pandas gives NaN there, and float64).
     */
    public Series cumcount() {
        return Ranks.cumcount(frame, keys);
    }

    /**
     * pandas' {@code median()} with {@code as_index=False}: the keys and the median of every non-key column (each
     * numeric), float64; NaN for a group whose values are all null. A timedelta64[ns] column gives timedeltas (NaT
     * skipped, where pandas 1.5.3 misreads it).
     */
    public DataFrame median() {
        return Ranks.groupMedian(frame, keys);
    }

    /**
     * pandas' {@code cumsum()}: every non-key column's running sum within its group (each numeric), in frame order,
     * labelled by position; null for a row whose key is null (pandas gives NaN there, and float64).
     */
    public DataFrame cumsum() {
        return Ranks.groupCumsum(frame, keys);
    }

    /**
     * pandas' {@code transform(fn)} with an aggregation's name ("sum", "mean", "min", "max", "count", ...): every
     * non-key column replaced, row by row, by its group's aggregate; null for a row whose key is null. Labelled by
     * position. The aggregates are joined back to the rows, so an int aggregate comes as float64 (a left join's
     * rule), where pandas keeps int64 when no key is null.
     */
    public DataFrame transform(String fn) {
        return Ranks.transform(frame, keys, Objects.requireNonNull(fn, "fn"));
    }

    /**
     * pandas' {@code filter(lambda g: len(g) >= minSize)}: the rows of the groups of at least {@code minSize} rows,
     * in frame order; rows whose key is null are left out. Labelled by position.
     */
    public DataFrame filterBySize(long minSize) {
        return Ranks.filterBySize(frame, keys, minSize);
    }

    /** pandas' {@code head(n)}: the first {@code n} rows of each group, in frame order, labelled by position. */
    public DataFrame head(long n) {
        if (n < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "groupby head(n) needs n >= 0, got " + n);
        }
        DataFrame rows = frame.withoutLabels();
        return rows.filter(cumcount().lt((double) n));
    }

    /** pandas' {@code tail(n)}: the last {@code n} rows of each group, in frame order, labelled by position. */
    public DataFrame tail(long n) {
        if (n < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "groupby tail(n) needs n >= 0, got " + n);
        }
        return frame.withoutLabels().filter(Ranks.cumcount(frame, keys, false).lt((double) n));
    }

    // ----- issue 18, everyday members -----

    /** pandas' {@code pipe(fn)}: {@code fn.apply(this)}. */
    public <R> R pipe(java.util.function.Function<? super GroupBy, R> fn) {
        return Objects.requireNonNull(fn, "fn").apply(this);
    }

    /**
     * pandas' {@code nth(n)}: the {@code n}-th row of each group ({@code -1} the last), in frame order, labelled by
     * position; rows whose key is null are left out.
     */
    public DataFrame nth(long n) {
        Series number = n >= 0 ? cumcount() : Ranks.cumcount(frame, keys, false);
        return frame.withoutLabels().filter(number.eq((double) (n >= 0 ? n : -n - 1)));
    }

    /** pandas' {@code ngroups}: the number of groups (null keys left out), as a one-row int64 series. */
    public Series ngroups() {
        return size().col("size").count().rename("ngroups");
    }

    /** pandas' {@code sem(ddof=1)} with {@code as_index=False}: the keys and every non-key column's std / sqrt(count). */
    public DataFrame sem() {
        List<NamedAgg> aggs = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (String c : frame.columns()) {
            if (!keys.contains(c)) {
                values.add(c);
                aggs.add(named(c, c, "std"));
                aggs.add(named("__mars_count_" + c, c, "count"));
            }
        }
        DataFrame both = agg(aggs.toArray(NamedAgg[]::new));
        DataFrame out = both;
        for (String c : values) {
            out = out.assign(c, both.col(c).divide(both.col("__mars_count_" + c).astype(DType.FLOAT64).power(0.5))
                    .rename(c));
        }
        List<String> keep = new ArrayList<>(keys);
        keep.addAll(values);
        return out.select(keep);
    }

    /**
     * pandas' {@code shift(periods)}: every non-key column shifted within its group (null where the value would come
     * from another group), in frame order, labelled by position; int columns become float64.
     */
    public DataFrame shift(long periods) {
        return GroupWindows.apply(frame, keys, periods, GroupWindows.Kind.SHIFT);
    }

    /** pandas' {@code diff(periods)} within each group (int or float columns), float64, in frame order. */
    public DataFrame diff(long periods) {
        return GroupWindows.apply(frame, keys, periods, GroupWindows.Kind.DIFF);
    }

    public DataFrame diff() {
        return diff(1);
    }

    /** pandas' {@code pct_change(periods, fill_method=None)} within each group, float64, in frame order. */
    public DataFrame pctChange(long periods) {
        return GroupWindows.apply(frame, keys, periods, GroupWindows.Kind.PCT_CHANGE);
    }

    public DataFrame pctChange() {
        return pctChange(1);
    }

    /**
     * pandas' {@code quantile(q)} with {@code as_index=False} (linear interpolation): the keys and every non-key
     * column's quantile (each numeric), float64; NaN for a group whose values are all null. A timedelta64[ns] column
     * gives timedeltas, interpolated as pandas does in double and truncated.
     */
    public DataFrame quantile(double q) {
        return Ranks.groupQuantile(frame, keys, q);
    }

    /**
     * pandas' {@code rank(method)} (average, min, max, first, dense; ascending, nulls kept null): every non-key
     * column ranked within its group, float64, in frame order, labelled by position.
     */
    public DataFrame rank(String method) {
        return GroupWindows.rank(frame, keys, method);
    }

    public DataFrame rank() {
        return rank("average");
    }

    /**
     * pandas' {@code rolling(window)} per group: {@code .sum()}, {@code .mean()}, {@code .count()}, {@code .min()},
     * {@code .max()} of every non-key column over each row's window within its group, in frame order (pandas orders
     * the rows by group).
     */
    public Rolling rolling(int window) {
        return rolling(window, window);
    }

    public Rolling rolling(int window, int minPeriods) {
        if (window < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "groupby rolling: window must be at least 1, got "
                    + window);
        }
        if (minPeriods < 0 || minPeriods > window) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "groupby rolling: min_periods must be in [0, "
                    + window + "], got " + minPeriods);
        }
        return new Rolling(this, window, minPeriods);
    }

    /** A window per group: pandas' {@code RollingGroupby}. */
    public static final class Rolling {
        private final GroupBy groups;
        private final int window;
        private final int minPeriods;

        private Rolling(GroupBy groups, int window, int minPeriods) {
            this.groups = groups;
            this.window = window;
            this.minPeriods = minPeriods;
        }

        public DataFrame sum() {
            return GroupWindows.rolling(groups.frame, groups.keys, window, minPeriods, "sum");
        }

        public DataFrame mean() {
            return GroupWindows.rolling(groups.frame, groups.keys, window, minPeriods, "mean");
        }

        public DataFrame count() {
            return GroupWindows.rolling(groups.frame, groups.keys, window, minPeriods, "count");
        }

        public DataFrame min() {
            return GroupWindows.rolling(groups.frame, groups.keys, window, minPeriods, "min");
        }

        public DataFrame max() {
            return GroupWindows.rolling(groups.frame, groups.keys, window, minPeriods, "max");
        }

        /** The sample variance (ddof 1) of each window within its group, NaN for fewer than two values. */
        public DataFrame var() {
            return GroupWindows.rolling(groups.frame, groups.keys, window, minPeriods, "var");
        }

        /** The sample standard deviation (ddof 1) of each window within its group. */
        public DataFrame std() {
            return GroupWindows.rolling(groups.frame, groups.keys, window, minPeriods, "std");
        }
    }

    /**
     * pandas' {@code cumprod()}: every non-key column's running product within its group (each int or float), in
     * frame order, labelled by position; nulls skipped and kept null; null for a row whose key is null (pandas: NaN).
     */
    public DataFrame cumprod() {
        return GroupWindows.scan(frame, keys, io.mars.common.operand.dataframe.ScanFn.CUMPROD);
    }

    /** pandas' {@code cummax()}: as {@link #cumprod()}, the running maximum. */
    public DataFrame cummax() {
        return GroupWindows.scan(frame, keys, io.mars.common.operand.dataframe.ScanFn.CUMMAX);
    }

    /** pandas' {@code cummin()}: as {@link #cumprod()}, the running minimum. */
    public DataFrame cummin() {
        return GroupWindows.scan(frame, keys, io.mars.common.operand.dataframe.ScanFn.CUMMIN);
    }

    /**
     * pandas' {@code ewm(...)} per group ({@code .mean()}, {@code .sum()}, {@code .var()}, {@code .std()} of every
     * non-key column, each numeric or bool): the recurrences of {@link Series#ewm(EwmOptions)} run within each
     * group; float64, in frame order (pandas orders the rows by group); null for a row whose key is null.
     */
    public Ewm<DataFrame> ewm(EwmOptions options) {
        List<String> values = new ArrayList<>();
        for (String c : frame.columns()) {
            if (!keys.contains(c)) {
                io.mars.common.operand.dataframe.EwmFn.MEAN.outputType(c, frame.dtype(c));
                values.add(c);
            }
        }
        return new Ewm<>(options, values, op -> GroupWindows.ewm(frame, keys, values, op));
    }

    /**
     * pandas' {@code idxmax()} with {@code as_index=False}: per group and non-key column (numeric or dates), the row
     * label of the largest value (the first on ties); float64 labels, null for a group of nulls.
     */
    public DataFrame idxmax() {
        return GroupWindows.idx(frame, keys, true);
    }

    /** pandas' {@code idxmin()}: as {@link #idxmax()}, the smallest value. */
    public DataFrame idxmin() {
        return GroupWindows.idx(frame, keys, false);
    }

    /**
     * pandas' {@code any()}: whether some value of each non-key column (bool, or a number not zero) is true in each
     * group; nulls skipped (a group of nulls gives false). The keys and bool columns, as the aggregations.
     */
    public DataFrame any() {
        return truths(true);
    }

    /** pandas' {@code all()}: whether every value that is not null is true in each group (true for none). */
    public DataFrame all() {
        return truths(false);
    }

    private DataFrame truths(boolean any) {
        DataFrame t = frame;
        for (String c : frame.columns()) {
            if (keys.contains(c)) {
                continue;
            }
            Series s = frame.col(c);
            if (!s.dtype().isNumeric()) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "groupby " + (any ? "any" : "all") + " of column '"
                        + c + "' of " + s.dtype() + " is not supported; select bool or numeric columns");
            }
            Series truth = s.dtype() == DType.BOOL ? s : s.ne(0.0);
            t = t.assign(c, (any ? truth.and(s.notna()) : truth.or(s.isna())).rename(c));
        }
        GroupBy g = t.groupBy(keys.toArray(String[]::new));
        return any ? g.max() : g.min();
    }

    /** pandas' {@code bfill()}: a null takes the first value after it in its group; in frame order. */
    public DataFrame bfill() {
        return GroupWindows.apply(frame, keys, -1, GroupWindows.Kind.FFILL);
    }

    /**
     * pandas' {@code ngroup()}: each row's group number (groups numbered 0, 1, ... in key order), in frame order;
     * int64 labelled by position, null for a row whose key is null (pandas gives NaN there, and float64).
     */
    public Series ngroup() {
        return GroupWindows.ngroup(frame, keys);
    }

    /** pandas' {@code ffill()}: a null takes the last value before it in its group; in frame order. */
    public DataFrame ffill() {
        return GroupWindows.apply(frame, keys, 0, GroupWindows.Kind.FFILL);
    }

    /** {@code fn} of every non-key column. */
    private DataFrame all(AggFn fn, int ddof) {
        List<AggSpec> specs = new ArrayList<>();
        for (String c : frame.columns()) {
            if (!keys.contains(c)) {
                specs.add(spec(c, fn, c, ddof));
            }
        }
        return build(specs);
    }

    private AggSpec spec(String column, AggFn fn, String output, int ddof) {
        if (keys.contains(column) && fn != AggFn.SIZE) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "column '" + column + "' is a groupby key; aggregate"
                    + " other columns");
        }
        if (fn == AggFn.STD && frame.dtype(column) == DType.TIMEDELTA) {
            // pandas 1.5.3's groupby std casts the timedeltas to float64 and raises (its var gives NaT)
            throw new MarsException(ErrorCode.NON_NUMERIC_AGGREGATION, "cannot compute groupby std of column '"
                    + column + "' of dtype " + DType.TIMEDELTA + "; pandas 1.5 refuses it (the std of a timedelta64[ns]"
                    + " series or frame is there)");
        }
        return DataFrame.aggSpec(column, frame.dtype(column), fn, output, ddof);
    }

    private DataFrame build(List<AggSpec> specs) {
        List<String> names = new ArrayList<>(keys);
        List<DType> types = new ArrayList<>();
        for (String k : keys) {
            types.add(frame.dtype(k));
        }
        for (AggSpec s : specs) {
            if (names.contains(s.output())) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "aggregation output '" + s.output()
                        + "' repeats a column name; name each output differently");
            }
            names.add(s.output());
            types.add(s.outputType());
        }
        // df-ops: a tree for few groups, a shuffle for many, chosen when the partial states' lengths are known
        return DataFrameOps.groupByAgg(frame, keys, specs, names, types);
    }
}
