package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.EwmFn;
import io.mars.common.operand.dataframe.TableEwm;
import java.util.List;

/**
 * pandas' exponentially weighted window {@code ewm(...)} of a series or of every column of a frame (each numeric or
 * bool): float64 statistics computed with pandas' recurrences, NaN until {@code minPeriods} values were seen. The
 * recurrences run across chunks: each chunk starts from the state of the rows before it. Made by
 * {@link Series#ewm(EwmOptions)} and {@link DataFrame#ewm(EwmOptions)}.
 */
public final class Ewm<T> {
    @FunctionalInterface
    interface Build<T> {
        T apply(TableEwm op);
    }

    private final EwmOptions options;
    private final double alpha;
    private final List<String> columns;
    private final Build<T> build;

    Ewm(EwmOptions options, List<String> columns, Build<T> build) {
        this.options = options;
        this.alpha = options.smoothing();
        this.columns = List.copyOf(columns);
        this.build = build;
    }

    /**
     * pandas' {@code expanding().var()} ({@code std}) of a numeric series: the recurrences with no decay
     * (alpha 0, adjust) are Welford's running mean and variance, unbiased by n / (n - 1) as pandas'.
     */
    static Series expanding(Series s, EwmFn fn) {
        fn.outputType(s.name(), s.dtype());
        return new Series(new TableEwm(fn, 0, true, false, 1, false, List.of(s.name()), ""), List.of(s), s.name(),
                io.mars.types.DType.FLOAT64, s.length(), s.labels());
    }

    private T make(EwmFn fn, boolean bias) {
        return build.apply(new TableEwm(fn, alpha, options.adjust(), options.ignoreNa(),
                Math.max(1, options.minPeriods()), bias, columns, ""));
    }

    /** pandas' {@code mean()}: the weighted mean (weights (1 - alpha)^i; with adjust=false the recursive form). */
    public T mean() { return make(EwmFn.MEAN, false); }

    /** pandas' {@code sum()}: the weighted sum; NOT_SUPPORTED with adjust=false, as pandas. */
    public T sum() {
        if (!options.adjust()) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "ewm.sum is not implemented with adjust=False"
                    + " (as in pandas)");
        }
        return make(EwmFn.SUM, false);
    }

    /** pandas' {@code var(bias=False)}: the weighted variance with the unbiasing factor; NaN for a single value. */
    public T var() { return make(EwmFn.VAR, false); }

    /** pandas' {@code var(bias)}. */
    public T var(boolean bias) { return make(EwmFn.VAR, bias); }

    /** pandas' {@code std(bias=False)}: the square root of {@link #var()}. */
    public T std() { return make(EwmFn.STD, false); }

    /** pandas' {@code std(bias)}. */
    public T std(boolean bias) { return make(EwmFn.STD, bias); }
}
