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
        switch (fn) {
            // integers are already integral, and have no NaN or infinity
            case FLOOR, CEIL, TRUNC, RINT, NAN_TO_NUM, POSITIVE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i * sa];
                }
            }
            default -> {
                if (sa == 0) {
                    unaryRun(fn, a, ia, out, io, 1);
                    Arrays.fill(out, io + 1, io + n, out[io]);
                } else {
                    unaryRun(fn, a, ia, out, io, n);
                }
            }
        }
    }

    /** numpy.where: {@code c ? x : y}. */
    static void where(boolean[] c, int ic, int sc, long[] x, int ix, int sx, long[] y, int iy, int sy,
            long[] out, int io, int n) {
        if (sc == 1 && sx == 1 && sy == 1) {
            for (int i = 0; i < n; i++) {
                out[io + i] = c[ic + i] ? x[ix + i] : y[iy + i];
            }
        } else {
            for (int i = 0; i < n; i++) {
                out[io + i] = c[ic + i * sc] ? x[ix + i * sx] : y[iy + i * sy];
            }
        }
    }

    /** numpy.clip on exact values, so a bound outside the dtype's range clamps as numpy's clip does. */
    static void clip(long[] a, int ia, int sa, long[] lo, int il, int sl, long[] hi, int ih, int sh,
            long[] out, int io, int n) {
        for (int i = 0; i < n; i++) {
            out[io + i] = Math.min(Math.max(a[ia + i * sa], lo[il + i * sl]), hi[ih + i * sh]);
        }
    }

    /** numpy's left shift: 0 when the count is negative or not below the width (done in long, then narrowed). */
    static long leftShift(long a, long b) {
        return b >= 0 && b < Long.SIZE ? a << b : 0;
    }

    /** numpy's arithmetic right shift: 0 or -1 (by sign) when the count is negative or not below the width. */
    static long rightShift(long a, long b) {
        return b >= 0 && b < Long.SIZE ? a >> b : a < 0 ? -1 : 0;
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

    /** The functions with loops specialised per operand pattern; the rest use {@link #strided}. */
    private static boolean isFast(ElementwiseFn fn) {
        return switch (fn) {
            case ADD, SUBTRACT, MULTIPLY, POWER, MAXIMUM, MINIMUM, BITWISE_AND, BITWISE_OR, BITWISE_XOR -> true;
            default -> false;
        };
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
            case MAXIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.max(a[ia + i], b[ib + i]);
                }
            }
            case MINIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.min(a[ia + i], b[ib + i]);
                }
            }
            case BITWISE_AND -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] & b[ib + i];
                }
            }
            case BITWISE_OR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] | b[ib + i];
                }
            }
            case BITWISE_XOR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] ^ b[ib + i];
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
            case MAXIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.max(a[ia + i], s);
                }
            }
            case MINIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.min(a[ia + i], s);
                }
            }
            case BITWISE_AND -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] & s;
                }
            }
            case BITWISE_OR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] | s;
                }
            }
            case BITWISE_XOR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] ^ s;
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
            case MAXIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.max(s, b[ib + i]);
                }
            }
            case MINIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.min(s, b[ib + i]);
                }
            }
            case BITWISE_AND -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = s & b[ib + i];
                }
            }
            case BITWISE_OR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = s | b[ib + i];
                }
            }
            case BITWISE_XOR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = s ^ b[ib + i];
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

    /** Every binary integer function over runs of any stride; x // 0 and x % 0 are 0, as numpy gives. */
    private static void strided(ElementwiseFn fn, long[] a, int ia, int sa, long[] b, int ib, int sb,
            long[] out, int io, int n) {
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
            case POWER -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = pow(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case FLOOR_DIVIDE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = b[ib + i * sb] == 0 ? 0 : Math.floorDiv(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case MOD -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = b[ib + i * sb] == 0 ? 0 : Math.floorMod(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case MAXIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.max(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case MINIMUM -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.min(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case FMAX -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.max(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case FMIN -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.min(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case BITWISE_AND -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i * sa] & b[ib + i * sb];
                }
            }
            case BITWISE_OR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i * sa] | b[ib + i * sb];
                }
            }
            case BITWISE_XOR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i * sa] ^ b[ib + i * sb];
                }
            }
            case LEFT_SHIFT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = leftShift(a[ia + i * sa], b[ib + i * sb]);
                }
            }
            case RIGHT_SHIFT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = rightShift(a[ia + i * sa], b[ib + i * sb]);
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
                    out[io + i] = Long.signum(a[ia + i]);
                }
            }
            case INVERT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = ~a[ia + i];
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
