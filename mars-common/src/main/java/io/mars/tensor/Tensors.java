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
    /** numpy.outer. */
    public static Tensor outer(Tensor a, Tensor b) {
        return Linalg.outer(a, b);
    }

    /** numpy.tensordot(a, b, axes=n). */
    public static Tensor tensordot(Tensor a, Tensor b, int n) {
        return Linalg.tensordot(a, b, n);
    }

    /** numpy.einsum, e.g. {@code einsum("ij,jk->ik", a, b)}; see {@link Linalg#einsum}. */
    public static Tensor einsum(String subscripts, Tensor... operands) {
        return Linalg.einsum(subscripts, operands);
    }

    /** numpy.trace. */
    public static Tensor trace(Tensor a) {
        return Linalg.trace(a);
    }

    /** numpy.cov(m, rowvar=rowvar, ddof=ddof). */
    public static Tensor cov(Tensor m, boolean rowvar, int ddof) {
        return Linalg.cov(m, rowvar, ddof);
    }

    /** numpy.cov(m). */
    public static Tensor cov(Tensor m) {
        return Linalg.cov(m);
    }

    /** numpy.corrcoef(x, rowvar=rowvar). */
    public static Tensor corrcoef(Tensor x, boolean rowvar) {
        return Linalg.corrcoef(x, rowvar);
    }

    /** numpy.corrcoef(x). */
    public static Tensor corrcoef(Tensor x) {
        return Linalg.corrcoef(x);
    }
    // >>> area:linalg-stats — add static factories/functions directly above this marker
    //
    // >>> area:engine — add static factories/functions directly above this marker
    //
}
