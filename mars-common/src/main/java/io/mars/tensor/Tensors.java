package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.model.Shapes;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.tensor.TensorArange;
import io.mars.common.operand.tensor.TensorFromArray;
import io.mars.common.operand.tensor.TensorFull;
import java.util.List;

/** Creates tensors, numpy style: {@code Tensors.ones(shape(2000, 2000), chunks(200))}. */
public final class Tensors {
    private Tensors() {
    }

    /** A shape, for readability at call sites: {@code shape(3, 4)}. */
    public static long[] shape(long... dims) {
        return dims.clone();
    }

    /** One chunk size for all axes, or one per axis. */
    public static ChunkSpec chunks(long... sizes) {
        return ChunkSpec.of(sizes);
    }

    public static Tensor ones(long[] shape) {
        return full(shape, Scalar.of(1.0), DataType.FLOAT64, ChunkSpec.auto());
    }

    public static Tensor ones(long[] shape, ChunkSpec chunks) {
        return full(shape, Scalar.of(1.0), DataType.FLOAT64, chunks);
    }

    public static Tensor ones(long[] shape, DataType dtype, ChunkSpec chunks) {
        return full(shape, Scalar.of(1.0), dtype, chunks);
    }

    public static Tensor zeros(long[] shape) {
        return full(shape, Scalar.of(0.0), DataType.FLOAT64, ChunkSpec.auto());
    }

    public static Tensor zeros(long[] shape, ChunkSpec chunks) {
        return full(shape, Scalar.of(0.0), DataType.FLOAT64, chunks);
    }

    public static Tensor zeros(long[] shape, DataType dtype, ChunkSpec chunks) {
        return full(shape, Scalar.of(0.0), dtype, chunks);
    }

    /** numpy.full: the dtype follows the value (float64 for a double, int64 for a long) as numpy does. */
    public static Tensor full(long[] shape, double value, ChunkSpec chunks) {
        return full(shape, Scalar.of(value), DataType.FLOAT64, chunks);
    }

    public static Tensor full(long[] shape, long value, ChunkSpec chunks) {
        return full(shape, Scalar.of(value), DataType.INT64, chunks);
    }

    public static Tensor full(long[] shape, boolean value, ChunkSpec chunks) {
        return full(shape, Scalar.of(value), DataType.BOOL, chunks);
    }

    public static Tensor full(long[] shape, double value, DataType dtype, ChunkSpec chunks) {
        return full(shape, Scalar.of(value), dtype, chunks);
    }

    private static Tensor full(long[] shape, Scalar value, DataType dtype, ChunkSpec chunks) {
        Shapes.checkShape(shape);
        chunks.resolve(shape, dtype, Long.MAX_VALUE);
        return new Tensor(new TensorFull(value, chunks), List.of(), dtype, shape);
    }

    /** numpy.arange(stop): int64 values 0 .. stop-1. */
    public static Tensor arange(long stop) {
        return arange(0, stop, 1, ChunkSpec.auto());
    }

    public static Tensor arange(long stop, ChunkSpec chunks) {
        return arange(0, stop, 1, chunks);
    }

    /** numpy.arange(start, stop, step) with int64 values. */
    public static Tensor arange(long start, long stop, long step, ChunkSpec chunks) {
        checkStep(step);
        long n = Math.max(0, ceilDiv(stop - start, step));
        return arangeOf(Scalar.of(start), Scalar.of(step), n, DataType.INT64, chunks);
    }

