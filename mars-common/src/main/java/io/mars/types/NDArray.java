package io.mars.types;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.ChunkData;
import io.mars.types.Shapes;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Objects;

/**
 * A local n-dimensional array: a dtype, a shape and one flat primitive array in C order
 * ({@code boolean[]} for bool, {@code byte[]} int8, {@code short[]} int16, {@code int[]} int32, {@code long[]} int64,
 * {@code float[]} float32, {@code double[]} float64). It is what {@code execute()} returns and what a chunk holds.
 * Treat it as immutable: kernels never write into an array they did not allocate.
 *
 * <p>Complex arrays interleave: a complex64 array of {@code size} elements holds a {@code float[]} of length
 * {@code 2 * size}, a complex128 array a {@code double[]}, element {@code i}'s real part at {@code 2i} and its
 * imaginary part at {@code 2i + 1} (numpy's own memory layout, so {@code .npy} and wire bytes copy straight in).
 * {@link #size()} counts elements, never storage slots; {@link #getReal}/{@link #getImag} read an element, and
 * {@link #getDouble(int)} reads the real part as numpy's complex-to-real cast does.
 */
public final class NDArray implements ChunkData {
    private final DataType dtype;
    private final long[] shape;
    private final Object data;
    private final int size;

    public NDArray(DataType dtype, long[] shape, Object data) {
        this.dtype = Objects.requireNonNull(dtype, "dtype");
        this.shape = shape.clone();
        Shapes.checkConcrete(this.shape);
        this.data = Objects.requireNonNull(data, "data");
        this.size = Shapes.chunkSize(this.shape);
        Class<?> expected = storageClass(dtype);
        if (data.getClass() != expected) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR,
                    "dtype " + dtype + " needs " + expected.getSimpleName() + " storage, got " + data.getClass().getSimpleName());
        }
        int length = Array.getLength(data);
        if (length != slots(dtype, size)) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "cannot make an array of shape " + Shapes.toString(shape)
                    + " (" + size + " elements) from " + length + " values");
        }
    }

    /** A new zero-filled array. */
    public static NDArray allocate(DataType dtype, long... shape) {
        return new NDArray(dtype, shape, newStorage(dtype, Shapes.chunkSize(shape)));
    }

    /** The storage length for {@code n} elements: {@code 2n} for complex dtypes, else {@code n}. */
    public static int slots(DataType dtype, int n) {
        return dtype.isComplex() ? Math.multiplyExact(2, n) : n;
    }

    /** Zeroed storage for {@code n} elements of {@code dtype} (interleaved pairs for complex dtypes). */
    public static Object newStorage(DataType dtype, int n) {
        return switch (dtype) {
            case BOOL -> new boolean[n];
            case INT8 -> new byte[n];
            case INT16 -> new short[n];
            case INT32 -> new int[n];
            case INT64 -> new long[n];
            case FLOAT32 -> new float[n];
            case FLOAT64 -> new double[n];
            case COMPLEX64 -> new float[2 * n];
            case COMPLEX128 -> new double[2 * n];
        };
    }

    public static Class<?> storageClass(DataType dtype) {
        return switch (dtype) {
            case BOOL -> boolean[].class;
            case INT8 -> byte[].class;
            case INT16 -> short[].class;
            case INT32 -> int[].class;
            case INT64 -> long[].class;
            case FLOAT32 -> float[].class;
            case FLOAT64, COMPLEX128 -> double[].class;
            case COMPLEX64 -> float[].class;
        };
    }

    /** A float64 array; without a shape it is 1-d (use {@link #scalar} for 0-d). */
    public static NDArray of(double[] data, long... shape) {
        return new NDArray(DataType.FLOAT64, shape.length == 0 ? new long[] {data.length} : shape, data);
    }

    public static NDArray of(float[] data, long... shape) {
        return new NDArray(DataType.FLOAT32, shape.length == 0 ? new long[] {data.length} : shape, data);
    }

    public static NDArray of(long[] data, long... shape) {
        return new NDArray(DataType.INT64, shape.length == 0 ? new long[] {data.length} : shape, data);
    }

    public static NDArray of(int[] data, long... shape) {
        return new NDArray(DataType.INT32, shape.length == 0 ? new long[] {data.length} : shape, data);
    }

    public static NDArray of(short[] data, long... shape) {
        return new NDArray(DataType.INT16, shape.length == 0 ? new long[] {data.length} : shape, data);
    }

    public static NDArray of(byte[] data, long... shape) {
        return new NDArray(DataType.INT8, shape.length == 0 ? new long[] {data.length} : shape, data);
    }

    public static NDArray of(boolean[] data, long... shape) {
        return new NDArray(DataType.BOOL, shape.length == 0 ? new long[] {data.length} : shape, data);
    }

    /**
     * A complex128 array from real and imaginary parts of equal length; without a shape it is 1-d.
     */
    public static NDArray ofComplex(double[] real, double[] imag, long... shape) {
        if (real.length != imag.length) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "real and imaginary parts have different lengths "
                    + real.length + " and " + imag.length);
        }
        double[] data = new double[2 * real.length];
        for (int i = 0; i < real.length; i++) {
            data[2 * i] = real[i];
            data[2 * i + 1] = imag[i];
        }
        return new NDArray(DataType.COMPLEX128, shape.length == 0 ? new long[] {real.length} : shape, data);
    }

    /** A complex64 array from real and imaginary parts of equal length; without a shape it is 1-d. */
    public static NDArray ofComplex(float[] real, float[] imag, long... shape) {
        if (real.length != imag.length) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "real and imaginary parts have different lengths "
                    + real.length + " and " + imag.length);
        }
        float[] data = new float[2 * real.length];
        for (int i = 0; i < real.length; i++) {
            data[2 * i] = real[i];
            data[2 * i + 1] = imag[i];
        }
        return new NDArray(DataType.COMPLEX64, shape.length == 0 ? new long[] {real.length} : shape, data);
    }

    /** A 0-d array. */
    public static NDArray scalar(DataType dtype, double value) {
        NDArray a = allocate(dtype);
        a.setDouble(0, value);
        return a;
    }

    /**
     * Builds an array from a (possibly nested, rectangular) Java primitive array such as {@code double[][]}.
     * A boxed number or boolean makes a 0-d array.
     */
    public static NDArray fromJava(Object array) {
        Objects.requireNonNull(array, "array");
        if (array instanceof Double d) {
            return scalar(DataType.FLOAT64, d);
        }
        if (array instanceof Long l) {
            NDArray a = allocate(DataType.INT64);
            ((long[]) a.data)[0] = l;
            return a;
        }
        if (array instanceof Integer i) {
            return scalar(DataType.INT32, i);
        }
        if (array instanceof Boolean b) {
            return scalar(DataType.BOOL, b ? 1 : 0);
        }
        if (!array.getClass().isArray()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot make an array from " + array.getClass().getName());
        }
        java.util.List<Long> dims = new java.util.ArrayList<>();
        Object cur = array;
        Class<?> leaf = array.getClass();
        while (cur != null && cur.getClass().isArray() && cur.getClass().getComponentType().isArray()) {
            dims.add((long) Array.getLength(cur));
            leaf = cur.getClass().getComponentType();
            cur = Array.getLength(cur) == 0 ? null : Array.get(cur, 0);
        }
        while (leaf.getComponentType() != null && leaf.getComponentType().isArray()) {
            leaf = leaf.getComponentType();
        }
        if (cur != null) {
            dims.add((long) Array.getLength(cur));
            leaf = cur.getClass();
        } else {
            dims.add(0L);
        }
        DataType dtype = dtypeOfStorage(leaf);
        long[] shape = dims.stream().mapToLong(Long::longValue).toArray();
        NDArray out = allocate(dtype, shape);
        int[] pos = {0};
        copyNested(array, 0, shape, out.data, pos);
        return out;
    }

    private static void copyNested(Object src, int depth, long[] shape, Object dst, int[] pos) {
        int len = Array.getLength(src);
        if (len != shape[depth]) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "ragged nested array: dimension " + depth
                    + " has lengths " + shape[depth] + " and " + len + "; all rows must have the same length");
        }
        if (depth == shape.length - 1) {
            System.arraycopy(src, 0, dst, pos[0], len);
            pos[0] += len;
            return;
        }
        for (int i = 0; i < len; i++) {
            copyNested(Array.get(src, i), depth + 1, shape, dst, pos);
        }
    }

    private static DataType dtypeOfStorage(Class<?> c) {
        for (DataType t : DataType.values()) {
            if (storageClass(t) == c && !t.isComplex()) {
                return t;
            }
        }
        throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "Java array type " + c.getSimpleName()
                + " is not supported; use boolean, byte, short, int, long, float or double arrays");
    }

    public DataType dtype() {
        return dtype;
    }

    public long[] shape() {
        return shape.clone();
    }

    /** The shape array itself, for hot paths that promise not to modify it. */
    public long[] shapeView() {
        return shape;
    }

    public int ndim() {
        return shape.length;
    }

    public int size() {
        return size;
    }

    /** The flat primitive storage itself (not a copy); see the class comment for its type. */
    public Object data() {
        return data;
    }

    @Override
    public long nbytes() {
        return (long) size * dtype.itemSize();
    }

    /** The same data seen with another shape of the same size. */
    public NDArray reshape(long... newShape) {
        return new NDArray(dtype, newShape, data);
    }

    public double getDouble(int flat) {
        return switch (dtype) {
            case BOOL -> ((boolean[]) data)[flat] ? 1.0 : 0.0;
            case INT8 -> ((byte[]) data)[flat];
            case INT16 -> ((short[]) data)[flat];
            case INT32 -> ((int[]) data)[flat];
            case INT64 -> ((long[]) data)[flat];
            case FLOAT32 -> ((float[]) data)[flat];
            case FLOAT64 -> ((double[]) data)[flat];
            case COMPLEX64 -> ((float[]) data)[2 * flat];
            case COMPLEX128 -> ((double[]) data)[2 * flat];
        };
    }

    /** Element {@code flat}'s real part (the value itself for real dtypes). */
    public double getReal(int flat) {
        return getDouble(flat);
    }

    /** Element {@code flat}'s imaginary part (0 for real dtypes). */
    public double getImag(int flat) {
        return switch (dtype) {
            case COMPLEX64 -> ((float[]) data)[2 * flat + 1];
            case COMPLEX128 -> ((double[]) data)[2 * flat + 1];
            case BOOL, INT8, INT16, INT32, INT64, FLOAT32, FLOAT64 -> 0.0;
        };
    }

    /** Writes one complex element (imaginary part dropped for real dtypes, as numpy's cast does). */
    public void setComplex(int flat, double re, double im) {
        switch (dtype) {
            case COMPLEX64 -> {
                ((float[]) data)[2 * flat] = (float) re;
                ((float[]) data)[2 * flat + 1] = (float) im;
            }
            case COMPLEX128 -> {
                ((double[]) data)[2 * flat] = re;
                ((double[]) data)[2 * flat + 1] = im;
            }
            case BOOL -> ((boolean[]) data)[flat] = re != 0.0 || im != 0.0;
            case INT8, INT16, INT32, INT64, FLOAT32, FLOAT64 -> setDouble(flat, re);
        }
    }

    public long getLong(int flat) {
        return switch (dtype) {
            case BOOL -> ((boolean[]) data)[flat] ? 1L : 0L;
            case INT8 -> ((byte[]) data)[flat];
            case INT16 -> ((short[]) data)[flat];
            case INT32 -> ((int[]) data)[flat];
            case INT64 -> ((long[]) data)[flat];
            case FLOAT32 -> (long) ((float[]) data)[flat];
            case FLOAT64 -> (long) ((double[]) data)[flat];
            case COMPLEX64 -> (long) ((float[]) data)[2 * flat];
            case COMPLEX128 -> (long) ((double[]) data)[2 * flat];
        };
    }

    public boolean getBoolean(int flat) {
        return switch (dtype) {
            case BOOL -> ((boolean[]) data)[flat];
            case COMPLEX64, COMPLEX128 -> getDouble(flat) != 0.0 || getImag(flat) != 0.0;
            default -> getDouble(flat) != 0.0;
        };
    }

    /** The single value of a 0-d or one-element array. */
    public double getDouble() {
        requireOneElement();
        return getDouble(0);
    }

    public long getLong() {
        requireOneElement();
        return getLong(0);
    }

    public boolean getBoolean() {
        requireOneElement();
        return getBoolean(0);
    }

    /** The element at an n-dimensional index (negative indices count from the end). */
    public double getDouble(long... index) {
        return getDouble(flatIndex(index));
    }

    public int flatIndex(long... index) {
        if (index.length != shape.length) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "too " + (index.length > shape.length ? "many" : "few")
                    + " indices for array: array is " + shape.length + "-dimensional, but " + index.length + " were indexed");
        }
        long flat = 0;
        for (int i = 0; i < shape.length; i++) {
            long ix = index[i] < 0 ? index[i] + shape[i] : index[i];
            if (ix < 0 || ix >= shape[i]) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                        "index " + index[i] + " is out of bounds for axis " + i + " with size " + shape[i]);
            }
            flat = flat * shape[i] + ix;
        }
        return (int) flat;
    }

    /** Writes one element, converting with numpy's casting (used by kernels on arrays they allocated). */
    public void setDouble(int flat, double v) {
        switch (dtype) {
            case BOOL -> ((boolean[]) data)[flat] = v != 0.0;
            case INT8 -> ((byte[]) data)[flat] = (byte) (long) v;
            case INT16 -> ((short[]) data)[flat] = (short) (long) v;
            case INT32 -> ((int[]) data)[flat] = (int) (long) v;
            case INT64 -> ((long[]) data)[flat] = (long) v;
            case FLOAT32 -> ((float[]) data)[flat] = (float) v;
            case FLOAT64 -> ((double[]) data)[flat] = v;
            case COMPLEX64, COMPLEX128 -> setComplex(flat, v, 0.0);
        }
    }

    public void setLong(int flat, long v) {
        switch (dtype) {
            case BOOL -> ((boolean[]) data)[flat] = v != 0;
            case INT8 -> ((byte[]) data)[flat] = (byte) v;
            case INT16 -> ((short[]) data)[flat] = (short) v;
            case INT32 -> ((int[]) data)[flat] = (int) v;
            case INT64 -> ((long[]) data)[flat] = v;
            case FLOAT32 -> ((float[]) data)[flat] = v;
            case FLOAT64 -> ((double[]) data)[flat] = v;
            case COMPLEX64, COMPLEX128 -> setComplex(flat, v, 0.0);
        }
    }

    private void requireOneElement() {
        if (size != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "only an array with one element converts to a scalar; "
                    + "this one has shape " + Shapes.toString(shape));
        }
    }

    /** A copy converted to {@code target} with numpy's {@code astype} casting. */
    public NDArray astype(DataType target) {
        if (target == dtype) {
            return this;
        }
        NDArray out = allocate(target, shape);
        if (dtype.isComplex() || target.isComplex()) {
            for (int i = 0; i < size; i++) {
                out.setComplex(i, getReal(i), getImag(i));
            }
        } else if (target.isFloat() || dtype.isFloat() && target.isBool()) {
            for (int i = 0; i < size; i++) {
                out.setDouble(i, getDouble(i));
            }
        } else {
            for (int i = 0; i < size; i++) {
                out.setLong(i, getLong(i));
            }
        }
        return out;
    }

    /** The data as float64 values: the storage itself for float64 arrays, else a converted copy. */
    public double[] doubles() {
        return dtype == DataType.FLOAT64 ? (double[]) data : (double[]) astype(DataType.FLOAT64).data;
    }

    /** The data as float32 values: the storage itself for float32 arrays, else a converted copy. */
    public float[] floats() {
        return dtype == DataType.FLOAT32 ? (float[]) data : (float[]) astype(DataType.FLOAT32).data;
    }

    /** The data as int64 values: the storage itself for int64 arrays, else a converted copy. */
    public long[] longs() {
        return dtype == DataType.INT64 ? (long[]) data : (long[]) astype(DataType.INT64).data;
    }

    /** The data as bools: the storage itself for bool arrays, else a converted copy. */
    public boolean[] booleans() {
        return dtype == DataType.BOOL ? (boolean[]) data : (boolean[]) astype(DataType.BOOL).data;
    }

    /** A flat copy as doubles, in C order. */
    public double[] toDoubleArray() {
        return dtype == DataType.FLOAT64 ? ((double[]) data).clone() : doubles();
    }

    public long[] toLongArray() {
        return dtype == DataType.INT64 ? ((long[]) data).clone() : longs();
    }

    public int[] toIntArray() {
        return (int[]) (dtype == DataType.INT32 ? ((int[]) data).clone() : astype(DataType.INT32).data);
    }

    public float[] toFloatArray() {
        return (float[]) (dtype == DataType.FLOAT32 ? ((float[]) data).clone() : astype(DataType.FLOAT32).data);
    }

    public boolean[] toBooleanArray() {
        return dtype == DataType.BOOL ? ((boolean[]) data).clone() : booleans();
    }

    /** A 2-d array as rows of doubles. */
    public double[][] toDoubleMatrix() {
        if (shape.length != 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "toDoubleMatrix needs a 2-d array, this one has shape " + Shapes.toString(shape));
        }
        int rows = (int) shape[0];
        int cols = (int) shape[1];
        double[] flat = doubles();
        double[][] out = new double[rows][];
        for (int r = 0; r < rows; r++) {
            out[r] = Arrays.copyOfRange(flat, r * cols, r * cols + cols);
        }
        return out;
    }

    /** Element-wise equality of dtype, shape and values (NaN equals NaN). */
    public boolean contentEquals(NDArray other) {
        if (other.dtype != dtype || !Arrays.equals(other.shape, shape)) {
            return false;
        }
        return switch (dtype) {
            case BOOL -> Arrays.equals((boolean[]) data, (boolean[]) other.data);
            case INT8 -> Arrays.equals((byte[]) data, (byte[]) other.data);
            case INT16 -> Arrays.equals((short[]) data, (short[]) other.data);
            case INT32 -> Arrays.equals((int[]) data, (int[]) other.data);
            case INT64 -> Arrays.equals((long[]) data, (long[]) other.data);
            case FLOAT32 -> Arrays.equals((float[]) data, (float[]) other.data);
            case FLOAT64, COMPLEX128 -> Arrays.equals((double[]) data, (double[]) other.data);
            case COMPLEX64 -> Arrays.equals((float[]) data, (float[]) other.data);
        };
    }

    /**
     * The array as numpy's {@code repr} prints it: {@code array([[1., 2.],\n       [3., 4.]])}, nested brackets by
     * dimension, summarised with {@code ...} past 1000 elements (then with its shape), the dtype unless numpy
     * implies it (float64, int64, bool).
     */
    @Override
    public String toString() {
        return ArrayPrinter.repr(this);
    }

    /** The array as numpy's {@code str} prints it: {@code [[1. 2.]\n [3. 4.]]}; a 0-d array as its scalar. */
    public String str() {
        return ArrayPrinter.str(this);
    }
}
