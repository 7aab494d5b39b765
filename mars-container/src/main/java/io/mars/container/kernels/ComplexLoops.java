package io.mars.container.kernels;

import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Scalar;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;

/**
 * Element-wise functions on complex inputs ({@link ElementwiseFn#supportsComplex}), computed in double on interleaved
 * (re, im) pairs and rounded to the compute dtype at the end. Division is Smith's algorithm and abs falls back to
 * {@link Math#hypot} outside the range where re^2 + im^2 is exact enough, so neither overflows for large finite parts
 * (numpy does the same).
 */
final class ComplexLoops {
    /** Below this re^2 + im^2 may have lost bits to subnormals; at infinity it overflowed or a part is not finite. */
    private static final double SAFE_SQUARES = 0x1p-968;

    private ComplexLoops() {
    }

    static NDArray compute(ElementwiseFn fn, List<Arg> args, NDArray[] arrays, DataType compute, Layout layout,
            long[] shape, int size) {
        if (fn == ElementwiseFn.MAKE_COMPLEX) {
            return makeComplex(args, arrays, compute, layout, shape, size);
        }
        int n = arrays.length;
        double[][] data = new double[n][];
        boolean[] cond = fn == ElementwiseFn.WHERE ? ElementwiseKernel.condition(args, arrays) : null;
        for (int i = fn == ElementwiseFn.WHERE ? 1 : 0; i < n; i++) {
            if (arrays[i] != null) {
                data[i] = pairs(arrays[i]);
            } else {
                Scalar c = args.get(i).constant();
                double re = c.realValue();
                double im = c.imagValue();
                // a weak scalar takes the array's type first: complex64 * 0.1j multiplies by 0.1fj
                data[i] = compute == DataType.COMPLEX64 ? new double[] {(float) re, (float) im} : new double[] {re, im};
            }
        }
        int s0 = layout.lastStride(0);
        int s1 = n > 1 ? layout.lastStride(1) : 0;
        int s2 = n > 2 ? layout.lastStride(2) : 0;
        switch (fn) {
            case EQUAL, NOT_EQUAL, ISNAN, ISINF, ISFINITE -> {
                boolean[] out = new boolean[size];
                ElementwiseKernel.forEachRun(layout, (at, io, len) -> {
                    int a = at.offset(0);
                    int b = n > 1 ? at.offset(1) : 0;
                    for (int k = 0; k < len; k++, a += s0, b += s1) {
                        out[io + k] = predicate(fn, data[0], 2 * a, n > 1 ? data[1] : null, 2 * b);
                    }
                });
                return new NDArray(DataType.BOOL, shape, out);
            }
            case ABS, REAL, IMAG, ANGLE -> {
                double[] out = new double[size];
                double[] x = data[0];
                ElementwiseKernel.forEachRun(layout, (at, io, len) -> {
                    int a = 2 * at.offset(0);
                    for (int k = 0; k < len; k++, a += 2 * s0) {
                        out[io + k] = switch (fn) {
                            case ABS -> abs(x[a], x[a + 1]);
                            case REAL -> x[a];
                            case IMAG -> x[a + 1];
                            default -> Math.atan2(x[a + 1], x[a]);
                        };
                    }
                });
                return Casts.fromDoubles(out, compute.componentType(), shape);
            }
            case AROUND -> {
                // numpy rounds the two parts apart, each as around of a real of the parts' dtype
                int decimals = Math.toIntExact(args.get(1).constant().intValue());
                boolean single = compute == DataType.COMPLEX64;
                double[] x = data[0];
                double[] parts = new double[2 * size];
                ElementwiseKernel.forEachRun(layout, (at, io, len) -> {
                    for (int k = 0; k < len; k++) {
                        int a = 2 * (at.offset(0) + k * s0);
                        int o = 2 * (io + k);
                        DoubleLoops.around(x, a, 1, decimals, single, parts, o, 2);
                    }
                });
                return new NDArray(DataType.COMPLEX128, shape, parts);
            }
            default -> {
                double[] out = new double[2 * size];
                ElementwiseKernel.forEachRun(layout, (at, io, len) -> {
                    int a = at.offset(0);
                    int b = n > 1 ? at.offset(1) : 0;
                    int c = n > 2 ? at.offset(2) : 0;
                    for (int k = 0; k < len; k++, a += s0, b += s1, c += s2) {
                        int o = 2 * (io + k);
                        if (fn == ElementwiseFn.WHERE) {
                            double[] src = cond[a] ? data[1] : data[2];
                            int j = 2 * (cond[a] ? b : c);
                            out[o] = src[j];
                            out[o + 1] = src[j + 1];
                        } else if (n == 1) {
                            unary(fn, data[0], 2 * a, out, o);
                        } else {
                            binary(fn, data[0], 2 * a, data[1], 2 * b, out, o);
                        }
                    }
                });
                return new NDArray(DataType.COMPLEX128, shape, out);
            }
        }
    }

