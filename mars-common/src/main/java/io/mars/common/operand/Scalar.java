package io.mars.common.operand;

import io.mars.types.DataType;
import java.util.Objects;

/**
 * A constant in an expression, typed only by its kind like a Python scalar ("weak" under numpy's NEP 50):
 * {@code a + 1} keeps an int8 array int8, {@code a + 1.5} makes it float64.
 *
 * @param kind       bool, int or float
 * @param floatValue the value as a double (exact for floats)
 * @param intValue   the value as a long (exact for ints and bools)
 */
public record Scalar(DataType.Kind kind, double floatValue, long intValue) {
    public Scalar {
        Objects.requireNonNull(kind, "kind");
    }

    public static Scalar of(double v) {
        return new Scalar(DataType.Kind.FLOAT, v, (long) v);
    }

    public static Scalar of(long v) {
        return new Scalar(DataType.Kind.INT, v, v);
    }

    public static Scalar of(boolean v) {
        return new Scalar(DataType.Kind.BOOL, v ? 1 : 0, v ? 1 : 0);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case BOOL -> Boolean.toString(intValue != 0);
            case INT -> Long.toString(intValue);
            case FLOAT, COMPLEX -> Double.toString(floatValue);
        };
    }
}
