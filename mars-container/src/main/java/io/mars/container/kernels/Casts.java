package io.mars.container.kernels;

import io.mars.types.DataType;
import io.mars.types.NDArray;

/**
 * Tight dtype conversions out of the three compute domains (double, long, boolean) with numpy's casting: integers
 * narrow with wrap-around, floats truncate toward zero, anything non-zero (and NaN) is true. A float that no int32 /
 * int64 can hold (NaN, ±inf, out of range) converts as numpy does on x86-64, where the conversion instruction gives
 * the "integer indefinite" value: the type's smallest value for int64 and int32, and int16 / int8 take the low bits
 * of the int32 conversion (so 0 for those, and 300.7 -&gt; int8 44).
 */
final class Casts {
    private Casts() {
    }

    /** {@code a} in {@code target}: {@code a} itself when it already has that dtype. */
    static NDArray to(NDArray a, DataType target) {
        if (a.dtype() == target) {
            return a;
        }
        return switch (a.dtype()) {
            case FLOAT64 -> fromDoubles((double[]) a.data(), target, a.shapeView());
            case INT64 -> fromLongs((long[]) a.data(), target, a.shapeView());
            case BOOL -> fromBooleans((boolean[]) a.data(), target, a.shapeView());
            case FLOAT32 -> fromDoubles(widen((float[]) a.data()), target, a.shapeView());
            case INT8, INT16, INT32 -> fromLongs(a.longs(), target, a.shapeView());
            case COMPLEX64, COMPLEX128 -> fromComplex(a, target);
        };
    }

    /** A complex array cast: both parts to another complex dtype; to bool either part non-zero; else the real part. */
    private static NDArray fromComplex(NDArray a, DataType target) {
        int n = a.size();
        if (target.isComplex() || target.isBool()) {
            NDArray out = NDArray.allocate(target, a.shapeView());
            for (int i = 0; i < n; i++) {
                out.setComplex(i, a.getReal(i), a.getImag(i));
            }
            return out;
        }
        double[] re = new double[n];
        for (int i = 0; i < n; i++) {
            re[i] = a.getReal(i);
        }
        return fromDoubles(re, target, a.shapeView());
    }

    /** Real values as a complex dtype's interleaved storage, imaginary parts zero. */
    private static Object realsToComplex(double[] v, DataType target) {
        int n = v.length;
        if (target == DataType.COMPLEX64) {
            float[] out = new float[2 * n];
            for (int i = 0; i < n; i++) {
                out[2 * i] = (float) v[i];
            }
            return out;
        }
        double[] out = new double[2 * n];
        for (int i = 0; i < n; i++) {
            out[2 * i] = v[i];
        }
        return out;
    }

    /** numpy's float64 -&gt; int64 cast on x86-64: truncation, or Long.MIN_VALUE when out of range or NaN. */
    static long toInt64(double v) {
        return v >= -0x1p63 && v < 0x1p63 ? (long) v : Long.MIN_VALUE;
    }

    /** numpy's float64 -&gt; int32 cast on x86-64: truncation, or Integer.MIN_VALUE when out of range or NaN. */
    static int toInt32(double v) {
        return v > -0x1p31 - 1.0 && v < 0x1p31 ? (int) v : Integer.MIN_VALUE;
    }

    private static double[] widen(float[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }

    /** Wraps or converts {@code values}; a float64 target keeps the array itself. */
    static NDArray fromDoubles(double[] values, DataType target, long[] shape) {
        return new NDArray(target, shape, doublesTo(values, target));
    }

    static NDArray fromLongs(long[] values, DataType target, long[] shape) {
        return new NDArray(target, shape, longsTo(values, target));
    }

    static NDArray fromBooleans(boolean[] values, DataType target, long[] shape) {
        return new NDArray(target, shape, booleansTo(values, target));
    }

    private static Object doublesTo(double[] v, DataType target) {
        int n = v.length;
        return switch (target) {
            case FLOAT64 -> v;
            case COMPLEX64, COMPLEX128 -> realsToComplex(v, target);
            case FLOAT32 -> {
                float[] out = new float[n];
                for (int i = 0; i < n; i++) {
                    out[i] = (float) v[i];
                }
                yield out;
            }
            case BOOL -> {
                boolean[] out = new boolean[n];
                for (int i = 0; i < n; i++) {
                    out[i] = v[i] != 0.0;
                }
                yield out;
            }
            case INT64 -> {
                long[] out = new long[n];
                for (int i = 0; i < n; i++) {
                    out[i] = toInt64(v[i]);
                }
                yield out;
            }
            case INT32 -> {
                int[] out = new int[n];
                for (int i = 0; i < n; i++) {
                    out[i] = toInt32(v[i]);
                }
                yield out;
            }
            case INT16 -> {
                short[] out = new short[n];
                for (int i = 0; i < n; i++) {
                    out[i] = (short) toInt32(v[i]);
                }
                yield out;
            }
            case INT8 -> {
                byte[] out = new byte[n];
                for (int i = 0; i < n; i++) {
                    out[i] = (byte) toInt32(v[i]);
                }
                yield out;
            }
        };
    }

    private static Object longsTo(long[] v, DataType target) {
        int n = v.length;
        return switch (target) {
            case INT64 -> v;
            case INT32 -> {
                int[] out = new int[n];
                for (int i = 0; i < n; i++) {
                    out[i] = (int) v[i];
                }
                yield out;
            }
            case INT16 -> {
                short[] out = new short[n];
                for (int i = 0; i < n; i++) {
                    out[i] = (short) v[i];
                }
                yield out;
            }
            case INT8 -> {
                byte[] out = new byte[n];
                for (int i = 0; i < n; i++) {
                    out[i] = (byte) v[i];
                }
                yield out;
            }
            case BOOL -> {
                boolean[] out = new boolean[n];
                for (int i = 0; i < n; i++) {
                    out[i] = v[i] != 0;
                }
                yield out;
            }
            case FLOAT64 -> {
                double[] out = new double[n];
                for (int i = 0; i < n; i++) {
                    out[i] = v[i];
                }
                yield out;
            }
            case FLOAT32 -> {
                float[] out = new float[n];
                for (int i = 0; i < n; i++) {
                    out[i] = v[i];
                }
                yield out;
            }
            case COMPLEX64, COMPLEX128 -> {
                double[] wide = new double[n];
                for (int i = 0; i < n; i++) {
                    wide[i] = v[i];
                }
                yield realsToComplex(wide, target);
            }
        };
    }

    private static Object booleansTo(boolean[] v, DataType target) {
        if (target == DataType.BOOL) {
            return v;
        }
        int n = v.length;
        if (target == DataType.FLOAT64) {
            // the common case (a mask averaged or summed as floats) without the int64 copy in between
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                out[i] = v[i] ? 1.0 : 0.0;
            }
            return out;
        }
        long[] wide = new long[n];
        for (int i = 0; i < n; i++) {
            wide[i] = v[i] ? 1 : 0;
        }
        return longsTo(wide, target);
    }
}
