package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.ScanFn;
import io.mars.common.operand.dataframe.TableScan;
import io.mars.common.operand.dataframe.TableWindow;
import io.mars.common.operand.dataframe.WindowFn;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the running functions (cumsum ...) and window functions (shift, diff, pct_change, rolling) of series and
 * frames: one operand over the named columns, the others (row labels among them) passed through, labels kept.
 */
final class Windows {
    private Windows() {
    }

    static Series scan(Series s, ScanFn fn) {
        DType out = fn.outputType(s.name(), s.dtype());
        return new Series(new TableScan(fn, List.of(s.name())), List.of(s), s.name(), out, s.length(), s.labels());
    }

    static DataFrame scan(DataFrame df, ScanFn fn) {
        List<DType> out = new ArrayList<>(df.columns().size());
        for (String c : df.columns()) {
            out.add(fn.outputType(c, df.dtype(c)));
        }
        return new DataFrame(new TableScan(fn, df.columns()), List.of(df), df.columns(), out, df.rowCount(),
                df.labels());
    }

    static Series window(Series s, WindowFn fn, long periods, long minPeriods) {
        DType out = fn.outputType(s.name(), s.dtype(), periods);
        return new Series(new TableWindow(fn, periods, minPeriods, List.of(s.name())), List.of(s), s.name(), out,
                s.length(), s.labels());
    }

    static DataFrame window(DataFrame df, WindowFn fn, long periods, long minPeriods) {
        List<DType> out = new ArrayList<>(df.columns().size());
        for (String c : df.columns()) {
            out.add(fn.outputType(c, df.dtype(c), periods));
        }
        return new DataFrame(new TableWindow(fn, periods, minPeriods, df.columns()), List.of(df), df.columns(), out,
                df.rowCount(), df.labels());
    }

    /** INVALID_ARGUMENT unless {@code 1 <= window} and {@code 0 <= minPeriods <= window}, as pandas checks. */
    static void checkRolling(long window, long minPeriods) {
        if (window < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "rolling: window must be at least 1, got " + window);
        }
        if (minPeriods < 0 || minPeriods > window) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "rolling: min_periods must be between 0 and the window "
                    + window + ", got " + minPeriods);
        }
    }

    /** The length of Python's {@code slice(start, stop, step)} over {@code n} rows. */
    static long sliceLength(long start, long stop, long step, long n) {
        long lower = step > 0 ? 0 : -1;
        long upper = step > 0 ? n : n - 1;
        long a = Math.max(lower, Math.min(upper, start < 0 ? start + n : start));
        long z = Math.max(lower, Math.min(upper, stop < 0 ? stop + n : stop));
        return step > 0 ? (z > a ? (z - a - 1) / step + 1 : 0) : (a > z ? (a - z - 1) / -step + 1 : 0);
    }

    /** INDEX_OUT_OF_RANGE for a position past either end of {@code n} rows (when {@code n} is known). */
    static void checkPositions(long[] positions, long n) {
        if (n == io.mars.types.Shapes.UNKNOWN) {
            return;
        }
        for (long p : positions) {
            if (p < -n || p >= n) {
                throw new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "iloc: position " + p + " is out of bounds for "
                        + n + " rows");
            }
        }
    }
}
