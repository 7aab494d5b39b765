package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.ElementwiseFn;
import java.util.Arrays;

/**
 * Element-wise loops in the float domain (float32 and float64 compute in double). Each method picks one loop per
 * function and per operand pattern before looping, so the loops themselves hold no dispatch and can be vectorized.
 * Operands are runs: {@code a[ia + i * sa]} with stride {@code sa} 1 (an array run) or 0 (one broadcast value).
 */
final class DoubleLoops {
    private DoubleLoops() {
    }

    static void binary(ElementwiseFn fn, double[] a, int ia, int sa, double[] b, int ib, int sb,
            double[] out, int io, int n) {
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

    /** numpy's (C's) pow: unlike {@link Math#pow}, 1 ** y is 1 and (-1) ** ±inf is 1, even for y NaN. */
    static double pow(double x, double y) {
        if (x == 1.0 || x == -1.0 && Double.isInfinite(y)) {
            return 1.0;
        }
        return Math.pow(x, y);
    }

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
            case ADD, MULTIPLY -> vs(fn, b, ib, s, out, io, n);
            case SUBTRACT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = s - b[ib + i];
                }
            }
            case DIVIDE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = s / b[ib + i];
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

    private static void unaryRun(ElementwiseFn fn, double[] a, int ia, double[] out, int io, int n) {
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
            case SQRT -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.sqrt(a[ia + i]);
                }
            }
            case EXP -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.exp(a[ia + i]);
                }
            }
            case LOG -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Math.log(a[ia + i]);
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
}
