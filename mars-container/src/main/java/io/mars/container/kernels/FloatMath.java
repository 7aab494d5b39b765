package io.mars.container.kernels;

/**
 * numpy's scalar float functions where Java's differ or are missing (pow, floor_divide, remainder, maximum, log2,
 * the inverse hyperbolics, ...). The generated {@code DoubleLoops} call them per element; the JIT inlines them.
 */
final class FloatMath {
    static final double DEGREES_PER_RADIAN = 180.0 / Math.PI;
    static final double RADIANS_PER_DEGREE = Math.PI / 180.0;
    private static final double LN2 = Math.log(2.0);
    private static final double SQRT2 = Math.sqrt(2.0);

    private FloatMath() {
    }

    /** numpy's (C's) pow: unlike {@link Math#pow}, 1 ** y is 1 and (-1) ** ±inf is 1, even for y NaN. */
    static double pow(double x, double y) {
        if (x == 1.0 || x == -1.0 && Double.isInfinite(y)) {
            return 1.0;
        }
        return Math.pow(x, y);
    }

    /** numpy's npy_floor_divide: the quotient of npy_divmod, and a / b for b == 0. */
    static double floorDivide(double a, double b) {
        if (b == 0) {
            return a / b;
        }
        double mod = a % b;
        double div = (a - mod) / b;
        if (mod != 0) {
            if (b < 0 != mod < 0) {
                div -= 1.0;
            }
        }
        if (div != 0) {
            double floor = Math.floor(div);
            return div - floor > 0.5 ? floor + 1.0 : floor;
        }
        return Math.copySign(0.0, a / b);
    }

    /** numpy's npy_remainder: fmod adjusted to the divisor's sign (Python's %); NaN for b == 0. */
    static double remainder(double a, double b) {
        double mod = a % b;
        if (b == 0) {
            return mod;
        }
        if (mod != 0) {
            return b < 0 != mod < 0 ? mod + b : mod;
        }
        return Math.copySign(0.0, b);
    }

    /** numpy.maximum: NaN in either operand wins. */
    static double maximum(double a, double b) {
        return a >= b || a != a ? a : b;
    }

    static double minimum(double a, double b) {
        return a <= b || a != a ? a : b;
    }

    /** numpy.fmax: a NaN operand is ignored unless both are NaN. */
    static double fmax(double a, double b) {
        return a >= b || b != b ? a : b;
    }

    static double fmin(double a, double b) {
        return a <= b || b != b ? a : b;
    }

    static double clip(double x, double lo, double hi) {
        double t = x != x ? x : x > lo ? x : lo;
        return t != t ? t : t < hi ? t : hi;
    }

    /** numpy.sign: -1, 0 or 1, and NaN for NaN. */
    static double sign(double x) {
        return x > 0 ? 1.0 : x < 0 ? -1.0 : x == 0 ? 0.0 : x;
    }

    static double trunc(double x) {
        return x < 0 ? Math.ceil(x) : Math.floor(x);
    }

    /** log2, exact for powers of two and accurate near 1 (Java has no log2). */
    /** numpy.logaddexp: log(exp(x) + exp(y)) without overflow; equal arguments (infinities too) give x + log 2. */
    static double logaddexp(double x, double y) {
        if (x == y) {
            return x + LN_2;
        }
        double d = x - y;
        if (d > 0) {
            return x + Math.log1p(Math.exp(-d));
        }
        if (d <= 0) {
            return y + Math.log1p(Math.exp(d));
        }
        return d; // NaN
    }

    /** numpy.logaddexp2: log2(2**x + 2**y) without overflow. */
    static double logaddexp2(double x, double y) {
        if (x == y) {
            return x + 1.0;
        }
        double d = x - y;
        if (d > 0) {
            return x + Math.log1p(Math.pow(2.0, -d)) / LN_2;
        }
        if (d <= 0) {
            return y + Math.log1p(Math.pow(2.0, d)) / LN_2;
        }
        return d; // NaN
    }

    private static final double LN_2 = 0.6931471805599453;

    /** frexp's exponent e with x = m * 2**e and 0.5 <= |m| < 1; 0 for 0, infinities and NaN (as C's frexp). */
    static double frexpExponent(double x) {
        if (x == 0 || Double.isNaN(x) || Double.isInfinite(x)) {
            return 0;
        }
        int e = Math.getExponent(x);
        if (e == Double.MIN_EXPONENT - 1) { // subnormal: scale into the normal range first
            return Math.getExponent(x * 0x1p54) - 54 + 1;
        }
        return e + 1;
    }

