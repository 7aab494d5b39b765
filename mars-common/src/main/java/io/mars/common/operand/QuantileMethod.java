package io.mars.common.operand;

/**
 * How percentile and quantile pick a value between two order statistics, numpy's {@code method=} names. With
 * {@code i = q * (n - 1)} the virtual index into the sorted values: LINEAR interpolates, LOWER and HIGHER take the
 * neighbour below or above, NEAREST the closer one (ties to the even index, as numpy's {@code around}), MIDPOINT
 * the mean of both.
 */
public enum QuantileMethod {
    LINEAR, LOWER, HIGHER, NEAREST, MIDPOINT;

    /** Whether the result is one of the input values (so it keeps the input's dtype, as numpy). */
    public boolean picksAnElement() {
        return switch (this) {
            case LOWER, HIGHER, NEAREST -> true;
            case LINEAR, MIDPOINT -> false;
        };
    }
}
