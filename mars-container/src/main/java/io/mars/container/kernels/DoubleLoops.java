package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.ElementwiseFn;
import java.util.Arrays;

/**
 * Element-wise loops in the float domain (float32 and float64 compute in double). Each method picks one loop per
 * function and per operand pattern before looping, so the loops themselves hold no dispatch and can be vectorized.
 * Operands are runs: {@code a[ia + i * sa]} with stride {@code sa} 1 (an array run) or 0 (one broadcast value);
 * results go to {@code out[io .. io + n)}. Callers may pass any sub-range of a chunk.
 */
final class DoubleLoops {
    static final double DEGREES_PER_RADIAN = 180.0 / Math.PI;
    static final double RADIANS_PER_DEGREE = Math.PI / 180.0;
    private static final double LN2 = Math.log(2.0);
    private static final double SQRT2 = Math.sqrt(2.0);

    private DoubleLoops() {
    }

    static void binary(ElementwiseFn fn, double[] a, int ia, int sa, double[] b, int ib, int sb,
            double[] out, int io, int n) {
        if (!isFast(fn)) {
            strided(fn, a, ia, sa, b, ib, sb, out, io, n);
        } else if (sa == 1 && sb == 1) {
            vv(fn, a, ia, b, ib, out, io, n);
        } else if (sa == 1) {
            vs(fn, a, ia, b[ib], out, io, n);
        } else if (sb == 1) {
            sv(fn, a[ia], b, ib, out, io, n);
        } else {
            vs(fn, a, ia, b[ib], out, io, 1);
            Arrays.fill(out, io + 1, io + n, out[io]);
        }
    }

    static void compare(ElementwiseFn fn, double[] a, int ia, int sa, double[] b, int ib, int sb,
            boolean[] out, int io, int n) {
        if (sa == 1 && sb == 1) {
            compareVv(fn, a, ia, b, ib, out, io, n);
        } else if (sa == 1) {
            compareVs(fn, a, ia, b[ib], out, io, n);
        } else if (sb == 1) {
            compareVs(flip(fn), b, ib, a[ia], out, io, n);
        } else {
            compareVs(fn, a, ia, b[ib], out, io, 1);
            Arrays.fill(out, io + 1, io + n, out[io]);
        }
    }

    static void unary(ElementwiseFn fn, double[] a, int ia, int sa, double[] out, int io, int n) {
        if (sa == 0) {
            unaryRun(fn, a, ia, out, io, 1);
            Arrays.fill(out, io + 1, io + n, out[io]);
        } else {
            unaryRun(fn, a, ia, out, io, n);
        }
    }

