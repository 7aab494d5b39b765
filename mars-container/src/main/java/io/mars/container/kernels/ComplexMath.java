package io.mars.container.kernels;

/**
 * numpy's complex transcendental functions on one (re, im) pair, in double, written into {@code out[o]} and
 * {@code out[o + 1]}: the trigonometric and hyperbolic functions and their inverses, expm1, log1p, log2, log10, exp2 and
 * sign. The forward functions follow C99 Annex G's special values (as numpy's npymath); the inverse functions use
 * Kahan's formulas ("Branch cuts for complex elementary functions", 1987), which put the branch cuts where numpy puts
 * them and take the side from the sign of a zero part, with C99's values for infinite parts and NaN in, NaN out
 * otherwise. log1p, expm1, log2 and log10 use numpy's own formulas, so they agree with numpy to the last bits.
 */
final class ComplexMath {
    private static final double HALF_PI = Math.PI / 2;
    private static final double LN2 = 0.6931471805599453;
    private static final double LOG2E = 1.4426950408889634;
    private static final double LOG10E = 0.4342944819032518;

    private ComplexMath() {
    }

    static void sinh(double x, double y, double[] out, int o) {
        if (Double.isFinite(x) && Double.isFinite(y)) {
            set(out, o, Math.sinh(x) * Math.cos(y), Math.cosh(x) * Math.sin(y));
        } else if (Double.isInfinite(x)) {
            if (y == 0.0) {
                set(out, o, x, y);
            } else if (Double.isFinite(y)) {
                set(out, o, x * Math.cos(y), Double.POSITIVE_INFINITY * Math.sin(y));
            } else {
                set(out, o, Double.POSITIVE_INFINITY, Double.NaN);
            }
        } else if (x == 0.0) {
            set(out, o, x, Double.NaN);
        } else if (Double.isNaN(x) && y == 0.0) {
            set(out, o, x, y);
        } else {
            set(out, o, Double.NaN, Double.NaN);
        }
    }

    static void cosh(double x, double y, double[] out, int o) {
        if (Double.isFinite(x) && Double.isFinite(y)) {
            set(out, o, Math.cosh(x) * Math.cos(y), Math.sinh(x) * Math.sin(y));
        } else if (Double.isInfinite(x)) {
            if (y == 0.0) {
                set(out, o, Double.POSITIVE_INFINITY, Math.copySign(0.0, x) * y);
            } else if (Double.isFinite(y)) {
                set(out, o, Double.POSITIVE_INFINITY * Math.cos(y), x * Math.sin(y));
            } else {
                set(out, o, Double.POSITIVE_INFINITY, Double.NaN);
            }
        } else if (x == 0.0) {
            set(out, o, Double.NaN, 0.0);
        } else if (Double.isNaN(x) && y == 0.0) {
            set(out, o, x, y);
        } else {
            set(out, o, Double.NaN, Double.NaN);
        }
    }

    /** Kahan's tanh: no cancellation near the real axis, no overflow for large |x|. */
    static void tanh(double x, double y, double[] out, int o) {
        if (Double.isInfinite(x)) {
            double im = Double.isFinite(y) ? Math.copySign(0.0, Math.sin(2 * y)) : Math.copySign(0.0, y);
            set(out, o, Math.copySign(1.0, x), im);
        } else if (Double.isNaN(x)) {
            set(out, o, x, y == 0.0 ? y : Double.NaN);
        } else if (!Double.isFinite(y)) {
            set(out, o, x == 0.0 ? x : Double.NaN, Double.NaN);
        } else if (y == 0.0) {
            set(out, o, Math.tanh(x), y);
        } else if (Math.abs(x) > 22) {
            set(out, o, Math.copySign(1.0, x), 4 * Math.sin(y) * Math.cos(y) * Math.exp(-2 * Math.abs(x)));
        } else {
            double t = Math.tan(y);
            double beta = 1 + t * t;
            double s = Math.sinh(x);
            double rho = Math.sqrt(1 + s * s);
            double den = 1 + beta * s * s;
            set(out, o, beta * rho * s / den, t / den);
        }
    }

    /** sin z = -i sinh(iz); NaN + i inf where both parts are infinite and NaN + iy for NaN + i inf, as numpy. */
    static void sin(double x, double y, double[] out, int o) {
        if (Double.isInfinite(x) && Double.isInfinite(y)) {
            set(out, o, Double.NaN, Double.POSITIVE_INFINITY);
            return;
        }
        if (Double.isNaN(x) && Double.isInfinite(y)) {
            set(out, o, x, y);
            return;
        }
        sinh(-y, x, out, o);
        rotateMinusI(out, o);
    }

    /** cos z = cosh(iz). */
    static void cos(double x, double y, double[] out, int o) {
        cosh(-y, x, out, o);
    }

    /** tan z = -i tanh(iz). */
    static void tan(double x, double y, double[] out, int o) {
        tanh(-y, x, out, o);
        rotateMinusI(out, o);
    }