    /** numpy.arange(start, stop, step) with float64 values. */
    public static Tensor arange(double start, double stop, double step, ChunkSpec chunks) {
        if (step == 0 || Double.isNaN(step)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "arange step must be non-zero and finite, got " + step);
        }
        long n = (long) Math.max(0, Math.ceil((stop - start) / step));
        return arangeOf(Scalar.of(start), Scalar.of(step), n, DataType.FLOAT64, chunks);
    }

    private static Tensor arangeOf(Scalar start, Scalar step, long n, DataType dtype, ChunkSpec chunks) {
        long[] shape = {n};
        chunks.resolve(shape, dtype, Long.MAX_VALUE);
        return new Tensor(new TensorArange(start, step, chunks), List.of(), dtype, shape);
    }

    private static void checkStep(long step) {
        if (step == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "arange step must be non-zero, got 0");
        }
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** A tensor holding a (possibly nested) Java primitive array, e.g. {@code array(new double[][]{{1, 2}, {3, 4}})}. */
    public static Tensor array(Object javaArray) {
        return array(NDArray.fromJava(javaArray), ChunkSpec.auto());
    }

    public static Tensor array(Object javaArray, ChunkSpec chunks) {
        return array(javaArray instanceof NDArray nd ? nd : NDArray.fromJava(javaArray), chunks);
    }

    public static Tensor array(NDArray data, ChunkSpec chunks) {
        chunks.resolve(data.shapeView(), data.dtype(), Long.MAX_VALUE);
        return new Tensor(new TensorFromArray(data, chunks), List.of(), data.dtype(), data.shapeView());
    }

    /** A random generator whose tensors are reproducible from {@code seed}, whatever the chunking. */
    public static TensorRandom random(long seed) {
        return new TensorRandom(seed);
    }

    /** A random generator seeded from the system's entropy. */
    public static TensorRandom random() {
        return new TensorRandom(new java.security.SecureRandom().nextLong());
    }

    public static Tensor add(Tensor a, Tensor b) {
        return a.add(b);
    }

    public static Tensor dot(Tensor a, Tensor b) {
        return a.dot(b);
    }

    public static Tensor matmul(Tensor a, Tensor b) {
        return a.matmul(b);
    }

    public static Tensor inner(Tensor a, Tensor b) {
        return a.inner(b);
    }

    /** numpy.tensordot with explicit axes. */
    public static Tensor tensordot(Tensor a, Tensor b, int[] axesA, int[] axesB) {
        return Tensor.tensordot(a, b, axesA, axesB, "tensordot");
    }

    /** numpy.where-free helper: element-wise function by numpy name, for generic callers (tests, tools). */
    public static Tensor elementwise(String numpyName, Object... operands) {
        for (ElementwiseFn fn : ElementwiseFn.values()) {
            if (fn.numpyName().equals(numpyName)) {
                Object[] ops = new Object[operands.length];
                for (int i = 0; i < operands.length; i++) {
                    Object o = operands[i];
                    ops[i] = o instanceof Double d ? Scalar.of(d) : o instanceof Long l ? Scalar.of(l)
                            : o instanceof Integer n ? Scalar.of((long) n) : o instanceof Boolean b ? Scalar.of(b) : o;
                }
                if (ops.length != fn.arity()) {
                    throw new MarsException(ErrorCode.INVALID_ARGUMENT, numpyName + " takes " + fn.arity()
                            + " arguments, got " + ops.length);
                }
                return Tensor.elementwise(fn, ops);
            }
        }
        throw new MarsException(ErrorCode.INVALID_ARGUMENT, "no element-wise function named '" + numpyName + "'");
    }
    /** numpy.empty: Java arrays are always initialized, so this is {@link #zeros}. */
    public static Tensor empty(long[] shape) {
        return zeros(shape);
    }

    public static Tensor empty(long[] shape, ChunkSpec chunks) {
        return zeros(shape, chunks);
    }

    public static Tensor empty(long[] shape, DataType dtype, ChunkSpec chunks) {
        return zeros(shape, dtype, chunks);
    }

    /** numpy.full with an int value cast to {@code dtype}. */
    public static Tensor full(long[] shape, long value, DataType dtype, ChunkSpec chunks) {
        return Creation.full(shape, Scalar.of(value), dtype, chunks);
    }

    public static Tensor full(long[] shape, boolean value, DataType dtype, ChunkSpec chunks) {
        return Creation.full(shape, Scalar.of(value), dtype, chunks);
    }

    /** numpy.zeros_like: the shape and dtype of {@code t}, cut as {@code t} was declared (else automatically). */
    public static Tensor zerosLike(Tensor t) {
        return Creation.fullLike(t, Scalar.of(0L), null, null);
    }

    public static Tensor zerosLike(Tensor t, DataType dtype) {
        return Creation.fullLike(t, Scalar.of(0L), dtype, null);
    }

    public static Tensor zerosLike(Tensor t, DataType dtype, ChunkSpec chunks) {
        return Creation.fullLike(t, Scalar.of(0L), dtype, chunks);
    }

    public static Tensor onesLike(Tensor t) {
        return Creation.fullLike(t, Scalar.of(1L), null, null);
    }

    public static Tensor onesLike(Tensor t, DataType dtype) {
        return Creation.fullLike(t, Scalar.of(1L), dtype, null);
    }

    public static Tensor onesLike(Tensor t, DataType dtype, ChunkSpec chunks) {
        return Creation.fullLike(t, Scalar.of(1L), dtype, chunks);
    }

    /** numpy.empty_like: as {@link #zerosLike}, since Java arrays are always initialized. */
    public static Tensor emptyLike(Tensor t) {
        return zerosLike(t);
    }

    public static Tensor emptyLike(Tensor t, DataType dtype) {
        return zerosLike(t, dtype);
    }

    public static Tensor emptyLike(Tensor t, DataType dtype, ChunkSpec chunks) {
        return zerosLike(t, dtype, chunks);
    }

    /** numpy.full_like: {@code value} cast to the dtype of {@code t} (2.7 becomes 2 in an int tensor). */
    public static Tensor fullLike(Tensor t, double value) {
        return Creation.fullLike(t, Scalar.of(value), null, null);
    }

    public static Tensor fullLike(Tensor t, long value) {
        return Creation.fullLike(t, Scalar.of(value), null, null);
    }

    public static Tensor fullLike(Tensor t, boolean value) {
        return Creation.fullLike(t, Scalar.of(value), null, null);
    }

    public static Tensor fullLike(Tensor t, double value, DataType dtype) {
        return Creation.fullLike(t, Scalar.of(value), dtype, null);
    }

    public static Tensor fullLike(Tensor t, long value, DataType dtype) {
        return Creation.fullLike(t, Scalar.of(value), dtype, null);
    }

    public static Tensor fullLike(Tensor t, double value, DataType dtype, ChunkSpec chunks) {
        return Creation.fullLike(t, Scalar.of(value), dtype, chunks);
    }

    /** numpy.linspace(start, stop, num): float64, endpoint included. */
    public static Tensor linspace(double start, double stop, long num) {
        return Creation.linspace(start, stop, num, true, DataType.FLOAT64, ChunkSpec.auto());
    }

    public static Tensor linspace(double start, double stop, long num, boolean endpoint) {
        return Creation.linspace(start, stop, num, endpoint, DataType.FLOAT64, ChunkSpec.auto());
    }

    public static Tensor linspace(double start, double stop, long num, boolean endpoint, ChunkSpec chunks) {
        return Creation.linspace(start, stop, num, endpoint, DataType.FLOAT64, chunks);
    }

    /** numpy.linspace with a dtype: computed in float64, then floored for integer dtypes as numpy does. */
    public static Tensor linspace(double start, double stop, long num, boolean endpoint, DataType dtype,
            ChunkSpec chunks) {
        return Creation.linspace(start, stop, num, endpoint, dtype, chunks);
    }

    /** numpy.eye(n): the float64 identity matrix. */
    public static Tensor eye(long n) {
        return Creation.eye(n, n, 0, DataType.FLOAT64, ChunkSpec.auto());
    }

    /** numpy.eye(n, m, k): n x m, ones on diagonal k (positive above the main diagonal, negative below). */
    public static Tensor eye(long n, long m, long k) {
        return Creation.eye(n, m, k, DataType.FLOAT64, ChunkSpec.auto());
    }

    public static Tensor eye(long n, long m, long k, DataType dtype) {
        return Creation.eye(n, m, k, dtype, ChunkSpec.auto());
    }

    public static Tensor eye(long n, long m, long k, DataType dtype, ChunkSpec chunks) {
        return Creation.eye(n, m, k, dtype, chunks);
    }

    /** numpy.identity(n): float64 n x n. */
    public static Tensor identity(long n) {
        return Creation.eye(n, n, 0, DataType.FLOAT64, ChunkSpec.auto());
    }

    public static Tensor identity(long n, DataType dtype) {
        return Creation.eye(n, n, 0, dtype, ChunkSpec.auto());
    }

    public static Tensor identity(long n, DataType dtype, ChunkSpec chunks) {
        return Creation.eye(n, n, 0, dtype, chunks);
    }

    /** numpy.diag: a 1-d {@code v} becomes a square matrix with {@code v} on its main diagonal; a 2-d gives it. */
    public static Tensor diag(Tensor v) {
        return Creation.diag(v, 0);
    }

    /** numpy.diag(v, k): diagonal {@code k} (positive above the main one, negative below). */
    public static Tensor diag(Tensor v, long k) {
        return Creation.diag(v, k);
    }

    /** numpy.tril: zeros above the main diagonal of the last two axes. */
    public static Tensor tril(Tensor m) {
        return Creation.triangle(m, 0, true);
    }

    /** numpy.tril(m, k): zeros above diagonal {@code k}. */
    public static Tensor tril(Tensor m, long k) {
        return Creation.triangle(m, k, true);
    }

    /** numpy.triu: zeros below the main diagonal of the last two axes. */
    public static Tensor triu(Tensor m) {
        return Creation.triangle(m, 0, false);
    }

    /** numpy.triu(m, k): zeros below diagonal {@code k}. */
    public static Tensor triu(Tensor m, long k) {
        return Creation.triangle(m, k, false);
    }

    /**
     * numpy.load of a local {@code .npy} file (a path or a {@code file:} URI): the header is read now, the data when
     * the tensor runs, each chunk reading only its own byte ranges. Little-endian, C order, Mars's dtypes.
     */
    public static Tensor fromNpy(String path) {
        return Creation.fromNpy(path, ChunkSpec.auto());
    }

    public static Tensor fromNpy(String path, ChunkSpec chunks) {
        return Creation.fromNpy(path, chunks);
    }

    /** numpy.save: runs {@code t} in {@code session} and writes it to a local {@code .npy} file. */
    public static void toNpy(Tensor t, String path, io.mars.Session session) {
        Creation.toNpy(t, path, session);
    }
    // >>> area:creation-random — add static factories/functions directly above this marker
    //
    // >>> area:elementwise — add static factories/functions directly above this marker
    //
    // >>> area:reductions — add static factories/functions directly above this marker
    //
    // >>> area:shape-indexing — add static factories/functions directly above this marker
    //
    // >>> area:sort-sets — add static factories/functions directly above this marker
    //
    // >>> area:linalg-stats — add static factories/functions directly above this marker
    //
    // >>> area:engine — add static factories/functions directly above this marker
    //
}
