package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.ElementwiseFn;
import java.util.Arrays;

/**
 * Element-wise loops in the integer domain: every integer dtype computes in long, and the caller narrows the result
 * to its dtype, which wraps around exactly as numpy's fixed-width arithmetic does. Same operand conventions as
 * {@link DoubleLoops}.
 */
final class LongLoops {
    private LongLoops() {
    }

    static void binary(ElementwiseFn fn, long[] a, int ia, int sa, long[] b, int ib, int sb, long[] out, int io, int n) {
        if (sa == 1 && sb == 1) {
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

    static void compare(ElementwiseFn fn, long[] a, int ia, int sa, long[] b, int ib, int sb,
            boolean[] out, int io, int n) {
        if (sa == 1 && sb == 1) {
            compareVv(fn, a, ia, b, ib, out, io, n);
        } else if (sa == 1) {
            compareVs(fn, a, ia, b[ib], out, io, n);
        } else if (sb == 1) {
            compareVs(DoubleLoops.flip(fn), b, ib, a[ia], out, io, n);
        } else {
            compareVs(fn, a, ia, b[ib], out, io, 1);
            Arrays.fill(out, io + 1, io + n, out[io]);
        }
    }

    static void unary(ElementwiseFn fn, long[] a, int ia, int sa, long[] out, int io, int n) {
        if (sa == 0) {
            unaryRun(fn, a, ia, out, io, 1);
            Arrays.fill(out, io + 1, io + n, out[io]);
        } else {
            unaryRun(fn, a, ia, out, io, n);
        }
    }

    /** base ** exp by repeated squaring, wrapping around like numpy; a negative exponent is rejected as numpy does. */
    static long pow(long base, long exp) {
        if (exp < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "Integers to negative integer powers are not allowed: " + base + " ** " + exp);
        }
        long result = 1;
        long b = base;
        long e = exp;
        while (e != 0) {
            if ((e & 1) != 0) {
                result *= b;
            }
            b *= b;
            e >>>= 1;
        }
        return result;
    }

    private static void vv(ElementwiseFn fn, long[] a, int ia, long[] b, int ib, long[] out, int io, int n) {
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
            case POWER -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = pow(a[ia + i], b[ib + i]);
                }
            }
            default -> throw DoubleLoops.unsupported(fn, "binary integer");
        }
    }

    private static void vs(ElementwiseFn fn, long[] a, int ia, long s, long[] out, int io, int n) {
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
            case POWER -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = pow(a[ia + i], s);
                }
            }
            default -> throw DoubleLoops.unsupported(fn, "binary integer");
        }
    }

    private static void sv(ElementwiseFn fn, long s, long[] b, int ib, long[] out, int io, int n) {
        switch (fn) {
            case ADD, MULTIPLY -> vs(fn, b, ib, s, out, io, n);
            case SUBTRACT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = s - b[ib + i];
                }
            }
            case POWER -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = pow(s, b[ib + i]);
                }
            }
            default -> throw DoubleLoops.unsupported(fn, "binary integer");
        }
    }

    private static void unaryRun(ElementwiseFn fn, long[] a, int ia, long[] out, int io, int n) {
        switch (fn) {
            case NEGATIVE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = -a[ia + i];
                }
            }
            case ABS -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.abs(a[ia + i]);
                }
            }
            default -> throw DoubleLoops.unsupported(fn, "unary integer");
        }
    }

    private static void compareVv(ElementwiseFn fn, long[] a, int ia, long[] b, int ib, boolean[] out, int io, int n) {
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
            default -> throw DoubleLoops.unsupported(fn, "comparison");
        }
    }

    private static void compareVs(ElementwiseFn fn, long[] a, int ia, long s, boolean[] out, int io, int n) {
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
            default -> throw DoubleLoops.unsupported(fn, "comparison");
        }
    }
}