    /**
     * complex(re, im) reads the real parts of its operands where they lie (the storage itself for float64) instead of
     * widening each to complex pairs first, which cost two arrays of twice the chunk's size.
     */
    private static NDArray makeComplex(List<Arg> args, NDArray[] arrays, DataType compute, Layout layout,
            long[] shape, int size) {
        double[][] parts = new double[2][];
        int[] widths = new int[2];
        for (int i = 0; i < 2; i++) {
            if (arrays[i] == null) {
                Scalar c = args.get(i).constant();
                double v = c.kind() == DataType.Kind.FLOAT ? c.floatValue() : (double) c.intValue();
                parts[i] = new double[] {compute == DataType.COMPLEX64 ? (float) v : v};
                widths[i] = 1;
            } else if (arrays[i].dtype().isComplex()) {
                parts[i] = pairs(arrays[i]);
                widths[i] = 2;
            } else {
                parts[i] = arrays[i].doubles();
                widths[i] = 1;
            }
        }
        double[] re = parts[0];
        double[] im = parts[1];
        int s0 = layout.lastStride(0) * widths[0];
        int s1 = layout.lastStride(1) * widths[1];
        double[] out = new double[2 * size];
        ElementwiseKernel.forEachRun(layout, (at, io, len) -> {
            int a = at.offset(0) * widths[0];
            int b = at.offset(1) * widths[1];
            for (int k = 0, o = 2 * io; k < len; k++, a += s0, b += s1, o += 2) {
                out[o] = re[a];
                out[o + 1] = im[b];
            }
        });
        return new NDArray(DataType.COMPLEX128, shape, out);
    }

    /** A kernel's refusal of complex input it has no complex loop for. */
    static io.mars.common.error.MarsException unsupported(String what, DataType dtype) {
        return new io.mars.common.error.MarsException(io.mars.common.error.ErrorCode.UNSUPPORTED_DTYPE,
                what + " is not supported for complex dtype " + dtype);
    }

    /** The input's values as complex128 pairs: the storage itself for complex128. */
    static double[] pairs(NDArray a) {
        if (a.dtype() == DataType.COMPLEX128) {
            return (double[]) a.data();
        }
        int n = a.size();
        double[] out = new double[2 * n];
        for (int i = 0; i < n; i++) {
            out[2 * i] = a.getReal(i);
            out[2 * i + 1] = a.getImag(i);
        }
        return out;
    }

    private static boolean predicate(ElementwiseFn fn, double[] x, int a, double[] y, int b) {
        return switch (fn) {
            case EQUAL -> x[a] == y[b] && x[a + 1] == y[b + 1];
            case NOT_EQUAL -> !(x[a] == y[b] && x[a + 1] == y[b + 1]);
            case ISNAN -> Double.isNaN(x[a]) || Double.isNaN(x[a + 1]);
            case ISINF -> Double.isInfinite(x[a]) || Double.isInfinite(x[a + 1]);
            case ISFINITE -> Double.isFinite(x[a]) && Double.isFinite(x[a + 1]);
            default -> throw LoopDispatch.unsupported(fn, "complex predicate");
        };
    }

    /**
     * |re + i im|: sqrt(re^2 + im^2) (within about an ulp and a half) where the sum of squares neither overflows nor
     * underflows, {@link Math#hypot} (several times slower, for its range checks) elsewhere and for NaN or infinite
     * parts.
     */
    static double abs(double re, double im) {
        double squares = re * re + im * im;
        if (squares >= SAFE_SQUARES && squares < Double.POSITIVE_INFINITY) {
            return Math.sqrt(squares);
        }
        return Math.hypot(re, im);
    }

    private static void unary(ElementwiseFn fn, double[] x, int a, double[] out, int o) {
        double re = x[a];
        double im = x[a + 1];
        switch (fn) {
            case NEGATIVE -> set(out, o, -re, -im);
            case POSITIVE -> set(out, o, re, im);
            case CONJ -> set(out, o, re, -im);
            case SQUARE -> set(out, o, re * re - im * im, 2 * re * im);
            case RECIPROCAL -> ComplexMath.reciprocal(re, im, out, o);
            case EXP -> ComplexMath.exp(re, im, out, o);
            case SQRT -> sqrt(re, im, out, o);
            case LOG -> set(out, o, Math.log(Math.hypot(re, im)), Math.atan2(im, re));
            case LOG2 -> ComplexMath.log2(re, im, out, o);
            case LOG10 -> ComplexMath.log10(re, im, out, o);
            case LOG1P -> ComplexMath.log1p(re, im, out, o);
            case EXPM1 -> ComplexMath.expm1(re, im, out, o);
            case EXP2 -> ComplexMath.exp2(re, im, out, o);
            case SIN -> ComplexMath.sin(re, im, out, o);
            case COS -> ComplexMath.cos(re, im, out, o);
            case TAN -> ComplexMath.tan(re, im, out, o);
            case SINH -> ComplexMath.sinh(re, im, out, o);
            case COSH -> ComplexMath.cosh(re, im, out, o);
            case TANH -> ComplexMath.tanh(re, im, out, o);
            case ARCSIN -> ComplexMath.arcsin(re, im, out, o);
            case ARCCOS -> ComplexMath.arccos(re, im, out, o);
            case ARCTAN -> ComplexMath.arctan(re, im, out, o);
            case ARCSINH -> ComplexMath.arcsinh(re, im, out, o);
            case ARCCOSH -> ComplexMath.arccosh(re, im, out, o);
            case ARCTANH -> ComplexMath.arctanh(re, im, out, o);
            case SIGN -> ComplexMath.sign(re, im, out, o);
            case RINT -> set(out, o, Math.rint(re), Math.rint(im));
            default -> throw LoopDispatch.unsupported(fn, "complex unary");
        }
    }

