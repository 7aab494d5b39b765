package io.mars.container.kernels;

import io.mars.tensor.DataType;
import io.mars.tensor.NDArray;

/**
 * Tight dtype conversions out of the three compute domains (double, long, boolean) with numpy's casting: integers
 * narrow with wrap-around, floats truncate toward zero, anything non-zero is true.
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
            case INT8, INT16, INT32, FLOAT32 -> a.astype(target);
        };
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
            case INT8, INT16, INT32, INT64 -> {
                long[] wide = new long[n];
                for (int i = 0; i < n; i++) {
                    wide[i] = (long) v[i];
                }
                yield longsTo(wide, target);
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
        };
    }

    private static Object booleansTo(boolean[] v, DataType target) {
        if (target == DataType.BOOL) {
            return v;
        }
        int n = v.length;
        long[] wide = new long[n];
        for (int i = 0; i < n; i++) {
            wide[i] = v[i] ? 1 : 0;
        }
        return longsTo(wide, target);
    }
}
