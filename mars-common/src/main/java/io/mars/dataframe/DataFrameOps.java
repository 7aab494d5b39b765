package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.Tileable;
import io.mars.common.operand.dataframe.AggFn;
import io.mars.common.operand.dataframe.AggSpec;
import io.mars.common.operand.dataframe.MergeHow;
import io.mars.common.operand.dataframe.MergePlan;
import io.mars.common.operand.dataframe.TableAggPartial;
import io.mars.common.operand.dataframe.TableAggStates;
import io.mars.common.operand.dataframe.TableConcat;
import io.mars.common.operand.dataframe.TableDropDuplicates;
import io.mars.common.operand.dataframe.TableMerge;
import io.mars.common.operand.dataframe.TableSortValues;
import io.mars.types.DType;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The row-moving operations of dataframes and series (sort, merge, concat, drop_duplicates, shuffle-able groupby):
 * checks and graph building shared by {@link DataFrame}, {@link Series}, {@link GroupBy} and {@link DataFrames}.
 */
final class DataFrameOps {
    private DataFrameOps() {
    }

    static DataFrame sortValues(DataFrame df, List<String> by, List<Boolean> ascending) {
        checkSortKeys(by, ascending);
        for (String c : by) {
            df.indexOf(c);
        }
        return sortRaw(df.positioned(), by, ascending);
    }

    /** The rows of {@code df} sorted, labelled as they are (a RangeIndex frame gets fresh positions). */
    static DataFrame sortRaw(DataFrame df, List<String> by, List<Boolean> ascending) {
        return new DataFrame(new TableSortValues(by, ascending), List.of(df), df.columns(), df.dtypes(),
                df.rowCount(), df.labels());
    }

    static Series sortValues(Series s, boolean ascending) {
        Series in = s.positioned();
        return new Series(new TableSortValues(List.of(s.name()), List.of(ascending)), List.of(in), s.name(),
                s.dtype(), s.length(), in.labels());
    }

