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

    private static String name(Kind kind) {
        return switch (kind) {
            case SHIFT -> "shift";
            case DIFF -> "diff";
            case PCT_CHANGE -> "pctChange";
            case FFILL -> "ffill";
        };
    }
}
