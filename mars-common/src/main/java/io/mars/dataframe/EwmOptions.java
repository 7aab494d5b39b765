package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;

/**
 * The arguments of pandas' {@code ewm(com | span | halflife | alpha, min_periods, adjust, ignore_na)}: exactly one
 * decay, given by the factory named after it, and the others by the withers. pandas' defaults: adjust, no ignoring
 * of nulls, min_periods 0 (which pandas, and Mars, treat as 1). {@code times} (a halflife in time) is not supported.
 */
public record EwmOptions(String decay, double value, boolean adjust, boolean ignoreNa, long minPeriods) {
    public EwmOptions {
        java.util.Objects.requireNonNull(decay, "decay");
    }

    /** pandas' {@code com}: alpha = 1 / (1 + com), com >= 0. */
    public static EwmOptions com(double com) { return new EwmOptions("com", com, true, false, 0); }

    /** pandas' {@code span}: alpha = 2 / (span + 1), span >= 1. */
    public static EwmOptions span(double span) { return new EwmOptions("span", span, true, false, 0); }

    /** pandas' {@code halflife}: alpha = 1 - exp(ln(0.5) / halflife), halflife > 0. */
    public static EwmOptions halflife(double halflife) { return new EwmOptions("halflife", halflife, true, false, 0); }

    /** pandas' {@code alpha}: 0 < alpha <= 1. */
    public static EwmOptions alpha(double alpha) { return new EwmOptions("alpha", alpha, true, false, 0); }

    public EwmOptions adjust(boolean adjust) { return new EwmOptions(decay, value, adjust, ignoreNa, minPeriods); }

    public EwmOptions ignoreNa(boolean ignoreNa) { return new EwmOptions(decay, value, adjust, ignoreNa, minPeriods); }

    public EwmOptions minPeriods(long minPeriods) { return new EwmOptions(decay, value, adjust, ignoreNa, minPeriods); }

    /** The smoothing factor, checked as pandas checks each decay: INVALID_ARGUMENT naming the decay and its value. */
    double smoothing() {
        double com = switch (decay) {
            case "com" -> {
                require(value >= 0, "com must satisfy: comass >= 0");
                yield value;
            }
            case "span" -> {
                require(value >= 1, "span must satisfy: span >= 1");
                yield (value - 1) / 2;
            }
            case "halflife" -> {
                require(value > 0, "halflife must satisfy: halflife > 0");
                yield 1 / (1 - Math.exp(Math.log(0.5) / value)) - 1;
            }
            case "alpha" -> {
                require(value > 0 && value <= 1, "alpha must satisfy: 0 < alpha <= 1");
                yield 1 / value - 1;
            }
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "ewm: unknown decay '" + decay
                    + "'; give com, span, halflife or alpha");
        };
        if (minPeriods < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "ewm: min_periods must be >= 0, got " + minPeriods);
        }
        return 1 / (1 + com);
    }

    private void require(boolean ok, String rule) {
        if (!ok || Double.isNaN(value)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "ewm: " + rule + ", got " + decay + "=" + value);
        }
    }
}
