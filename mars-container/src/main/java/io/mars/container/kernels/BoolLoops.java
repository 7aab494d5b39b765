package io.mars.container.kernels;

import io.mars.common.operand.ElementwiseFn;
import java.util.Arrays;

/**
 * Element-wise loops in the bool domain, as numpy defines them: add, maximum and bitwise or are logical or; multiply,
 * minimum and bitwise and logical and; abs, floor, ceil and trunc the identity; invert logical not; comparisons
 * order false before true. Same operand conventions as {@link DoubleLoops}.
 */
final class BoolLoops {
    private BoolLoops() {
    }

    static void binary(ElementwiseFn fn, boolean[] a, int ia, int sa, boolean[] b, int ib, int sb,
            boolean[] out, int io, int n) {
        if (fn.isComparison()) {
            compare(fn, a, ia, sa, b, ib, sb, out, io, n);
            return;
        }
        if (sa == 1 && sb == 1) {
            vv(fn, a, ia, b, ib, out, io, n);
        } else if (sa == 1) {
            vs(fn, a, ia, b[ib], out, io, n);
        } else if (sb == 1) {
            vs(fn, b, ib, a[ia], out, io, n);
        } else {
            vs(fn, a, ia, b[ib], out, io, 1);
            Arrays.fill(out, io + 1, io + n, out[io]);
        }
    }

    static void unary(ElementwiseFn fn, boolean[] a, int ia, int sa, boolean[] out, int io, int n) {
        switch (fn) {
            case ABS, FLOOR, CEIL, TRUNC, NAN_TO_NUM -> {
                if (sa == 0) {
                    Arrays.fill(out, io, io + n, a[ia]);
                } else {
                    System.arraycopy(a, ia, out, io, n);
                }
            }
            case INVERT, LOGICAL_NOT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = !a[ia + i * sa];
                }
            }
            default -> throw DoubleLoops.unsupported(fn, "unary bool");
        }
    }

    /** numpy.where: {@code c ? x : y}. */
    static void where(boolean[] c, int ic, int sc, boolean[] x, int ix, int sx, boolean[] y, int iy, int sy,
            boolean[] out, int io, int n) {
        for (int i = 0; i < n; i++) {
            out[io + i] = c[ic + i * sc] ? x[ix + i * sx] : y[iy + i * sy];
        }
    }

    /** numpy.clip on bools: {@code (x | lo) & hi}. */
    static void clip(boolean[] a, int ia, int sa, boolean[] lo, int il, int sl, boolean[] hi, int ih, int sh,
            boolean[] out, int io, int n) {
        for (int i = 0; i < n; i++) {
            out[io + i] = (a[ia + i * sa] | lo[il + i * sl]) & hi[ih + i * sh];
        }
    }

    private static void compare(ElementwiseFn fn, boolean[] a, int ia, int sa, boolean[] b, int ib, int sb,
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

    private static void vv(ElementwiseFn fn, boolean[] a, int ia, boolean[] b, int ib, boolean[] out, int io, int n) {
        switch (fn) {
            case ADD, MAXIMUM, FMAX, BITWISE_OR, LOGICAL_OR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] | b[ib + i];
                }
            }
            case MULTIPLY, MINIMUM, FMIN, BITWISE_AND, LOGICAL_AND -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] & b[ib + i];
                }
            }
            case BITWISE_XOR, LOGICAL_XOR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] ^ b[ib + i];
                }
            }
            default -> throw DoubleLoops.unsupported(fn, "binary bool");
        }
    }

    /** Every binary bool function is symmetric, so a scalar on the left uses this loop too. */
    private static void vs(ElementwiseFn fn, boolean[] a, int ia, boolean s, boolean[] out, int io, int n) {
        switch (fn) {
            case ADD, MAXIMUM, FMAX, BITWISE_OR, LOGICAL_OR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] | s;
                }
            }
            case MULTIPLY, MINIMUM, FMIN, BITWISE_AND, LOGICAL_AND -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] & s;
                }
            }
            case BITWISE_XOR, LOGICAL_XOR -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] ^ s;
                }
            }
            default -> throw DoubleLoops.unsupported(fn, "binary bool");
        }
    }

    private static void compareVv(ElementwiseFn fn, boolean[] a, int ia, boolean[] b, int ib, boolean[] out, int io,
            int n) {
        switch (fn) {
            case LESS -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = !a[ia + i] & b[ib + i];
                }
            }
            case LESS_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = !a[ia + i] | b[ib + i];
                }
            }
            case GREATER -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] & !b[ib + i];
                }
            }
            case GREATER_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] | !b[ib + i];
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

    private static void compareVs(ElementwiseFn fn, boolean[] a, int ia, boolean s, boolean[] out, int io, int n) {
        switch (fn) {
            case LESS -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = !a[ia + i] & s;
                }
            }
            case LESS_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = !a[ia + i] | s;
                }
            }
            case GREATER -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] & !s;
                }
            }
            case GREATER_EQUAL -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = a[ia + i] | !s;
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