    /** frexp's mantissa: x / 2**frexpExponent(x), exact; x itself for 0, infinities and NaN. */
    static double frexpMantissa(double x) {
        if (x == 0 || Double.isNaN(x) || Double.isInfinite(x)) {
            return x;
        }
        return Math.scalb(x, -(int) frexpExponent(x));
    }

    static double log2(double x) {
        if (!(x > 0) || x == Double.POSITIVE_INFINITY) {
            return Math.log(x);
        }
        if (x < Double.MIN_NORMAL) {
            return log2(x * 0x1p54) - 54;
        }
        int e = Math.getExponent(x);
        double m = Math.scalb(x, -e);
        if (m > SQRT2) {
            m *= 0.5;
            e++;
        }
        return m == 1.0 ? e : e + Math.log(m) / LN2;
    }

    /** arcsinh after fdlibm's asinh (Java has none). */
    static double asinh(double x) {
        double ax = Math.abs(x);
        if (ax != ax || ax == Double.POSITIVE_INFINITY || ax < 0x1p-28) {
            return x;
        }
        double r;
        if (ax > 0x1p28) {
            r = Math.log(ax) + LN2;
        } else if (ax > 2.0) {
            r = Math.log(2.0 * ax + 1.0 / (Math.sqrt(x * x + 1.0) + ax));
        } else {
            double t = x * x;
            r = Math.log1p(ax + t / (1.0 + Math.sqrt(1.0 + t)));
        }
        return Math.copySign(r, x);
    }

    /** arccosh after fdlibm's acosh: NaN below 1. */
    static double acosh(double x) {
        if (x != x || x < 1.0) {
            return Double.NaN;
        }
        if (x >= 0x1p28) {
            return x == Double.POSITIVE_INFINITY ? x : Math.log(x) + LN2;
        }
        if (x > 2.0) {
            return Math.log(2.0 * x - 1.0 / (x + Math.sqrt(x * x - 1.0)));
        }
        double t = x - 1.0;
        return Math.log1p(t + Math.sqrt(2.0 * t + t * t));
    }

    /** arctanh after fdlibm's atanh: ±inf at ±1, NaN beyond. */
    static double atanh(double x) {
        double ax = Math.abs(x);
        if (ax != ax || ax > 1.0) {
            return Double.NaN;
        }
        if (ax == 1.0) {
            return Math.copySign(Double.POSITIVE_INFINITY, x);
        }
        if (ax < 0x1p-28) {
            return x;
        }
        double t;
        if (ax < 0.5) {
            t = ax + ax;
            t = 0.5 * Math.log1p(t + t * ax / (1.0 - ax));
        } else {
            t = 0.5 * Math.log1p((ax + ax) / (1.0 - ax));
        }
        return Math.copySign(t, x);
    }

    /** numpy.nextafter: the next representable value after {@code x} towards {@code y}, of float32 when {@code single}. */
    static double nextafter(double x, double y, boolean single) {
        return single ? Math.nextAfter((float) x, y) : Math.nextAfter(x, y);
    }

    /**
     * numpy.spacing: the distance from {@code x} to the next value away from zero, with x's sign; the smallest
     * subnormal for either zero, NaN for NaN and infinities, infinity past the largest finite value.
     */
    static double spacing(double x, boolean single) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return Double.NaN;
        }
        if (x == 0.0) {
            return single ? Float.MIN_VALUE : Double.MIN_VALUE;
        }
        double away = Math.copySign(Double.POSITIVE_INFINITY, x);
        if (single) {
            float f = (float) x;
            return Math.nextAfter(f, away) - f;
        }
        return Math.nextAfter(x, away) - x;
    }

    /** 10^n as numpy's around computes it: a table up to 1e8, then repeated multiplication by 10. */
    static double powerOfTen(int n) {
        if (n < 9) {
            return POWERS_OF_TEN[n];
        }
        double r = 1e9;
        for (int i = 9; i < n; i++) {
            r *= 10.0;
        }
        return r;
    }

    private static final double[] POWERS_OF_TEN = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
}
