package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.SeriesApplyWhole;
import io.mars.common.operand.dataframe.SeriesMap;
import io.mars.common.operand.dataframe.TableApplyRows;
import io.mars.common.operand.dataframe.TableApplyRowsExpand;
import io.mars.common.operand.dataframe.TableMapPartitions;
import io.mars.common.operand.dataframe.WholeColumnResult;
import io.mars.types.Column;
import io.mars.types.ColumnFunction;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.Row;
import io.mars.types.RowFunction;
import io.mars.types.TableFunction;
import io.mars.types.UserFunctions;
import io.mars.types.ValueFunction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Series.map/apply, DataFrame.apply (a function of rows, giving one value or several; or of whole columns) and
 * DataFrame.mapPartitions: the function serialized into the operand, and the result's types inferred, when not given,
 * as Mars infers them: by calling the function here, before anything runs, on mock data of the input's types (Mars's
 * {@code build_series}/{@code build_df}), two values per column.
 */
final class UserFunctionOps {
    private UserFunctionOps() {
    }

    static Series map(Series s, ValueFunction<?, ?> fn, DType dtype, String what) {
        byte[] bytes = UserFunctions.serialize(fn, what);
        DType out = dtype != null ? dtype : inferValue(s, fn, what);
        return s.withLabelsOf(new Series(new SeriesMap(bytes, out), List.of(s), s.name(), out, s.length()));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static DType inferValue(Series s, ValueFunction fn, String what) {
        Object mock = mock(s.dtype(), 0);
        Object result;
        try {
            result = fn.apply(mock);
        } catch (RuntimeException | LinkageError | AssertionError e) {
            throw cannotInfer(what, "threw " + e + " on the mock value " + mock + " (" + s.dtype() + ")",
                    "map(fn, dtype)", e);
        }
        try {
            return Column.infer(s.name(), Arrays.asList(result));
        } catch (MarsException e) {
            throw cannotInfer(what, "returned " + result + ", " + e.getMessage(), "map(fn, dtype)", e);
        }
    }

    static Series applyRows(DataFrame df, RowFunction<?> fn, DType dtype) {
        byte[] bytes = UserFunctions.serialize(fn, "DataFrame.apply");
        DType out = dtype;
        if (out == null) {
            Row mock = new Row(mockTable(df), 0);
            Object result;
            try {
                result = fn.apply(mock);
            } catch (RuntimeException | LinkageError | AssertionError e) {
                throw cannotInfer("DataFrame.apply", "threw " + e + " on the mock row " + mock, "apply(fn, dtype)", e);
            }
            try {
                out = Column.infer("", Arrays.asList(result));
            } catch (MarsException e) {
                throw cannotInfer("DataFrame.apply", "returned " + result + ", " + e.getMessage(), "apply(fn, dtype)",
                        e);
            }
        }
        Series values = new Series(new TableApplyRows(bytes, out), List.of(df), "", out, df.rowCount());
        RowLabels labels = df.labels();
        if (labels.range()) {
            return values;
        }
        return new Series(new io.mars.common.operand.dataframe.TableMap(List.of(
                io.mars.common.operand.dataframe.ColumnExpr.column("", out,
                        new io.mars.common.operand.dataframe.ColumnRef(0, "")), labels.passOn(1))),
                List.of(values, df), "", out, df.rowCount(), labels);
    }

    /**
     * pandas' {@code apply(func, axis=1, result_type='expand')}: several values per row, as declared columns, the
     * frame's labels kept.
     */
    static DataFrame applyRowsExpand(DataFrame df, RowFunction<?> fn, List<String> columns, List<DType> dtypes) {
        return applyRowsExpand(df, fn, columns, dtypes, false);
    }

    /**
     * pandas' {@code apply(func, axis=1, result_type='expand')} with the columns inferred: as many as the function
     * gives on a mock row, named "0", "1", ... as pandas numbers them, each of its value's type there.
     */
    static DataFrame applyRowsExpandInferred(DataFrame df, RowFunction<?> fn) {
        Row mock = new Row(mockTable(df), 0);
        Object result;
        try {
            result = fn.apply(mock);
        } catch (RuntimeException | LinkageError | AssertionError e) {
            throw cannotInfer("DataFrame.applyExpand", "threw " + e + " on the mock row " + mock,
                    "apply(fn, columns, dtypes)", e);
        }
        List<?> got = result instanceof List<?> list ? list : result instanceof Object[] array ? Arrays.asList(array)
                : null;
        if (got == null || got.isEmpty()) {
            throw cannotInfer("DataFrame.applyExpand", "returned " + (result instanceof Object[] a
                    ? Arrays.toString(a) : result) + " on the mock row " + mock + "; it must return a List or an"
                    + " Object[] of at least one value", "apply(fn, columns, dtypes)", null);
        }
        List<String> columns = new ArrayList<>(got.size());
        List<DType> dtypes = new ArrayList<>(got.size());
        for (int j = 0; j < got.size(); j++) {
            columns.add(Integer.toString(j));
            try {
                dtypes.add(Column.infer(columns.get(j), Arrays.asList(got.get(j))));
            } catch (MarsException e) {
                throw cannotInfer("DataFrame.applyExpand", "returned " + got + " on the mock row " + mock + ", "
                        + e.getMessage(), "apply(fn, columns, dtypes)", e);
            }
        }
        return applyRowsExpand(df, fn, columns, dtypes, false);
    }

    /**
     * pandas' {@code apply(func, axis=1, result_type='broadcast')}: the expand operand over the frame's own columns,
     * each of the frame's common dtype (numpy's {@code empty_like} of its values), a single value repeated.
     */
    static DataFrame applyRowsBroadcast(DataFrame df, RowFunction<?> fn) {
        List<String> columns = df.columns();
        if (columns.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "DataFrame.applyBroadcast: the frame has no columns;"
                    + " there is nothing to broadcast to");
        }
        DType common = commonDtype(df);
        return applyRowsExpand(df, fn, columns, java.util.Collections.nCopies(columns.size(), common), true);
    }

