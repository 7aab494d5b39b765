package io.mars.dataframe;

import io.mars.common.operand.dataframe.WindowFn;
import io.mars.types.DType;
import java.util.function.Function;

/**
 * pandas' {@code expanding()} (min_periods=1) of a series or of every column of a frame: each row's statistic over
 * every row up to it, NaN until the first value that is not null; float64. Running sums and extremes carried forward
 * over nulls, so it costs what {@link Series#cumsum()} costs. Made by {@link Series#expanding()} and
 * {@link DataFrame#expanding()}.
 */
public final class Expanding<T> {
    private final Function<Function<Series, Series>, T> build;

    Expanding(Function<Function<Series, Series>, T> build) {
        this.build = build;
    }

    private static Series floats(Series s) {
        WindowFn.ROLLING_SUM.outputType(s.name(), s.dtype(), 1); // rolling's dtype checks
        return s.dtype() == DType.FLOAT64 ? s : s.astype(DType.FLOAT64);
    }

    private static Series sumOf(Series s) {
        return floats(s).cumsum().ffill();
    }

    public T sum() {
        return build.apply(Expanding::sumOf);
    }

    public T min() {
        return build.apply(s -> floats(s).cummin().ffill());
    }

    public T max() {
        return build.apply(s -> floats(s).cummax().ffill());
    }

    public T mean() {
        return build.apply(s -> sumOf(s).divide(s.notna().cumsum()));
    }

    /** The sample variance (ddof=1) of the values so far, NaN until two (Welford's running form, as pandas). */
    public T var() {
        return build.apply(s -> Ewm.expanding(floats(s), io.mars.common.operand.dataframe.EwmFn.VAR));
    }

    /** The sample standard deviation (ddof=1) of the values so far, NaN until two. */
    public T std() {
        return build.apply(s -> Ewm.expanding(floats(s), io.mars.common.operand.dataframe.EwmFn.STD));
    }

    /** The number of values that are not null so far (float64, as pandas). */
    public T count() {
        return build.apply(s -> {
            floats(s);
            return s.notna().cumsum().astype(DType.FLOAT64).rename(s.name());
        });
    }
}
