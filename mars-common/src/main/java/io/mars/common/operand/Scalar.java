package io.mars.common.operand;

import io.mars.types.DataType;
import java.util.Objects;

/**
 * A constant in an expression, typed only by its kind like a Python scalar ("weak" under numpy's NEP 50):
 * {@code a + 1} keeps an int8 array int8, {@code a + 1.5} makes it float64, {@code a * 1j} makes a float32 array
 * complex64 and any other real one complex128.
 *
 * @param kind       bool, int, float or complex
 * @param floatValue the value as a double (exact for floats; the real part of a complex)
 * @param intValue   the value as a long (exact for ints and bools)
 * @param imagValue  the imaginary part of a complex; 0 for the other kinds
 */
public record Scalar(DataType.Kind kind, double floatValue, long intValue, double imagValue) {
    public Scalar {
        Objects.requireNonNull(kind, "kind");
        if (kind != DataType.Kind.COMPLEX && Double.compare(imagValue, 0.0) != 0) {
            throw new IllegalArgumentException("a " + kind + " scalar has no imaginary part, got " + imagValue);
        }
    }

    /** A real scalar (no imaginary part). */
    public Scalar(DataType.Kind kind, double floatValue, long intValue) {
        this(kind, floatValue, intValue, 0.0);
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

    /**
     * Python's {@code complex(re, im)} (numpy's weak complex scalar): {@code x.multiply(Scalar.complex(0, 1))} is
     * numpy's {@code x * 1j}. A complex scalar makes a float32 (or complex64) tensor complex64, every other dtype
     * complex128, as numpy 2 does.
     */
    public static Scalar complex(double re, double im) {
        return new Scalar(DataType.Kind.COMPLEX, re, (long) re, im);
    }

    /** Python's {@code 1j}. */
    public static final Scalar J = complex(0.0, 1.0);

    /** The real part as a double, whatever the kind (a bool or int exactly as Python converts it). */
    public double realValue() {
        return kind == DataType.Kind.FLOAT || kind == DataType.Kind.COMPLEX ? floatValue : (double) intValue;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case BOOL -> Boolean.toString(intValue != 0);
            case INT -> Long.toString(intValue);
            case FLOAT -> Double.toString(floatValue);
            case COMPLEX -> "(" + floatValue + (imagValue < 0 || imagValue == 0 && 1 / imagValue < 0 ? "" : "+")
                    + imagValue + "j)";
        };
    }
}