    /** isnan, isinf, isfinite. */
    static void predicate(ElementwiseFn fn, double[] a, int ia, int sa, boolean[] out, int io, int n) {
        switch (fn) {
            case ISNAN -> {
                for (int i = 0; i < n; i++) {
                    double x = a[ia + i * sa];
                    out[io + i] = x != x;
                }
            }
            case ISINF -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Double.isInfinite(a[ia + i * sa]);
                }
            }
            case ISFINITE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Double.isFinite(a[ia + i * sa]);
                }
            }
            default -> throw unsupported(fn, "predicate");
        }
    }

    /** numpy.where: {@code c ? x : y}. */
    static void where(boolean[] c, int ic, int sc, double[] x, int ix, int sx, double[] y, int iy, int sy,
            double[] out, int io, int n) {
        if (sc == 1 && sx == 1 && sy == 1) {
            // a bit mask instead of a branch: conditions are often unpredictable (a random mask, a sign test)
            for (int i = 0; i < n; i++) {
                long m = -(long) (c[ic + i] ? 1 : 0);
                long bits = Double.doubleToRawLongBits(x[ix + i]) & m | Double.doubleToRawLongBits(y[iy + i]) & ~m;
                out[io + i] = Double.longBitsToDouble(bits);
            }
        } else if (sc == 1 && sx == 0 && sy == 0) {
            long bx = Double.doubleToRawLongBits(x[ix]);
            long by = Double.doubleToRawLongBits(y[iy]);
            for (int i = 0; i < n; i++) {
                long m = -(long) (c[ic + i] ? 1 : 0);
                out[io + i] = Double.longBitsToDouble(bx & m | by & ~m);
            }
        } else {
            for (int i = 0; i < n; i++) {
                long m = -(long) (c[ic + i * sc] ? 1 : 0);
                long bits = Double.doubleToRawLongBits(x[ix + i * sx]) & m
                        | Double.doubleToRawLongBits(y[iy + i * sy]) & ~m;
                out[io + i] = Double.longBitsToDouble(bits);
            }
        }
    }

    /** numpy.clip: {@code min(max(x, lo), hi)} with NaN in x or a bound propagating, as numpy's clip loop. */
    static void clip(double[] a, int ia, int sa, double[] lo, int il, int sl, double[] hi, int ih, int sh,
            double[] out, int io, int n) {
        if (sa == 1 && sl == 0 && sh == 0) {
            double l = lo[il];
            double h = hi[ih];
            for (int i = 0; i < n; i++) {
                out[io + i] = clip(a[ia + i], l, h);
            }
        } else {
            for (int i = 0; i < n; i++) {
                out[io + i] = clip(a[ia + i * sa], lo[il + i * sl], hi[ih + i * sh]);
            }
        }
    }

    /**
     * numpy.around at {@code decimals} places: scale by 10^|decimals|, rint, scale back. With {@code single} each
     * step rounds to float32, as numpy computes float32 arrays in float32.
     */
    static void around(double[] a, int ia, int sa, int decimals, boolean single, double[] out, int io, int n) {
        double f = powerOfTen(Math.abs(decimals));
        if (single) {
            f = (float) f;
        }
        if (decimals >= 0) {
            for (int i = 0; i < n; i++) {
                double y = a[ia + i * sa] * f;
                y = Math.rint(single ? (float) y : y);
                out[io + i] = y / f;
            }
        } else {
            for (int i = 0; i < n; i++) {
                double y = a[ia + i * sa] / f;
                y = Math.rint(single ? (float) y : y);
                out[io + i] = y * f;
            }
        }
    }

    /** numpy.nan_to_num with the replacement values already resolved. */
    static void nanToNum(double[] a, int ia, int sa, double nan, double posinf, double neginf,
            double[] out, int io, int n) {
        for (int i = 0; i < n; i++) {
            double x = a[ia + i * sa];
            out[io + i] = x != x ? nan : x == Double.POSITIVE_INFINITY ? posinf
                    : x == Double.NEGATIVE_INFINITY ? neginf : x;
        }
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

    /** The comparison that gives the same answer with its operands swapped. */
    static ElementwiseFn flip(ElementwiseFn fn) {
        return switch (fn) {
            case LESS -> ElementwiseFn.GREATER;
            case LESS_EQUAL -> ElementwiseFn.GREATER_EQUAL;
            case GREATER -> ElementwiseFn.LESS;
            case GREATER_EQUAL -> ElementwiseFn.LESS_EQUAL;
            case EQUAL, NOT_EQUAL -> fn;
            default -> throw unsupported(fn, "comparison");
        };
    }

    static MarsException unsupported(ElementwiseFn fn, String domain) {
        return new MarsException(ErrorCode.INTERNAL_ERROR, "element-wise " + fn.numpyName() + " has no " + domain + " loop");
    }

    /** The functions with loops specialised per operand pattern; the rest use {@link #strided}. */
    private static boolean isFast(ElementwiseFn fn) {
        return switch (fn) {
            case ADD, SUBTRACT, MULTIPLY, DIVIDE, POWER, MAXIMUM, MINIMUM -> true;
            default -> false;
        };
    }

    private static void vv(ElementwiseFn fn, double[] a, int ia, double[] b, int ib, double[] out, int io, int n) {
        switch (fn) {
            case ADD -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] + b[ib + i];
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] - b[ib + i];
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] * b[ib + i];
                }
            }
            case DIVIDE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] / b[ib + i];
                }
            }
            case MAXIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = maximum(a[ia + i], b[ib + i]);
                }
            }
            case MINIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = minimum(a[ia + i], b[ib + i]);
                }
            }
            case POWER -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = pow(a[ia + i], b[ib + i]);
                }
            }
            default -> throw unsupported(fn, "binary float");
        }
    }

    private static void vs(ElementwiseFn fn, double[] a, int ia, double s, double[] out, int io, int n) {
        switch (fn) {
            case ADD -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] + s;
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] - s;
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] * s;
                }
            }
            case DIVIDE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] / s;
                }
            }
            case MAXIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = maximum(a[ia + i], s);
                }
            }
            case MINIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = minimum(a[ia + i], s);
                }
            }
            case POWER -> {
                if (s == 2.0) {
                    for (int i = 0; i < n; i++) {
                        out[io + i] = a[ia + i] * a[ia + i];
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        out[io + i] = pow(a[ia + i], s);
                    }
                }
            }
            default -> throw unsupported(fn, "binary float");
        }
    }

    private static void sv(ElementwiseFn fn, double s, double[] b, int ib, double[] out, int io, int n) {
        switch (fn) {
            case ADD -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = s + b[ib + i];
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = s - b[ib + i];
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = s * b[ib + i];
                }
            }
            case DIVIDE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = s / b[ib + i];
                }
            }
            case MAXIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = maximum(s, b[ib + i]);
                }
            }
            case MINIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = minimum(s, b[ib + i]);
                }
            }
            case POWER -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = pow(s, b[ib + i]);
                }
            }
            default -> throw unsupported(fn, "binary float");
        }
    }

    /** Every binary float function over runs of any stride. */
    private static void strided(ElementwiseFn fn, double[] a, int ia, int sa, double[] b, int ib, int sb,
            double[] out, int io, int n) {
        switch (fn) {
            case ADD -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i * sa] + b[ib + i * sb];
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i * sa] - b[ib + i * sb];
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i * sa] * b[ib + i * sb];
                }
            }
            case DIVIDE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i * sa] / b[ib + i * sb];
                }
            }
            case POWER -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = pow(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case FLOOR_DIVIDE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = floorDivide(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case MOD -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = remainder(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case ARCTAN2 -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.atan2(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case HYPOT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.hypot(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case MAXIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = maximum(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case MINIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = minimum(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case FMAX -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = fmax(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case FMIN -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = fmin(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            default -> throw unsupported(fn, "binary float");
        }
    }

    private static void unaryRun(ElementwiseFn fn, double[] a, int ia, double[] out, int io, int n) {
        switch (fn) {
            case NEGATIVE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = -a[ia + i];
                }
            }
            case POSITIVE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i];
                }
            }
            case ABS -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.abs(a[ia + i]);
                }
            }
            case SQUARE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] * a[ia + i];
                }
            }
            case SIGN -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = sign(a[ia + i]);
                }
            }
            case RECIPROCAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = 1.0 / a[ia + i];
                }
            }
            case SQRT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.sqrt(a[ia + i]);
                }
            }
            case CBRT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.cbrt(a[ia + i]);
                }
            }
            case EXP -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.exp(a[ia + i]);
                }
            }
            case EXPM1 -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.expm1(a[ia + i]);
                }
            }
            case EXP2 -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.pow(2.0, a[ia + i]);
                }
            }
            case LOG -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.log(a[ia + i]);
                }
            }
            case LOG2 -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = log2(a[ia + i]);
                }
            }
            case LOG10 -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.log10(a[ia + i]);
                }
            }
            case LOG1P -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.log1p(a[ia + i]);
                }
            }
            case SIN -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.sin(a[ia + i]);
                }
            }
            case COS -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.cos(a[ia + i]);
                }
            }
            case TAN -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.tan(a[ia + i]);
                }
            }
            case ARCSIN -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.asin(a[ia + i]);
                }
            }
            case ARCCOS -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.acos(a[ia + i]);
                }
            }
            case ARCTAN -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.atan(a[ia + i]);
                }
            }
            case SINH -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.sinh(a[ia + i]);
                }
            }
            case COSH -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.cosh(a[ia + i]);
                }
            }
            case TANH -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.tanh(a[ia + i]);
                }
            }
            case ARCSINH -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = asinh(a[ia + i]);
                }
            }
            case ARCCOSH -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = acosh(a[ia + i]);
                }
            }
            case ARCTANH -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = atanh(a[ia + i]);
                }
            }
            case DEGREES -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] * DEGREES_PER_RADIAN;
                }
            }
            case RADIANS -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] * RADIANS_PER_DEGREE;
                }
            }
            case RINT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.rint(a[ia + i]);
                }
            }
            case FLOOR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.floor(a[ia + i]);
                }
            }
            case CEIL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.ceil(a[ia + i]);
                }
            }
            case TRUNC -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = trunc(a[ia + i]);
                }
            }
            default -> throw unsupported(fn, "unary float");
        }
    }

    private static void compareVv(ElementwiseFn fn, double[] a, int ia, double[] b, int ib, boolean[] out, int io,
            int n) {
        switch (fn) {
            case LESS -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] < b[ib + i];
                }
            }
            case LESS_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] <= b[ib + i];
                }
            }
            case GREATER -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] > b[ib + i];
                }
            }
            case GREATER_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] >= b[ib + i];
                }
            }
            case EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] == b[ib + i];
                }
            }
            case NOT_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] != b[ib + i];
                }
            }
            default -> throw unsupported(fn, "comparison");
        }
    }

    private static void compareVs(ElementwiseFn fn, double[] a, int ia, double s, boolean[] out, int io, int n) {
        switch (fn) {
            case LESS -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] < s;
                }
            }
            case LESS_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] <= s;
                }
            }
            case GREATER -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] > s;
                }
            }
            case GREATER_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] >= s;
                }
            }
            case EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] == s;
                }
            }
            case NOT_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] != s;
                }
            }
            default -> throw unsupported(fn, "comparison");
        }
    }

    /**
     * How many of {@code a[ia .. ia + n - 1]} compare true against {@code s}: a comparison and a count in one pass,
     * without the boolean block between them (for a fused chain that ends in {@code compare(...).sum()}). Same
     * semantics as {@link #compare}: NaN compares false, except with {@code NOT_EQUAL}. {@code n} fits an int.
     */
    static int countCompareVs(ElementwiseFn fn, double[] a, int ia, double s, int n) {
        int c = 0;
        switch (fn) {
            case LESS -> {
                for (int i = 0; i < n; i++) {
                    c += a[ia + i] < s ? 1 : 0;
                }
            }
            case LESS_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    c += a[ia + i] <= s ? 1 : 0;
                }
            }
            case GREATER -> {
                for (int i = 0; i < n; i++) {
                    c += a[ia + i] > s ? 1 : 0;
                }
            }
            case GREATER_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    c += a[ia + i] >= s ? 1 : 0;
                }
            }
            case EQUAL -> {
                for (int i = 0; i < n; i++) {
                    c += a[ia + i] == s ? 1 : 0;
                }
            }
            case NOT_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    c += a[ia + i] != s ? 1 : 0;
                }
            }
            default -> throw unsupported(fn, "comparison");
        }
        return c;
    }
}