    private static void checkSortKeys(List<String> by, List<Boolean> ascending) {
        if (by.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "sortValues needs at least one column in 'by'");
        }
        if (by.size() != ascending.size()) {
            throw new MarsException(ErrorCode.LENGTH_MISMATCH, "sortValues got " + by.size() + " column(s) " + by
                    + " but " + ascending.size() + " ascending flag(s) " + ascending + "; give one flag per column");
        }
        if (new HashSet<>(by).size() != by.size()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "sortValues(by=" + by + ") names a column twice");
        }
    }

    static void checkN(String what, long n) {
        if (n < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, what + "(n) needs n >= 0, got " + n);
        }
    }

    /** pandas' nlargest/nsmallest(keep='first'): rows with a null in {@code column} never count. */
    static DataFrame nExtreme(DataFrame df, long n, String column, boolean largest) {
        checkN(largest ? "nlargest" : "nsmallest", n);
        if (!df.dtype(column).isNumeric()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, (largest ? "nlargest" : "nsmallest") + " needs a"
                    + " numeric column, got '" + column + "' of " + df.dtype(column));
        }
        DataFrame known = df.dropna("any", List.of(column));
        return sortValues(known, List.of(column), List.of(!largest)).head(n);
    }

    /**
     * pandas' nlargest/nsmallest(n, columns, keep='first'): ordered by the columns in turn, ties in frame order;
     * rows with a null in any of the columns never count.
     */
    static DataFrame nExtreme(DataFrame df, long n, List<String> columns, boolean largest) {
        String what = largest ? "nlargest" : "nsmallest";
        checkN(what, n);
        if (columns.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, what + " needs at least one column");
        }
        for (String c : columns) {
            if (!df.dtype(c).isNumeric()) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, what + " needs numeric columns, got '" + c
                        + "' of " + df.dtype(c));
            }
        }
        DataFrame known = df.dropna("any", columns);
        return sortValues(known, columns, java.util.Collections.nCopies(columns.size(), !largest)).head(n);
    }

    /**
     * pandas' {@code mode()} (dropna=True): the values seen most often, in ascending order: the value counts joined
     * with their highest count.
     */
    static Series mode(Series s) {
        DataFrame counts = valueCounts(s);
        DataFrame top = counts.select("count").head(1);
        return counts.merge(top, "count", "inner").sortValues(s.name(), true).col(s.name()).resetIndex();
    }

    static DataFrame merge(DataFrame left, DataFrame right, List<String> on, String how, String leftSuffix,
                           String rightSuffix, boolean sort) {
        return merge(left, right, on, on, how, leftSuffix, rightSuffix, sort);
    }

    static DataFrame merge(DataFrame left, DataFrame right, List<String> leftOn, List<String> rightOn, String how,
                           String leftSuffix, String rightSuffix, boolean sort) {
        MergeHow h = MergeHow.fromName(how);
        left = left.withoutLabels(); // pandas: a merge's rows get a fresh RangeIndex
        right = right.withoutLabels();
        MergePlan plan = MergePlan.of(left.columns(), left.dtypes(), right.columns(), right.dtypes(), leftOn, rightOn,
                h, leftSuffix, rightSuffix);
        DataFrame joined = new DataFrame(new TableMerge(leftOn, rightOn, h, leftSuffix, rightSuffix),
                List.of(left, right), plan.names(), plan.dtypes(), Shapes.UNKNOWN);
        return sort && !leftOn.isEmpty() ? sortRaw(joined, leftOn, Collections.nCopies(leftOn.size(), Boolean.TRUE))
                : joined;
    }

    static DataFrame concat(List<DataFrame> frames) {
        if (frames.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "concat needs at least one frame");
        }
        frames = promoted(frames);
        DataFrame first = frames.get(0);
        long rows = 0;
        for (DataFrame f : frames) {
            if (!f.columns().equals(first.columns()) || !f.dtypes().equals(first.dtypes())) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "concat needs frames with the same columns and"
                        + " dtypes; got " + first.columns() + " " + first.dtypes() + " and " + f.columns() + " "
                        + f.dtypes() + "; select, rename or astype them to match first");
            }
            rows = rows == Shapes.UNKNOWN || f.rowCount() == Shapes.UNKNOWN ? Shapes.UNKNOWN : rows + f.rowCount();
        }
        List<DataFrame> parts = new ArrayList<>(frames.size());
        List<RowLabels> labels = new ArrayList<>(frames.size());
        for (DataFrame f : frames) {
            parts.add(f.positioned()); // pandas keeps each part's labels (a RangeIndex part gives 0..n-1)
            labels.add(parts.get(parts.size() - 1).labels());
        }
        return new DataFrame(new TableConcat(), parts, first.columns(), first.dtypes(), rows, concatLabels(labels));
    }

    /** The labels of a concat: one type for all parts, the name when every part has the same. */
    private static RowLabels concatLabels(List<RowLabels> parts) {
        RowLabels first = parts.get(0);
        String name = first.name();
        for (RowLabels l : parts) {
            if (l.dtype() != first.dtype()) {
                throw new MarsException(ErrorCode.INVALID_INDEX, "concat needs row labels of one dtype; got "
                        + first.dtype() + " and " + l.dtype() + "; resetIndex() the parts or give them labels of one"
                        + " type");
            }
            name = java.util.Objects.equals(name, l.name()) ? name : null;
        }
        return RowLabels.stored(name, first.dtype());
    }

    /**
     * pandas' dtype rule of a concat: a column that is int in one part and float in another becomes float64 in every
     * part (ints of other widths become int64). Other differences are left for the caller's check.
     */
    static DType promotedType(List<DType> types) {
        DType first = types.get(0);
        boolean same = true;
        boolean anyFloat = false;
        for (DType t : types) {
            if (!t.isNumeric() || t == DType.BOOL) {
                return null;
            }
            same &= t == first;
            anyFloat |= t.isFloat();
        }
        return same ? first : anyFloat ? DType.FLOAT64 : DType.INT64;
    }

    private static List<DataFrame> promoted(List<DataFrame> frames) {
        List<String> columns = frames.get(0).columns();
        Map<String, DType> target = new java.util.LinkedHashMap<>();
        for (String c : columns) {
            List<DType> types = new ArrayList<>();
            for (DataFrame f : frames) {
                if (!f.columns().equals(columns)) {
                    return frames;
                }
                types.add(f.dtype(c));
            }
            DType t = promotedType(types);
            if (t != null) {
                target.put(c, t);
            }
        }
        List<DataFrame> out = new ArrayList<>(frames.size());
        for (DataFrame f : frames) {
            Map<String, DType> cast = new java.util.LinkedHashMap<>();
            target.forEach((c, t) -> {
                if (f.dtype(c) != t) {
                    cast.put(c, t);
                }
            });
            out.add(cast.isEmpty() ? f : f.astype(cast));
        }
        return out;
    }

    static Series concatSeries(List<Series> series) {
        if (series.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "concat needs at least one series");
        }
        List<DType> types = new ArrayList<>();
        for (Series s : series) {
            types.add(s.dtype());
        }
        DType promotedType = promotedType(types);
        if (promotedType != null) {
            List<Series> cast = new ArrayList<>(series.size());
            for (Series s : series) {
                cast.add(s.dtype() == promotedType ? s : s.astype(promotedType));
            }
            series = cast;
        }
        Series first = series.get(0);
        long rows = 0;
        for (Series s : series) {
            if (!s.name().equals(first.name()) || s.dtype() != first.dtype()) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "concat needs series of one name and dtype; got '"
                        + first.name() + "' " + first.dtype() + " and '" + s.name() + "' " + s.dtype()
                        + "; rename or astype them to match first");
            }
            rows = rows == Shapes.UNKNOWN || s.length() == Shapes.UNKNOWN ? Shapes.UNKNOWN : rows + s.length();
        }
        List<Series> parts = new ArrayList<>(series.size());
        List<RowLabels> labels = new ArrayList<>(series.size());
        for (Series s : series) {
            parts.add(s.positioned());
            labels.add(parts.get(parts.size() - 1).labels());
        }
        return new Series(new TableConcat(), parts, first.name(), first.dtype(), rows, concatLabels(labels));
    }

    static DataFrame dropDuplicates(DataFrame df, List<String> subset) {
        List<String> cols = subset.isEmpty() ? df.columns() : subset;
        for (String c : cols) {
            df.indexOf(c);
        }
        DataFrame in = df.positioned();
        return new DataFrame(new TableDropDuplicates(cols), List.of(in), df.columns(), df.dtypes(), Shapes.UNKNOWN,
                in.labels());
    }

    static DataFrame dropDuplicates(DataFrame df, List<String> subset, String keep) {
        List<String> cols = subset.isEmpty() ? df.columns() : subset;
        return switch (Objects.requireNonNull(keep, "keep")) {
            case "first" -> dropDuplicates(df, cols);
            case "last" -> dropDuplicates(df.iloc(-1, Long.MIN_VALUE, -1), cols).iloc(-1, Long.MIN_VALUE, -1);
            case "none" -> {
                DataFrame rows = Ranks.withPositions(df);
                DataFrame first = dropDuplicates(rows, cols).select(Ranks.POSITION);
                DataFrame last = dropDuplicates(rows.iloc(-1, Long.MIN_VALUE, -1), cols).select(Ranks.POSITION);
                DataFrame once = first.merge(last, Ranks.POSITION, "inner");
                yield rows.merge(once, Ranks.POSITION, "inner").sortValues(Ranks.POSITION, true)
                        .drop(Ranks.POSITION).resetIndex(true);
            }
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "dropDuplicates: keep must be first, last"
                    + " or none; got '" + keep + "'");
        };
    }

    static Series dropDuplicates(Series s) {
        return new Series(new TableDropDuplicates(List.of(s.name())), List.of(s), s.name(), s.dtype(),
                Shapes.UNKNOWN, s.labels());
    }

    /**
     * A groupby in two tileables: the partial states per chunk, whose lengths (groups per chunk) are known before
     * the second is tiled, so the tiler can pick a tree or a shuffle from the data.
     */
    static DataFrame groupByAgg(DataFrame frame, List<String> keys, List<AggSpec> specs, List<String> names,
                                List<DType> types) {
        List<DType> keyTypes = new ArrayList<>(keys.size());
        for (String k : keys) {
            keyTypes.add(frame.dtype(k));
        }
        DataFrame partial = new DataFrame(new TableAggPartial(keys, specs), List.of(frame), keys, keyTypes,
                Shapes.UNKNOWN);
        return new DataFrame(new TableAggStates(keys, specs), List.of(partial), names, types, Shapes.UNKNOWN);
    }

    /** pandas' {@code value_counts()}: distinct non-null values and their counts, most frequent first. */
    static DataFrame valueCounts(Series s) {
        DataFrame counted = s.toFrame().groupBy(s.name()).size().rename(java.util.Map.of("size", "count"));
        return sortRaw(counted, List.of("count"), List.of(false)); // a fresh RangeIndex (pandas: the values)
    }

    /** pandas' {@code nunique()}: the number of distinct non-null values, as a one-row int64 series. */
    static Series nunique(Series s) {
        return dropDuplicates(s.dropna()).count();
    }

    /** pandas' {@code median()} (nulls skipped, NaN when there is no value), as a one-row float64 series. */
    static Series median(Series s) {
        if (!s.dtype().isNumeric() && s.dtype() != DType.TIMEDELTA) {
            throw new MarsException(ErrorCode.NON_NUMERIC_AGGREGATION, "cannot compute median of series '" + s.name()
                    + "' of dtype " + s.dtype() + "; median needs a numeric (bool, int or float) or timedelta64[ns]"
                    + " column");
        }
        Series median = DataFrames.fromTensor(floatValues(s).toTensor().median().reshape(1), s.name()).col(s.name());
        return ofFloatNanos(median, s.dtype());
    }

    /**
     * The values that are not null as float64; a timedelta's nanoseconds, as pandas' nanmedian and quantile take
     * them (so beyond 2^53 ns, about 104 days, they are rounded as pandas rounds them).
     */
    static Series floatValues(Series s) {
        Series values = s.dropna();
        return (s.dtype() == DType.TIMEDELTA ? values.astype(DType.INT64) : values).astype(DType.FLOAT64);
    }

    /** A statistic of {@link #floatValues} back as a timedelta (truncated, NaN is NaT) when the input was one. */
    static Series ofFloatNanos(Series statistic, DType input) {
        return input == DType.TIMEDELTA ? statistic.astype(DType.TIMEDELTA) : statistic;
    }

    static AggSpec spec(String column, DType type, AggFn fn) {
        return DataFrame.aggSpec(column, type, fn, column, 1);
    }

    static List<Tileable> tileables(List<? extends Tileable> in) {
        return new ArrayList<>(in);
    }
}
