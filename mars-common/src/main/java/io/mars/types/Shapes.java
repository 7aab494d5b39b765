package io.mars.types;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;

/** Static helpers for shapes ({@code long[]}), strides, axes and broadcasting, with numpy's rules and wording. */
public final class Shapes {
    /** The largest number of elements one chunk (one Java array) may hold. */
    public static final long MAX_CHUNK_ELEMENTS = Integer.MAX_VALUE - 8;
    /** A dimension (or chunk length) that is known only once computed, e.g. the length of a boolean-mask result. */
    public static final long UNKNOWN = -1;

    private Shapes() {
    }

    /** numpy's shape notation: {@code ()}, {@code (5,)}, {@code (3, 4)}. */
    public static String toString(long[] shape) {
        if (shape.length == 1) {
            return "(" + shape[0] + ",)";
        }
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(shape[i]);
        }
        return sb.append(')').toString();
    }

    /** The number of elements, or {@link #UNKNOWN} when a dimension is unknown. */
    public static long size(long[] shape) {
        long n = 1;
        for (long d : shape) {
            if (d == UNKNOWN) {
                return UNKNOWN;
            }
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    public static boolean isKnown(long[] shape) {
        for (long d : shape) {
            if (d == UNKNOWN) {
                return false;
            }
        }
        return true;
    }

    /** Element count of a shape that must fit in one Java array. */
    public static int chunkSize(long[] shape) {
        checkConcrete(shape);
        long n = size(shape);
        if (n > MAX_CHUNK_ELEMENTS) {
            throw new MarsException(ErrorCode.RESULT_TOO_LARGE, "an array of shape " + toString(shape)
                    + " has " + n + " elements, more than one chunk or local array can hold (" + MAX_CHUNK_ELEMENTS
                    + "); use smaller chunks or keep the result distributed");
        }
        return (int) n;
    }

    /** C-order strides in elements. */
    public static long[] strides(long[] shape) {
        long[] s = new long[shape.length];
        long acc = 1;
        for (int i = shape.length - 1; i >= 0; i--) {
            s[i] = acc;
            acc *= shape[i];
        }
        return s;
    }

    public static int[] intStrides(long[] shape) {
        int[] s = new int[shape.length];
        int acc = 1;
        for (int i = shape.length - 1; i >= 0; i--) {
            s[i] = acc;
            acc = (int) (acc * shape[i]);
        }
        return s;
    }

    public static void checkShape(long[] shape) {
        for (long d : shape) {
            if (d < 0 && d != UNKNOWN) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                        "negative dimensions are not allowed: shape " + toString(shape));
            }
        }
    }

    /** Rejects any negative dimension, unknown ones included: for shapes a caller asks for and for local arrays. */
    public static void checkConcrete(long[] shape) {
        for (long d : shape) {
            if (d < 0) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                        "negative dimensions are not allowed: shape " + toString(shape));
            }
        }
    }

    /** numpy broadcasting of two shapes; throws SHAPE_MISMATCH naming both. */
    public static long[] broadcast(long[] a, long[] b) {
        int n = Math.max(a.length, b.length);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            int ia = a.length - n + i;
            int ib = b.length - n + i;
            long da = ia < 0 ? 1 : a[ia];
            long db = ib < 0 ? 1 : b[ib];
            if (da == UNKNOWN || db == UNKNOWN) {
                // checked again at tiling, once the lengths are known
                out[i] = da == 1 ? db : db == 1 ? da : UNKNOWN;
            } else if (da == db || db == 1) {
                out[i] = da;
            } else if (da == 1) {
                out[i] = db;
            } else {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "operands could not be broadcast together: shapes "
                        + toString(a) + " and " + toString(b) + " cannot be broadcast");
            }
        }
        return out;
    }

    /** Normalizes a possibly negative axis for an array of {@code ndim} dimensions. */
    public static int normalizeAxis(int axis, int ndim) {
        if (axis < -ndim || axis >= ndim) {
            throw new MarsException(ErrorCode.AXIS_OUT_OF_RANGE,
                    "axis " + axis + " is out of bounds for array of dimension " + ndim);
        }
        return axis < 0 ? axis + ndim : axis;
    }

    /** Normalizes and sorts axes, rejecting repeats; {@code null} means all axes. */
    public static int[] normalizeAxes(int[] axes, int ndim) {
        if (axes == null) {
            int[] all = new int[ndim];
            for (int i = 0; i < ndim; i++) {
                all[i] = i;
            }
            return all;
        }
        boolean[] seen = new boolean[ndim];
        for (int a : axes) {
            int n = normalizeAxis(a, ndim);
            if (seen[n]) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "repeated axis " + a + " in " + java.util.Arrays.toString(axes));
            }
            seen[n] = true;
        }
        int[] out = new int[countTrue(seen)];
        int k = 0;
        for (int i = 0; i < ndim; i++) {
            if (seen[i]) {
                out[k++] = i;
            }
        }
        return out;
    }

    private static int countTrue(boolean[] b) {
        int c = 0;
        for (boolean x : b) {
            if (x) {
                c++;
            }
        }
        return c;
    }

    public static boolean contains(int[] axes, int axis) {
        for (int a : axes) {
            if (a == axis) {
                return true;
            }
        }
        return false;
    }

    /** The shape after reducing {@code axes}: removed, or kept as 1 with {@code keepdims}. */
    public static long[] reduced(long[] shape, int[] axes, boolean keepdims) {
        long[] out = new long[keepdims ? shape.length : shape.length - axes.length];
        int k = 0;
        for (int i = 0; i < shape.length; i++) {
            if (contains(axes, i)) {
                if (keepdims) {
                    out[k++] = 1;
                }
            } else {
                out[k++] = shape[i];
            }
        }
        return out;
    }
}
