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
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.DataFrameToTensor;
import io.mars.common.operand.dataframe.ExprFn;
import io.mars.common.operand.dataframe.TableAggregate;
import io.mars.common.operand.dataframe.TableFilter;
import io.mars.common.operand.dataframe.TableHead;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.tensor.Tensor;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.DataType;
import io.mars.types.LocalTable;
import io.mars.types.Shapes;
import io.mars.types.WriteMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A lazy table of named, typed columns: pandas' DataFrame in Java, cut into chunks of rows that are Arrow record
 * batches on the workers. Column names and types are known when an expression is built, so a missing column or a
 * type error is reported at once, as pandas would; the number of rows may be known only once computed (after a
 * filter). Rows keep the order of the data they came from and carry labels, pandas' index ({@link #index()}): the
 * positions {@code 0..n-1} (a RangeIndex) of a frame built from data, a column's values after {@link #setIndex}.
 * Operations that move or drop rows (filter, dropna, head, sortValues, nlargest, dropDuplicates, concat) keep the
 * labels, as row-wise ones do (select, assign, astype, fillna, rename, where); merge, groupBy (whose keys are columns,
 * pandas' {@code as_index=False}), reductions, valueCounts, describe and {@link #resetIndex()} give fresh positions.
 * Two series are still matched by position, not by label (the same answer when both come from one frame).
 */
public final class DataFrame implements Tileable {
    private final String key;
    private final Operand op;
    private final List<Tileable> inputs;
    private final List<String> columns;
    private final List<DType> dtypes;
    private final long rows;
    private final RowLabels labels;
    private DataFrame positioned;

    /** A frame whose rows are labelled by their positions (pandas' RangeIndex). */
    DataFrame(Operand op, List<? extends Tileable> inputs, List<String> columns, List<DType> dtypes, long rows) {
        this(op, inputs, columns, dtypes, rows, RowLabels.RANGE);
    }

    DataFrame(Operand op, List<? extends Tileable> inputs, List<String> columns, List<DType> dtypes, long rows,
              RowLabels labels) {
        this.labels = Objects.requireNonNull(labels, "labels");
        this.key = io.mars.common.wire.TileableKeys.newKey("df", op, inputs);
        this.op = Objects.requireNonNull(op, "op");
        this.inputs = List.copyOf(inputs);
        this.columns = List.copyOf(columns);
        this.dtypes = List.copyOf(dtypes);
        this.rows = rows;
        if (new HashSet<>(this.columns).size() != this.columns.size()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "column names must be unique, got " + this.columns);
        }
        if (this.columns.contains(RowLabels.COLUMN)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "'" + RowLabels.COLUMN + "' is reserved for the row"
                    + " labels; rename that column");
        }
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
        return new TileableNode(key, op, inputKeys(), null,
                new long[] {rows, columns.size() + (labels.stored() ? 1 : 0)});
    }

    public Operand op() {
        return op;
    }

    public List<String> columns() {
        return columns;
    }

    public List<DType> dtypes() {
        return dtypes;
    }

    public DType dtype(String column) {
        return dtypes.get(indexOf(column));
    }

    /** The number of rows, or -1 when known only once computed. */
    public long rowCount() {
        return rows;
    }

    /** {@code (rows, columns)}; rows is -1 when known only once computed. */
    public long[] shape() {
        return new long[] {rows, columns.size()};
    }

    /** Runs the graph and returns the frame's value. */
    public LocalTable execute(Session session) {
        return session.executeTables(this).get(0);
    }

    int indexOf(String column) {
        int i = columns.indexOf(column);
        if (i < 0) {
            throw new MarsException(ErrorCode.COLUMN_NOT_FOUND, "column '" + column + "' not found; the frame has "
                    + columns);
        }
        return i;
    }

    // ----- user functions -----

    /**
     * Dask's {@code map_partitions(fn)} (Mars's {@code map_chunk} of a frame): {@code fn} of every row chunk, given
     * as a {@link LocalTable} without row labels, returning a table of any number of rows; the result is labelled by
     * position. Its columns and dtypes are inferred as Mars infers them, by calling {@code fn} here on a mock
     * partition of 2 rows of this frame's dtypes; declare them with
     * {@link #mapPartitions(io.mars.types.TableFunction, List, List)} when the function cannot take it. Every chunk's
     * result must have those columns; a column of another numeric dtype is converted.
     */
    public DataFrame mapPartitions(io.mars.types.TableFunction fn) {
        return UserFunctionOps.mapPartitions(this, fn, null, null);
    }

    /**
     * pandas' {@code apply(func, axis=1)} for a function giving one value per row: a series (named {@code ""}, pandas'
     * None) of {@code fn} of every row, labels kept. The row comes as an {@link io.mars.types.Row} (values by column
     * name, null when missing); a null or NaN returned is a missing value. The dtype is inferred as Mars infers it, by
     * calling {@code fn} here on a mock row of this frame's dtypes (1, 1.5, "a", true, the epoch); declare it with
     * {@link #apply(io.mars.types.RowFunction, DType)} when the function cannot take that row.
     */
    public <R> Series apply(io.mars.types.RowFunction<R> fn) {
        return UserFunctionOps.applyRows(this, fn, null);
    }

    /** {@link #apply(io.mars.types.RowFunction)} with the result's dtype declared (the function is not called here). */
    public <R> Series apply(io.mars.types.RowFunction<R> fn, DType dtype) {
        return UserFunctionOps.applyRows(this, fn, Objects.requireNonNull(dtype, "dtype"));
    }

    /**
     * pandas' {@code apply(func, axis=1, result_type='expand')}: {@code fn} of every row returns several values, a
     * {@code List} or an {@code Object[]} of one value per declared column (null or NaN for a missing one), giving a
     * frame of {@code columns} of {@code dtypes}, the rows' labels kept (pandas names the columns 0, 1, ...: rename
     * them there). Numbers are converted to a column's numeric dtype; anything else must already be of it. The
     * function is not called here. On an empty frame an empty frame of these columns (pandas gives its input's).
     */
    public <R> DataFrame apply(io.mars.types.RowFunction<R> fn, List<String> columns, List<DType> dtypes) {
        return UserFunctionOps.applyRowsExpand(this, fn, columns, dtypes);
    }

    /**
     * pandas' {@code apply(func, axis=1, result_type='expand')} with the columns found as Mars finds them: by calling
     * {@code fn} here on a mock row of this frame's dtypes (as {@link #apply(io.mars.types.RowFunction)}); the List or
     * Object[] it returns gives the number of columns, named "0", "1", ... as pandas numbers them, and each column's
     * dtype (its value's type there: a null gives float64). Every row must then give as many values, of those types
     * (numbers are converted). Declare them with {@link #apply(io.mars.types.RowFunction, List, List)} when the
     * function cannot take the mock row or its types depend on the row.
     */
    public <R> DataFrame applyExpand(io.mars.types.RowFunction<R> fn) {
        return UserFunctionOps.applyRowsExpandInferred(this, fn);
    }

    /**
     * pandas' {@code apply(func, axis=1, result_type='broadcast')}: {@code fn} of every row returns one value, repeated
     * in every column, or a {@code List} or {@code Object[]} of one value per column (null or NaN for a missing one);
     * the result has this frame's columns, row labels and shape, every column of the frame's common dtype as pandas
     * keeps it (numpy's {@code empty_like} of {@code df.values}): the one dtype of a frame of one, int64 for int32 with
     * int64, float64 for floats with anything else. Values are converted to it as numpy assigns them (2.7 into an
     * integer frame is 2); a missing value into integers fails. A frame of text, dates or bools beside numbers is
     * refused with UNSUPPORTED_DTYPE (pandas makes it object). The function is not called here. On an empty frame an
     * empty frame of the common dtype (pandas gives its input back).
     */
    public <R> DataFrame applyBroadcast(io.mars.types.RowFunction<R> fn) {
        return UserFunctionOps.applyRowsBroadcast(this, fn);
    }

    /**
     * pandas' {@code apply(func, axis=0, result_type='broadcast')}: {@code fn} of every column, given whole as an
     * {@link io.mars.types.Column} (as for {@link #transform(io.mars.types.ColumnFunction)}), returns one number or
     * bool, repeated down the column, or a {@code Column} or {@code List} of one value per row; the result has this
     * frame's columns, rows and labels, every column of the frame's common dtype as in
     * {@link #applyBroadcast(io.mars.types.RowFunction)} (a frame of text, dates or bools beside numbers is refused).
     * {@code axis} must be 0; for rows give a RowFunction.
     */
    public <R> DataFrame applyBroadcast(io.mars.types.ColumnFunction<R> fn, int axis) {
        return UserFunctionOps.applyColumnsBroadcast(this, fn, axis);
    }

    /**
     * pandas' {@code transform(func)}, and {@code apply(func)} (axis 0) of a function giving a series per column of the
     * column's length: {@code fn} of every column, given whole as an {@link io.mars.types.Column} (as for
     * {@link #apply(io.mars.types.ColumnFunction, int)}: gathered on one worker, at most a quarter of its heap),
     * returns a {@code Column} or a {@code List} of one value per row (null or NaN for a missing one); the result has
     * this frame's columns, rows and labels. Each column's dtype is inferred by calling {@code fn} here on a mock
     * column of 2 values of its dtype; declare them with {@link #transform(io.mars.types.ColumnFunction, List)} when
     * the function cannot take those. A result of another length fails with USER_FUNCTION_FAILED.
     */
    public <R> DataFrame transform(io.mars.types.ColumnFunction<R> fn) {
        return UserFunctionOps.transformColumns(this, fn, null);
    }

    /** {@link #transform(io.mars.types.ColumnFunction)} with each column's result dtype declared. */
    public <R> DataFrame transform(io.mars.types.ColumnFunction<R> fn, List<DType> dtypes) {
        return UserFunctionOps.transformColumns(this, fn, Objects.requireNonNull(dtypes, "dtypes"));
    }

    /**
     * pandas' {@code apply(func, axis=0)} for a function giving one value per column: a series (named {@code ""},
     * pandas' None) of {@code fn} of every column, labelled by the column names. {@code axis} must be 0 (for rows,
     * give a {@link io.mars.types.RowFunction}). The column comes whole, every chunk gathered, as an
     * {@link io.mars.types.Column} named after it (null where a value is missing); its heap copy lives on one worker,
     * and a column too large for a quarter of that worker's heap is refused with WORKING_SET_TOO_LARGE. The dtype is
     * inferred by calling {@code fn} here on a mock column of 2 values of each column's dtype; declare it with
     * {@link #apply(io.mars.types.ColumnFunction, int, DType)} when the function cannot take those.
     */
    public <R> Series apply(io.mars.types.ColumnFunction<R> fn, int axis) {
        return UserFunctionOps.applyColumns(this, fn, axis, null);
    }

    /** {@link #apply(io.mars.types.ColumnFunction, int)} with the result's dtype declared (fn is not called here). */
    public <R> Series apply(io.mars.types.ColumnFunction<R> fn, int axis, DType dtype) {
        return UserFunctionOps.applyColumns(this, fn, axis, Objects.requireNonNull(dtype, "dtype"));
    }

    /**
     * pandas' {@code apply(func)} ({@code axis=0}) of a function giving a series per column of another length or
     * labels than the column ({@code df.apply(lambda c: c.nlargest(3).reset_index(drop=True))},
     * {@code df.apply(lambda c: pd.Series({"lo": c.min(), "hi": c.max()}))}): {@code fn} of every column, given whole
     * as for {@link #apply(io.mars.types.ColumnFunction, int)}, returns a {@code Column} or a {@code List} (a series
     * labelled 0, 1, ...), or a {@code Map} of label to value (keys all strings or all integers; a
     * {@code LinkedHashMap} keeps their order). The columns are aligned as pandas aligns them: series labelled by
     * position give a frame as long as the longest, the shorter ones padded with missing values; Maps give the rows
     * of their labels, in their order when every column has the same ones, else the sorted union. A missing value
     * keeps the column's dtype (null in an int64 column, where pandas makes it float64 with NaN). The dtypes, and
     * whether the function gives Maps, are inferred by calling it here on mock columns of 2 values (a column it gives
     * no value for keeps its own dtype); declare them
     * with {@link #applyExpand(io.mars.types.ColumnFunction, int, List)} or
     * {@link #applyExpand(io.mars.types.ColumnFunction, int, List, DType)} when it cannot take those.
     */
    public <R> DataFrame applyExpand(io.mars.types.ColumnFunction<R> fn, int axis) {
        return UserFunctionOps.applyColumnsExpand(this, fn, axis, null, null);
    }

    /** {@link #applyExpand(io.mars.types.ColumnFunction, int)} of a function giving Columns or Lists, dtypes declared. */
    public <R> DataFrame applyExpand(io.mars.types.ColumnFunction<R> fn, int axis, List<DType> dtypes) {
        return UserFunctionOps.applyColumnsExpand(this, fn, axis, Objects.requireNonNull(dtypes, "dtypes"), null);
    }

    /**
     * {@link #applyExpand(io.mars.types.ColumnFunction, int)} of a function giving Maps, its values' dtypes and its
     * keys' dtype ({@code labels}: string or int64) declared.
     */
    public <R> DataFrame applyExpand(io.mars.types.ColumnFunction<R> fn, int axis, List<DType> dtypes, DType labels) {
        return UserFunctionOps.applyColumnsExpand(this, fn, axis, Objects.requireNonNull(dtypes, "dtypes"),
                Objects.requireNonNull(labels, "labels"));
    }

    /** {@link #mapPartitions(io.mars.types.TableFunction)} with the result's columns declared. */
    public DataFrame mapPartitions(io.mars.types.TableFunction fn, List<String> columns, List<DType> dtypes) {
        return UserFunctionOps.mapPartitions(this, fn, Objects.requireNonNull(columns, "columns"), dtypes);
    }

    // ----- columns -----

    /** pandas' {@code df[name]}. */
    public Series col(String name) {
        DType t = dtype(name);
        return new Series(new TableMap(labelled(List.of(ColumnExpr.column(name, t, new ColumnRef(0, name))))),
                List.of(this), name, t, rows, labels);
    }

    /** pandas' {@code df[[names...]]}. */
    public DataFrame select(String... names) {
        return select(List.of(names));
    }

    public DataFrame select(List<String> names) {
        List<ColumnExpr> out = new ArrayList<>(names.size());
        List<DType> types = new ArrayList<>(names.size());
        for (String n : names) {
            DType t = dtype(n);
            out.add(ColumnExpr.column(n, t, new ColumnRef(0, n)));
            types.add(t);
        }
        return mapped(out, List.of(this), names, types);
    }

    /** pandas' {@code drop(columns=[...])}; every named column must exist. */
    public DataFrame drop(String... names) {
        Set<String> gone = new HashSet<>();
        for (String n : names) {
            indexOf(n);
            gone.add(n);
        }
        List<String> keep = new ArrayList<>();
        for (String c : columns) {
            if (!gone.contains(c)) {
                keep.add(c);
            }
        }
        return select(keep);
    }

    /** pandas' {@code rename(columns={old: new})}; every old name must exist. */
    public DataFrame rename(Map<String, String> mapping) {
        for (String old : mapping.keySet()) {
            indexOf(old);
        }
        List<ColumnExpr> out = new ArrayList<>(columns.size());
        List<String> names = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            String c = columns.get(i);
            String n = mapping.getOrDefault(c, c);
            out.add(ColumnExpr.column(n, dtypes.get(i), new ColumnRef(0, c)));
            names.add(n);
        }
        return mapped(out, List.of(this), names, dtypes);
    }

    /** pandas' {@code assign(name=series)}: a new last column, or a replaced one in place. */
    public DataFrame assign(String name, Series values) {
        Series.checkAligned(col0Series(), values);
        List<ColumnExpr> out = new ArrayList<>(columns.size() + 1);
        List<String> names = new ArrayList<>(columns);
        List<DType> types = new ArrayList<>(dtypes);
        for (int i = 0; i < columns.size(); i++) {
            out.add(columns.get(i).equals(name) ? ColumnExpr.column(name, values.dtype(), new ColumnRef(1, values.name()))
                    : ColumnExpr.column(columns.get(i), dtypes.get(i), new ColumnRef(0, columns.get(i))));
        }
        int at = columns.indexOf(name);
        if (at < 0) {
            out.add(ColumnExpr.column(name, values.dtype(), new ColumnRef(1, values.name())));
            names.add(name);
            types.add(values.dtype());
        } else {
            types.set(at, values.dtype());
        }
        return mapped(out, List.of(this, values), names, types);
    }

    /** A stand-in series of this frame's length, for length checks. */
    private Series col0Series() {
        return new Series(op, List.of(), "<frame>", DType.BOOL, rows);
    }

    // ----- rows -----

    /** pandas' {@code df[mask]}: the rows where the bool series {@code mask} is true (null counts as false). */
    public DataFrame filter(Series mask) {
        checkMask(mask);
        Series.checkAligned(col0Series(), mask);
        DataFrame in = positioned();
        return new DataFrame(new TableFilter(), List.of(in, mask), columns, dtypes, Shapes.UNKNOWN, in.labels);
    }

    static void checkMask(Series mask) {
        if (mask.dtype() != DType.BOOL) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "a row mask must be a bool series, got series '"
                    + mask.name() + "' of " + mask.dtype());
        }
    }

    static void checkHead(long n, long length) {
        if (n < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "head(n) needs n >= 0, got " + n);
        }
    }

    public DataFrame head(long n) {
        checkHead(n, rows);
        if (op instanceof TableSortValues s && s.limit() < 0) {
            // the first rows of a sort: a top-k (each chunk keeps its first n rows), not a sort of every row
            return new DataFrame(new TableSortValues(s.by(), s.ascending(), n), inputs, columns, dtypes,
                    rows == Shapes.UNKNOWN ? Shapes.UNKNOWN : Math.min(n, rows), labels);
        }
        // the first rows of a RangeIndex are a RangeIndex: nothing to keep
        return new DataFrame(new TableHead(n), List.of(this), columns, dtypes,
                rows == Shapes.UNKNOWN ? Shapes.UNKNOWN : Math.min(n, rows), labels);
    }

    /** pandas' {@code tail(n)}: the last {@code n} rows (all when there are fewer), keeping their labels. */
    public DataFrame tail(long n) {
        if (n < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "tail(n) needs n >= 0, got " + n);
        }
        return n == 0 ? iloc(0, 0) : iloc(-n, Long.MAX_VALUE);
    }

    /**
     * pandas' {@code iloc[start:stop]}: the rows at positions {@code start} to {@code stop - 1}, Python's slice
     * rules (negative from the end, bounds clipped; {@code Long.MAX_VALUE} for an open end), labels kept.
     */
    public DataFrame iloc(long start, long stop) {
        return iloc(start, stop, 1);
    }

    /** pandas' {@code iloc[start:stop:step]} (a negative step walks back; {@code Long.MIN_VALUE} stops at the first row). */
    public DataFrame iloc(long start, long stop, long step) {
        if (step == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "iloc: slice step cannot be zero");
        }
        return ilocOf(new io.mars.common.operand.dataframe.TableIloc(start, stop, step, null),
                rows == Shapes.UNKNOWN ? Shapes.UNKNOWN : Windows.sliceLength(start, stop, step, rows));
    }

    /** pandas' {@code iloc[[p, ...]]}: the rows at those positions in that order (negative from the end). */
    public DataFrame iloc(List<Long> positions) {
        long[] p = positions.stream().mapToLong(Long::longValue).toArray();
        Windows.checkPositions(p, rows);
        return ilocOf(new io.mars.common.operand.dataframe.TableIloc(0, 0, 1, p), p.length);
    }

    private DataFrame ilocOf(io.mars.common.operand.dataframe.TableIloc op, long length) {
        DataFrame in = positioned();
        return new DataFrame(op, List.of(in), columns, dtypes, length, in.labels);
    }

    /** pandas' {@code isna()}: a bool frame, true where a value is null or NaN. */
    public DataFrame isna() {
        return perColumn(ExprFn.ISNA);
    }

    public DataFrame notna() {
        return perColumn(ExprFn.NOTNA);
    }

    private DataFrame perColumn(ExprFn fn) {
        List<ColumnExpr> out = new ArrayList<>(columns.size());
        List<DType> types = new ArrayList<>(columns.size());
        for (String c : columns) {
            out.add(new ColumnExpr(c, DType.BOOL, fn, List.of(new ColumnRef(0, c)), null, null, false));
            types.add(DType.BOOL);
        }
        return mapped(out, List.of(this), columns, types);
    }

    /** pandas' {@code dropna()}: the rows without any null. */
    public DataFrame dropna() {
        return dropna("any", columns);
    }

    /**
     * pandas' {@code dropna(how=how, subset=subset)}: {@code "any"} drops rows with a null in any of the columns,
     * {@code "all"} rows whose columns are all null.
     */
    public DataFrame dropna(String how, List<String> subset) {
        if (subset == null) {
            subset = columns; // pandas' subset=None: every column
        }
        ExprFn fn = switch (how) {
            case "any" -> ExprFn.ALL_NOTNA;
            case "all" -> ExprFn.ANY_NOTNA;
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "dropna(how='" + how
                    + "') is not valid; use 'any' or 'all'");
        };
        List<ColumnRef> args = new ArrayList<>();
        for (String c : subset) {
            indexOf(c);
            args.add(new ColumnRef(0, c));
        }
        Series keep = new Series(new TableMap(List.of(new ColumnExpr("keep", DType.BOOL, fn, args, null, null, false))),
                List.of(this), "keep", DType.BOOL, rows);
        return filter(keep);
    }

    /** pandas' {@code fillna(v)}: nulls of the numeric columns become {@code v}; other columns are kept. */
    public DataFrame fillna(double v) {
        List<ColumnExpr> out = new ArrayList<>(columns.size());
        List<DType> types = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            String c = columns.get(i);
            DType t = dtypes.get(i);
            if (t.isNumeric()) {
                DType o = t; // pandas: only float columns hold NaN, so an int or bool column is unchanged
                out.add(new ColumnExpr(c, o, ExprFn.FILLNA, List.of(new ColumnRef(0, c)), Scalar.of(v), null, false));
                types.add(o);
            } else {
                out.add(ColumnExpr.column(c, t, new ColumnRef(0, c)));
                types.add(t);
            }
        }
        return mapped(out, List.of(this), columns, types);
    }

    /** Nulls of the string columns become {@code v}; other columns are kept. */
    public DataFrame fillna(String v) {
        Objects.requireNonNull(v, "v");
        List<ColumnExpr> out = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            String c = columns.get(i);
            DType t = dtypes.get(i);
            out.add(t == DType.STRING ? new ColumnExpr(c, t, ExprFn.FILLNA, List.of(new ColumnRef(0, c)), null, v, false)
                    : ColumnExpr.column(c, t, new ColumnRef(0, c)));
        }
        return mapped(out, List.of(this), columns, dtypes);
    }

    /** Every column converted to {@code to}. */
    public DataFrame astype(DType to) {
        Map<String, DType> all = new LinkedHashMap<>();
        for (String c : columns) {
            all.put(c, to);
        }
        return astype(all);
    }

    /** The named columns converted; the others kept. */
    public DataFrame astype(Map<String, DType> to) {
        for (String c : to.keySet()) {
            indexOf(c);
        }
        List<ColumnExpr> out = new ArrayList<>(columns.size());
        List<DType> types = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            String c = columns.get(i);
            DType t = to.get(c);
            if (t == null || t == dtypes.get(i)) {
                out.add(ColumnExpr.column(c, dtypes.get(i), new ColumnRef(0, c)));
                types.add(dtypes.get(i));
            } else {
                checkCast(c, dtypes.get(i), t);
                out.add(new ColumnExpr(c, t, ExprFn.ASTYPE, List.of(new ColumnRef(0, c)), null, null, false));
                types.add(t);
            }
        }
        return mapped(out, List.of(this), columns, types);
    }

    static void checkCast(String column, DType from, DType to) {
        boolean ok = from == to || from.isNumeric() && to.isNumeric() || to == DType.STRING
                || from.isTemporal() && to == DType.INT64 || from == DType.INT64 && to.isTemporal()
                || from.isFloat() && to == DType.TIMEDELTA;
        if (!ok) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot convert column '" + column + "' from " + from
                    + " to " + to);
        }
    }

    // ----- reductions: one row, one column per column -----

    public DataFrame sum() { return reduce(AggFn.SUM, 1); }
    public DataFrame mean() { return reduce(AggFn.MEAN, 1); }
    /** pandas' {@code prod()} of every column (each numeric), a one-row frame like {@link #sum()}. */
    public DataFrame prod() { return reduce(AggFn.PROD, 1); }
    public DataFrame count() { return reduce(AggFn.COUNT, 1); }
    public DataFrame min() { return reduce(AggFn.MIN, 1); }
    public DataFrame max() { return reduce(AggFn.MAX, 1); }
    public DataFrame var() { return reduce(AggFn.VAR, 1); }
    public DataFrame std() { return reduce(AggFn.STD, 1); }
    public DataFrame var(int ddof) { return reduce(AggFn.VAR, ddof); }
    public DataFrame std(int ddof) { return reduce(AggFn.STD, ddof); }

    /**
     * {@code fn} of every column, as a one-row frame with the same column names (pandas gives a series indexed by
     * the column names: the same values, transposed). A numeric reduction of a string column is
     * NON_NUMERIC_AGGREGATION; select the numeric columns first.
     */
    private DataFrame reduce(AggFn fn, int ddof) {
        List<AggSpec> aggs = new ArrayList<>(columns.size());
        List<DType> types = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            AggSpec a = aggSpec(columns.get(i), dtypes.get(i), fn, columns.get(i), ddof);
            aggs.add(a);
            types.add(a.outputType());
        }
        return new DataFrame(new TableAggregate(List.of(), aggs), List.of(this), columns, types, 1);
    }

    static AggSpec aggSpec(String column, DType type, AggFn fn, String output, int ddof) {
        // pandas 1.5 sums, averages and takes the std of timedeltas, but refuses their var (and prod)
        boolean timedeltaMoment = type == DType.TIMEDELTA && (fn == AggFn.SUM || fn == AggFn.MEAN || fn == AggFn.STD);
        if (fn.needsNumeric() && !type.isNumeric() && !timedeltaMoment) {
            throw new MarsException(ErrorCode.NON_NUMERIC_AGGREGATION, "cannot compute " + fn.pandasName()
                    + " of column '" + column + "' of dtype " + type + "; " + fn.pandasName()
                    + " needs a numeric (bool, int or float) column" + (type == DType.TIMEDELTA
                    ? " (of timedelta64[ns] columns: sum, mean, std, min, max, count, first, last)" : ""));
        }
        if (ddof < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "ddof must be >= 0, got " + ddof);
        }
        return new AggSpec(column, type, fn, output, ddof);
    }

    // ----- groupby -----

    /** pandas' {@code groupby(keys, as_index=False, sort=True)}; rows with a null key are dropped. */
    public GroupBy groupBy(String... keys) {
        if (keys.length == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "groupBy needs at least one key column");
        }
        for (String k : keys) {
            indexOf(k);
        }
        return new GroupBy(this, List.of(keys));
    }

    // ----- conversions -----

    /**
     * A 2-d tensor of the values, of the common numpy type of the columns (timestamps as int64 nanoseconds); nulls
     * become NaN in a float result, and make an int or bool result fail when run.
     */
    public Tensor toTensor() {
        if (columns.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "a frame without columns has no tensor");
        }
        DataType t = null;
        for (DType d : dtypes) {
            DataType e = d.toTensorType();
            t = t == null ? e : DataType.promote(t, e);
        }
        return Tensor.fromTileable(new DataFrameToTensor(t), withoutLabels(), t, new long[] {rows, columns.size()});
    }

    // --- operations (df-ops) ---

    /** pandas' {@code sort_values(by, kind='stable')}: ascending by each column in turn, nulls last. */
    public DataFrame sortValues(String... by) {
        return DataFrameOps.sortValues(this, List.of(by), java.util.Collections.nCopies(by.length, Boolean.TRUE));
    }

    /** pandas' {@code sort_values(by, ascending=ascending, kind='stable')}; equal keys keep their order. */
    public DataFrame sortValues(List<String> by, List<Boolean> ascending) {
        return DataFrameOps.sortValues(this, by, ascending);
    }

    public DataFrame sortValues(String by, boolean ascending) {
        return DataFrameOps.sortValues(this, List.of(by), List.of(ascending));
    }

    /** pandas' {@code nlargest(n, column)} (keep='first'): the n rows with the largest non-null values. */
    public DataFrame nlargest(long n, String column) {
        return DataFrameOps.nExtreme(this, n, column, true);
    }

    public DataFrame nsmallest(long n, String column) {
        return DataFrameOps.nExtreme(this, n, column, false);
    }

    /** pandas' {@code nlargest(n, columns)}: ordered by the columns in turn, all descending; ties in frame order. */
    public DataFrame nlargest(long n, List<String> columns) {
        return DataFrameOps.nExtreme(this, n, columns, true);
    }

    /** pandas' {@code nsmallest(n, columns)}. */
    public DataFrame nsmallest(long n, List<String> columns) {
        return DataFrameOps.nExtreme(this, n, columns, false);
    }

    /** pandas' {@code merge(right, on=on, how=how)} with suffixes {@code _x, _y}, rows in an unspecified order. */
    public DataFrame merge(DataFrame right, List<String> on, String how) {
        return DataFrameOps.merge(this, right, on, how, "_x", "_y", false);
    }

    public DataFrame merge(DataFrame right, String on, String how) {
        return merge(right, List.of(on), how);
    }

    /**
     * pandas' {@code merge(right, on, how, suffixes, sort)}: {@code how} is inner, left, right or outer; a key
     * missing from one side is MERGE_KEY_NOT_FOUND. With {@code sort} the rows are ordered by the keys (pandas'
     * {@code sort=True}); without, in an unspecified order. Null keys never match. A column that gets nulls for
     * unmatched rows turns from int to float64, as in pandas.
     */
    public DataFrame merge(DataFrame right, List<String> on, String how, String leftSuffix, String rightSuffix,
                           boolean sort) {
        return DataFrameOps.merge(this, right, on, how, leftSuffix, rightSuffix, sort);
    }

    /**
     * pandas' {@code merge(right, left_on=leftOn, right_on=rightOn, how=how)}: left column {@code leftOn[i]} matches
     * right column {@code rightOn[i]}; both columns stay in the result when their names differ. {@code how} is also
     * {@code leftsemi} (the left rows that have a match, once each, left columns only: pandas'
     * {@code left[left.k.isin(right.k)]}) or {@code leftanti} (those that have none: {@code ~isin}).
     */
    public DataFrame merge(DataFrame right, List<String> leftOn, List<String> rightOn, String how) {
        return DataFrameOps.merge(this, right, leftOn, rightOn, how, "_x", "_y", false);
    }

    public DataFrame merge(DataFrame right, String leftOn, String rightOn, String how) {
        return merge(right, List.of(leftOn), List.of(rightOn), how);
    }

    /** pandas' {@code merge(right, how='cross')}: every left row with every right row (left rows in order). */
    public DataFrame merge(DataFrame right, String how) {
        if (io.mars.common.operand.dataframe.MergeHow.fromName(how) == io.mars.common.operand.dataframe.MergeHow.CROSS) {
            return DataFrameOps.merge(this, right, List.of(), List.of(), how, "_x", "_y", false);
        }
        throw new MarsException(ErrorCode.INVALID_MERGE, "merge(how='" + how + "') needs key columns: give 'on', or"
                + " 'left_on' and 'right_on'; only how='cross' takes none");
    }

    /** pandas' {@code drop_duplicates()}: the first of equal rows, in row order. */
    public DataFrame dropDuplicates() {
        return DataFrameOps.dropDuplicates(this, List.of());
    }

    /** pandas' {@code drop_duplicates(subset=subset)}: the first row of each distinct tuple of those columns. */
    public DataFrame dropDuplicates(String... subset) {
        return DataFrameOps.dropDuplicates(this, List.of(subset));
    }

    /**
     * pandas' {@code drop_duplicates(subset, keep=keep)}: {@code "first"} keeps each first occurrence, {@code "last"}
     * each last one, {@code "none"} (pandas' {@code keep=False}) only the rows that occur once; an empty subset means
     * every column. Nulls count as equal, as in pandas. With {@code "none"} the rows are labelled by position.
     */
    public DataFrame dropDuplicates(List<String> subset, String keep) {
        return DataFrameOps.dropDuplicates(this, subset, keep);
    }

    /**
     * pandas' {@code duplicated(subset, keep)}: whether each row repeats the {@code subset} columns' values of another
     * row that {@code keep} ("first", "last" or "none", pandas' {@code keep=False}) keeps in its place; a bool series
     * in frame order labelled by position; an empty subset means every column. The rows that
     * {@link #dropDuplicates(List, String)} keeps are joined back to the rows by position.
     */
    public Series duplicated(List<String> subset, String keep) {
        List<String> by = subset == null || subset.isEmpty() ? columns : List.copyOf(subset);
        String position = "__mars_dup_position";
        DataFrame plain = withoutLabels();
        DataFrame rows = plain.assign(position, Ranks.counting(plain).subtract(1L).rename(position));
        DataFrame kept = DataFrameOps.dropDuplicates(rows, by, keep).select(position);
        String flag = "__mars_kept";
        kept = kept.assign(flag, kept.col(position).notna().rename(flag));
        DataFrame marked = rows.select(position).merge(kept, List.of(position), "left", "_x", "_y", true);
        return marked.sortValues(position, true).col(flag).isna().rename("").resetIndex();
    }

    /**
     * pandas' {@code isin(values)} of a frame: a bool frame, each column's values looked for among those of
     * {@code values} of its kind (strings for text, numbers for numeric and bool columns, strings or
     * {@code LocalDate}s for dates); a column with none of its kind is false throughout, as in pandas.
     */
    public DataFrame isin(java.util.Collection<?> values) {
        DataFrame out = this;
        for (String c : columns) {
            DType t = dtype(c);
            List<Object> mine = new ArrayList<>();
            for (Object v : values) {
                boolean fits = t == DType.STRING ? v instanceof String
                        : t == DType.TIMESTAMP ? v instanceof String || v instanceof java.time.LocalDate
                        : v instanceof Number;
                if (fits) {
                    mine.add(v);
                }
            }
            out = out.assign(c, col(c).isin(mine).rename(c));
        }
        return out;
    }

    /** pandas' {@code duplicated()}: every column, keep="first". */
    public Series duplicated() {
        return duplicated(List.of(), "first");
    }

    /**
     * pandas' {@code describe()} of the int, float and timedelta64[ns] columns: a frame with a column {@code stat}
     * (count, mean, ...); a timedelta column's statistics are text as pandas prints its object column.
     */
    public DataFrame describe() {
        return Describe.of(this);
    }
    // --- IO --- (writers; the readers are in DataFrames)

    /**
     * Writes the frame into directory {@code dir} (local or {@code hdfs://}, created if missing), one CSV file per
     * chunk ({@code part-00000.csv}, ...) with a header, as pandas' {@code to_csv(index=False)} writes: Python's
     * float repr, nulls as empty fields, True/False, minimal quoting. Lazy like everything else: the result, once
     * executed, is a table of the files written ({@code path}, {@code rows}). The files appear together or not at all
     * (then {@code dir/_SUCCESS}); a directory that already holds files fails the job before anything runs
     * (OUTPUT_EXISTS): {@link #toCsv(String, WriteMode)} overwrites or appends.
     */
    public DataFrame toCsv(String dir) {
        return toCsv(dir, ',', WriteMode.ERROR_IF_EXISTS);
    }

    public DataFrame toCsv(String dir, char delimiter) {
        return toCsv(dir, delimiter, WriteMode.ERROR_IF_EXISTS);
    }

    /** As {@link #toCsv(String)}, doing with a {@code dir} that holds files what {@code mode} says (Spark's mode). */
    public DataFrame toCsv(String dir, WriteMode mode) {
        return toCsv(dir, ',', mode);
    }

    public DataFrame toCsv(String dir, char delimiter, WriteMode mode) {
        CsvOptions.defaults().delimiter(delimiter); // validates the delimiter
        return written(new io.mars.common.operand.dataframe.DataFrameWrite(dir,
                io.mars.common.operand.dataframe.TableWriteFormat.CSV, String.valueOf(delimiter), "none",
                java.util.Objects.requireNonNull(mode, "mode")));
    }

    /**
     * Writes the frame into directory {@code dir} as Parquet, one file per chunk ({@code part-00000.parquet}, ...),
     * Snappy-compressed (pandas' default), one row group per file (up to 256 MiB); timestamps as
     * {@code TIMESTAMP(NANOS)}. The result is a table of the files written ({@code path}, {@code rows}). As with
     * {@link #toCsv(String)}, the files appear together or not at all, and a directory that already holds files
     * fails the job (OUTPUT_EXISTS) unless a {@link WriteMode} says to overwrite or append.
     */
    public DataFrame toParquet(String dir) {
        return toParquet(dir, "snappy", WriteMode.ERROR_IF_EXISTS);
    }

    /**
     * As {@link #toParquet(String)}, compressed with {@code compression} (pandas' {@code compression=}): {@code snappy},
     * {@code zstd}, {@code gzip}, {@code lz4_raw} or {@code none}.
     */
    public DataFrame toParquet(String dir, String compression) {
        return toParquet(dir, compression, WriteMode.ERROR_IF_EXISTS);
    }

    /** As {@link #toParquet(String)}, doing with a {@code dir} that holds files what {@code mode} says. */
    public DataFrame toParquet(String dir, WriteMode mode) {
        return toParquet(dir, "snappy", mode);
    }

    public DataFrame toParquet(String dir, String compression, WriteMode mode) {
        String codec = java.util.Objects.requireNonNull(compression, "compression").toLowerCase(java.util.Locale.ROOT);
        if (!PARQUET_CODECS.contains(codec)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "unknown Parquet compression '" + compression
                    + "'; use one of " + PARQUET_CODECS);
        }
        return written(new io.mars.common.operand.dataframe.DataFrameWrite(dir,
                io.mars.common.operand.dataframe.TableWriteFormat.PARQUET, ",", codec,
                java.util.Objects.requireNonNull(mode, "mode")));
    }

    private static final List<String> PARQUET_CODECS = List.of("snappy", "zstd", "gzip", "lz4_raw", "none");

    private DataFrame written(Operand op) {
        return new DataFrame(op, List.of(withoutLabels()), List.of("path", "rows"), List.of(DType.STRING, DType.INT64),
                Shapes.UNKNOWN);
    }

    // --- end IO ---

    /** pandas' {@code round(decimals)}: int and float columns rounded (see {@link Series#round}), the others kept. */
    public DataFrame round(int decimals) {
        DataFrame out = this;
        for (String c : columns) {
            DType t = dtype(c);
            if (t.isNumeric() && t != DType.BOOL) {
                out = out.assign(c, col(c).round(decimals));
            }
        }
        return out;
    }

    /** pandas' {@code clip(lower, upper)} of every column (each int or float; see {@link Series#clip}). */
    public DataFrame clip(double lower, double upper) {
        DataFrame out = this;
        for (String c : columns) {
            out = out.assign(c, col(c).clip(lower, upper));
        }
        return out;
    }

    /** pandas' {@code melt(id_vars, value_vars)} with columns {@code variable} and {@code value}. */
    public DataFrame melt(List<String> idVars, List<String> valueVars) {
        return melt(idVars, valueVars, "variable", "value");
    }

    /**
     * pandas' {@code melt(id_vars, value_vars, var_name, value_name)}: for each value column in turn, every row's
     * id columns, the value column's name and its value; labelled by position. The values take the type numbers of
     * those columns promote to (int64 and float64 give float64); columns of text, dates and numbers cannot mix
     * (UNSUPPORTED_DTYPE; pandas makes them object).
     */
    public DataFrame melt(List<String> idVars, List<String> valueVars, String varName, String valueName) {
        if (valueVars.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "melt needs at least one value column");
        }
        DType type = null;
        for (String v : valueVars) {
            DType t = dtype(v);
            if (type != null && t != type && (!t.isNumeric() || !type.isNumeric())) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "melt: value column '" + v + "' of " + t
                        + " cannot share a column with " + type + " values (pandas makes it object)");
            }
            type = type == null ? t : t == type ? t : DType.promote(type, t);
        }
        for (String id : idVars) {
            dtype(id);
        }
        DataFrame plain = withoutLabels();
        List<DataFrame> parts = new ArrayList<>(valueVars.size());
        for (String v : valueVars) {
            List<ColumnExpr> out = new ArrayList<>();
            List<String> names = new ArrayList<>();
            List<DType> types = new ArrayList<>();
            for (String id : idVars) {
                out.add(ColumnExpr.column(id, dtype(id), new ColumnRef(0, id)));
                names.add(id);
                types.add(dtype(id));
            }
            out.add(new ColumnExpr(varName, DType.STRING, ExprFn.CONSTANT, List.of(new ColumnRef(0, v)), null, v,
                    false));
            out.add(dtype(v) == type ? ColumnExpr.column(valueName, type, new ColumnRef(0, v))
                    : new ColumnExpr(valueName, type, ExprFn.ASTYPE, List.of(new ColumnRef(0, v)), null, null, false));
            names.add(varName);
            names.add(valueName);
            types.add(DType.STRING);
            types.add(type);
            parts.add(new DataFrame(new TableMap(out), List.of(plain), names, types, rows));
        }
        return parts.size() == 1 ? parts.get(0) : DataFrames.concat(parts).resetIndex(true);
    }

    // --- running and window functions ---

    /** pandas' {@code cumsum()} of every column (each numeric): running sums skipping nulls. */
    public DataFrame cumsum() { return Windows.scan(this, io.mars.common.operand.dataframe.ScanFn.CUMSUM); }
    public DataFrame cumprod() { return Windows.scan(this, io.mars.common.operand.dataframe.ScanFn.CUMPROD); }
    public DataFrame cummax() { return Windows.scan(this, io.mars.common.operand.dataframe.ScanFn.CUMMAX); }
    public DataFrame cummin() { return Windows.scan(this, io.mars.common.operand.dataframe.ScanFn.CUMMIN); }

    /** pandas' {@code ffill()} of every column. */
    public DataFrame ffill() { return Windows.scan(this, io.mars.common.operand.dataframe.ScanFn.FFILL); }

    /** pandas' {@code shift(periods)} of every column (see {@link Series#shift(long)}). */
    public DataFrame shift(long periods) {
        return Windows.window(this, io.mars.common.operand.dataframe.WindowFn.SHIFT, periods, 0);
    }

    /** pandas' {@code diff(periods)} of every column (each int or float). */
    public DataFrame diff(long periods) {
        return Windows.window(this, io.mars.common.operand.dataframe.WindowFn.DIFF, periods, 0);
    }

    /** pandas' {@code pct_change(periods)} of every column (each int or float; nulls forward-filled first). */
    public DataFrame pctChange(long periods) {
        for (String c : columns) {
            io.mars.common.operand.dataframe.WindowFn.PCT_CHANGE.outputType(c, dtype(c), periods);
        }
        return Windows.window(ffill(), io.mars.common.operand.dataframe.WindowFn.PCT_CHANGE, periods, 0);
    }

    /** pandas' {@code rolling(window)} of every column (each int or float; min_periods=window). */
    public Rolling<DataFrame> rolling(int window) {
        return rolling(window, window, 0);
    }

    /**
     * pandas' {@code corr()} (Pearson, pairwise complete rows): a frame with a row and a column per column of this
     * one (each numeric or bool), labelled by the column names; every pair through {@link Series#corr(Series)}.
     * A text column is NON_NUMERIC_AGGREGATION (pandas 1.5 drops it with a warning; pandas 2 refuses it too).
     */
    public DataFrame corr() {
        return pairwise(true);
    }

    /** pandas' {@code cov()} (ddof 1, pairwise complete rows): as {@link #corr()}, with {@link Series#cov(Series)}. */
    public DataFrame cov() {
        return pairwise(false);
    }

    private DataFrame pairwise(boolean corr) {
        if (columns.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, (corr ? "corr" : "cov") + " needs at least one column");
        }
        List<DataFrame> rows = new ArrayList<>(columns.size());
        for (String a : columns) {
            DataFrame row = null;
            for (String b : columns) {
                Series v = (corr ? col(a).corr(col(b)) : col(a).cov(col(b))).rename(b);
                row = row == null ? v.toFrame() : row.assign(b, v);
            }
            rows.add(row);
        }
        String label = "__mars_column";
        DataFrame names = DataFrames.fromColumns(java.util.Map.of(label, columns));
        return DataFrames.concat(rows).resetIndex(true).assign(label, names.col(label)).setIndex(label);
    }

    /** pandas' {@code interpolate()} of every column (each int or float): see {@link Series#interpolate()}. */
    public DataFrame interpolate() {
        DataFrame out = this;
        for (String c : columns) {
            Series s = col(c);
            Series filled = s.interpolate();
            if (filled != s) {
                out = out.assign(c, filled.rename(c));
            }
        }
        return out;
    }

    /** pandas' {@code ewm(...)} of every column (each numeric or bool); see {@link Series#ewm(EwmOptions)}. */
    public Ewm<DataFrame> ewm(EwmOptions options) {
        List<DType> out = new ArrayList<>(columns.size());
        for (String c : columns) {
            out.add(io.mars.common.operand.dataframe.EwmFn.MEAN.outputType(c, dtype(c)));
        }
        return new Ewm<>(options, columns, op -> new DataFrame(op, List.of(this), columns, out, rowCount(), labels()));
    }

    /** pandas' {@code expanding()} of every column (each int or float; min_periods=1). */
    public Expanding<DataFrame> expanding() {
        for (String c : columns) {
            io.mars.common.operand.dataframe.WindowFn.ROLLING_SUM.outputType(c, dtype(c), 1);
        }
        return new Expanding<>(fn -> {
            DataFrame out = this;
            for (String c : columns) {
                out = out.assign(c, fn.apply(col(c)));
            }
            return out;
        });
    }

    /**
     * pandas' {@code replace(old, new)} of numbers: in every int and float column (see {@link Series#replace(double,
     * double)}; an int column takes only a whole {@code newValue}); other columns are kept.
     */
    public DataFrame replace(double oldValue, double newValue) {
        DataFrame out = this;
        for (String c : columns) {
            DType t = dtype(c);
            if (t.isNumeric() && t != DType.BOOL) {
                out = out.assign(c, col(c).replace(oldValue, newValue));
            }
        }
        return out;
    }

    /** pandas' {@code replace(old, new)} of strings: in every string column; other columns are kept. */
    public DataFrame replace(String oldValue, String newValue) {
        DataFrame out = this;
        for (String c : columns) {
            if (dtype(c) == DType.STRING) {
                out = out.assign(c, col(c).replace(oldValue, newValue));
            }
        }
        return out;
    }

    /** pandas' {@code rolling(window, min_periods=minPeriods)} of every column. */
    public Rolling<DataFrame> rolling(int window, int minPeriods) {
        return rolling(window, minPeriods, minPeriods);
    }

    private Rolling<DataFrame> rolling(int window, int minPeriods, int countMinPeriods) {
        Windows.checkRolling(window, minPeriods);
        return new Rolling<>((fn, mp) -> Windows.window(this, fn, window, mp), minPeriods, countMinPeriods);
    }

    // --- index ---

    RowLabels labels() {
        return labels;
    }

    /** {@code out} plus, when this frame's labels are stored, the map output passing them on (last). */
    List<ColumnExpr> labelled(List<ColumnExpr> out) {
        if (labels.range()) {
            return out;
        }
        List<ColumnExpr> all = new ArrayList<>(out);
        all.add(labels.passOn(0));
        return all;
    }

    /** A row-wise map of this frame (input 0) keeping its labels. */
    private DataFrame mapped(List<ColumnExpr> out, List<? extends Tileable> in, List<String> names,
                             List<DType> types) {
        return new DataFrame(new TableMap(labelled(out)), in, names, types, rows, labels);
    }

    /**
     * This frame with its labels stored: itself when they are, else with its positions computed as labels (for an
     * operation that moves rows; column pruning removes the positions again when nothing reads them).
     */
    DataFrame positioned() {
        if (labels.stored()) {
            return this;
        }
        if (positioned == null) { // one positions node however often asked (index() and loc's filter share it)
            positioned = new DataFrame(new TableRowPositions(), List.of(this), columns, dtypes, rows,
                    RowLabels.positions());
        }
        return positioned;
    }

    /** The same columns labelled by position (the labels dropped, pandas' {@code reset_index(drop=True)}). */
    DataFrame withoutLabels() {
        if (labels.range()) {
            return this;
        }
        List<ColumnExpr> out = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            out.add(ColumnExpr.column(columns.get(i), dtypes.get(i), new ColumnRef(0, columns.get(i))));
        }
        return new DataFrame(new TableMap(out), List.of(this), columns, dtypes, rows);
    }

    /** pandas' {@code df.index}: the row labels, lazily (the positions {@code 0..n-1} unless set otherwise). */
    public Index index() {
        DataFrame in = positioned();
        return Index.of(in, in.labels, rows);
    }

    /**
     * pandas' {@code set_index(column)} ({@code drop=True}): the column's values become the row labels, named after
     * it, and the column leaves the frame. COLUMN_NOT_FOUND when there is no such column.
     */
    public DataFrame setIndex(String column) {
        return setIndex(column, true);
    }

    /** pandas' {@code set_index(column, drop=drop)}: with {@code drop=false} the column stays too. */
    public DataFrame setIndex(String column, boolean drop) {
        DType t = dtype(column);
        List<ColumnExpr> out = new ArrayList<>(columns.size());
        List<String> names = new ArrayList<>(columns.size());
        List<DType> types = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            if (!drop || !columns.get(i).equals(column)) {
                out.add(ColumnExpr.column(columns.get(i), dtypes.get(i), new ColumnRef(0, columns.get(i))));
                names.add(columns.get(i));
                types.add(dtypes.get(i));
            }
        }
        out.add(ColumnExpr.column(RowLabels.COLUMN, t, new ColumnRef(0, column)));
        return new DataFrame(new TableMap(out), List.of(this), names, types, rows, RowLabels.stored(column, t));
    }

    /**
     * pandas' {@code reset_index()}: the labels become the first column, named after the index or {@code "index"},
     * and the rows are labelled by position. INVALID_INDEX when a column already has that name.
     */
    public DataFrame resetIndex() {
        return resetIndex(false);
    }

    /** pandas' {@code reset_index(drop=drop)}: with {@code drop} the labels are dropped instead of becoming a column. */
    public DataFrame resetIndex(boolean drop) {
        if (drop) {
            return labels.range() ? this : withoutLabels();
        }
        DataFrame in = positioned();
        String name = in.labels.resetName();
        if (columns.contains(name)) {
            throw new MarsException(ErrorCode.INVALID_INDEX, "cannot reset the index into column '" + name
                    + "': the frame already has a column of that name " + columns + "; rename it, or use"
                    + " resetIndex(true) to drop the labels");
        }
        List<ColumnExpr> out = new ArrayList<>(columns.size() + 1);
        List<String> names = new ArrayList<>(columns.size() + 1);
        List<DType> types = new ArrayList<>(columns.size() + 1);
        out.add(ColumnExpr.column(name, in.labels.dtype(), new ColumnRef(0, RowLabels.COLUMN)));
        names.add(name);
        types.add(in.labels.dtype());
        for (int i = 0; i < columns.size(); i++) {
            out.add(ColumnExpr.column(columns.get(i), dtypes.get(i), new ColumnRef(0, columns.get(i))));
            names.add(columns.get(i));
            types.add(dtypes.get(i));
        }
        return new DataFrame(new TableMap(out), List.of(in), names, types, rows);
    }

    /**
     * pandas' {@code sort_index(ascending=ascending, kind='stable')}: rows ordered by their labels, nulls last, equal
     * labels in their order.
     */
    public DataFrame sortIndex(boolean ascending) {
        if (labels.range() && ascending) {
            return this; // positions are sorted already
        }
        DataFrame in = positioned();
        return DataFrameOps.sortRaw(in, List.of(RowLabels.COLUMN), List.of(ascending));
    }

    public DataFrame sortIndex() {
        return sortIndex(true);
    }

    /**
     * pandas' {@code df.loc[[label]]}: every row labelled {@code label}, as a frame (in row order). LABEL_NOT_FOUND
     * when no row has it (reported when run, once the rows are known).
     */
    public DataFrame loc(long label) {
        return RowLookup.loc(this, RowLookup.equal(this, label), "label " + label);
    }

    public DataFrame loc(double label) {
        return RowLookup.loc(this, RowLookup.equal(this, label), "label " + label);
    }

    public DataFrame loc(String label) {
        return RowLookup.loc(this, RowLookup.equal(this, label), "label '" + label + "'");
    }

    /**
     * pandas' {@code df.loc[from:to]} on a sorted index: the rows whose label lies between {@code from} and
     * {@code to}, both included (bounds need not be labels). On an index that is not sorted ascending pandas slices
     * between the bounds' positions instead; here it is always the rows in the range, in row order: sort the index
     * first ({@link #sortIndex()}) to get pandas' answer.
     */
    public DataFrame loc(long from, long to) {
        return filter(RowLookup.between(this, from, to));
    }

    public DataFrame loc(double from, double to) {
        return filter(RowLookup.between(this, from, to));
    }

    public DataFrame loc(String from, String to) {
        return filter(RowLookup.between(this, from, to));
    }

    // --- end index ---

    // ----- issue 18, everyday members: each column through its series member -----

    /** Every column replaced by {@code fn} of it, in place. */
    private DataFrame eachColumn(java.util.function.Function<Series, Series> fn) {
        DataFrame out = this;
        for (String c : columns) {
            out = out.assign(c, fn.apply(col(c)).rename(c));
        }
        return out;
    }

    /** A one-row frame with {@code fn} (a one-row reduction) of every column, named as the columns. */
    private DataFrame eachReduced(java.util.function.Function<Series, Series> fn) {
        DataFrame out = null;
        for (String c : columns) {
            Series r = fn.apply(col(c)).rename(c);
            out = out == null ? r.toFrame() : out.assign(c, r);
        }
        if (out == null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot reduce a frame without columns");
        }
        return out;
    }

    /** pandas' {@code abs()} of every column (each numeric). */
    public DataFrame abs() { return eachColumn(Series::abs); }
    /** pandas' {@code isnull()}, the same as {@link #isna()}. */
    public DataFrame isnull() { return isna(); }
    /** pandas' {@code notnull()}, the same as {@link #notna()}. */
    public DataFrame notnull() { return notna(); }

    /** pandas' {@code df + s} (and the other arithmetic below): every column with the scalar (each numeric). */
    public DataFrame add(double s) { return eachColumn(c -> c.add(s)); }
    public DataFrame sub(double s) { return eachColumn(c -> c.subtract(s)); }
    public DataFrame mul(double s) { return eachColumn(c -> c.multiply(s)); }
    public DataFrame div(double s) { return eachColumn(c -> c.divide(s)); }
    public DataFrame truediv(double s) { return eachColumn(c -> c.divide(s)); }
    public DataFrame floordiv(long s) { return eachColumn(c -> c.floorDivide(s)); }
    public DataFrame mod(long s) { return eachColumn(c -> c.mod(s)); }
    public DataFrame pow(double s) { return eachColumn(c -> c.power(s)); }
    public DataFrame radd(double s) { return eachColumn(c -> c.radd(s)); }
    public DataFrame rsub(double s) { return eachColumn(c -> c.rsub(s)); }
    public DataFrame rmul(double s) { return eachColumn(c -> c.rmul(s)); }
    public DataFrame rdiv(double s) { return eachColumn(c -> c.rdiv(s)); }

    /** pandas' {@code df == s} (and the comparisons below): a bool frame (each column numeric). */
    public DataFrame eq(double s) { return eachColumn(c -> c.eq(s)); }
    public DataFrame ne(double s) { return eachColumn(c -> c.ne(s)); }
    public DataFrame lt(double s) { return eachColumn(c -> c.lt(s)); }
    public DataFrame le(double s) { return eachColumn(c -> c.le(s)); }
    public DataFrame gt(double s) { return eachColumn(c -> c.gt(s)); }
    public DataFrame ge(double s) { return eachColumn(c -> c.ge(s)); }

    /**
     * pandas' {@code where(cond, axis=0)} with a bool series: every column kept where {@code cond} is true and null
     * elsewhere (an int or bool column becomes float64, as in pandas).
     */
    public DataFrame where(Series cond) { return eachColumn(c -> c.where(cond)); }
    public DataFrame where(Series cond, double other) { return eachColumn(c -> c.where(cond, other)); }
    /** pandas' {@code mask(cond, axis=0)}: {@link #where(Series)} with {@code cond} negated. */
    public DataFrame mask(Series cond) { return eachColumn(c -> c.mask(cond)); }
    public DataFrame mask(Series cond, double other) { return eachColumn(c -> c.mask(cond, other)); }

    /** pandas' {@code bfill()}: a null takes the next value of its column that is not null. */
    public DataFrame bfill() { return iloc(-1, Long.MIN_VALUE, -1).ffill().iloc(-1, Long.MIN_VALUE, -1); }

    /** pandas' {@code combine_first(other)} of frames with the same columns: this value, or other's where null. */
    public DataFrame combineFirst(DataFrame other) {
        if (!other.columns.equals(columns)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "combineFirst needs frames with the same columns; got "
                    + columns + " and " + other.columns);
        }
        return eachColumn(c -> c.combineFirst(other.col(c.name())));
    }

    /** pandas' {@code add_prefix(prefix)}: every column renamed {@code prefix + name}. */
    public DataFrame addPrefix(String prefix) {
        Objects.requireNonNull(prefix, "prefix");
        Map<String, String> m = new LinkedHashMap<>();
        for (String c : columns) {
            m.put(c, prefix + c);
        }
        return rename(m);
    }

    /** pandas' {@code add_suffix(suffix)}: every column renamed {@code name + suffix}. */
    public DataFrame addSuffix(String suffix) {
        Objects.requireNonNull(suffix, "suffix");
        Map<String, String> m = new LinkedHashMap<>();
        for (String c : columns) {
            m.put(c, c + suffix);
        }
        return rename(m);
    }

    /**
     * pandas' {@code insert(loc, column, value)}, returning the new frame (pandas changes the frame in place): the
     * column at position {@code loc}; a name already present is INVALID_ARGUMENT, as pandas' ValueError.
     */
    public DataFrame insert(int loc, String column, Series value) {
        if (loc < 0 || loc > columns.size()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "insert: loc must be in [0, " + columns.size()
                    + "], got " + loc);
        }
        if (columns.contains(column)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "insert: column '" + column + "' already exists");
        }
        List<String> order = new ArrayList<>(columns);
        order.add(loc, column);
        return assign(column, value).select(order);
    }

    /** pandas' {@code pipe(fn)}: {@code fn.apply(this)}, for chains of calls. */
    public <R> R pipe(java.util.function.Function<? super DataFrame, R> fn) {
        return Objects.requireNonNull(fn, "fn").apply(this);
    }

    /** pandas' {@code rank(method)} of every column (see {@link Series#rank(String)}), float64. */
    public DataFrame rank() { return eachColumn(Series::rank); }
    public DataFrame rank(String method) { return eachColumn(c -> c.rank(method)); }

    /** pandas' {@code median()} of every column (each numeric or timedelta), a one-row frame (see {@link #sum()}). */
    public DataFrame median() { return eachReduced(Series::median); }
    /**
     * pandas' {@code quantile(q)} of every column (each numeric or timedelta), as a one-row frame: float64, timedelta
     * columns timedelta64[ns] (pandas 1.5 leaves those out unless {@code numeric_only=False}).
     */
    public DataFrame quantile(double q) { return eachReduced(c -> c.quantile(q)); }
    /** pandas' {@code sem()} of every column (each numeric), as a one-row float64 frame. */
    public DataFrame sem() { return eachReduced(Series::sem); }
    /** pandas' {@code skew()} of every column (each numeric), as a one-row float64 frame. */
    public DataFrame skew() { return eachReduced(Series::skew); }
    /** pandas' {@code kurt()} of every column (each numeric), as a one-row float64 frame. */
    public DataFrame kurt() { return eachReduced(Series::kurt); }
    /** pandas' {@code nunique()} of every column, as a one-row int64 frame. */
    public DataFrame nunique() { return eachReduced(Series::nunique); }
    /** pandas' {@code any()} of every column (each bool or numeric), as a one-row bool frame. */
    public DataFrame any() { return eachReduced(Series::any); }
    /** pandas' {@code all()} of every column (each bool or numeric), as a one-row bool frame. */
    public DataFrame all() { return eachReduced(Series::all); }
    /** pandas' {@code idxmax()} of every column, as a one-row frame of labels (a column of nulls only: no row). */
    public DataFrame idxmax() { return eachReduced(Series::idxmax); }
    public DataFrame idxmin() { return eachReduced(Series::idxmin); }

    /**
     * pandas' {@code query(expression)}: the rows where the condition over the columns holds (null counts as false);
     * see {@link #eval(String)} for what an expression may hold.
     */
    public DataFrame query(String expression) {
        return Query.query(this, expression);
    }

    /**
     * pandas' {@code eval(expression)} of a computed column: column names (or `quoted names`), numbers, 'text',
     * True/False, {@code + - * / // % **}, comparisons (chained as in Python), {@code and/or/not} or {@code &|~},
     * parentheses. An unknown name is COLUMN_NOT_FOUND naming it; a malformed expression INVALID_ARGUMENT.
     */
    public Series eval(String expression) {
        return Query.eval(this, expression);
    }

    /**
     * pandas' {@code sample(n, random_state=seed)} without replacement: {@code n} rows chosen by a hash of the seed
     * and each row's position, so the draw does not depend on the chunking (like the tensor random functions); the
     * rows come in the order of their draws, with their labels. Not the rows numpy's generator would pick.
     */
    public DataFrame sample(long n, long seed) {
        if (n < 0 || rows != Shapes.UNKNOWN && n > rows) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "sample: n must be in [0, " + (rows == Shapes.UNKNOWN
                    ? "rows" : String.valueOf(rows)) + "] without replacement, got " + n);
        }
        Series position = Ranks.counting(this).subtract(1L);
        long modulus = 2_147_483_647L;
        Series h = position.add(Math.floorMod(seed, modulus) + 1).mod(modulus).multiply(48_271L).mod(modulus);
        for (int round = 0; round < 3; round++) {
            // squaring mod a prime mixes the neighbouring positions a linear step leaves in order
            h = h.multiply(h).add(position).add(round * 7_919L + 12_345L).mod(modulus);
        }
        String draw = "__mars_sample_draw";
        String at = "__mars_sample_position";
        return assign(draw, h.rename(draw)).assign(at, position.rename(at)).nsmallest(n, List.of(draw, at))
                .drop(draw, at);
    }

    /**
     * pandas' {@code pivot_table(index=index, columns=columns, values=values, aggfunc=aggfunc)} for one index column:
     * a row per index key (sorted; null keys left out) and a column per value of {@code columnValues}, named by it
     * ({@code String.valueOf}; True/False for bools). The new columns are the data's values, which a lazy frame does not know, so the caller
     * names them (pandas finds them itself); a value with no rows gives a column of nulls (pandas leaves it out). Rows
     * whose new columns are all null are left out, as pandas' {@code dropna=True}; the new columns are float64 when
     * the aggregate is int (a left join's rule; pandas keeps int64 when no cell is missing).
     */
    public DataFrame pivotTable(String index, String columns, String values, String aggfunc, List<?> columnValues) {
        dtype(index);
        dtype(values);
        DType columnType = dtype(columns);
        if (columnValues.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "pivotTable needs at least one value of column '"
                    + columns + "' to make a column of");
        }
        DataFrame out = select(index).dropna("any", List.of(index)).groupBy(index).size().select(index);
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Object v : columnValues) {
            String name = v instanceof Boolean flag ? (flag ? "True" : "False") : String.valueOf(v);
            if (name.equals(index) || !names.add(name)) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "pivotTable: column value '" + name + "' repeats"
                        + " or clashes with the index column");
            }
            Series match;
            if (v instanceof Boolean b && columnType == DType.BOOL) {
                match = b ? col(columns) : col(columns).not();
            } else if (v instanceof String text && columnType == DType.STRING) {
                match = col(columns).eq(text);
            } else if (v instanceof Number n && columnType.isNumeric()) {
                match = col(columns).eq(n.doubleValue());
            } else {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "pivotTable: value " + v + " cannot be compared"
                        + " with column '" + columns + "' of " + columnType);
            }
            DataFrame part = select(index, values).filter(match).groupBy(index)
                    .agg(GroupBy.named(name, values, aggfunc));
            out = out.merge(part, List.of(index), "left", "_x", "_y", true);
        }
        List<String> made = new ArrayList<>(out.columns().subList(1, out.columns().size()));
        return out.dropna("all", made); // pandas' dropna=True: no row whose every new column is null
    }

    /**
     * pandas' {@code stack()} (dropna=True) of the one column level, given as pandas' {@code df.stack().reset_index()}:
     * Mars has no MultiIndex, so the two levels of a stacked row's label are two columns. Three columns: the row's
     * label (named after the index, else {@code level_0}), the column's name ({@code level_1}, text) and its value
     * ({@code 0}); a row per value that is not null, in the frame's row order and, within a row, column order. The
     * values take the type the columns' numbers promote to (int64 and float64 give float64); text, dates and numbers
     * cannot mix, nor bools with numbers (UNSUPPORTED_DTYPE; pandas makes them object). {@link #unstack} is the
     * inverse.
     */
    public DataFrame stack() {
        if (columns.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "stack needs at least one column");
        }
        DType first = dtypes.get(0);
        for (int i = 1; i < columns.size(); i++) {
            DType t = dtypes.get(i);
            boolean numbers = t.isNumeric() && first.isNumeric() && t != DType.BOOL && first != DType.BOOL;
            if (t != first && !numbers) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "stack: column '" + columns.get(i) + "' of " + t
                        + " cannot share a column with column '" + columns.get(0) + "' of " + first
                        + " (pandas makes it object)");
            }
        }
        String label = "__mars_stack_label";
        String variable = "__mars_stack_column";
        String value = "__mars_stack_value";
        String position = Ranks.POSITION;
        DataFrame rows = Ranks.withPositions(this).assign(label, index().toSeries().rename(label));
        // melt gives the values column by column; a stable sort by row position puts each row's together, in order
        DataFrame stacked = rows.melt(List.of(position, label), columns, variable, value)
                .dropna("any", List.of(value)).sortValues(position).resetIndex(true);
        String labelName = labels.name() != null ? labels.name() : "level_0";
        return stacked.select(label, variable, value).rename(Map.of(label, labelName, variable, "level_1", value,
                "0"));
    }

    /**
     * pandas' {@code unstack()} of a stacked frame ({@link #stack}'s three columns: label, column name, value): a row
     * per label (sorted) with its first column named as the labels' column, and a column per name of
     * {@code columnValues}, which the caller lists as {@link #pivotTable} needs them (pandas takes the sorted
     * distinct names); null where a label has no value for a name. It is {@link #pivot} of the three columns, so int
     * values come back as float64 (pandas keeps int64 when no cell is missing) and a repeated (label, name) pair
     * takes its first value (pandas refuses it).
     */
    public DataFrame unstack(List<?> columnValues) {
        if (columns.size() != 3) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "unstack needs a stacked frame of three columns (label,"
                    + " column name, value), got " + columns + "; use unstack(index, columns, values, columnValues)");
        }
        return unstack(columns.get(0), columns.get(1), columns.get(2), columnValues);
    }

    /** {@link #unstack(List)} with the label, name and value columns named: {@link #pivot} of them. */
    public DataFrame unstack(String index, String columns, String values, List<?> columnValues) {
        return pivot(index, columns, values, columnValues);
    }

    /**
     * pandas' {@code pivot(index=index, columns=columns, values=values)}: {@link #pivotTable} taking each pair's
     * value (pandas refuses a repeated pair; here the first row's value is taken).
     */
    public DataFrame pivot(String index, String columns, String values, List<?> columnValues) {
        return pivotTable(index, columns, values, "first", columnValues);
    }

    /** pandas' {@code join(other, how)} on the row labels: see {@link #join(DataFrame, String, String, String)}. */
    public DataFrame join(DataFrame other, String how) {
        return join(other, how, "", "");
    }

    /**
     * pandas' {@code join(other, how, lsuffix, rsuffix)}: the rows matched by their labels (left, right, inner or
     * outer), as a merge of the labels made columns, labelled by the joined labels (unnamed as in pandas, here
     * {@code __mars_join_label}). Columns both frames have need a suffix (INVALID_ARGUMENT naming them). The rows come
     * sorted by label; pandas keeps the left frame's order for how=left, the same when its labels are sorted.
     */
    public DataFrame join(DataFrame other, String how, String lsuffix, String rsuffix) {
        List<String> both = new ArrayList<>(columns);
        both.retainAll(other.columns);
        if (!both.isEmpty() && (lsuffix.isEmpty() && rsuffix.isEmpty() || lsuffix.equals(rsuffix))) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "join: columns " + both + " are in both frames; give"
                    + " lsuffix and rsuffix that differ");
        }
        String key = "__mars_join_label";
        DataFrame left = resetIndex();
        left = left.rename(Map.of(left.columns().get(0), key));
        DataFrame right = other.resetIndex();
        right = right.rename(Map.of(right.columns().get(0), key));
        DataFrame joined = both.isEmpty() ? left.merge(right, List.of(key), how, "_x", "_y", true)
                : left.merge(right, List.of(key), how, lsuffix, rsuffix, true);
        return joined.setIndex(key);
    }

    @Override
    public String toString() {
        return io.mars.Eager.printed(this).orElseGet(this::toLazyString);
    }

    /** What the frame is without computing it: its row count, columns and dtypes. */
    public String toLazyString() {
        return "DataFrame[" + (rows == Shapes.UNKNOWN ? "?" : rows) + " rows, columns " + columns + " " + dtypes + "]";
    }
}