    /**
     * The principal square root, Re >= 0, with the sign of {@code im} on the imaginary part (so -4 - 0j gives -2j, as
     * numpy): t = sqrt((|re| + |z|) / 2) is computed without cancellation, the other part is |im| / 2t.
     */
    static void sqrt(double re, double im, double[] out, int o) {
        if (re == 0.0 && im == 0.0) {
            set(out, o, 0.0, im);
            return;
        }
        if (Double.isInfinite(im)) {
            set(out, o, Double.POSITIVE_INFINITY, im);
            return;
        }
        double t = Math.sqrt((Math.abs(re) + Math.hypot(re, im)) / 2);
        if (re >= 0) {
            set(out, o, t, im / (2 * t));
        } else {
            set(out, o, Math.abs(im) / (2 * t), Math.copySign(t, im));
        }
    }

    /**
     * a ** b as numpy's complex power: 1 for b = 0; for a = 0, 0 when b is real and positive, else nan; an integral
     * real b below 100 in magnitude by repeated squaring (exact for small powers, as numpy); else exp(b log a).
     */
    private static void power(double ar, double ai, double br, double bi, double[] out, int o) {
        if (br == 0.0 && bi == 0.0) {
            set(out, o, 1.0, 0.0);
            return;
        }
        if (ar == 0.0 && ai == 0.0) {
            if (br > 0 && bi == 0.0) {
                set(out, o, 0.0, 0.0);
            } else {
                set(out, o, Double.NaN, Double.NaN);
            }
            return;
        }
        if (bi == 0.0 && br == Math.rint(br) && Math.abs(br) < 100) {
            int n = (int) Math.abs(br);
            double pr = 1.0;
            double pi = 0.0;
            double sr = ar;
            double si = ai;
            while (n > 0) {
                if ((n & 1) != 0) {
                    double r = pr * sr - pi * si;
                    pi = pr * si + pi * sr;
                    pr = r;
                }
                n >>= 1;
                if (n > 0) {
                    double r = sr * sr - si * si;
                    si = 2 * sr * si;
                    sr = r;
                }
            }
            if (br < 0) {
                divide(1.0, 0.0, pr, pi, out, o);
            } else {
                set(out, o, pr, pi);
            }
            return;
        }
        double lr = Math.log(Math.hypot(ar, ai));
        double li = Math.atan2(ai, ar);
        double er = br * lr - bi * li;
        double ei = br * li + bi * lr;
        double m = Math.exp(er);
        set(out, o, m * Math.cos(ei), m * Math.sin(ei));
    }

    private static void binary(ElementwiseFn fn, double[] x, int a, double[] y, int b, double[] out, int o) {
        double ar = x[a];
        double ai = x[a + 1];
        double br = y[b];
        double bi = y[b + 1];
        switch (fn) {
            case ADD -> set(out, o, ar + br, ai + bi);
            case SUBTRACT -> set(out, o, ar - br, ai - bi);
            case MULTIPLY -> set(out, o, ar * br - ai * bi, ar * bi + ai * br);
            case DIVIDE -> divide(ar, ai, br, bi, out, o);
            case POWER -> power(ar, ai, br, bi, out, o);
            case MAKE_COMPLEX -> set(out, o, ar, br);
            default -> throw LoopDispatch.unsupported(fn, "complex binary");
        }
    }

    /** (ar + ai i) / (br + bi i) by Smith's algorithm: scales by the larger part of the divisor first. */
    private static void divide(double ar, double ai, double br, double bi, double[] out, int o) {
        double abr = Math.abs(br);
        double abi = Math.abs(bi);
        if (abr >= abi) {
            if (abr == 0.0 && abi == 0.0) {
                set(out, o, ar / abr, ai / abi);
                return;
            }
            double rat = bi / br;
            double scl = 1.0 / (br + bi * rat);
            set(out, o, (ar + ai * rat) * scl, (ai - ar * rat) * scl);
        } else {
            double rat = br / bi;
            double scl = 1.0 / (bi + br * rat);
            set(out, o, (ar * rat + ai) * scl, (ai * rat - ar) * scl);
        }
    }

    private static void set(double[] out, int o, double re, double im) {
        out[o] = re;
        out[o + 1] = im;
    }
}