    /**
     * The dtype of pandas' {@code df.values} for a frame of numbers or of bools: bool if all are bool; the one integer
     * type if all are it, int64 for int32 with int64; float32 if all are float32, float64 for floats with anything
     * else. Text, dates, timedeltas and bools beside numbers make pandas' object, which Mars has no column of.
     */
    private static DType commonDtype(DataFrame df) {
        java.util.EnumSet<DType> seen = java.util.EnumSet.noneOf(DType.class);
        df.dtypes().forEach(seen::add);
        boolean boolsBesideNumbers = seen.contains(DType.BOOL) && seen.size() > 1;
        for (String c : df.columns()) {
            DType t = df.dtype(c);
            if (!t.isNumeric() || t == DType.BOOL && boolsBesideNumbers) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "DataFrame.applyBroadcast: column '" + c
                        + "' is " + t + " beside " + df.dtypes() + "; broadcast keeps the frame's common dtype, which"
                        + " pandas makes object here and Mars has not: select the numeric columns (or only bool"
                        + " ones), or use apply(rowFn, columns, dtypes) with the dtypes declared");
            }
        }
        if (seen.size() == 1) {
            return seen.iterator().next();
        }
        return seen.contains(DType.FLOAT32) || seen.contains(DType.FLOAT64) ? DType.FLOAT64 : DType.INT64;
    }

    private static DataFrame applyRowsExpand(DataFrame df, RowFunction<?> fn, List<String> columns,
                                             List<DType> dtypes, boolean broadcast) {
        Objects.requireNonNull(columns, "columns");
        Objects.requireNonNull(dtypes, "dtypes");
        if (columns.isEmpty() || columns.size() != dtypes.size()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "DataFrame.apply(rowFn, columns, dtypes): "
                    + columns.size() + " columns " + columns + " but " + dtypes.size() + " dtypes " + dtypes
                    + "; give one dtype per column, and at least one column");
        }
        if (new java.util.HashSet<>(columns).size() != columns.size()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "DataFrame.apply(rowFn, columns, dtypes): the columns "
                    + columns + " repeat a name; give each column its own");
        }
        byte[] bytes = UserFunctions.serialize(fn, "DataFrame.apply");
        DataFrame values = new DataFrame(new TableApplyRowsExpand(bytes, columns, dtypes, broadcast), List.of(df), columns,
                dtypes, df.rowCount());
        RowLabels labels = df.labels();
        if (labels.range()) {
            return values;
        }
        List<io.mars.common.operand.dataframe.ColumnExpr> out = new ArrayList<>(columns.size() + 1);
        for (int j = 0; j < columns.size(); j++) {
            out.add(io.mars.common.operand.dataframe.ColumnExpr.column(columns.get(j), dtypes.get(j),
                    new io.mars.common.operand.dataframe.ColumnRef(0, columns.get(j))));
        }
        out.add(labels.passOn(1));
        return new DataFrame(new io.mars.common.operand.dataframe.TableMap(out), List.of(values, df), columns, dtypes,
                df.rowCount(), labels);
    }

    /**
     * pandas' {@code apply(func, axis=0)} of a function giving one value per column: per column, one task over all
     * its chunks ({@link SeriesApplyWhole}), the values concatenated in column order, labelled by column name.
     */
    static Series applyColumns(DataFrame df, ColumnFunction<?> fn, int axis, DType dtype) {
        checkColumnFunction(df, axis, "DataFrame.apply", "apply(rowFn) or apply(rowFn, dtype)");
        byte[] bytes = UserFunctions.serialize(fn, "DataFrame.apply(axis=0)");
        DType out = dtype != null ? dtype : inferColumns(df, fn);
        List<Series> values = new ArrayList<>(df.columns().size());
        for (String c : df.columns()) {
            values.add(new Series(new SeriesApplyWhole(bytes, out, WholeColumnResult.VALUE),
                    List.of(df.col(c).withoutLabels()), "", out, 1, RowLabels.stored(null, DType.STRING)));
        }
        return DataFrames.concat(values.toArray(new Series[0]));
    }

    /**
     * pandas' {@code apply(func, axis=0)} of a function giving a series per column, of any length or labels: per
     * column one task over all its chunks ({@link SeriesApplyWhole} giving a series), then one task aligning them
     * ({@link io.mars.common.operand.dataframe.TableAlignSeries}). {@code labels} null: as inferred, or labelled by
     * position when {@code dtypes} are given; else the dtype of the Maps' keys.
     */
    static DataFrame applyColumnsExpand(DataFrame df, ColumnFunction<?> fn, int axis, List<DType> dtypes,
                                        DType labels) {
        checkColumnFunction(df, axis, "DataFrame.applyExpand", "apply(rowFn, columns, dtypes)");
        List<String> columns = df.columns();
        if (dtypes != null && dtypes.size() != columns.size()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "DataFrame.applyExpand(fn, 0, dtypes): "
                    + dtypes.size() + " dtypes " + dtypes + " for the " + columns.size() + " columns " + columns
                    + "; give one dtype per column");
        }
        if (labels != null && labels != DType.STRING && labels != DType.INT64) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "DataFrame.applyExpand(fn, 0, dtypes, labels): the"
                    + " labels (the keys of the Maps the function returns) must be string or int64, got " + labels);
        }
        byte[] bytes = UserFunctions.serialize(fn, "DataFrame.applyExpand");
        List<DType> types;
        boolean labelled;
        DType labelType;
        if (dtypes != null) {
            types = List.copyOf(dtypes);
            labelled = labels != null;
            labelType = labelled ? labels : DType.INT64;
        } else {
            Expanded inferred = inferExpand(df, fn);
            types = inferred.dtypes();
            labelled = inferred.labels() != null;
            labelType = labelled ? inferred.labels() : DType.INT64;
        }
        WholeColumnResult result = labelled ? WholeColumnResult.LABELLED_SERIES : WholeColumnResult.SERIES;
        List<Series> series = new ArrayList<>(columns.size());
        for (int j = 0; j < columns.size(); j++) {
            String c = columns.get(j);
            series.add(new Series(new SeriesApplyWhole(bytes, types.get(j), result),
                    List.of(df.col(c).withoutLabels()), c, types.get(j), io.mars.types.Shapes.UNKNOWN,
                    labelled ? RowLabels.stored(null, labelType) : RowLabels.RANGE));
        }
        io.mars.common.operand.dataframe.TableAlignSeries align = new io.mars.common.operand.dataframe
                .TableAlignSeries(columns, types, labelled, labelType);
        return labelled ? new DataFrame(align, series, columns, types, io.mars.types.Shapes.UNKNOWN,
                RowLabels.stored(null, labelType))
                : new DataFrame(align, series, columns, types, io.mars.types.Shapes.UNKNOWN);
    }

    /** The dtypes of an expanding apply's columns, and the labels' dtype, null for series labelled by position. */
    private record Expanded(List<DType> dtypes, DType labels) {
    }

    /**
     * The function's results on mock columns of 2 values: Columns or Lists (labelled by position) for every column,
     * or Maps for every column; their values' dtypes (the column's own when it gives none), and the Maps' keys' kind
     * (string when no Map has a key).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Expanded inferExpand(DataFrame df, ColumnFunction fn) {
        String declare = "applyExpand(fn, 0, dtypes) or applyExpand(fn, 0, dtypes, labels)";
        LocalTable mock = mockTable(df);
        List<DType> out = new ArrayList<>(mock.columnCount());
        Boolean maps = null;
        List<Object> keys = new ArrayList<>();
        for (Column c : mock.columns()) {
            Object r;
            try {
                r = fn.apply(c);
            } catch (RuntimeException | LinkageError | AssertionError e) {
                throw cannotInfer("DataFrame.applyExpand", "threw " + e + " on the mock column " + c, declare, e);
            }
            boolean map = r instanceof java.util.Map<?, ?>;
            if (!map && !(r instanceof Column) && !(r instanceof List<?>)) {
                throw cannotInfer("DataFrame.applyExpand", "returned " + r + " for the mock column " + c + "; it must"
                        + " return a Column or a List (a series labelled by position) or a Map of label to value (for"
                        + " one value per column use apply(fn, 0))", declare, null);
            }
            if (maps != null && maps != map) {
                throw cannotInfer("DataFrame.applyExpand", "returned a Map for some mock columns and not for others"
                        + " (" + c + " gave " + r + "); return Maps for every column or for none", declare, null);
            }
            maps = map;
            if (r instanceof Column got) {
                out.add(got.dtype());
                continue;
            }
            List<?> values = map ? new ArrayList<>(((java.util.Map<?, ?>) r).values()) : (List<?>) r;
            if (map) {
                keys.addAll(((java.util.Map<?, ?>) r).keySet());
            }
            if (values.isEmpty()) {
                out.add(c.dtype()); // nothing to infer from: the column's own dtype (a filter's, say)
                continue;
            }
            try {
                out.add(Column.infer(c.name(), values));
            } catch (MarsException e) {
                throw cannotInfer("DataFrame.applyExpand", "returned " + r + " for the mock column " + c + ", "
                        + e.getMessage(), declare, e);
            }
        }
        if (!Boolean.TRUE.equals(maps)) {
            return new Expanded(out, null);
        }
        DType labels = io.mars.common.operand.dataframe.TableAlignSeries.labelDtype(keys);
        if (labels == null) {
            throw cannotInfer("DataFrame.applyExpand", "returned Maps with the keys " + keys + " for the mock columns;"
                    + " the keys (the rows' labels) must be all strings or all integers", declare, null);
        }
        return new Expanded(out, labels);
    }

    /** A function of each column ({@code what}): the axis must be 0 and the frame must have columns. */
    private static void checkColumnFunction(DataFrame df, int axis, String what, String forRows) {
        if (axis != 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, what + "(ColumnFunction, axis): axis must be 0 (a"
                    + " function of each column), got " + axis + "; for a function of each row (axis=1) give a"
                    + " RowFunction: " + forRows);
        }
        if (df.columns().isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, what + "(ColumnFunction, 0): the frame has no columns"
                    + " to apply the function to");
        }
    }

    /**
     * pandas' {@code DataFrame.transform(func)} (and {@code apply(func)} of a function giving a series per column of
     * the same length): per column one task over all its chunks ({@link SeriesApplyWhole} giving a column), the
     * columns put side by side with the frame's row labels.
     */
    static DataFrame transformColumns(DataFrame df, ColumnFunction<?> fn, List<DType> dtypes) {
        return wholeColumns(df, fn, dtypes, WholeColumnResult.COLUMN);
    }

    /**
     * pandas' {@code apply(func, axis=0, result_type='broadcast')}: as {@link #transformColumns}, a single value
     * repeated down its column, every column of the frame's common dtype (see {@link #commonDtype}).
     */
    static DataFrame applyColumnsBroadcast(DataFrame df, ColumnFunction<?> fn, int axis) {
        checkColumnFunction(df, axis, "DataFrame.applyBroadcast", "applyBroadcast(rowFn)");
        DType common = commonDtype(df);
        return wholeColumns(df, fn, java.util.Collections.nCopies(df.columns().size(), common),
                WholeColumnResult.BROADCAST);
    }

    private static DataFrame wholeColumns(DataFrame df, ColumnFunction<?> fn, List<DType> dtypes,
                                          WholeColumnResult result) {
        List<String> columns = df.columns();
        if (columns.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "DataFrame.transform: the frame has no columns to"
                    + " transform");
        }
        if (dtypes != null && dtypes.size() != columns.size()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "DataFrame.transform(fn, dtypes): " + dtypes.size()
                    + " dtypes " + dtypes + " for the " + columns.size() + " columns " + columns + "; give one dtype"
                    + " per column");
        }
        byte[] bytes = UserFunctions.serialize(fn, result == WholeColumnResult.BROADCAST ? "DataFrame.applyBroadcast"
                : "DataFrame.transform");
        List<DType> types = dtypes != null ? List.copyOf(dtypes) : inferTransform(df, fn);
        List<Series> inputs = new ArrayList<>(columns.size());
        List<io.mars.common.operand.dataframe.ColumnExpr> out = new ArrayList<>(columns.size() + 1);
        for (int j = 0; j < columns.size(); j++) {
            String c = columns.get(j);
            inputs.add(new Series(new SeriesApplyWhole(bytes, types.get(j), result), List.of(df.col(c).withoutLabels()),
                    c, types.get(j), df.rowCount()));
            out.add(io.mars.common.operand.dataframe.ColumnExpr.column(c, types.get(j),
                    new io.mars.common.operand.dataframe.ColumnRef(j, c)));
        }
        RowLabels labels = df.labels();
        if (labels.range()) {
            return new DataFrame(new io.mars.common.operand.dataframe.TableMap(out), inputs, columns, types,
                    df.rowCount());
        }
        out.add(labels.passOn(columns.size()));
        List<io.mars.common.graph.Tileable> withLabels = new ArrayList<>(inputs);
        withLabels.add(df);
        return new DataFrame(new io.mars.common.operand.dataframe.TableMap(out), withLabels, columns, types,
                df.rowCount(), labels);
    }

    /** Each column's dtype: that of the function's result on a mock column of 2 values of the column's dtype. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static List<DType> inferTransform(DataFrame df, ColumnFunction fn) {
        LocalTable mock = mockTable(df);
        List<DType> out = new ArrayList<>(mock.columnCount());
        for (Column c : mock.columns()) {
            Object r;
            try {
                r = fn.apply(c);
            } catch (RuntimeException | LinkageError | AssertionError e) {
                throw cannotInfer("DataFrame.transform", "threw " + e + " on the mock column " + c,
                        "transform(fn, dtypes)", e);
            }
            if (r instanceof Column got) {
                out.add(got.dtype());
            } else if (r instanceof List<?> list) {
                try {
                    out.add(Column.infer(c.name(), list));
                } catch (MarsException e) {
                    throw cannotInfer("DataFrame.transform", "returned " + list + " for the mock column " + c + ", "
                            + e.getMessage(), "transform(fn, dtypes)", e);
                }
            } else {
                throw cannotInfer("DataFrame.transform", "returned " + r + " for the mock column " + c + "; it must"
                        + " return a Column or a List of one value per row (for one value per column use apply(fn,"
                        + " 0))", "transform(fn, dtypes)", null);
            }
        }
        return out;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static DType inferColumns(DataFrame df, ColumnFunction fn) {
        LocalTable mock = mockTable(df);
        List<Object> results = new ArrayList<>(mock.columnCount());
        for (Column c : mock.columns()) {
            try {
                results.add(fn.apply(c));
            } catch (RuntimeException | LinkageError | AssertionError e) {
                throw cannotInfer("DataFrame.apply(axis=0)", "threw " + e + " on the mock column " + c,
                        "apply(fn, 0, dtype)", e);
            }
        }
        try {
            return Column.infer("", results);
        } catch (MarsException e) {
            throw cannotInfer("DataFrame.apply(axis=0)", "returned " + results + " for mock columns of " + df.dtypes()
                    + ", " + e.getMessage(), "apply(fn, 0, dtype)", e);
        }
    }

    private static LocalTable mockTable(DataFrame df) {
        List<Column> cols = new ArrayList<>();
        for (int i = 0; i < df.columns().size(); i++) {
            DType t = df.dtypes().get(i);
            cols.add(Column.of(df.columns().get(i), t, List.of(mock(t, 0), mock(t, 1))));
        }
        return new LocalTable(cols);
    }

    static DataFrame mapPartitions(DataFrame df, TableFunction fn, List<String> columns, List<DType> dtypes) {
        byte[] bytes = UserFunctions.serialize(fn, "mapPartitions");
        if (columns == null) {
            LocalTable result = inferTable(df, fn);
            columns = result.columnNames();
            dtypes = result.dtypes();
        }
        Objects.requireNonNull(dtypes, "dtypes");
        if (columns.size() != dtypes.size()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "mapPartitions: " + columns.size() + " columns "
                    + columns + " but " + dtypes.size() + " dtypes " + dtypes);
        }
        return new DataFrame(new TableMapPartitions(bytes, columns, dtypes), List.of(df), columns, dtypes, -1);
    }

    static DataFrame groupApply(DataFrame df, List<String> keys, TableFunction fn, List<String> columns,
                                List<DType> dtypes) {
        for (String k : keys) {
            df.indexOf(k);
        }
        byte[] bytes = UserFunctions.serialize(fn, "GroupBy.apply");
        if (columns == null) {
            LocalTable result = inferTable(df, fn);
            columns = result.columnNames();
            dtypes = result.dtypes();
        }
        Objects.requireNonNull(dtypes, "dtypes");
        if (columns.size() != dtypes.size()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "GroupBy.apply: " + columns.size() + " columns "
                    + columns + " but " + dtypes.size() + " dtypes " + dtypes);
        }
        return new DataFrame(new io.mars.common.operand.dataframe.TableGroupApply(bytes, keys, columns, dtypes),
                List.of(df), columns, dtypes, -1);
    }

    private static LocalTable inferTable(DataFrame df, TableFunction fn) {
        LocalTable mock = mockTable(df);
        LocalTable result;
        try {
            result = fn.apply(mock);
        } catch (RuntimeException | LinkageError | AssertionError e) {
            throw cannotInfer("mapPartitions", "threw " + e + " on a mock partition of 2 rows of " + df.dtypes(),
                    "mapPartitions(fn, columns, dtypes)", e);
        }
        if (result == null) {
            throw cannotInfer("mapPartitions", "returned null for a mock partition", "mapPartitions(fn, columns,"
                    + " dtypes)", null);
        }
        return result;
    }

    /** Mock value {@code i} (0 or 1) of a column of {@code t}, as {@link Column#get} gives values. */
    private static Object mock(DType t, int i) {
        return switch (t) {
            case BOOL -> i == 0;
            case INT32 -> i + 1;
            case INT64 -> (long) i + 1;
            case FLOAT32 -> i + 1.5f;
            case FLOAT64 -> i + 1.5;
            case STRING -> i == 0 ? "a" : "b";
            case TIMESTAMP -> Instant.ofEpochSecond(86_400L * i);
            case TIMEDELTA -> java.time.Duration.ofSeconds(i + 1);
        };
    }

    private static MarsException cannotInfer(String what, String how, String declare, Throwable cause) {
        return new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + " cannot infer the result's types: the"
                + " function " + how + "; give them: " + declare, cause);
    }
}