    /** Kahan: Re = atan2(x, Re(sqrt(1-z) sqrt(1+z))), Im = asinh(Im(conj(sqrt(1-z)) sqrt(1+z))). */
    static void arcsin(double x, double y, double[] out, int o) {
        if (Double.isNaN(x) || Double.isNaN(y)) {
            if (Double.isInfinite(x)) {
                set(out, o, Double.NaN, Double.POSITIVE_INFINITY);
            } else if (Double.isInfinite(y)) {
                set(out, o, Double.NaN, y);
            } else {
                set(out, o, x == 0.0 ? x : Double.NaN, Double.NaN);
            }
            return;
        }
        if (Double.isInfinite(x) || Double.isInfinite(y)) {
            // -i asinh(iz) with asinh(w) = copysign(inf, Re w) + i atan2(Im w, |Re w|) for infinite w
            set(out, o, Math.atan2(x, Math.abs(y)), Math.copySign(Double.POSITIVE_INFINITY, y));
            return;
        }
        double[] a = sqrt(1 - x, -y);
        double[] b = sqrt(1 + x, y);
        set(out, o, Math.atan2(x, a[0] * b[0] - a[1] * b[1]), FloatMath.asinh(a[0] * b[1] - a[1] * b[0]));
    }

    /** Kahan: Re = 2 atan2(Re sqrt(1-z), Re sqrt(1+z)), Im = asinh(Im(conj(sqrt(1+z)) sqrt(1-z))). */
    static void arccos(double x, double y, double[] out, int o) {
        if (Double.isNaN(x) || Double.isNaN(y)) {
            if (Double.isInfinite(x)) {
                set(out, o, Double.NaN, Double.NEGATIVE_INFINITY);
            } else if (Double.isInfinite(y)) {
                set(out, o, Double.NaN, -y);
            } else {
                set(out, o, x == 0.0 ? HALF_PI : Double.NaN, Double.NaN);
            }
            return;
        }
        if (Double.isInfinite(x) || Double.isInfinite(y)) {
            set(out, o, Math.atan2(Math.abs(y), x), Math.copySign(Double.POSITIVE_INFINITY, -y));
            return;
        }
        double[] a = sqrt(1 + x, y);
        double[] b = sqrt(1 - x, -y);
        set(out, o, 2 * Math.atan2(b[0], a[0]), FloatMath.asinh(a[0] * b[1] - a[1] * b[0]));
    }

    /** asinh z = -i asin(iz). */
    static void arcsinh(double x, double y, double[] out, int o) {
        if (Double.isNaN(x) || Double.isNaN(y)) {
            if (Double.isInfinite(x)) {
                set(out, o, x, Double.NaN);
            } else if (Double.isInfinite(y)) {
                set(out, o, Double.POSITIVE_INFINITY, Double.NaN);
            } else {
                set(out, o, Double.NaN, y == 0.0 ? y : Double.NaN);
            }
            return;
        }
        arcsin(-y, x, out, o);
        rotateMinusI(out, o);
    }

    /** Kahan: Re = asinh(Re(conj(sqrt(z-1)) sqrt(z+1))), Im = 2 atan2(Im sqrt(z-1), Re sqrt(z+1)). */
    static void arccosh(double x, double y, double[] out, int o) {
        if (Double.isNaN(x) || Double.isNaN(y)) {
            if (Double.isInfinite(x) || Double.isInfinite(y)) {
                set(out, o, Double.POSITIVE_INFINITY, Double.NaN);
            } else {
                set(out, o, Double.NaN, x == 0.0 ? HALF_PI : Double.NaN);
            }
            return;
        }
        if (Double.isInfinite(x) || Double.isInfinite(y)) {
            set(out, o, Double.POSITIVE_INFINITY, Math.atan2(y, x));
            return;
        }
        double[] a = sqrt(x - 1, y);
        double[] b = sqrt(x + 1, y);
        set(out, o, FloatMath.asinh(a[0] * b[0] + a[1] * b[1]), 2 * Math.atan2(a[1], b[0]));
    }

    /**
     * atanh z = (log1p(z) - log1p(-z)) / 2 in the form Re = log1p(4x / ((1-x)^2 + y^2)) / 4,
     * Im = atan2(2y, (1-x)(1+x) - y^2) / 2, for x &gt;= 0 (atanh(-z) = -atanh(z) for the rest).
     */
    static void arctanh(double x, double y, double[] out, int o) {
        if (Double.isNaN(x) || Double.isNaN(y)) {
            if (Double.isInfinite(y)) {
                set(out, o, Math.copySign(0.0, x), Math.copySign(HALF_PI, y));
            } else if (Double.isInfinite(x) || x == 0.0) {
                set(out, o, Math.copySign(0.0, x), Double.NaN);
            } else {
                set(out, o, Double.NaN, Double.NaN);
            }
            return;
        }
        if (Double.isInfinite(x) || Double.isInfinite(y)) {
            set(out, o, Math.copySign(0.0, x), Math.copySign(HALF_PI, y));
            return;
        }
        boolean negate = Math.copySign(1.0, x) < 0;
        double ax = Math.abs(x);
        double ay = negate ? -y : y;
        double ym = 1 - ax;
        double re = 0.25 * Math.log1p(4 * ax / (ym * ym + ay * ay));
        double im = 0.5 * Math.atan2(2 * ay, ym * (1 + ax) - ay * ay);
        set(out, o, negate ? -re : re, negate ? -im : im);
    }

