package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.QuantileMethod;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.tensor.TensorArange;
import io.mars.common.operand.tensor.TensorFromArray;
import io.mars.common.operand.tensor.TensorFull;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
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

    /**
     * numpy.full with a scalar of any kind, the dtype following it as numpy's does: {@code Scalar.complex(1, -2)}
     * gives complex128 ({@code np.full(shape, 1-2j)}), a float float64, an int int64, a bool bool.
     */
    public static Tensor full(long[] shape, Scalar value, ChunkSpec chunks) {
        DataType dtype = switch (value.kind()) {
            case BOOL -> DataType.BOOL;
            case INT -> DataType.INT64;
            case FLOAT -> DataType.FLOAT64;
            case COMPLEX -> DataType.COMPLEX128;
        };
        return Creation.full(shape, value, dtype, chunks);
    }

    /**
     * numpy.full_like with a scalar of any kind, cast to the dtype of {@code t}: a complex value needs a complex
     * tensor (numpy drops the imaginary part with a ComplexWarning; Mars refuses it, UNSUPPORTED_DTYPE).
     */
    public static Tensor fullLike(Tensor t, Scalar value) {
        return Creation.fullLike(t, checkFillable(value, t.dtype()), null, null);
    }

    private static Scalar checkFillable(Scalar value, DataType dtype) {
        if (value.kind() == DataType.Kind.COMPLEX && !dtype.isComplex()) {
            throw new io.mars.common.error.MarsException(io.mars.common.error.ErrorCode.UNSUPPORTED_DTYPE,
                    "cannot fill a " + dtype + " tensor with the complex value " + value + "; numpy would drop the"
                    + " imaginary part (ComplexWarning): give its real part, or a complex dtype");
        }
        return value;
    }

    private static Tensor full(long[] shape, Scalar value, DataType dtype, ChunkSpec chunks) {
        Shapes.checkConcrete(shape);
        chunks.resolve(shape, dtype, Long.MAX_VALUE);
        return new Tensor(new TensorFull(value, chunks), List.of(), dtype, shape);
    }

    /**
     * numpy's {@code fromfunction(fn, shape)}: a float64 tensor whose element at index {@code (i, j, ...)} is
     * {@code fn.apply(new long[] {i, j, ...})}, computed on the workers chunk by chunk, automatic chunks. numpy calls
     * its function once with coordinate arrays; here it is called per element with the element's index, a Java
     * lambda of an {@link io.mars.types.IndexFunction} ({@code idx -> idx[0] * 10 + idx[1]}).
     */
    public static Tensor fromFunction(io.mars.types.IndexFunction fn, long... shape) {
        return fromFunction(fn, shape, DataType.FLOAT64, ChunkSpec.auto());
    }

    /**
     * {@link #fromFunction(io.mars.types.IndexFunction, long...)} of {@code dtype}: each value converted as
     * {@code astype} converts a float64 (truncated toward zero for integers, nonzero is true for bool). numpy gives
     * the function's own result type and passes coordinates of {@code dtype}; here the function returns a double.
     */
    public static Tensor fromFunction(io.mars.types.IndexFunction fn, long[] shape, DataType dtype) {
        return fromFunction(fn, shape, dtype, ChunkSpec.auto());
    }

    /**
     * {@link #fromFunction(io.mars.types.IndexFunction, long[], DataType)} cut by {@code chunks}. A function that
     * throws fails the task with USER_FUNCTION_FAILED naming the index; complex dtypes are refused (build the real and
     * imaginary parts and use {@link #complex}).
     */
    public static Tensor fromFunction(io.mars.types.IndexFunction fn, long[] shape, DataType dtype, ChunkSpec chunks) {
        java.util.Objects.requireNonNull(fn, "fn");
        java.util.Objects.requireNonNull(dtype, "dtype");
        Shapes.checkConcrete(shape);
        if (dtype.isComplex()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "fromFunction gives real values, not " + dtype
                    + "; build the real and imaginary parts with fromFunction and combine them: complex(re, im)");
        }
        chunks.resolve(shape, dtype, Long.MAX_VALUE);
        byte[] bytes = io.mars.types.UserFunctions.serialize(fn, "fromFunction");
        return new Tensor(new io.mars.common.operand.tensor.TensorFromFunction(bytes, chunks), List.of(), dtype,
                shape.clone());
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
    // ----- element-wise functions (area elementwise) -----
    // Operands are tensors or Java scalars: a double is a weak float, a long or int a weak int, a boolean a weak bool
    // (numpy 2, NEP 50). At least one operand must be a tensor.

    public static Tensor negative(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.NEGATIVE, x); }
    public static Tensor positive(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.POSITIVE, x); }
    public static Tensor reciprocal(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.RECIPROCAL, x); }
    public static Tensor abs(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.ABS, x); }
    public static Tensor sqrt(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.SQRT, x); }
    public static Tensor cbrt(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.CBRT, x); }
    public static Tensor square(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.SQUARE, x); }
    public static Tensor exp(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.EXP, x); }
    public static Tensor expm1(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.EXPM1, x); }
    public static Tensor exp2(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.EXP2, x); }
    public static Tensor log(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.LOG, x); }
    public static Tensor log2(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.LOG2, x); }
    public static Tensor log10(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.LOG10, x); }
    public static Tensor log1p(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.LOG1P, x); }
    public static Tensor sin(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.SIN, x); }
    public static Tensor cos(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.COS, x); }
    public static Tensor tan(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.TAN, x); }
    public static Tensor arcsin(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.ARCSIN, x); }
    public static Tensor arccos(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.ARCCOS, x); }
    public static Tensor arctan(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.ARCTAN, x); }
    public static Tensor sinh(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.SINH, x); }
    public static Tensor cosh(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.COSH, x); }
    public static Tensor tanh(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.TANH, x); }
    public static Tensor arcsinh(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.ARCSINH, x); }
    public static Tensor arccosh(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.ARCCOSH, x); }
    public static Tensor arctanh(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.ARCTANH, x); }
    public static Tensor degrees(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.DEGREES, x); }
    public static Tensor radians(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.RADIANS, x); }
    /** numpy.rad2deg: numpy's newer name of {@link #degrees}, the same function (and the same wire operand). */
    public static Tensor rad2deg(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.DEGREES, x); }
    /** numpy.deg2rad: numpy's newer name of {@link #radians}, the same function (and the same wire operand). */
    public static Tensor deg2rad(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.RADIANS, x); }
    public static Tensor floor(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.FLOOR, x); }
    public static Tensor ceil(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.CEIL, x); }
    public static Tensor trunc(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.TRUNC, x); }
    public static Tensor rint(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.RINT, x); }
    public static Tensor sign(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.SIGN, x); }
    public static Tensor logicalNot(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.LOGICAL_NOT, x); }
    public static Tensor invert(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.INVERT, x); }
    public static Tensor isnan(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.ISNAN, x); }
    public static Tensor isinf(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.ISINF, x); }
    public static Tensor isfinite(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.ISFINITE, x); }

    /** add with scalars on either side; {@link #add(Tensor, Tensor)} is the tensor-tensor form. */
    public static Tensor add(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.ADD, a, b); }
    public static Tensor subtract(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.SUBTRACT, a, b); }
    public static Tensor multiply(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.MULTIPLY, a, b); }
    public static Tensor divide(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.DIVIDE, a, b); }
    public static Tensor trueDivide(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.DIVIDE, a, b); }
    public static Tensor floorDivide(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.FLOOR_DIVIDE, a, b); }
    public static Tensor mod(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.MOD, a, b); }
    public static Tensor remainder(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.MOD, a, b); }
    public static Tensor power(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.POWER, a, b); }
    public static Tensor arctan2(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.ARCTAN2, a, b); }
    /** numpy.logaddexp: log(exp(a) + exp(b)) without overflow. */
    public static Tensor logaddexp(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.LOGADDEXP, a, b); }
    /** numpy.logaddexp2: log2(2**a + 2**b) without overflow. */
    public static Tensor logaddexp2(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.LOGADDEXP2, a, b); }
    /** numpy.float_power: a ** b in float64. */
    public static Tensor floatPower(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.FLOAT_POWER, a, b); }
    /** numpy.fmod: the remainder with the dividend's sign. */
    public static Tensor fmod(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.FMOD, a, b); }
    /** numpy.gcd of integers. */
    public static Tensor gcd(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.GCD, a, b); }
    /** numpy.lcm of integers. */
    public static Tensor lcm(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.LCM, a, b); }
    public static Tensor hypot(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.HYPOT, a, b); }
    /** numpy.copysign: the magnitude of {@code a} with the sign of {@code b} (float results). */
    public static Tensor copysign(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.COPYSIGN, a, b); }
    /**
     * numpy.nextafter: the next representable value after {@code x1} towards {@code x2}, in the float dtype of the
     * result (float32 steps by float32's spacing; integers give float64).
     */
    public static Tensor nextafter(Object x1, Object x2) { return ElementwiseOps.binary(ElementwiseFn.NEXTAFTER, x1, x2); }
    /**
     * A sparse 2-d tensor from coordinates, as scipy's {@code coo_array((values, (rows, cols)), shape).tocsr()}
     * (duplicates summed): CSR row blocks of {@link SparseMatrix#DEFAULT_ROW_CHUNK} rows.
     */
    public static SparseMatrix sparse(Tensor rows, Tensor cols, Tensor values, long nrows, long ncols) {
        return SparseMatrix.fromCoo(rows, cols, values, nrows, ncols, SparseMatrix.DEFAULT_ROW_CHUNK);
    }

    /** {@link #sparse(Tensor, Tensor, Tensor, long, long)} in row blocks of {@code rowChunk} rows. */
    public static SparseMatrix sparse(Tensor rows, Tensor cols, Tensor values, long nrows, long ncols, long rowChunk) {
        return SparseMatrix.fromCoo(rows, cols, values, nrows, ncols, rowChunk);
    }

    /** A sparse 2-d tensor holding the non-zero elements of {@code dense} (scipy's {@code csr_array(dense)}). */
    public static SparseMatrix sparse(Tensor dense) {
        return SparseMatrix.fromDense(dense);
    }

    /** numpy.spacing: the distance from x to the nearest adjacent value away from zero (the smallest subnormal at 0). */
    public static Tensor spacing(Tensor x) { return ElementwiseOps.unary(ElementwiseFn.SPACING, x); }
    /** numpy.heaviside: 0 where {@code x1} &lt; 0, {@code x2} where it is 0, 1 where it is &gt; 0, NaN where NaN. */
    public static Tensor heaviside(Object x1, Object x2) {
        return ElementwiseOps.binary(ElementwiseFn.HEAVISIDE, x1, x2);
    }
    public static Tensor maximum(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.MAXIMUM, a, b); }
    public static Tensor minimum(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.MINIMUM, a, b); }
    public static Tensor fmax(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.FMAX, a, b); }
    public static Tensor fmin(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.FMIN, a, b); }
    public static Tensor less(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.LESS, a, b); }
    public static Tensor lessEqual(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.LESS_EQUAL, a, b); }
    public static Tensor greater(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.GREATER, a, b); }
    public static Tensor greaterEqual(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.GREATER_EQUAL, a, b); }
    public static Tensor equal(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.EQUAL, a, b); }
    public static Tensor notEqual(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.NOT_EQUAL, a, b); }
    public static Tensor logicalAnd(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.LOGICAL_AND, a, b); }
    public static Tensor logicalOr(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.LOGICAL_OR, a, b); }
    public static Tensor logicalXor(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.LOGICAL_XOR, a, b); }
    public static Tensor bitwiseAnd(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_AND, a, b); }
    public static Tensor bitwiseOr(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_OR, a, b); }
    public static Tensor bitwiseXor(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_XOR, a, b); }
    public static Tensor leftShift(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.LEFT_SHIFT, a, b); }
    public static Tensor rightShift(Object a, Object b) { return ElementwiseOps.binary(ElementwiseFn.RIGHT_SHIFT, a, b); }

    /** numpy.where(cond, x, y): x where cond is true (non-zero; NaN is true), else y; x and y promote together. */
    public static Tensor where(Object cond, Object x, Object y) { return ElementwiseOps.where(cond, x, y); }

    /** numpy.clip(a, min, max): bounds are tensors or scalars; a null bound is missing (numpy's None). */
    public static Tensor clip(Tensor a, Object min, Object max) { return ElementwiseOps.clip(a, min, max); }

    /** numpy.around(a, decimals): half to even, as numpy (scale by 10^decimals, rint, scale back). */
    public static Tensor around(Tensor a, int decimals) { return ElementwiseOps.around(a, decimals); }
    public static Tensor around(Tensor a) { return ElementwiseOps.around(a, 0); }
    public static Tensor round(Tensor a, int decimals) { return ElementwiseOps.around(a, decimals); }

    /** numpy.nan_to_num with its defaults: NaN to 0.0, infinities to the dtype's largest / smallest finite value. */
    public static Tensor nanToNum(Tensor x) { return ElementwiseOps.nanToNum(x, 0.0, null, null); }
    /** numpy.nan_to_num(x, nan, posinf, neginf); a null posinf / neginf keeps numpy's default. */
    public static Tensor nanToNum(Tensor x, double nan, Double posinf, Double neginf) {
        return ElementwiseOps.nanToNum(x, nan, posinf, neginf);
    }

    /**
     * numpy.astype(x, dtype) with numpy's unsafe casting: integers wrap, floats truncate toward zero, non-zero is
     * true. NaN, inf and out-of-range floats cast to int64 / int32 give that type's smallest value, to int16 / int8 0
     * (what numpy gives on x86-64; numpy leaves it platform-defined).
     */
    public static Tensor astype(Tensor x, DataType dtype) { return ElementwiseOps.astype(x, dtype); }

    // ----- reductions, quantiles and scans as functions (area reductions): numpy.xxx(a, ...) -----
    public static Tensor prod(Tensor a) { return a.prod(); }
    public static Tensor prod(Tensor a, int[] axes, boolean keepdims) { return a.prod(axes, keepdims); }
    public static Tensor all(Tensor a) { return a.all(); }
    public static Tensor all(Tensor a, int[] axes, boolean keepdims) { return a.all(axes, keepdims); }
    public static Tensor any(Tensor a) { return a.any(); }
    public static Tensor any(Tensor a, int[] axes, boolean keepdims) { return a.any(axes, keepdims); }
    public static Tensor countNonzero(Tensor a) { return a.countNonzero(); }
    public static Tensor countNonzero(Tensor a, int[] axes, boolean keepdims) { return a.countNonzero(axes, keepdims); }
    public static Tensor ptp(Tensor a) { return a.ptp(); }
    public static Tensor ptp(Tensor a, int[] axes, boolean keepdims) { return a.ptp(axes, keepdims); }
    public static Tensor nansum(Tensor a) { return a.nansum(); }
    public static Tensor nansum(Tensor a, int[] axes, boolean keepdims) { return a.nansum(axes, keepdims); }
    public static Tensor nanprod(Tensor a) { return a.nanprod(); }
    public static Tensor nanprod(Tensor a, int[] axes, boolean keepdims) { return a.nanprod(axes, keepdims); }
    public static Tensor nanmean(Tensor a) { return a.nanmean(); }
    public static Tensor nanmean(Tensor a, int[] axes, boolean keepdims) { return a.nanmean(axes, keepdims); }
    public static Tensor nanmin(Tensor a) { return a.nanmin(); }
    public static Tensor nanmin(Tensor a, int[] axes, boolean keepdims) { return a.nanmin(axes, keepdims); }
    public static Tensor nanmax(Tensor a) { return a.nanmax(); }
    public static Tensor nanmax(Tensor a, int[] axes, boolean keepdims) { return a.nanmax(axes, keepdims); }
    public static Tensor sum(Tensor a) { return a.sum(); }
    public static Tensor sum(Tensor a, int[] axes, boolean keepdims) { return a.sum(axes, keepdims); }
    public static Tensor mean(Tensor a) { return a.mean(); }
    public static Tensor mean(Tensor a, int[] axes, boolean keepdims) { return a.mean(axes, keepdims); }
    public static Tensor min(Tensor a) { return a.min(); }
    public static Tensor min(Tensor a, int[] axes, boolean keepdims) { return a.min(axes, keepdims); }
    public static Tensor max(Tensor a) { return a.max(); }
    public static Tensor max(Tensor a, int[] axes, boolean keepdims) { return a.max(axes, keepdims); }
    public static Tensor var(Tensor a) { return a.var(); }
    public static Tensor var(Tensor a, int[] axes, boolean keepdims, int ddof) { return a.var(axes, keepdims, ddof); }
    public static Tensor std(Tensor a) { return a.std(); }
    public static Tensor std(Tensor a, int[] axes, boolean keepdims, int ddof) { return a.std(axes, keepdims, ddof); }
    public static Tensor nanvar(Tensor a) { return a.nanvar(); }
    public static Tensor nanvar(Tensor a, int[] axes, boolean keepdims, int ddof) {
        return a.nanvar(axes, keepdims, ddof);
    }
    public static Tensor nanstd(Tensor a) { return a.nanstd(); }
    public static Tensor nanstd(Tensor a, int[] axes, boolean keepdims, int ddof) {
        return a.nanstd(axes, keepdims, ddof);
    }
    public static Tensor argmin(Tensor a) { return a.argmin(); }
    public static Tensor argmin(Tensor a, Integer axis, boolean keepdims) { return a.argmin(axis, keepdims); }
    public static Tensor argmax(Tensor a) { return a.argmax(); }
    public static Tensor argmax(Tensor a, Integer axis, boolean keepdims) { return a.argmax(axis, keepdims); }
    public static Tensor nanargmin(Tensor a) { return a.nanargmin(); }
    public static Tensor nanargmin(Tensor a, Integer axis, boolean keepdims) { return a.nanargmin(axis, keepdims); }
    public static Tensor nanargmax(Tensor a) { return a.nanargmax(); }
    public static Tensor nanargmax(Tensor a, Integer axis, boolean keepdims) { return a.nanargmax(axis, keepdims); }
    public static Tensor average(Tensor a, Tensor weights, int[] axes, boolean keepdims) {
        return Reductions.average(a, weights, axes, keepdims);
    }
    public static Tensor median(Tensor a) { return a.median(); }
    public static Tensor median(Tensor a, int[] axes, boolean keepdims) { return a.median(axes, keepdims); }
    public static Tensor nanmedian(Tensor a) { return a.nanmedian(); }
    public static Tensor nanmedian(Tensor a, int[] axes, boolean keepdims) { return a.nanmedian(axes, keepdims); }
    public static Tensor percentile(Tensor a, double q) { return a.percentile(q); }
    public static Tensor percentile(Tensor a, double q, int[] axes, boolean keepdims, QuantileMethod method) {
        return a.percentile(q, axes, keepdims, method);
    }
    public static Tensor percentile(Tensor a, double[] q, int[] axes, boolean keepdims, QuantileMethod method) {
        return a.percentile(q, axes, keepdims, method);
    }
    public static Tensor nanpercentile(Tensor a, double q) { return a.nanpercentile(q); }
    public static Tensor nanpercentile(Tensor a, double q, int[] axes, boolean keepdims, QuantileMethod method) {
        return a.nanpercentile(q, axes, keepdims, method);
    }
    public static Tensor nanpercentile(Tensor a, double[] q, int[] axes, boolean keepdims, QuantileMethod method) {
        return a.nanpercentile(q, axes, keepdims, method);
    }
    public static Tensor quantile(Tensor a, double q) { return a.quantile(q); }
    public static Tensor quantile(Tensor a, double q, int[] axes, boolean keepdims, QuantileMethod method) {
        return a.quantile(q, axes, keepdims, method);
    }
    public static Tensor quantile(Tensor a, double[] q, int[] axes, boolean keepdims, QuantileMethod method) {
        return a.quantile(q, axes, keepdims, method);
    }
    public static Tensor nanquantile(Tensor a, double q) { return a.nanquantile(q); }
    public static Tensor nanquantile(Tensor a, double q, int[] axes, boolean keepdims, QuantileMethod method) {
        return a.nanquantile(q, axes, keepdims, method);
    }
    public static Tensor nanquantile(Tensor a, double[] q, int[] axes, boolean keepdims, QuantileMethod method) {
        return a.nanquantile(q, axes, keepdims, method);
    }
    public static Tensor cumsum(Tensor a) { return a.cumsum(); }
    public static Tensor cumsum(Tensor a, int axis) { return a.cumsum(axis); }
    public static Tensor cumprod(Tensor a) { return a.cumprod(); }
    public static Tensor cumprod(Tensor a, int axis) { return a.cumprod(axis); }
    public static Tensor nancumsum(Tensor a) { return a.nancumsum(); }
    public static Tensor nancumsum(Tensor a, int axis) { return a.nancumsum(axis); }
    public static Tensor nancumprod(Tensor a) { return a.nancumprod(); }
    public static Tensor nancumprod(Tensor a, int axis) { return a.nancumprod(axis); }
    // ----- shape manipulation, joining, splitting (ShapeIndexing) -----

    public static Tensor concatenate(List<Tensor> tensors) {
        return ShapeIndexing.concatenate(tensors, 0);
    }

    /** numpy.concatenate: the inputs' chunks are kept, their dtypes promoted. */
    public static Tensor concatenate(List<Tensor> tensors, int axis) {
        return ShapeIndexing.concatenate(tensors, axis);
    }

    public static Tensor stack(List<Tensor> tensors) {
        return ShapeIndexing.stack(tensors, 0);
    }

    public static Tensor stack(List<Tensor> tensors, int axis) {
        return ShapeIndexing.stack(tensors, axis);
    }

    public static Tensor hstack(List<Tensor> tensors) {
        return ShapeIndexing.hstack(tensors);
    }

    public static Tensor vstack(List<Tensor> tensors) {
        return ShapeIndexing.vstack(tensors);
    }

    /** numpy.split into {@code sections} equal parts; INVALID_ARGUMENT when the axis does not divide evenly. */
    public static List<Tensor> split(Tensor t, int sections, int axis) {
        return ShapeIndexing.split(t, sections, axis, true);
    }

    /** numpy.split at the given positions along {@code axis} (clipped as slices are). */
    public static List<Tensor> split(Tensor t, long[] indices, int axis) {
        return ShapeIndexing.split(t, indices, axis);
    }

    /** numpy.array_split: the first {@code n % sections} parts are one longer. */
    public static List<Tensor> arraySplit(Tensor t, int sections, int axis) {
        return ShapeIndexing.split(t, sections, axis, false);
    }

    public static List<Tensor> arraySplit(Tensor t, long[] indices, int axis) {
        return ShapeIndexing.split(t, indices, axis);
    }

    /** numpy.tile. */
    public static Tensor tile(Tensor t, long... reps) {
        return ShapeIndexing.tile(t, reps);
    }

    public static Tensor moveaxis(Tensor t, int source, int destination) {
        return ShapeIndexing.moveaxis(t, new int[] {source}, new int[] {destination});
    }

    public static Tensor moveaxis(Tensor t, int[] source, int[] destination) {
        return ShapeIndexing.moveaxis(t, source, destination);
    }

    public static Tensor swapaxes(Tensor t, int axis1, int axis2) {
        return t.swapaxes(axis1, axis2);
    }

    public static Tensor broadcastTo(Tensor t, long... shape) {
        return t.broadcastTo(shape);
    }

    public static Tensor ravel(Tensor t) {
        return t.ravel();
    }

    /** numpy.squeeze; without axes every axis of length 1. */
    public static Tensor squeeze(Tensor t, int... axes) {
        return axes.length == 0 ? t.squeeze() : t.squeeze(axes);
    }

    public static Tensor expandDims(Tensor t, int... axes) {
        return t.expandDims(axes);
    }

    /** numpy.flip; without axes every axis. */
    public static Tensor flip(Tensor t, int... axes) {
        return axes.length == 0 ? t.flip() : t.flip(axes);
    }

    public static Tensor roll(Tensor t, long shift, int axis) {
        return t.roll(shift, axis);
    }

    public static Tensor repeat(Tensor t, long repeats, int axis) {
        return t.repeat(repeats, axis);
    }

    public static Tensor repeat(Tensor t, long[] repeats, int axis) {
        return t.repeat(repeats, axis);
    }

    public static Tensor take(Tensor t, Tensor indices, int axis) {
        return t.take(indices, axis);
    }

    /** numpy.sort(a, axis): along the last axis by default, of the flattened tensor for a null axis. */
    public static Tensor sort(Tensor a) {
        return Sorting.sort(a, -1);
    }

    public static Tensor sort(Tensor a, Integer axis) {
        return Sorting.sort(a, axis);
    }

    /** numpy.argsort(a, axis, kind='stable'): int64 indices; a null axis sorts the flattened tensor. */
    public static Tensor argsort(Tensor a) {
        return Sorting.argsort(a, -1);
    }

    public static Tensor argsort(Tensor a, Integer axis) {
        return Sorting.argsort(a, axis);
    }

    /**
     * Mars's {@code topk(a, k, axis, largest, return_index=True)}: the k largest ({@code largest}) or smallest values
     * along {@code axis}, best first, and their positions, from one pass over {@code a} (see {@link Tensor#topk}).
     */
    public static TopK topk(Tensor a, int k, int axis, boolean largest) {
        return Sorting.topkWithIndices(a, k, axis, largest);
    }

    /** numpy.searchsorted(a, v, side): a is sorted and 1-d, side is 'left' or 'right'; int64 indices. */
    public static Tensor searchsorted(Tensor a, Tensor v, String side) {
        return Sorting.searchsorted(a, v, side);
    }

    public static Tensor searchsorted(Tensor a, Tensor v) {
        return Sorting.searchsorted(a, v, "left");
    }

    /** numpy.digitize(x, bins, right): the int64 index of the bin of each value; bins monotonic and 1-d. */
    public static Tensor digitize(Tensor x, double[] bins, boolean right) {
        return Sorting.digitize(x, bins, right);
    }

    public static Tensor digitize(Tensor x, double[] bins) {
        return Sorting.digitize(x, bins, false);
    }

    /** numpy.digitize with the bins as a tensor; they are checked to be monotonic when it runs. */
    public static Tensor digitize(Tensor x, Tensor bins, boolean right) {
        return Sorting.digitize(x, bins, right);
    }

    /** numpy.histogram(a, bins): {@code bins} equal-width bins over the data's minimum and maximum. */
    public static Histogram histogram(Tensor a, int bins) {
        return Sorting.histogram(a, bins, null);
    }

    /** numpy.histogram(a, bins, range): equal-width bins over {@code range = {min, max}}. */
    public static Histogram histogram(Tensor a, int bins, double[] range) {
        return Sorting.histogram(a, bins, range);
    }

    /** numpy.histogram(a, bins=edges) with explicit, monotonically increasing edges; the last bin is closed. */
    public static Histogram histogram(Tensor a, double[] edges) {
        return Sorting.histogram(a, edges);
    }

    /** numpy.bincount(x): int64 counts of each value of a 1-d tensor of non-negative ints. */
    public static Tensor bincount(Tensor x) {
        return Sorting.bincount(x, null, 0);
    }

    public static Tensor bincount(Tensor x, long minlength) {
        return Sorting.bincount(x, null, minlength);
    }

    /** numpy.bincount(x, weights, minlength): float64 sums of the weights per value; weights may be null. */
    public static Tensor bincount(Tensor x, Tensor weights, long minlength) {
        return Sorting.bincount(x, weights, minlength);
    }

    /** numpy.unique(a): the sorted distinct values of the flattened tensor. */
    public static Tensor unique(Tensor a) {
        return Sorting.unique(a, false).values();
    }

    /** numpy.unique(a, return_counts): the values and, if asked for, their int64 counts. */
    public static Unique unique(Tensor a, boolean returnCounts) {
        return Sorting.unique(a, returnCounts);
    }
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

    // ----- routines composed of other operations (Routines) -----

    /** numpy.diff(a): the first difference along the last axis. */
    public static Tensor diff(Tensor a) { return Routines.diff(a, 1, -1); }

    /** numpy.diff(a, n, axis). */
    public static Tensor diff(Tensor a, int n, int axis) { return Routines.diff(a, n, axis); }

    /** numpy.ediff1d(a). */
    public static Tensor ediff1d(Tensor a) { return Routines.ediff1d(a); }

    /** numpy.gradient(a) of a 1-d tensor (unit spacing, edge_order=1). */
    public static Tensor gradient(Tensor a) {
        if (a.ndim() != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "gradient(a) without an axis is for 1-d tensors (numpy"
                    + " returns one array per axis); a has shape " + io.mars.types.Shapes.toString(a.shape())
                    + ": call gradient(a, axis) for each axis");
        }
        return Routines.gradient(a, 0);
    }

    /** numpy.gradient(a, axis=axis). */
    public static Tensor gradient(Tensor a, int axis) { return Routines.gradient(a, axis); }

    /** numpy.trapezoid(y): unit spacing along the last axis. */
    public static Tensor trapezoid(Tensor y) { return Routines.trapezoid(y, 1.0, -1); }

    /** numpy.trapezoid(y, dx=dx, axis=axis). */
    public static Tensor trapezoid(Tensor y, double dx, int axis) { return Routines.trapezoid(y, dx, axis); }

    /** numpy.trapezoid(y, x, axis=axis). */
    public static Tensor trapezoid(Tensor y, Tensor x, int axis) { return Routines.trapezoid(y, x, axis); }

    /** numpy.trapz, numpy 1's name of {@link #trapezoid(Tensor)}. */
    public static Tensor trapz(Tensor y) { return trapezoid(y); }

    /** numpy.logspace(start, stop, num): 10 ** linspace(start, stop, num). */
    public static Tensor logspace(double start, double stop, long num) {
        return Routines.logspace(start, stop, num, true, 10.0);
    }

    /** numpy.logspace(start, stop, num, endpoint, base). */
    public static Tensor logspace(double start, double stop, long num, boolean endpoint, double base) {
        return Routines.logspace(start, stop, num, endpoint, base);
    }

    /** numpy.geomspace(start, stop, num). */
    public static Tensor geomspace(double start, double stop, long num) {
        return Routines.geomspace(start, stop, num, true);
    }

    /** numpy.geomspace(start, stop, num, endpoint). */
    public static Tensor geomspace(double start, double stop, long num, boolean endpoint) {
        return Routines.geomspace(start, stop, num, endpoint);
    }

    /** numpy.meshgrid(*xs) (Cartesian indexing). */
    public static List<Tensor> meshgrid(Tensor... xs) { return Routines.meshgrid(List.of(xs), "xy"); }

    /** numpy.meshgrid(*xs, indexing="xy"|"ij"). */
    public static List<Tensor> meshgrid(String indexing, Tensor... xs) { return Routines.meshgrid(List.of(xs), indexing); }

    /** numpy.indices(dimensions). */
    public static Tensor indices(long... dims) { return Routines.indices(dims); }

    /** numpy.atleast_1d. */
    public static Tensor atleast1d(Tensor a) { return Routines.atleast1d(a); }

    /** numpy.atleast_2d. */
    public static Tensor atleast2d(Tensor a) { return Routines.atleast2d(a); }

    /** numpy.atleast_3d. */
    public static Tensor atleast3d(Tensor a) { return Routines.atleast3d(a); }

    /** numpy.dstack: along a third axis. */
    public static Tensor dstack(List<Tensor> tensors) { return Routines.dstack(tensors); }

    /** numpy.column_stack. */
    public static Tensor columnStack(List<Tensor> tensors) { return Routines.columnStack(tensors); }

    /** numpy.append(arr, values): both flattened. */
    public static Tensor append(Tensor arr, Tensor values) { return Routines.append(arr, values, null); }

    /** numpy.append(arr, values, axis). */
    public static Tensor append(Tensor arr, Tensor values, int axis) { return Routines.append(arr, values, axis); }

    /** numpy.delete(arr, positions): from the flattened tensor. */
    public static Tensor delete(Tensor arr, long... positions) { return Routines.delete(arr, positions, null); }

    /** numpy.delete(arr, positions, axis). */
    public static Tensor delete(Tensor arr, long[] positions, int axis) { return Routines.delete(arr, positions, axis); }

    /** numpy.insert(arr, position, value): into the flattened tensor. */
    public static Tensor insert(Tensor arr, long position, double value) {
        return Routines.insert(arr, position, full(new long[0], value, ChunkSpec.auto()), null);
    }

    /** numpy.insert(arr, position, values, axis): values broadcast to one slot of the axis. */
    public static Tensor insert(Tensor arr, long position, Tensor values, int axis) {
        return Routines.insert(arr, position, values, axis);
    }

    /** numpy.pad(a, pad_width, mode="constant", constant_values=0); padWidth[i] = {before, after} of axis i. */
    public static Tensor pad(Tensor a, long[][] padWidth) { return Routines.pad(a, padWidth, "constant", 0); }

    /** numpy.pad(a, pad_width, mode="constant", constant_values=value). */
    public static Tensor pad(Tensor a, long[][] padWidth, double value) {
        return Routines.pad(a, padWidth, "constant", value);
    }

    /** numpy.pad(a, pad_width, mode) for mode "constant" (zeros) or "edge". */
    public static Tensor pad(Tensor a, long[][] padWidth, String mode) { return Routines.pad(a, padWidth, mode, 0); }

    /** numpy.cross(a, b) of 2- or 3-vectors along the last axis. */
    public static Tensor cross(Tensor a, Tensor b) { return Routines.cross(a, b); }

    /** numpy.kron(a, b). */
    public static Tensor kron(Tensor a, Tensor b) { return Routines.kron(a, b); }

    /** numpy.vdot(a, b) of real tensors. */
    public static Tensor vdot(Tensor a, Tensor b) { return Routines.vdot(a, b); }

    /** numpy.isclose(a, b) (rtol 1e-5, atol 1e-8). */
    public static Tensor isclose(Tensor a, Tensor b) { return Routines.isclose(a, b, 1e-5, 1e-8, false); }

    /** numpy.isclose(a, b, rtol, atol, equal_nan). */
    public static Tensor isclose(Tensor a, Tensor b, double rtol, double atol, boolean equalNan) {
        return Routines.isclose(a, b, rtol, atol, equalNan);
    }

    /** numpy.allclose(a, b): a 0-d bool. */
    public static Tensor allclose(Tensor a, Tensor b) { return isclose(a, b).all(); }

    /** numpy.allclose(a, b, rtol, atol, equal_nan). */
    public static Tensor allclose(Tensor a, Tensor b, double rtol, double atol, boolean equalNan) {
        return isclose(a, b, rtol, atol, equalNan).all();
    }

    /** numpy.array_equal(a, b): a 0-d bool. */
    public static Tensor arrayEqual(Tensor a, Tensor b) { return Routines.arrayEqual(a, b); }

    /** numpy.sinc. */
    public static Tensor sinc(Tensor x) { return Routines.sinc(x); }

    /** numpy.signbit. */
    public static Tensor signbit(Tensor x) { return Routines.signbit(x); }

    /** numpy.ldexp(x, i). */
    public static Tensor ldexp(Tensor x, Tensor i) { return Routines.ldexp(x, i); }

    /** numpy.modf(x): [fractional parts, integral parts]. */
    public static List<Tensor> modf(Tensor x) { return Routines.modf(x); }

    /** numpy.flatnonzero(a). */
    public static Tensor flatnonzero(Tensor a) { return Routines.flatnonzero(a); }

    /** numpy.nonzero(a): one index tensor per axis. */
    public static List<Tensor> nonzero(Tensor a) { return Routines.nonzero(a); }

    /** numpy.argwhere(a). */
    public static Tensor argwhere(Tensor a) { return Routines.argwhere(a); }

    /** numpy.isin(element, test_elements). */
    public static Tensor isin(Tensor element, Tensor testElements) { return Routines.isin(element, testElements, false); }

    /** numpy.isin(element, test_elements, invert=invert). */
    public static Tensor isin(Tensor element, Tensor testElements, boolean invert) {
        return Routines.isin(element, testElements, invert);
    }

    /** numpy.in1d(a, b): isin of the flattened a. */
    public static Tensor in1d(Tensor a, Tensor b) { return Routines.isin(ravel(a), b, false); }

    /** numpy.interp(x, xp, fp). */
    public static Tensor interp(Tensor x, Tensor xp, Tensor fp) { return Routines.interp(x, xp, fp, null, null); }

    /** numpy.interp(x, xp, fp, left, right). */
    public static Tensor interp(Tensor x, Tensor xp, Tensor fp, double left, double right) {
        return Routines.interp(x, xp, fp, left, right);
    }

    /** numpy.convolve(a, v) (mode "full"). */
    public static Tensor convolve(Tensor a, Tensor v) { return Routines.convolve(a, v, "full"); }

    /** numpy.convolve(a, v, mode) for mode "full", "same" or "valid". */
    public static Tensor convolve(Tensor a, Tensor v, String mode) { return Routines.convolve(a, v, mode); }

    /** numpy.correlate(a, v) (mode "valid"). */
    public static Tensor correlate(Tensor a, Tensor v) { return Routines.correlate(a, v, "valid"); }

    /** numpy.correlate(a, v, mode). */
    public static Tensor correlate(Tensor a, Tensor v, String mode) { return Routines.correlate(a, v, mode); }

    /** numpy.linalg.det. */
    public static Tensor det(Tensor a) { return Linalg.det(a); }

    /** numpy.linalg.pinv. */
    public static Tensor pinv(Tensor a) { return Linalg.pinv(a); }

    /** numpy.linalg.matrix_rank. */
    public static Tensor matrixRank(Tensor a) { return Linalg.matrixRank(a); }

    /** numpy.linalg.matrix_power. */
    public static Tensor matrixPower(Tensor a, long n) { return Linalg.matrixPower(a, n); }

    /** numpy.linalg.multi_dot. */
    public static Tensor multiDot(List<Tensor> arrays) { return Linalg.multiDot(arrays); }

    /** numpy.isneginf. */
    public static Tensor isneginf(Tensor x) { return Routines.isinfWithSign(x, true); }

    /** numpy.isposinf. */
    public static Tensor isposinf(Tensor x) { return Routines.isinfWithSign(x, false); }

    /** numpy.fabs: the absolute value as a float. */
    public static Tensor fabs(Tensor x) { return Routines.fabs(x); }

    /** numpy.fix: rounds toward zero (numpy 2 keeps integer dtypes). */
    public static Tensor fix(Tensor x) { return trunc(x); }

    /** numpy.divmod(a, b): [a // b, a % b]. */
    public static List<Tensor> divmod(Tensor a, Object b) { return Routines.divmod(a, b); }

    /** numpy.rot90(m): one quarter turn in the plane of the first two axes. */
    public static Tensor rot90(Tensor m) { return Routines.rot90(m, 1, 0, 1); }

    /** numpy.rot90(m, k, axes=(axis0, axis1)). */
    public static Tensor rot90(Tensor m, int k, int axis0, int axis1) { return Routines.rot90(m, k, axis0, axis1); }

    /** numpy.fliplr. */
    public static Tensor fliplr(Tensor m) { return Routines.fliplr(m); }

    /** numpy.flipud. */
    public static Tensor flipud(Tensor m) { return Routines.flipud(m); }

    /** numpy.hsplit(a, sections). */
    public static List<Tensor> hsplit(Tensor a, int sections) { return Routines.splitAlong(a, sections, "hsplit"); }

    /** numpy.vsplit(a, sections). */
    public static List<Tensor> vsplit(Tensor a, int sections) { return Routines.splitAlong(a, sections, "vsplit"); }

    /** numpy.dsplit(a, sections). */
    public static List<Tensor> dsplit(Tensor a, int sections) { return Routines.splitAlong(a, sections, "dsplit"); }

    /** numpy.diagflat(v, k): the flattened input on the k-th diagonal. */
    public static Tensor diagflat(Tensor v, long k) { return diag(ravel(v), k); }

    /** numpy.diagflat(v). */
    public static Tensor diagflat(Tensor v) { return diag(ravel(v), 0); }

    /** numpy.tri(n, m, k). */
    public static Tensor tri(long n, long m, long k) { return Routines.tri(n, m, k); }

    /** numpy.tri(n). */
    public static Tensor tri(long n) { return Routines.tri(n, n, 0); }

    /** numpy.vander(x, n, increasing). */
    public static Tensor vander(Tensor x, long n, boolean increasing) { return Routines.vander(x, n, increasing); }

    /** numpy.vander(x): square, decreasing powers. */
    public static Tensor vander(Tensor x) { return Routines.vander(x, x.ndim() == 1 ? x.shape()[0] : 0, false); }

    /** numpy.resize(a, newShape). */
    public static Tensor resize(Tensor a, long... newShape) { return Routines.resize(a, newShape); }

    /** numpy.unravel_index(indices, shape): one index tensor per dimension. */
    public static List<Tensor> unravelIndex(Tensor indices, long... shape) { return Routines.unravelIndex(indices, shape); }

    /** numpy.ravel_multi_index(multiIndex, dims). */
    public static Tensor ravelMultiIndex(List<Tensor> multiIndex, long... dims) {
        return Routines.ravelMultiIndex(multiIndex, dims);
    }

    /** numpy.union1d. */
    public static Tensor union1d(Tensor a, Tensor b) { return Routines.union1d(a, b); }

    /** numpy.intersect1d. */
    public static Tensor intersect1d(Tensor a, Tensor b) { return Routines.intersect1d(a, b); }

    /** numpy.setdiff1d. */
    public static Tensor setdiff1d(Tensor a, Tensor b) { return Routines.setdiff1d(a, b); }

    /** numpy.setxor1d. */
    public static Tensor setxor1d(Tensor a, Tensor b) { return Routines.setxor1d(a, b); }

    /** numpy.lexsort(keys): sorted by the last key first. */
    public static Tensor lexsort(List<Tensor> keys) { return Routines.lexsort(keys); }

    // ----- numpy 2's array-API names for functions above -----

    /** numpy.acos = arccos. */
    public static Tensor acos(Tensor x) { return arccos(x); }
    /** numpy.asin = arcsin. */
    public static Tensor asin(Tensor x) { return arcsin(x); }
    /** numpy.atan = arctan. */
    public static Tensor atan(Tensor x) { return arctan(x); }
    /** numpy.acosh = arccosh. */
    public static Tensor acosh(Tensor x) { return arccosh(x); }
    /** numpy.asinh = arcsinh. */
    public static Tensor asinh(Tensor x) { return arcsinh(x); }
    /** numpy.atanh = arctanh. */
    public static Tensor atanh(Tensor x) { return arctanh(x); }
    /** numpy.atan2 = arctan2. */
    public static Tensor atan2(Object a, Object b) { return arctan2(a, b); }
    /** numpy.pow = power. */
    public static Tensor pow(Object a, Object b) { return power(a, b); }
    /** numpy.absolute = abs. */
    public static Tensor absolute(Tensor x) { return abs(x); }

    // ----- complex numbers -----

    /** {@code re + 1j * im} of two real tensors (broadcast), complex64 for float32 parts, else complex128. */
    public static Tensor complex(Object re, Object im) { return ElementwiseOps.binary(ElementwiseFn.MAKE_COMPLEX, re, im); }

    /** numpy.real: the real part (the tensor itself when it is real). */
    public static Tensor real(Tensor x) {
        return x.dtype().isComplex() ? ElementwiseOps.unary(ElementwiseFn.REAL, x) : x;
    }

    /** numpy.imag: the imaginary part (zeros of the tensor's dtype when it is real). */
    public static Tensor imag(Tensor x) {
        return x.dtype().isComplex() ? ElementwiseOps.unary(ElementwiseFn.IMAG, x) : zerosLike(x);
    }

    /** numpy.conj: the complex conjugate (the tensor itself when it is real). */
    public static Tensor conj(Tensor x) {
        return x.dtype().isComplex() ? ElementwiseOps.unary(ElementwiseFn.CONJ, x) : x;
    }

    public static Tensor conjugate(Tensor x) { return conj(x); }

    /** numpy.angle: the argument in radians, arctan2(imag, real) (pi for negative reals, as numpy). */
    public static Tensor angle(Tensor x) {
        return x.dtype().isComplex() ? ElementwiseOps.unary(ElementwiseFn.ANGLE, x) : Routines.angle(x);
    }

    /** numpy.angle(x, deg=True) when {@code deg}. */
    public static Tensor angle(Tensor x, boolean deg) {
        return deg ? ElementwiseOps.unary(ElementwiseFn.DEGREES, angle(x)) : angle(x);
    }

    /** numpy.bitwise_invert = invert. */
    public static Tensor bitwiseInvert(Tensor x) { return invert(x); }
    /** numpy.concat = concatenate. */
    public static Tensor concat(List<Tensor> tensors, int axis) { return concatenate(tensors, axis); }
    /** numpy.permute_dims = transpose with axes. */
    public static Tensor permuteDims(Tensor t, int... axes) { return t.transpose(axes); }
    /** numpy.amax = max. */
    public static Tensor amax(Tensor a) { return a.max(); }
    /** numpy.amin = min. */
    public static Tensor amin(Tensor a) { return a.min(); }
    /** numpy.cumulative_sum along an axis. */
    public static Tensor cumulativeSum(Tensor a, int axis) { return a.cumsum(axis); }
    /** numpy.cumulative_prod along an axis. */
    public static Tensor cumulativeProd(Tensor a, int axis) { return a.cumprod(axis); }

    /** numpy.frexp(x): [mantissas in [0.5, 1) with x's sign, int32 exponents], x = mantissa * 2**exponent. */
    public static List<Tensor> frexp(Tensor x) {
        return List.of(ElementwiseOps.unary(ElementwiseFn.FREXP_MANTISSA, x),
                ElementwiseOps.unary(ElementwiseFn.FREXP_EXPONENT, x));
    }

    /**
     * numpy.partition(a, kth, axis): the k-th smallest value in its sorted place, the smaller ones before it and the
     * larger after. numpy leaves the order inside the two parts unspecified; Mars gives them sorted (the tensor sorted
     * along the axis, by the same parallel sort), which is one valid answer.
     */
    public static Tensor partition(Tensor a, long kth, int axis) {
        checkKth(a, kth, axis, "partition");
        return a.sort(axis);
    }

    /** numpy.argpartition(a, kth, axis): positions that partition a (Mars: the stable argsort, one valid answer). */
    public static Tensor argpartition(Tensor a, long kth, int axis) {
        checkKth(a, kth, axis, "argpartition");
        return a.argsort(axis);
    }

    private static void checkKth(Tensor a, long kth, int axis, String name) {
        if (a.ndim() == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + ": a 0-d tensor has no axis to partition");
        }
        long n = a.shape()[io.mars.types.Shapes.normalizeAxis(axis, a.ndim())];
        if (n != io.mars.types.Shapes.UNKNOWN && (kth < -n || kth >= n)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + ": kth(=" + kth + ") out of bounds (" + n + ")");
        }
    }
}
