package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * pandas' per-group shift, diff, pct_change and ffill, built as {@link Ranks#groupCumsum} is: the rows sorted by key
 * and position, each row numbered within its group, the whole column shifted or filled and the values that came
 * from another group masked; then the rows put back in frame order.
 */
final class GroupWindows {
    enum Kind { SHIFT, DIFF, PCT_CHANGE, FFILL }

    private GroupWindows() {
    }

    static DataFrame apply(DataFrame frame, List<String> keys, long periods, Kind kind) {
        List<String> values = new ArrayList<>();
        for (String c : frame.columns()) {
            if (!keys.contains(c)) {
                DType t = frame.dtype(c);
                if ((kind == Kind.DIFF || kind == Kind.PCT_CHANGE) && (!t.isNumeric() || t == DType.BOOL)) {
                    throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "groupby " + name(kind) + " of column '" + c
                            + "' of " + t + " is not supported; select int or float columns");
                }
                values.add(c);
            }
        }
        DataFrame rows = Ranks.withPositions(frame);
        List<String> by = new ArrayList<>(keys);
        by.add(Ranks.POSITION);
        List<Boolean> ascending = new ArrayList<>(Collections.nCopies(keys.size(), true));
        ascending.add(periods >= 0);
        DataFrame sorted = rows.sortValues(by, ascending);
        Series number = Ranks.counting(sorted);
        Series[] groups = Ranks.groupStarts(sorted, keys);
        Series start = number.multiply(groups[0].astype(DType.INT64)).cummax();
        Series known = groups[1];
        long n = Math.abs(periods);
        Series reaches = number.subtract(start).ge((double) n).and(known);
        DataFrame out = sorted.select(Ranks.POSITION);
        for (String v : values) {
            Series x = sorted.col(v);
            Series result = switch (kind) {
                case SHIFT -> x.shift(n).where(reaches);
                case DIFF -> x.subtract(x.shift(n).where(reaches));
                case PCT_CHANGE -> x.divide(x.shift(n).where(reaches)).subtract(1.0);
                case FFILL -> {
                    Series lastValid = number.whereTyped(x.notna(), DType.INT64, null, null).ffill().fillna(0.0);
                    yield x.ffill().whereTyped(lastValid.ge(start).and(known), x.dtype(), null, null);
                }
            };
            out = out.assign(v, result.rename(v));
        }
        return out.sortValues(Ranks.POSITION, true).select(values).resetIndex(true);
    }

    private static final List<String> RANK_METHODS = List.of("average", "min", "max", "first", "dense");

    /**
     * pandas' {@code groupby(keys).rank(method)} (ascending, na_option='keep'): every non-key column ranked within
     * its group, float64, in frame order; null for a null value or key. The rows that have both are sorted by key,
     * value and position and numbered; a change of key starts a group, a change of key or value a run of ties.
     */
    static DataFrame rank(DataFrame frame, List<String> keys, String method) {
        if (!RANK_METHODS.contains(method)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "groupby rank: method must be one of average, min,"
                    + " max, first, dense; got '" + method + "'");
        }
        List<String> values = new ArrayList<>();
        for (String c : frame.columns()) {
            if (!keys.contains(c)) {
                values.add(c);
            }
        }
        DataFrame rows = Ranks.withPositions(frame);
        DataFrame out = rows.select(Ranks.POSITION);
        String rankColumn = "__mars_group_rank";
        for (String v : values) {
            List<String> both = new ArrayList<>(keys);
            both.add(v);
            List<String> by = new ArrayList<>(both);
            by.add(Ranks.POSITION);
            List<String> kept = new ArrayList<>(by);
            DataFrame known = rows.select(kept).dropna("any", both);
            DataFrame sorted = known.sortValues(by, Collections.nCopies(by.size(), true));
            Series number = Ranks.counting(sorted);
            Series groupStart = number.multiply(Ranks.groupStarts(sorted, keys)[0].astype(DType.INT64)).cummax();
            Series ties = Ranks.groupStarts(sorted, both)[0].astype(DType.INT64);
            Series tieStart = number.multiply(ties).cummax();
            Series low = tieStart.subtract(groupStart).add(1L);
            Series r;
            if (method.equals("first")) {
                r = number.subtract(groupStart).add(1L);
            } else if (method.equals("dense")) {
                Series runs = ties.cumsum();
                r = runs.subtract(runs.multiply(Ranks.groupStarts(sorted, keys)[0].astype(DType.INT64)).cummax())
                        .add(1L);
            } else if (method.equals("min")) {
                r = low;
            } else {
                DataFrame sizes = known.groupBy(both.toArray(String[]::new))
                        .agg(GroupBy.named("__mars_tie_size", v, "size"));
                DataFrame withLow = sorted.assign(rankColumn, low.rename(rankColumn)).merge(sizes, both, "inner");
                Series high = withLow.col(rankColumn).add(withLow.col("__mars_tie_size")).subtract(1L);
                Series chosen = method.equals("max") ? high
                        : withLow.col(rankColumn).add(high).astype(DType.FLOAT64).divide(2.0);
                DataFrame ranked = withLow.select(Ranks.POSITION).assign(v, chosen.astype(DType.FLOAT64).rename(v));
                out = out.merge(ranked, Ranks.POSITION, "left");
                continue;
            }
            DataFrame ranked = sorted.select(Ranks.POSITION).assign(v, r.astype(DType.FLOAT64).rename(v));
            out = out.merge(ranked, Ranks.POSITION, "left");
        }
        return out.sortValues(Ranks.POSITION, true).select(values).resetIndex(true);
    }

    /**
     * pandas' {@code groupby(keys).rolling(window, min_periods).sum/mean/count()}: within each group, over the
     * window of the row and the {@code window - 1} before it. From running sums over the rows sorted by key and
     * position: a window's sum is the running sum less the running sum {@code window} rows back (or before the
     * group's first row). float64, in frame order; null for a row whose key is null.
     */
    static DataFrame rolling(DataFrame frame, List<String> keys, int window, int minPeriods, String fn) {
        List<String> values = new ArrayList<>();
        for (String c : frame.columns()) {
            if (!keys.contains(c)) {
                DType t = frame.dtype(c);
                if (!t.isNumeric()) {
                    throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "groupby rolling." + fn + " of column '" + c
                            + "' of " + t + " is not supported; select the numeric columns");
                }
                values.add(c);
            }
        }
        DataFrame rows = Ranks.withPositions(frame);
        List<String> by = new ArrayList<>(keys);
        by.add(Ranks.POSITION);
        DataFrame sorted = rows.sortValues(by, Collections.nCopies(by.size(), true));
        Series number = Ranks.counting(sorted);
        Series[] groups = Ranks.groupStarts(sorted, keys);
        Series start = number.multiply(groups[0].astype(DType.INT64)).cummax();
        Series reaches = number.subtract(start).ge((double) window);
        Series full = number.subtract(start).ge((double) window - 1);
        DataFrame out = sorted.select(Ranks.POSITION);
        for (String v : values) {
            Series x = sorted.col(v).astype(DType.FLOAT64);
            Series sum = windowed(x.fillna(0.0), groups[0], reaches, window);
            Series count = windowed(x.notna().astype(DType.FLOAT64), groups[0], reaches, window);
            Series result = switch (fn) {
                case "sum" -> sum;
                case "mean" -> sum.divide(count);
                case "min", "max" -> extremes(x, groups[0], full, window, fn.equals("max"));
                case "var", "std" -> {
                    // sums of powers about the group's first value (a constant of the window), so that values far
                    // from zero lose little to cancellation
                    List<String> kv = new ArrayList<>(keys);
                    kv.add(v);
                    Series first = Ranks.transform(sorted.select(kv), keys, "first").col(v).astype(DType.FLOAT64);
                    Series d = x.subtract(first);
                    Series s1 = windowed(d.fillna(0.0), groups[0], reaches, window);
                    Series s2 = windowed(d.multiply(d).fillna(0.0), groups[0], reaches, window);
                    Series var = s2.subtract(s1.multiply(s1).divide(count)).divide(count.subtract(1.0))
                            .clip(0.0, Double.NaN).where(count.ge(2.0));
                    yield fn.equals("var") ? var : var.power(0.5);
                }
                default -> count;
            };
            Series enough = fn.equals("count") ? groups[1] : count.ge((double) minPeriods).and(groups[1]);
            out = out.assign(v, result.where(enough).rename(v));
        }
        return out.sortValues(Ranks.POSITION, true).select(values).resetIndex(true);
    }

    /**
     * The maximum (minimum) of {@code x} over each row's window within its group (rows sorted by key and position):
     * where the window lies in the group ({@code full}), the rolling extreme of the whole column; before that, the
     * group's running extreme so far (a segmented scan, forward-filled over nulls within the group).
     */
    private static Series extremes(Series x, Series starts, Series full, int window, boolean max) {
        Series rolled = max ? x.rolling(window, 0).max() : x.rolling(window, 0).min();
        io.mars.common.operand.dataframe.ScanFn fn = max ? io.mars.common.operand.dataframe.ScanFn.CUMMAX
                : io.mars.common.operand.dataframe.ScanFn.CUMMIN;
        Series running = segmentedScan(segmentedScan(x, starts, fn), starts,
                io.mars.common.operand.dataframe.ScanFn.FFILL);
        return rolled.where(full).combineFirst(running.where(full.not()));
    }

    /** {@code fn} of {@code x} run afresh from each row where {@code starts} is true. */
    private static Series segmentedScan(Series x, Series starts, io.mars.common.operand.dataframe.ScanFn fn) {
        String v = "__mars_value";
        DataFrame marked = x.rename(v).toFrame().assign(RESET, starts.rename(RESET));
        DataFrame scanned = new DataFrame(new io.mars.common.operand.dataframe.TableGroupScan(fn, List.of(v), RESET),
                List.of(marked), marked.columns(), List.of(fn.outputType(v, x.dtype()), marked.dtype(RESET)),
                marked.rowCount(), marked.labels());
        return scanned.col(v).rename(x.name());
    }

    /** The sum of {@code x} over each row's window within its group (rows sorted by key and position). */
    private static Series windowed(Series x, Series starts, Series reaches, int window) {
        Series running = x.cumsum();
        Series before = running.subtract(x).whereTyped(starts, DType.FLOAT64, null, null).ffill();
        Series back = running.shift(window).where(reaches);
        return running.subtract(back.fillna(0.0).add(before.where(reaches.not()).fillna(0.0)));
    }

    private static final String RESET = "__mars_group_start";

    /**
     * pandas' {@code groupby(keys).cumprod/cummax/cummin()}: every non-key column's running {@code fn} within its
     * group, in frame order (nulls skipped and kept null; null for a row whose key is null, where pandas gives
     * NaN), labelled by position. One segmented scan over the rows sorted by key and position, started afresh at
     * each group's first row.
     */
    static DataFrame scan(DataFrame frame, List<String> keys, io.mars.common.operand.dataframe.ScanFn fn) {
        List<String> values = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (String c : frame.columns()) {
            if (!keys.contains(c)) {
                DType t = frame.dtype(c);
                if (!t.isNumeric() || t == DType.BOOL) {
                    throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "groupby " + fn.pandasName() + " of column '"
                            + c + "' of " + t + " is not supported; select int or float columns");
                }
                values.add(c);
                types.add(fn.outputType(c, t));
            }
        }
        DataFrame rows = Ranks.withPositions(frame);
        List<String> by = new ArrayList<>(keys);
        by.add(Ranks.POSITION);
        DataFrame sorted = rows.sortValues(by, Collections.nCopies(by.size(), true));
        Series[] groups = Ranks.groupStarts(sorted, keys);
        DataFrame marked = sorted.assign(RESET, groups[0].rename(RESET));
        List<String> columns = marked.columns();
        List<DType> dtypes = new ArrayList<>();
        for (String c : columns) {
            dtypes.add(values.contains(c) ? types.get(values.indexOf(c)) : marked.dtype(c));
        }
        DataFrame scanned = new DataFrame(new io.mars.common.operand.dataframe.TableGroupScan(fn, values, RESET),
                List.of(marked), columns, dtypes, marked.rowCount(), marked.labels());
        DataFrame out = sorted.select(Ranks.POSITION);
        for (String v : values) {
            Series x = scanned.col(v);
            out = out.assign(v, x.whereTyped(groups[1], x.dtype(), null, null));
        }
        return out.sortValues(Ranks.POSITION, true).select(values).resetIndex(true);
    }

    /**
     * pandas' {@code groupby(keys).ewm(...)}: {@code template}'s exponentially weighted statistic of every non-key
     * column within its group, in frame order (pandas orders the rows by group); null for a row whose key is null.
     * One {@link io.mars.common.operand.dataframe.TableEwm} over the rows sorted by key and position, its
     * recurrences started afresh at each group's first row.
     */
    static DataFrame ewm(DataFrame frame, List<String> keys, List<String> values,
                         io.mars.common.operand.dataframe.TableEwm template) {
        DataFrame rows = Ranks.withPositions(frame);
        List<String> by = new ArrayList<>(keys);
        by.add(Ranks.POSITION);
        DataFrame sorted = rows.sortValues(by, Collections.nCopies(by.size(), true));
        Series[] groups = Ranks.groupStarts(sorted, keys);
        DataFrame marked = sorted.assign(RESET, groups[0].rename(RESET));
        List<DType> dtypes = new ArrayList<>();
        for (String c : marked.columns()) {
            dtypes.add(values.contains(c) ? DType.FLOAT64 : marked.dtype(c));
        }
        io.mars.common.operand.dataframe.TableEwm op = new io.mars.common.operand.dataframe.TableEwm(template.fn(),
                template.alpha(), template.adjust(), template.ignoreNa(), template.minPeriods(), template.bias(),
                values, RESET);
        DataFrame weighted = new DataFrame(op, List.of(marked), marked.columns(), dtypes, marked.rowCount(),
                marked.labels());
        DataFrame out = sorted.select(Ranks.POSITION);
        for (String v : values) {
            out = out.assign(v, weighted.col(v).where(groups[1]));
        }
        return out.sortValues(Ranks.POSITION, true).select(values).resetIndex(true);
    }

    /**
     * pandas' {@code groupby(keys, as_index=False).idxmax()} ({@code idxmin}): the keys (sorted, null keys left out)
     * and, per non-key column, the row label of its group's largest (smallest) value, the first such row on ties;
     * null for a group whose values are all null. The rows with key and value sorted by key, value and position; the
     * first row of each group kept. The labels come through a left join, so they are float64 (pandas: int64 when no
     * group lacks a value).
     */
    static DataFrame idx(DataFrame frame, List<String> keys, boolean max) {
        String label = "__mars_label";
        List<String> values = new ArrayList<>();
        for (String c : frame.columns()) {
            if (!keys.contains(c)) {
                DType t = frame.dtype(c);
                if (!t.isNumeric() && t != DType.TIMESTAMP) {
                    throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "groupby " + (max ? "idxmax" : "idxmin")
                            + " of column '" + c + "' of " + t + " is not supported; select numeric or date columns");
                }
                values.add(c);
            }
        }
        DataFrame rows = Ranks.withPositions(frame).assign(label, frame.index().toSeries().rename(label));
        DataFrame out = Ranks.groupKeys(frame, keys);
        for (String v : values) {
            List<String> both = new ArrayList<>(keys);
            both.add(v);
            List<String> kept = new ArrayList<>(both);
            kept.add(Ranks.POSITION);
            kept.add(label);
            List<String> by = new ArrayList<>(both);
            by.add(Ranks.POSITION);
            List<Boolean> ascending = new ArrayList<>(Collections.nCopies(keys.size(), true));
            ascending.add(!max);
            ascending.add(true);
            DataFrame sorted = rows.select(kept).dropna("any", both).sortValues(by, ascending);
            List<String> keyAndLabel = new ArrayList<>(keys);
            keyAndLabel.add(label);
            DataFrame firsts = sorted.dropDuplicates(keys.toArray(String[]::new)).select(keyAndLabel)
                    .rename(java.util.Map.of(label, v));
            out = out.merge(firsts, keys, "left", "_x", "_y", true);
        }
        return out;
    }

    /**
     * pandas' {@code groupby(keys).ngroup()}: each row's group number, the groups numbered 0, 1, ... in key order,
     * in frame order; an int64 series labelled by position, null for a row whose key is null (pandas gives NaN
     * there, and float64).
     */
    static Series ngroup(DataFrame frame, List<String> keys) {
        DataFrame rows = Ranks.withPositions(frame.select(keys));
        List<String> by = new ArrayList<>(keys);
        by.add(Ranks.POSITION);
        DataFrame sorted = rows.sortValues(by, Collections.nCopies(by.size(), true));
        Series[] groups = Ranks.groupStarts(sorted, keys);
        Series number = groups[0].and(groups[1]).astype(DType.INT64).cumsum().subtract(1L)
                .whereTyped(groups[1], DType.INT64, null, null);
        DataFrame out = sorted.select(Ranks.POSITION).assign("__mars_ngroup", number.rename("__mars_ngroup"));
        return out.sortValues(Ranks.POSITION, true).col("__mars_ngroup").rename("").resetIndex();
    }

    private static String name(Kind kind) {
        return switch (kind) {
            case SHIFT -> "shift";
            case DIFF -> "diff";
            case PCT_CHANGE -> "pctChange";
            case FFILL -> "ffill";
        };
    }
}