    /** atan z = -i atanh(iz). */
    static void arctan(double x, double y, double[] out, int o) {
        arctanh(-y, x, out, o);
        rotateMinusI(out, o);
    }

    /** numpy's: Re = expm1(x) cos y - 2 sin^2(y/2), Im = exp(x) sin y. */
    static void expm1(double x, double y, double[] out, int o) {
        double a = Math.sin(y / 2);
        set(out, o, Math.expm1(x) * Math.cos(y) - 2 * a * a, Math.exp(x) * Math.sin(y));
    }

    /**
     * log |1 + z| + i arg(1 + z), the real part as log1p(x (2 + x) + y^2) / 2 where |1 + z| is near 1, so that it keeps
     * its digits for small z (numpy's log(hypot(1 + x, y)) loses them: up to 1e-10 relative at |z| = 1e-6).
     */
    static void log1p(double x, double y, double[] out, int o) {
        double xp = x + 1;
        double s = x * (2 + x) + y * y;
        double re = Math.abs(s) < 0.5 ? 0.5 * Math.log1p(s) : Math.log(Math.hypot(xp, y));
        set(out, o, re, Math.atan2(y, xp));
    }

    static void log2(double x, double y, double[] out, int o) {
        set(out, o, Math.log(Math.hypot(x, y)) * LOG2E, Math.atan2(y, x) * LOG2E);
    }

    static void log10(double x, double y, double[] out, int o) {
        set(out, o, Math.log(Math.hypot(x, y)) * LOG10E, Math.atan2(y, x) * LOG10E);
    }

    /** numpy's: exp(z ln 2). */
    static void exp2(double x, double y, double[] out, int o) {
        exp(x * LN2, y * LN2, out, o);
    }

    /** exp z with C99's values where a part is not finite (numpy's). */
    static void exp(double x, double y, double[] out, int o) {
        if (!Double.isFinite(y)) {
            if (x == Double.POSITIVE_INFINITY) {
                set(out, o, x, Double.NaN);
            } else if (x == Double.NEGATIVE_INFINITY) {
                set(out, o, 0.0, Math.copySign(0.0, y));
            } else {
                set(out, o, Double.NaN, Double.NaN);
            }
            return;
        }
        if (Double.isNaN(x)) {
            set(out, o, x, y == 0.0 ? y : Double.NaN);
            return;
        }
        double m = Math.exp(x);
        if (y == 0.0) {
            set(out, o, m, y);
        } else {
            set(out, o, m * Math.cos(y), m * Math.sin(y));
        }
    }

    /**
     * numpy 2's sign: z / |z|; 0 for 0; NaN where |z| is; for an infinite |z| the unit along the infinite part (NaN if
     * both are infinite), as numpy's loop does.
     */
    static void sign(double x, double y, double[] out, int o) {
        double abs = Math.hypot(x, y);
        if (Double.isNaN(abs)) {
            set(out, o, Double.NaN, Double.NaN);
        } else if (Double.isInfinite(abs)) {
            if (Double.isInfinite(x)) {
                if (Double.isInfinite(y)) {
                    set(out, o, Double.NaN, Double.NaN);
                } else {
                    set(out, o, x > 0 ? 1.0 : -1.0, 0.0);
                }
            } else {
                set(out, o, 0.0, y > 0 ? 1.0 : -1.0);
            }
        } else if (abs == 0.0) {
            set(out, o, 0.0, 0.0);
        } else {
            set(out, o, x / abs, y / abs);
        }
    }

    /**
     * 1 / z as numpy's reciprocal loop: scaled by the larger part, so 1 / 0 is NaN + NaN i (where division gives
     * inf + NaN i).
     */
    static void reciprocal(double x, double y, double[] out, int o) {
        if (Math.abs(y) <= Math.abs(x)) {
            double r = y / x;
            double d = x + y * r;
            set(out, o, 1 / d, -r / d);
        } else {
            double r = x / y;
            double d = x * r + y;
            set(out, o, r / d, -1 / d);
        }
    }

    /** The principal square root with the sign of {@code y} on the imaginary part, as a new pair. */
    private static double[] sqrt(double x, double y) {
        double[] r = new double[2];
        ComplexLoops.sqrt(x, y, r, 0);
        return r;
    }

    /** out := -i * out. */
    private static void rotateMinusI(double[] out, int o) {
        double re = out[o];
        out[o] = out[o + 1];
        out[o + 1] = -re;
    }

    private static void set(double[] out, int o, double re, double im) {
        out[o] = re;
        out[o + 1] = im;
    }
}
