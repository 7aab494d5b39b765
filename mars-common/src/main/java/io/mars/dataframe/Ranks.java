package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * Members computed from row positions, sorts, groupbys and merges: {@code rank}, and the groupby members that give a
 * value per row ({@code cumcount}, {@code transform}) or keep whole groups ({@code filterBySize}). Each numbers the
 * rows by position (a running count), computes per value or per group, joins the result back to the rows and sorts
 * it into their order.
 */
final class Ranks {
    /** The column numbering the rows, named so as not to meet a user's column. */
    static final String POSITION = "__mars_position";
    private static final String RANK = "__mars_rank";
    private static final Set<String> METHODS = Set.of("average", "min", "max", "first", "dense");

    private Ranks() {
    }

    /** An int64 series 1, 2, 3 ... over the rows of {@code df} (a running count of a column that is never null). */
    static Series counting(DataFrame df) {
        Series c = df.col(df.columns().get(0));
        return c.isna().or(c.notna()).cumsum();
    }

    /** {@code df} labelled by position, with its positions 0, 1, 2 ... as the column {@link #POSITION}. */
    static DataFrame withPositions(DataFrame df) {
        DataFrame plain = df.withoutLabels();
        return plain.assign(POSITION, counting(plain).subtract(1L));
    }

    /** pandas' {@code rank(method=method)} (na_option='keep', ascending): float64, null for a null value. */
    static Series rank(Series s, String method) {
        if (!METHODS.contains(method)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "rank: method must be one of average, min, max, first,"
                    + " dense; got '" + method + "'");
        }
        String name = s.name();
        // stored labels (after a filter, say) travel as a column and are set again at the end
        boolean stored = !s.labels().range();
        DataFrame base = stored ? s.toFrame().resetIndex() : s.toFrame();
        DataFrame rows = withPositions(base);
        DataFrame ranked;
        String on;
        if (method.equals("first")) {
            DataFrame sorted = rows.dropna("any", List.of(name)).sortValues(List.of(name, POSITION),
                    List.of(true, true));
            ranked = sorted.select(POSITION).assign(RANK, counting(sorted).astype(DType.FLOAT64));
            on = POSITION;
        } else {
            DataFrame counts = rows.select(name).groupBy(name).size(); // sorted by value, nulls left out
            Series size = counts.col("size");
            Series last = size.cumsum();
            Series first = last.subtract(size).add(1L);
            Series r = switch (method) {
                case "min" -> first;
                case "max" -> last;
                case "dense" -> counting(counts);
                default -> first.add(last).divide(2.0);
            };
            ranked = counts.select(name).assign(RANK, r.astype(DType.FLOAT64));
            on = name;
        }
        DataFrame back = rows.merge(ranked, on, "left").sortValues(POSITION, true);
        return (stored ? back.setIndex(base.columns().get(0)) : back.resetIndex(true)).col(RANK).rename(name);
    }

    /**
     * pandas' {@code groupby(keys).cumcount()}: each row's position within its group, int64 (null for a row whose key
     * is null, where pandas gives NaN and so float64), labelled by position. The rows sorted by key (stably) are
     * numbered; a row whose key differs from the row before starts a group, and a running maximum of those starts
     * gives each row its group's first number.
     */
    static Series cumcount(DataFrame frame, List<String> keys) {
        return cumcount(frame, keys, true);
    }

    /** {@link #cumcount(DataFrame, List)}, counting from each group's last row when not {@code fromFirst}. */
    static Series cumcount(DataFrame frame, List<String> keys, boolean fromFirst) {
        DataFrame rows = withPositions(frame.select(keys));
        List<String> by = new ArrayList<>(keys);
        by.add(POSITION);
        List<Boolean> ascending = new ArrayList<>(Collections.nCopies(keys.size(), true));
        ascending.add(fromFirst);
        DataFrame sorted = rows.sortValues(by, ascending);
        Series number = counting(sorted);
        Series[] groups = groupStarts(sorted, keys);
        Series starts = groups[0];
        Series known = groups[1];
        Series start = number.multiply(starts.astype(DType.INT64)).cummax();
        Series count = number.subtract(start).whereTyped(known, DType.INT64, null, null).rename(RANK);
        DataFrame numbered = sorted.select(POSITION).assign(RANK, count);
        return numbered.sortValues(POSITION, true).col(RANK).rename("").resetIndex();
    }

    /**
     * pandas' {@code argsort()} (kind='stable'): at the k-th row that is not null, the position among the values that
     * are not null of the k-th smallest of them; -1 at a null row. int64, labelled as the series.
     */
    static Series argsort(Series s) {
        String name = s.name();
        DataFrame rows = withPositions(s.toFrame().resetIndex(true).select(name));
        Series known = rows.col(name).notna();
        Series compact = known.cumsum().subtract(1L);
        DataFrame slots = rows.assign(RANK, compact).dropna("any", List.of(name));
        DataFrame sorted = slots.sortValues(List.of(name, POSITION), List.of(true, true));
        DataFrame order = sorted.select(RANK).rename(java.util.Map.of(RANK, "__mars_value"))
                .assign("__mars_slot", counting(sorted).subtract(1L));
        DataFrame filled = slots.select(POSITION, RANK).merge(order, List.of(RANK), List.of("__mars_slot"), "inner")
                .select(POSITION, "__mars_value");
        Series back = rows.select(POSITION).merge(filled, POSITION, "left").sortValues(POSITION, true)
                .col("__mars_value").fillna(-1.0).astype(DType.INT64).rename(name);
        return back.resetIndex();
    }

    /**
     * Over rows sorted by {@code keys}: whether each row starts a group (its key differs from the row before), and
     * whether its key has no null.
     */
    static Series[] groupStarts(DataFrame sorted, List<String> keys) {
        Series starts = null;
        Series known = null;
        for (String k : keys) {
            Series key = sorted.col(k).dtype() == DType.BOOL ? sorted.col(k).astype(DType.INT64) : sorted.col(k);
            Series changed = key.ne(key.shift(1)).or(key.isna());
            starts = starts == null ? changed : starts.or(changed);
            known = known == null ? key.notna() : known.and(key.notna());
        }
        return new Series[] {starts, known};
    }

    /**
     * pandas' {@code groupby(keys).cumsum()}: every non-key column's running sum within its group, in frame order
     * (nulls skipped and kept null; null for a row whose key is null, where pandas gives NaN), labelled by position.
     * The rows sorted by key take one running sum, less its value just before their group's first row, carried
     * forward from that row.
     */
    static DataFrame groupCumsum(DataFrame frame, List<String> keys) {
        List<String> values = new ArrayList<>();
        for (String c : frame.columns()) {
            if (!keys.contains(c)) {
                io.mars.common.operand.dataframe.ScanFn.CUMSUM.outputType(c, frame.dtype(c));
                values.add(c);
            }
        }
        DataFrame rows = withPositions(frame);
        List<String> by = new ArrayList<>(keys);
        by.add(POSITION);
        DataFrame sorted = rows.sortValues(by, Collections.nCopies(by.size(), true));
        Series[] groups = groupStarts(sorted, keys);
        DataFrame out = sorted.select(POSITION);
        for (String v : values) {
            Series x = sorted.col(v).dtype() == DType.BOOL ? sorted.col(v).astype(DType.INT64) : sorted.col(v);
            Series filled = x.fillna(0.0);
            Series running = filled.cumsum();
            Series before = running.subtract(filled);
            Series offset = before.whereTyped(groups[0], before.dtype(), null, null).ffill();
            out = out.assign(v, running.subtract(offset).whereTyped(x.notna().and(groups[1]), running.dtype(), null,
                    null));
        }
        return out.sortValues(POSITION, true).select(values).resetIndex(true);
    }

    /**
     * pandas' {@code groupby(keys, as_index=False).median()}: the keys (sorted, null keys left out) and the median of
     * every non-key column (each numeric; nulls skipped; NaN for a group with no value), float64. The rows sorted by
     * key and value are numbered within their group; the one or two in the middle of each group are averaged.
     */
    static DataFrame groupMedian(DataFrame frame, List<String> keys) {
        List<String> values = numericValueColumns(frame, keys, "median");
        String[] keyArray = keys.toArray(String[]::new);
        DataFrame out = groupKeys(frame, keys);
        for (String v : values) {
            DataFrame joined = numberedInGroup(frame, keys, v);
            // the middle: |2 * index - (size - 1)| <= 1
            Series twice = joined.col(RANK).multiply(2L).subtract(joined.col(GROUP_SIZE).subtract(1L));
            DataFrame middle = joined.filter(twice.abs().le(1.0));
            DataFrame medians = middle.groupBy(keyArray).agg(GroupBy.named(v, v, "mean"));
            out = out.merge(medians, keys, "left", "_x", "_y", true);
        }
        return out;
    }

    /**
     * pandas' {@code groupby(keys, as_index=False).quantile(q)} (linear interpolation): as {@link #groupMedian}, the
     * rows sorted by key and value and numbered within their group; the one or two at {@code (size - 1) * q} are
     * weighted and summed per group. float64; NaN for a group whose values are all null.
     */
    static DataFrame groupQuantile(DataFrame frame, List<String> keys, double q) {
        if (!(q >= 0 && q <= 1)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "groupby quantile: q must be in [0, 1], got " + q);
        }
        List<String> values = numericValueColumns(frame, keys, "quantile");
        String[] keyArray = keys.toArray(String[]::new);
        DataFrame out = groupKeys(frame, keys);
        for (String v : values) {
            if (frame.dtype(v) == DType.TIMEDELTA) {
                out = out.merge(timedeltaQuantiles(frame, keys, v, q), keys, "left", "_x", "_y", true);
                continue;
            }
            DataFrame joined = numberedInGroup(frame, keys, v);
            Series at = joined.col(GROUP_SIZE).astype(DType.FLOAT64).subtract(1.0).multiply(q);
            Series low = at.floorDivide(1L).astype(DType.FLOAT64);
            Series fraction = at.subtract(low);
            Series index = joined.col(RANK).astype(DType.FLOAT64);
            Series isLow = index.eq(low);
            Series isHigh = index.eq(low.add(1.0));
            Series weight = isLow.astype(DType.FLOAT64).multiply(fraction.rsub(1.0))
                    .add(isHigh.astype(DType.FLOAT64).multiply(fraction));
            DataFrame picked = joined.assign(v, joined.col(v).astype(DType.FLOAT64).multiply(weight).rename(v))
                    .filter(isLow.or(isHigh));
            DataFrame quantiles = picked.groupBy(keyArray).agg(GroupBy.named(v, v, "sum"));
            out = out.merge(quantiles, keys, "left", "_x", "_y", true);
        }
        return out;
    }

    private static final String GROUP_SIZE = "__mars_size";
    private static final String PREVIOUS = "__mars_previous";

    /**
     * A timedelta column's quantile per group as pandas' group_quantile computes it, {@code low + (high - low) *
     * fraction} in double over the nanoseconds, truncated: the row at the low position gives {@code low}, the one
     * after it {@code (high - low) * fraction} (its value less the row before it, in the sorted order), summed per
     * group.
     */
    private static DataFrame timedeltaQuantiles(DataFrame frame, List<String> keys, String v, double q) {
        DataFrame joined = numberedInGroup(frame, keys, v, true);
        Series nanos = joined.col(v).astype(DType.INT64).astype(DType.FLOAT64);
        Series previous = joined.col(PREVIOUS).astype(DType.INT64).astype(DType.FLOAT64);
        Series at = joined.col(GROUP_SIZE).astype(DType.FLOAT64).subtract(1.0).multiply(q);
        Series low = at.floorDivide(1L).astype(DType.FLOAT64);
        Series index = joined.col(RANK).astype(DType.FLOAT64);
        Series isLow = index.eq(low);
        Series isHigh = index.eq(low.add(1.0));
        Series step = nanos.subtract(previous).multiply(at.subtract(low));
        Series term = nanos.where(isLow, 0.0).add(step.where(isHigh, 0.0));
        DataFrame picked = joined.assign(v, term.rename(v)).filter(isLow.or(isHigh));
        DataFrame sums = picked.groupBy(keys.toArray(String[]::new)).agg(GroupBy.named(v, v, "sum"));
        return sums.assign(v, sums.col(v).astype(DType.TIMEDELTA));
    }

    /** The non-key columns, each of which must be numeric (or timedelta64[ns]) for {@code what}. */
    private static List<String> numericValueColumns(DataFrame frame, List<String> keys, String what) {
        List<String> values = new ArrayList<>();
        for (String c : frame.columns()) {
            if (!keys.contains(c)) {
                if (!frame.dtype(c).isNumeric() && frame.dtype(c) != DType.TIMEDELTA) {
                    throw new MarsException(ErrorCode.NON_NUMERIC_AGGREGATION, "cannot compute " + what
                            + " of column '" + c + "' of dtype " + frame.dtype(c) + "; select the numeric columns first");
                }
                values.add(c);
            }
        }
        return values;
    }

    /** The distinct non-null keys, sorted: the rows of a per-group result. */
    static DataFrame groupKeys(DataFrame frame, List<String> keys) {
        return frame.withoutLabels().select(keys).dropna("any", keys).groupBy(keys.toArray(String[]::new)).size()
                .select(keys);
    }

    /**
     * The rows of the keys and {@code value} with no null, sorted by key then value, with their number within their
     * group ({@link #RANK}, from 0) and the group's size ({@link #GROUP_SIZE}).
     */
    private static DataFrame numberedInGroup(DataFrame frame, List<String> keys, String value) {
        return numberedInGroup(frame, keys, value, false);
    }

    /** As above; with {@code previous}, also the value of the row before in that order ({@link #PREVIOUS}). */
    private static DataFrame numberedInGroup(DataFrame frame, List<String> keys, String value, boolean previous) {
        List<String> both = new ArrayList<>(keys);
        both.add(value);
        DataFrame known = frame.withoutLabels().select(both).dropna("any", both);
        DataFrame sorted = known.sortValues(both, Collections.nCopies(both.size(), true));
        if (previous) {
            sorted = sorted.assign(PREVIOUS, sorted.col(value).shift(1));
        }
        Series number = counting(sorted);
        Series start = number.multiply(groupStarts(sorted, keys)[0].astype(DType.INT64)).cummax();
        DataFrame numbered = sorted.assign(RANK, number.subtract(start));
        DataFrame sizes = known.groupBy(keys.toArray(String[]::new)).agg(GroupBy.named(GROUP_SIZE, keys.get(0),
                "size"));
        return numbered.merge(sizes, keys, "inner");
    }

    /**
     * pandas' {@code groupby(keys).transform(fn)}: every non-key column replaced by its group's {@code fn}, row by
     * row (null for a row whose key is null), labelled by position.
     */
    static DataFrame transform(DataFrame frame, List<String> keys, String fn) {
        List<String> values = new ArrayList<>();
        List<GroupBy.NamedAgg> aggs = new ArrayList<>();
        for (String c : frame.columns()) {
            if (!keys.contains(c)) {
                values.add(c);
                aggs.add(GroupBy.named(c, c, fn));
            }
        }
        DataFrame per = frame.groupBy(keys.toArray(String[]::new)).agg(aggs.toArray(GroupBy.NamedAgg[]::new));
        List<String> left = new ArrayList<>(keys);
        left.add(POSITION);
        DataFrame rows = withPositions(frame).select(left);
        return rows.merge(per, keys, "left").sortValues(POSITION, true).select(values).resetIndex(true);
    }

    /**
     * pandas' {@code groupby(keys).filter(lambda g: len(g) >= minSize)}: the rows of the groups of at least
     * {@code minSize} rows, in frame order (rows whose key is null left out), labelled by position.
     */
    static DataFrame filterBySize(DataFrame frame, List<String> keys, long minSize) {
        if (minSize < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "filterBySize: minSize must be >= 0, got " + minSize);
        }
        DataFrame sizes = frame.select(keys).groupBy(keys.toArray(String[]::new)).agg(GroupBy.named("__mars_size",
                keys.get(0), "size"));
        DataFrame joined = withPositions(frame).merge(sizes, keys, "inner");
        DataFrame kept = joined.filter(joined.col("__mars_size").ge((double) minSize));
        return kept.sortValues(POSITION, true).select(frame.columns()).resetIndex(true);
    }
}
