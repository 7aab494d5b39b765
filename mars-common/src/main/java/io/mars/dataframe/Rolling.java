package io.mars.dataframe;

import io.mars.common.operand.dataframe.WindowFn;
import java.util.function.Function;

/**
 * pandas' {@code rolling(window, min_periods)} of a series or frame: each row's statistic over itself and the
 * {@code window - 1} rows before it, NaN where fewer than {@code minPeriods} of them are not null. Results are
 * float64. Made by {@link Series#rolling(int)} and {@link DataFrame#rolling(int)}.
 */
public final class Rolling<T> {
    private final Function<WindowFn, T> build;

    Rolling(Function<WindowFn, T> build) {
        this.build = build;
    }

    public T sum() {
        return build.apply(WindowFn.ROLLING_SUM);
    }

    public T mean() {
        return build.apply(WindowFn.ROLLING_MEAN);
    }

    public T min() {
        return build.apply(WindowFn.ROLLING_MIN);
    }

    public T max() {
        return build.apply(WindowFn.ROLLING_MAX);
    }

    /** The sample standard deviation (ddof=1), NaN for a window of fewer than two values. */
    public T std() {
        return build.apply(WindowFn.ROLLING_STD);
    }

    /** The sample variance (ddof=1), NaN for a window of fewer than two values. */
    public T var() {
        return build.apply(WindowFn.ROLLING_VAR);
    }

    /** The median of the window's values that are not null. */
    public T median() {
        return build.apply(WindowFn.ROLLING_MEDIAN);
    }
}
