package io.mars.dataframe;

import io.mars.common.operand.dataframe.WindowFn;
import java.util.function.BiFunction;

/**
 * pandas' {@code rolling(window, min_periods)} of a series or frame: each row's statistic over itself and the
 * {@code window - 1} rows before it, NaN where fewer than {@code minPeriods} of them are not null ({@link #count}:
 * where the window has fewer rows). Results are float64. Made by {@link Series#rolling(int)} and
 * {@link DataFrame#rolling(int)}.
 */
public final class Rolling<T> {
    private final BiFunction<WindowFn, Long, T> build;
    private final long minPeriods;
    private final long countMinPeriods;

    /** {@code build}: the window of a function and its min_periods; count's own min_periods (see {@link #count}). */
    Rolling(BiFunction<WindowFn, Long, T> build, long minPeriods, long countMinPeriods) {
        this.build = build;
        this.minPeriods = minPeriods;
        this.countMinPeriods = countMinPeriods;
    }

    private T apply(WindowFn fn) {
        return build.apply(fn, minPeriods);
    }

    public T sum() {
        return apply(WindowFn.ROLLING_SUM);
    }

    public T mean() {
        return apply(WindowFn.ROLLING_MEAN);
    }

    public T min() {
        return apply(WindowFn.ROLLING_MIN);
    }

    public T max() {
        return apply(WindowFn.ROLLING_MAX);
    }

    /** The sample standard deviation (ddof=1), NaN for a window of fewer than two values. */
    public T std() {
        return apply(WindowFn.ROLLING_STD);
    }

    /** The sample variance (ddof=1), NaN for a window of fewer than two values. */
    public T var() {
        return apply(WindowFn.ROLLING_VAR);
    }

    /** The median of the window's values that are not null. */
    public T median() {
        return apply(WindowFn.ROLLING_MEDIAN);
    }

    /**
     * pandas 1.5's {@code rolling(w).count()}: the values that are not null among the window's rows, float64, of a
     * column of any dtype. {@code min_periods} counts the window's rows, not its values: NaN only where the window
     * (shorter at the start) has fewer rows; {@code rolling(w)} without min_periods counts from the first row (pandas'
     * min_periods=None, which 1.5 reads as 0 for count with a FutureWarning).
     */
    public T count() {
        return build.apply(WindowFn.ROLLING_COUNT, countMinPeriods);
    }
}
