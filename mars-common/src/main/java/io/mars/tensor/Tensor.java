package io.mars.tensor;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.TileableNode;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Operand;
import io.mars.common.operand.QuantileMethod;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.ScanFn;
import io.mars.common.operand.tensor.TensorDot;
import io.mars.common.operand.tensor.TensorRechunk;
import io.mars.common.operand.tensor.TensorReduce;
import io.mars.common.operand.tensor.TensorReshape;
import io.mars.common.operand.tensor.TensorTranspose;
import io.mars.types.ChunkFunction;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import io.mars.types.UserFunctions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A lazy n-dimensional array: building expressions only records a graph; {@link #execute(Session)} runs it on a
 * cluster and returns the local result. Method names follow numpy in Java camelCase, with numpy's semantics
 * (broadcasting, dtype promotion, axis handling). Shapes and dtypes are checked eagerly, as numpy would.
 */
public final class Tensor implements io.mars.common.graph.Tileable {
    private final String key;
    private final Operand op;
    private final List<Tensor> inputs;
    private final DataType dtype;
    private final long[] shape;
    /** Non-tensor tileables this tensor is computed from (a dataframe's {@code toTensor()}); empty otherwise. */
    private final List<io.mars.common.graph.Tileable> otherInputs;

    Tensor(Operand op, List<Tensor> inputs, DataType dtype, long[] shape) {
        this(op, inputs, List.of(), dtype, shape);
    }

    private Tensor(Operand op, List<Tensor> inputs, List<io.mars.common.graph.Tileable> otherInputs, DataType dtype,
                   long[] shape) {
        this.key = io.mars.common.wire.TileableKeys.newKey("t", op, otherInputs.isEmpty() ? inputs
                : java.util.stream.Stream.concat(inputs.stream(), otherInputs.stream()).toList());
        this.op = op;
        this.inputs = List.copyOf(inputs);
        this.otherInputs = List.copyOf(otherInputs);
        this.dtype = dtype;
        this.shape = shape.clone();
        Shapes.checkShape(this.shape);
        io.mars.Eager.created(this);
    }

    /**
     * A tensor computed by {@code op} from a non-tensor tileable (a dataframe or series); for the dataframe API's
     * {@code toTensor()}.
     */
    public static Tensor fromTileable(Operand op, io.mars.common.graph.Tileable input, DataType dtype, long[] shape) {
        return new Tensor(op, List.of(), List.of(input), dtype, shape);
    }

    /**
     * A tensor computed by {@code op} from several tileables (a spawned call's arguments, say); for the API's own
     * operations.
     */
    public static Tensor fromTileables(Operand op, List<? extends io.mars.common.graph.Tileable> inputs,
                                       DataType dtype, long[] shape) {
        return new Tensor(op, List.of(), List.copyOf(inputs), dtype, shape);
    }

    // ----- metadata -----

    @Override
    public String key() {
        return key;
    }

    public DataType dtype() {
        return dtype;
    }

    public long[] shape() {
        return shape.clone();
    }

    public int ndim() {
        return shape.length;
    }

    /** The number of elements, or -1 ({@code Shapes.UNKNOWN}) when a dimension is known only after computing. */
    public long size() {
        return Shapes.size(shape);
    }

    public Operand op() {
        return op;
    }

    public List<Tensor> inputs() {
        return inputs;
    }

    @Override
    public List<? extends io.mars.common.graph.Tileable> tileableInputs() {
        return otherInputs.isEmpty() ? inputs : otherInputs;
    }

    /** This tensor as a node of a tileable graph. */
    @Override
    public TileableNode toNode() {
        List<String> in = new ArrayList<>(inputs.size());
        for (io.mars.common.graph.Tileable t : tileableInputs()) {
            in.add(t.key());
        }
        return new TileableNode(key, op, in, dtype, shape);
    }

    /** Runs the graph that produces this tensor and returns its value. */
    public NDArray execute(Session session) {
        return session.execute(this);
    }

    // ----- element-wise arithmetic -----

    public Tensor add(Tensor o) { return binary(ElementwiseFn.ADD, this, o); }
    public Tensor add(double s) { return binary(ElementwiseFn.ADD, this, Scalar.of(s)); }
    public Tensor add(long s) { return binary(ElementwiseFn.ADD, this, Scalar.of(s)); }
    public Tensor subtract(Tensor o) { return binary(ElementwiseFn.SUBTRACT, this, o); }
    public Tensor subtract(double s) { return binary(ElementwiseFn.SUBTRACT, this, Scalar.of(s)); }
    public Tensor subtract(long s) { return binary(ElementwiseFn.SUBTRACT, this, Scalar.of(s)); }
    /** {@code s - this}. */
    public Tensor rsubtract(double s) { return binary(ElementwiseFn.SUBTRACT, Scalar.of(s), this); }
    public Tensor multiply(Tensor o) { return binary(ElementwiseFn.MULTIPLY, this, o); }
    public Tensor multiply(double s) { return binary(ElementwiseFn.MULTIPLY, this, Scalar.of(s)); }
    public Tensor multiply(long s) { return binary(ElementwiseFn.MULTIPLY, this, Scalar.of(s)); }
    public Tensor divide(Tensor o) { return binary(ElementwiseFn.DIVIDE, this, o); }
    public Tensor divide(double s) { return binary(ElementwiseFn.DIVIDE, this, Scalar.of(s)); }
    public Tensor divide(long s) { return binary(ElementwiseFn.DIVIDE, this, Scalar.of(s)); }
    /** {@code s / this}. */
    public Tensor rdivide(double s) { return binary(ElementwiseFn.DIVIDE, Scalar.of(s), this); }
    public Tensor power(Tensor o) { return binary(ElementwiseFn.POWER, this, o); }
    public Tensor power(double s) { return binary(ElementwiseFn.POWER, this, Scalar.of(s)); }
    public Tensor power(long s) { return binary(ElementwiseFn.POWER, this, Scalar.of(s)); }

    // numpy's arithmetic with a Python complex (Scalar.complex(re, im), Scalar.J): float32 and complex64 tensors
    // give complex64, every other dtype complex128
    /** {@code this + s}; {@code x.add(Scalar.complex(1, 2))} is numpy's {@code x + (1+2j)}. */
    public Tensor add(Scalar s) { return binary(ElementwiseFn.ADD, this, s); }
    public Tensor subtract(Scalar s) { return binary(ElementwiseFn.SUBTRACT, this, s); }
    /** {@code s - this}. */
    public Tensor rsubtract(Scalar s) { return binary(ElementwiseFn.SUBTRACT, s, this); }
    /** {@code this * s}; {@code x.multiply(Scalar.J)} is numpy's {@code x * 1j}. */
    public Tensor multiply(Scalar s) { return binary(ElementwiseFn.MULTIPLY, this, s); }
    public Tensor divide(Scalar s) { return binary(ElementwiseFn.DIVIDE, this, s); }
    /** {@code s / this}. */
    public Tensor rdivide(Scalar s) { return binary(ElementwiseFn.DIVIDE, s, this); }
    public Tensor power(Scalar s) { return binary(ElementwiseFn.POWER, this, s); }
    public Tensor equal(Scalar s) { return binary(ElementwiseFn.EQUAL, this, s); }
    public Tensor notEqual(Scalar s) { return binary(ElementwiseFn.NOT_EQUAL, this, s); }
    public Tensor negative() { return unary(ElementwiseFn.NEGATIVE); }
    public Tensor abs() { return unary(ElementwiseFn.ABS); }
    public Tensor sqrt() { return unary(ElementwiseFn.SQRT); }
    public Tensor exp() { return unary(ElementwiseFn.EXP); }
    public Tensor log() { return unary(ElementwiseFn.LOG); }

    // ----- comparisons (bool results) -----

    public Tensor less(Tensor o) { return binary(ElementwiseFn.LESS, this, o); }
    public Tensor less(double s) { return binary(ElementwiseFn.LESS, this, Scalar.of(s)); }
    public Tensor lessEqual(Tensor o) { return binary(ElementwiseFn.LESS_EQUAL, this, o); }
    public Tensor lessEqual(double s) { return binary(ElementwiseFn.LESS_EQUAL, this, Scalar.of(s)); }
    public Tensor greater(Tensor o) { return binary(ElementwiseFn.GREATER, this, o); }
    public Tensor greater(double s) { return binary(ElementwiseFn.GREATER, this, Scalar.of(s)); }
    public Tensor greaterEqual(Tensor o) { return binary(ElementwiseFn.GREATER_EQUAL, this, o); }
    public Tensor greaterEqual(double s) { return binary(ElementwiseFn.GREATER_EQUAL, this, Scalar.of(s)); }
    public Tensor equal(Tensor o) { return binary(ElementwiseFn.EQUAL, this, o); }
    public Tensor equal(double s) { return binary(ElementwiseFn.EQUAL, this, Scalar.of(s)); }
    public Tensor notEqual(Tensor o) { return binary(ElementwiseFn.NOT_EQUAL, this, o); }
    public Tensor notEqual(double s) { return binary(ElementwiseFn.NOT_EQUAL, this, Scalar.of(s)); }
    /** Short aliases of the comparisons, as Python's operators. */
    public Tensor lt(double s) { return less(s); }
    public Tensor lt(Tensor o) { return less(o); }
    public Tensor le(double s) { return lessEqual(s); }
    public Tensor gt(double s) { return greater(s); }
    public Tensor gt(Tensor o) { return greater(o); }
    public Tensor ge(double s) { return greaterEqual(s); }

    // ----- reductions -----

    public Tensor sum() { return reduce(ReduceFn.SUM, null, false, 0); }
    public Tensor sum(int... axes) { return reduce(ReduceFn.SUM, axes, false, 0); }
    public Tensor sum(int[] axes, boolean keepdims) { return reduce(ReduceFn.SUM, axes, keepdims, 0); }
    public Tensor mean() { return reduce(ReduceFn.MEAN, null, false, 0); }
    public Tensor mean(int... axes) { return reduce(ReduceFn.MEAN, axes, false, 0); }
    public Tensor mean(int[] axes, boolean keepdims) { return reduce(ReduceFn.MEAN, axes, keepdims, 0); }
    public Tensor min() { return reduce(ReduceFn.MIN, null, false, 0); }
    public Tensor min(int... axes) { return reduce(ReduceFn.MIN, axes, false, 0); }
    public Tensor min(int[] axes, boolean keepdims) { return reduce(ReduceFn.MIN, axes, keepdims, 0); }
    public Tensor max() { return reduce(ReduceFn.MAX, null, false, 0); }
    public Tensor max(int... axes) { return reduce(ReduceFn.MAX, axes, false, 0); }
    public Tensor max(int[] axes, boolean keepdims) { return reduce(ReduceFn.MAX, axes, keepdims, 0); }
    public Tensor var() { return reduce(ReduceFn.VAR, null, false, 0); }
    public Tensor var(int... axes) { return reduce(ReduceFn.VAR, axes, false, 0); }
    /** numpy's {@code var(axis=axes, keepdims=keepdims, ddof=ddof)}; {@code axes == null} means all axes. */
    public Tensor var(int[] axes, boolean keepdims, int ddof) { return reduce(ReduceFn.VAR, axes, keepdims, ddof); }
    public Tensor std() { return reduce(ReduceFn.STD, null, false, 0); }
    public Tensor std(int... axes) { return reduce(ReduceFn.STD, axes, false, 0); }
    /** numpy's {@code std(axis=axes, keepdims=keepdims, ddof=ddof)}; {@code axes == null} means all axes. */
    public Tensor std(int[] axes, boolean keepdims, int ddof) { return reduce(ReduceFn.STD, axes, keepdims, ddof); }

    /** numpy's {@code .real}, {@code .imag} and {@code conj()}. */
    public Tensor real() { return Tensors.real(this); }
    public Tensor imag() { return Tensors.imag(this); }
    public Tensor conj() { return Tensors.conj(this); }

    private Tensor reduce(ReduceFn fn, int[] axes, boolean keepdims, int ddof) {
        if (dtype.isComplex()) {
            return Reductions.complexReduce(this, fn, axes, keepdims, ddof);
        }
        int[] norm = Shapes.normalizeAxes(axes, shape.length);
        if (ddof < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "ddof must be >= 0, got " + ddof);
        }
        if (fn.needsIdentity()) {
            for (int a : norm) {
                if (shape[a] == 0) {
                    throw new MarsException(ErrorCode.EMPTY_REDUCTION, "zero-size array to reduction operation "
                            + fn.numpyName() + " which has no identity (axis " + a + " of shape " + Shapes.toString(shape) + ")");
                }
            }
        }
        return new Tensor(new TensorReduce(fn, norm, keepdims, ddof), List.of(this), fn.resultType(dtype),
                Shapes.reduced(shape, norm, keepdims));
    }

    // ----- shape manipulation -----

    /** Reverses the axes. */
    public Tensor transpose() {
        int[] axes = new int[shape.length];
        for (int i = 0; i < axes.length; i++) {
            axes[i] = axes.length - 1 - i;
        }
        return transpose(axes);
    }

    /** Permutes the axes: output axis {@code i} is this tensor's axis {@code axes[i]}. */
    public Tensor transpose(int... axes) {
        if (axes.length != shape.length) {
            throw new MarsException(ErrorCode.AXIS_OUT_OF_RANGE, "axes " + Arrays.toString(axes)
                    + " don't match array of dimension " + shape.length);
        }
        int[] norm = new int[axes.length];
        boolean[] seen = new boolean[axes.length];
        long[] out = new long[axes.length];
        for (int i = 0; i < axes.length; i++) {
            norm[i] = Shapes.normalizeAxis(axes[i], shape.length);
            if (seen[norm[i]]) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "repeated axis in transpose " + Arrays.toString(axes));
            }
            seen[norm[i]] = true;
            out[i] = shape[norm[i]];
        }
        return new Tensor(new TensorTranspose(norm), List.of(this), dtype, out);
    }

    /** numpy's {@code .T}. */
    public Tensor T() {
        return transpose();
    }

    /** The same elements in C order with a new shape; one dimension may be -1. */
    public Tensor reshape(long... newShape) {
        if (!Shapes.isKnown(shape)) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "cannot reshape a tensor of unknown shape "
                    + Shapes.toString(shape) + " to " + Shapes.toString(newShape) + "; execute it first");
        }
        long[] target = newShape.clone();
        int unknown = -1;
        long known = 1;
        for (int i = 0; i < target.length; i++) {
            if (target[i] == -1) {
                if (unknown >= 0) {
                    throw new MarsException(ErrorCode.INVALID_ARGUMENT, "can only specify one unknown dimension in "
                            + Shapes.toString(newShape));
                }
                unknown = i;
            } else if (target[i] < 0) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "negative dimension " + target[i] + " in reshape "
                        + Shapes.toString(newShape));
            } else {
                known *= target[i];
            }
        }
        long total = size();
        if (unknown >= 0) {
            if (known == 0 || total % known != 0) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "cannot reshape array of size " + total
                        + " into shape " + Shapes.toString(newShape));
            }
            target[unknown] = total / known;
        } else if (known != total) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "cannot reshape array of size " + total
                    + " into shape " + Shapes.toString(newShape));
        }
        if (Arrays.equals(target, shape)) {
            return this;
        }
        return new Tensor(new TensorReshape(), List.of(this), dtype, target);
    }

    /** The same tensor cut into other chunks. */
    public Tensor rechunk(ChunkSpec chunks) {
        chunks.resolve(shape, dtype, Long.MAX_VALUE);
        return new Tensor(new TensorRechunk(chunks), List.of(this), dtype, shape);
    }

    // ----- user functions -----

    /**
     * Mars's {@code map_chunk(fn)} with {@code elementwise=True}: {@code fn} of every chunk (a copy it may change),
     * giving the chunk of the result, of the same shape. The result's dtype is inferred as Mars infers it: by calling
     * {@code fn} here, before anything runs, on a mock chunk of this tensor's dtype with 2 elements along every axis;
     * give it with {@link #mapChunk(ChunkFunction, DataType)} when the function cannot take that chunk. A chunk whose
     * result has another dtype is converted to the result's ({@code astype}).
     */
    public Tensor mapChunk(ChunkFunction fn) {
        byte[] bytes = UserFunctions.serialize(fn, "mapChunk");
        long[] mockShape = new long[shape.length];
        Arrays.fill(mockShape, 2);
        NDArray mock = NDArray.allocate(dtype, mockShape);
        for (int i = 0; i < mock.size(); i++) {
            mock.setDouble(i, i + 1);
        }
        NDArray result;
        try {
            result = fn.apply(mock);
        } catch (RuntimeException | LinkageError | AssertionError e) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "mapChunk cannot infer the result's dtype: the"
                    + " function threw " + e + " on a mock chunk of shape " + Shapes.toString(mockShape) + " " + dtype
                    + "; give the dtype: mapChunk(fn, dtype)", e);
        }
        if (result == null) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "mapChunk cannot infer the result's dtype: the"
                    + " function returned null for a mock chunk of shape " + Shapes.toString(mockShape)
                    + "; give the dtype: mapChunk(fn, dtype)");
        }
        return new Tensor(new io.mars.common.operand.tensor.TensorMapChunk(bytes), List.of(this), result.dtype(),
                shape);
    }

    /** {@link #mapChunk(ChunkFunction)} with the result's dtype declared (the function is not called here). */
    public Tensor mapChunk(ChunkFunction fn, DataType dtype) {
        byte[] bytes = UserFunctions.serialize(fn, "mapChunk");
        return new Tensor(new io.mars.common.operand.tensor.TensorMapChunk(bytes), List.of(this),
                java.util.Objects.requireNonNull(dtype, "dtype"), shape);
    }

    /**
     * In a chunk shape given to {@link #mapChunk(ChunkFunction, DataType, long[])}: the input chunk's extent along that
     * axis.
     */
    public static final long SAME_EXTENT = io.mars.common.operand.tensor.TensorMapChunkShaped.SAME;
    /**
     * In a chunk shape given to {@link #mapChunk(ChunkFunction, DataType, long[])}: the extent the function gives along
     * that axis, known once computed.
     */
    public static final long ANY_EXTENT = io.mars.common.operand.tensor.TensorMapChunkShaped.ANY;

    /**
     * Mars's {@code map_chunk(fn, elementwise=False)} with each result chunk's shape declared: {@code fn} of every
     * chunk (a copy) gives a chunk {@code chunkShape[k]} long along axis {@code k}, as long as the input chunk where
     * that is {@link #SAME_EXTENT} (-1), or as long as the function makes it where that is {@link #ANY_EXTENT} (-2),
     * placed where the input chunk was. Along an axis of a declared extent the result's length depends on the chunking
     * (a chunk's sum as {@code {1, 1}} gives one value per chunk): unknown (-1) here, known once tiled; along an axis
     * of {@link #ANY_EXTENT} it is known once computed, and the chunks of one slice of the chunk grid (one row of
     * chunks along axis 0, say) must agree on it. {@code dtype} is declared, the function is not called here; a chunk
     * of another dtype is converted. A chunk of another shape, or chunks that disagree, fail the task with
     * USER_FUNCTION_FAILED.
     */
    public Tensor mapChunk(ChunkFunction fn, DataType dtype, long[] chunkShape) {
        java.util.Objects.requireNonNull(dtype, "dtype");
        java.util.Objects.requireNonNull(chunkShape, "chunkShape");
        if (chunkShape.length != shape.length) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "mapChunk: the chunk shape "
                    + Arrays.toString(chunkShape) + " has " + chunkShape.length + " axes but the tensor of shape "
                    + Shapes.toString(shape) + " has " + shape.length + "; give one extent per axis (-1 keeps the"
                    + " input chunk's, -2 leaves it to the function)");
        }
        long[] out = shape.clone();
        for (int k = 0; k < chunkShape.length; k++) {
            if (chunkShape[k] < ANY_EXTENT) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "mapChunk: the chunk shape "
                        + Arrays.toString(chunkShape) + " has " + chunkShape[k] + " along axis " + k + "; an extent"
                        + " is 0 or more, -1 to keep the input chunk's or -2 to leave it to the function");
            }
            if (chunkShape[k] != SAME_EXTENT) {
                // as many times chunkShape[k] as there are chunks along k, known once tiled; or once computed
                out[k] = Shapes.UNKNOWN;
            }
        }
        byte[] bytes = UserFunctions.serialize(fn, "mapChunk");
        return new Tensor(new io.mars.common.operand.tensor.TensorMapChunkShaped(bytes, chunkShape.clone()),
                List.of(this), dtype, out);
    }

    /**
     * Mars's {@code map_chunk(fn, dtype=dtype, elementwise=elementwise)}: with {@code elementwise} true
     * {@link #mapChunk(ChunkFunction, DataType)} (every chunk keeps its shape); with false every chunk's result may
     * have any shape of as many axes, decided by the function (Mars's default for a function that is not
     * element-wise): the result's shape is unknown (-1 along every axis) until computed, as Mars's is NaN, and the
     * chunks of one slice of the chunk grid must agree on their extent along each axis (checked once computed, a
     * disagreement fails the task with USER_FUNCTION_FAILED). For a 1-d tensor that is any length per chunk: a filter
     * written as a function.
     */
    public Tensor mapChunk(ChunkFunction fn, DataType dtype, boolean elementwise) {
        if (elementwise) {
            return mapChunk(fn, dtype);
        }
        long[] any = new long[shape.length];
        Arrays.fill(any, ANY_EXTENT);
        return mapChunk(fn, dtype, any);
    }

    // ----- linear algebra -----

    /** numpy.dot. */
    public Tensor dot(Tensor o) {
        if (ndim() == 0 || o.ndim() == 0) {
            return multiply(o);
        }
        int axisB = o.ndim() == 1 ? 0 : o.ndim() - 2;
        return tensordot(this, o, new int[] {ndim() - 1}, new int[] {axisB}, "dot");
    }

    /** numpy.matmul ({@code @}), stacks of matrices included (see {@link Linalg#matmul}). */
    public Tensor matmul(Tensor o) {
        if (ndim() == 0 || o.ndim() == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "matmul: input operand does not have enough dimensions (shapes " + Shapes.toString(shape) + " and "
                            + Shapes.toString(o.shape) + "); use multiply for scalars");
        }
        return Linalg.matmul(this, o);
    }

    /** numpy.inner: sums products over the last axes of both. */
    public Tensor inner(Tensor o) {
        if (ndim() == 0 || o.ndim() == 0) {
            return multiply(o);
        }
        return tensordot(this, o, new int[] {ndim() - 1}, new int[] {o.ndim() - 1}, "inner");
    }

    static Tensor tensordot(Tensor a, Tensor b, int[] axesA, int[] axesB, String name) {
        if (axesA.length != axesB.length) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "shape-mismatch for sum: " + axesA.length
                    + " axes of the first operand and " + axesB.length + " of the second");
        }
        int[] na = new int[axesA.length];
        int[] nb = new int[axesB.length];
        for (int i = 0; i < axesA.length; i++) {
            na[i] = Shapes.normalizeAxis(axesA[i], a.ndim());
            nb[i] = Shapes.normalizeAxis(axesB[i], b.ndim());
            if (a.shape[na[i]] != b.shape[nb[i]]) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "shapes " + Shapes.toString(a.shape) + " and "
                        + Shapes.toString(b.shape) + " not aligned: " + a.shape[na[i]] + " (dim " + na[i] + ") != "
                        + b.shape[nb[i]] + " (dim " + nb[i] + ") in " + name);
            }
        }
        if (a.dtype.isComplex() || b.dtype.isComplex()) {
            return complexTensordot(a, b, na, nb, name);
        }
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < a.ndim(); i++) {
            if (!contains(na, i)) {
                out.add(a.shape[i]);
            }
        }
        for (int i = 0; i < b.ndim(); i++) {
            if (!contains(nb, i)) {
                out.add(b.shape[i]);
            }
        }
        return new Tensor(new TensorDot(na, nb), List.of(a, b), DataType.promote(a.dtype, b.dtype),
                out.stream().mapToLong(Long::longValue).toArray());
    }

    /**
     * (ar + i ai) . (br + i bi) = (ar.br - ai.bi) + i (ar.bi + ai.br): four real products (two when one side is real),
     * each the distributed BLAS-backed product of real tensors, of numpy's promoted complex dtype.
     */
    private static Tensor complexTensordot(Tensor a, Tensor b, int[] na, int[] nb, String name) {
        DataType target = DataType.promote(a.dtype, b.dtype);
        Tensor ar = Tensors.real(a);
        Tensor br = Tensors.real(b);
        Tensor re;
        Tensor im;
        if (!a.dtype.isComplex()) {
            re = tensordot(ar, br, na, nb, name);
            im = tensordot(ar, Tensors.imag(b), na, nb, name);
        } else if (!b.dtype.isComplex()) {
            re = tensordot(ar, br, na, nb, name);
            im = tensordot(Tensors.imag(a), br, na, nb, name);
        } else {
            Tensor ai = Tensors.imag(a);
            Tensor bi = Tensors.imag(b);
            re = tensordot(ar, br, na, nb, name).subtract(tensordot(ai, bi, na, nb, name));
            im = tensordot(ar, bi, na, nb, name).add(tensordot(ai, br, na, nb, name));
        }
        Tensor out = Tensors.complex(re, im);
        return out.dtype() == target ? out : out.astype(target);
    }

    private static boolean contains(int[] xs, int x) {
        return Shapes.contains(xs, x);
    }

    // ----- element-wise (area elementwise): operators and ndarray methods; functions are in Tensors -----

    /** numpy's {@code /} ({@code true_divide}): an alias of {@link #divide(Tensor)}. */
    public Tensor trueDivide(Tensor o) { return divide(o); }
    public Tensor trueDivide(double s) { return divide(s); }
    public Tensor trueDivide(long s) { return divide(s); }
    /** numpy's {@code //}: floor of the quotient (floats follow numpy's divmod, integers floor; x // 0 is 0). */
    public Tensor floorDivide(Tensor o) { return ElementwiseOps.binary(ElementwiseFn.FLOOR_DIVIDE, this, o); }
    public Tensor floorDivide(double s) { return ElementwiseOps.binary(ElementwiseFn.FLOOR_DIVIDE, this, s); }
    public Tensor floorDivide(long s) { return ElementwiseOps.binary(ElementwiseFn.FLOOR_DIVIDE, this, s); }
    /** numpy's {@code %} ({@code remainder}): the result has the divisor's sign; integer x % 0 is 0. */
    public Tensor mod(Tensor o) { return ElementwiseOps.binary(ElementwiseFn.MOD, this, o); }
    public Tensor mod(double s) { return ElementwiseOps.binary(ElementwiseFn.MOD, this, s); }
    public Tensor mod(long s) { return ElementwiseOps.binary(ElementwiseFn.MOD, this, s); }
    /** numpy's unary {@code +}: the same values (rejected for bool, as numpy does). */
    public Tensor positive() { return ElementwiseOps.unary(ElementwiseFn.POSITIVE, this); }
    /** numpy's {@code ~}: bitwise not of integers, logical not of bools. */
    public Tensor invert() { return ElementwiseOps.unary(ElementwiseFn.INVERT, this); }
    public Tensor bitwiseAnd(Tensor o) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_AND, this, o); }
    public Tensor bitwiseAnd(long s) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_AND, this, s); }
    public Tensor bitwiseAnd(boolean s) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_AND, this, s); }
    public Tensor bitwiseOr(Tensor o) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_OR, this, o); }
    public Tensor bitwiseOr(long s) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_OR, this, s); }
    public Tensor bitwiseOr(boolean s) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_OR, this, s); }
    public Tensor bitwiseXor(Tensor o) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_XOR, this, o); }
    public Tensor bitwiseXor(long s) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_XOR, this, s); }
    public Tensor bitwiseXor(boolean s) { return ElementwiseOps.binary(ElementwiseFn.BITWISE_XOR, this, s); }
    /** numpy's {@code <<}; a shift by the type's width or more (or a negative one) gives 0, as numpy defines. */
    public Tensor leftShift(Tensor o) { return ElementwiseOps.binary(ElementwiseFn.LEFT_SHIFT, this, o); }
    public Tensor leftShift(long s) { return ElementwiseOps.binary(ElementwiseFn.LEFT_SHIFT, this, s); }
    /** numpy's {@code >>} (arithmetic); a shift by the type's width or more gives 0 or -1, as numpy defines. */
    public Tensor rightShift(Tensor o) { return ElementwiseOps.binary(ElementwiseFn.RIGHT_SHIFT, this, o); }
    public Tensor rightShift(long s) { return ElementwiseOps.binary(ElementwiseFn.RIGHT_SHIFT, this, s); }
    /** Comparisons with an int scalar: compared exactly, whatever the tensor's integer type (as numpy 2). */
    public Tensor less(long s) { return binary(ElementwiseFn.LESS, this, Scalar.of(s)); }
    public Tensor lessEqual(long s) { return binary(ElementwiseFn.LESS_EQUAL, this, Scalar.of(s)); }
    public Tensor greater(long s) { return binary(ElementwiseFn.GREATER, this, Scalar.of(s)); }
    public Tensor greaterEqual(long s) { return binary(ElementwiseFn.GREATER_EQUAL, this, Scalar.of(s)); }
    public Tensor equal(long s) { return binary(ElementwiseFn.EQUAL, this, Scalar.of(s)); }
    public Tensor notEqual(long s) { return binary(ElementwiseFn.NOT_EQUAL, this, Scalar.of(s)); }
    /** ndarray.round(decimals): numpy.around. */
    public Tensor round(int decimals) { return ElementwiseOps.around(this, decimals); }
    public Tensor round() { return ElementwiseOps.around(this, 0); }
    /** ndarray.clip(min, max) with scalar bounds. */
    public Tensor clip(double min, double max) { return ElementwiseOps.clip(this, min, max); }
    public Tensor clip(long min, long max) { return ElementwiseOps.clip(this, min, max); }
    /** ndarray.clip with tensor or scalar bounds; a null bound is missing (numpy's None). */
    public Tensor clip(Object min, Object max) { return ElementwiseOps.clip(this, min, max); }
    /** ndarray.astype(dtype) with numpy's unsafe casting (see {@link Tensors#astype(Tensor, DataType)}). */
    public Tensor astype(DataType dtype) { return ElementwiseOps.astype(this, dtype); }
    /** ndarray.astype by numpy dtype name ({@code "int32"}, ...). */
    public Tensor astype(String dtype) { return ElementwiseOps.astype(this, DataType.fromNumpyName(dtype)); }
    // ----- reductions, quantiles and scans (area reductions; built in Reductions) -----

    public Tensor prod() { return Reductions.reduce(this, ReduceFn.PROD, null, false, 0); }
    public Tensor prod(int... axes) { return Reductions.reduce(this, ReduceFn.PROD, axes, false, 0); }
    public Tensor prod(int[] axes, boolean keepdims) {
        return Reductions.reduce(this, ReduceFn.PROD, axes, keepdims, 0);
    }
    public Tensor all() { return Reductions.reduce(this, ReduceFn.ALL, null, false, 0); }
    public Tensor all(int... axes) { return Reductions.reduce(this, ReduceFn.ALL, axes, false, 0); }
    public Tensor all(int[] axes, boolean keepdims) {
        return Reductions.reduce(this, ReduceFn.ALL, axes, keepdims, 0);
    }
    public Tensor any() { return Reductions.reduce(this, ReduceFn.ANY, null, false, 0); }
    public Tensor any(int... axes) { return Reductions.reduce(this, ReduceFn.ANY, axes, false, 0); }
    public Tensor any(int[] axes, boolean keepdims) {
        return Reductions.reduce(this, ReduceFn.ANY, axes, keepdims, 0);
    }
    public Tensor countNonzero() { return Reductions.reduce(this, ReduceFn.COUNT_NONZERO, null, false, 0); }
    public Tensor countNonzero(int... axes) { return Reductions.reduce(this, ReduceFn.COUNT_NONZERO, axes, false, 0); }
    public Tensor countNonzero(int[] axes, boolean keepdims) {
        return Reductions.reduce(this, ReduceFn.COUNT_NONZERO, axes, keepdims, 0);
    }
    public Tensor ptp() { return Reductions.reduce(this, ReduceFn.PTP, null, false, 0); }
    public Tensor ptp(int... axes) { return Reductions.reduce(this, ReduceFn.PTP, axes, false, 0); }
    public Tensor ptp(int[] axes, boolean keepdims) {
        return Reductions.reduce(this, ReduceFn.PTP, axes, keepdims, 0);
    }
    public Tensor nansum() { return Reductions.reduce(this, ReduceFn.NANSUM, null, false, 0); }
    public Tensor nansum(int... axes) { return Reductions.reduce(this, ReduceFn.NANSUM, axes, false, 0); }
    public Tensor nansum(int[] axes, boolean keepdims) {
        return Reductions.reduce(this, ReduceFn.NANSUM, axes, keepdims, 0);
    }
    public Tensor nanprod() { return Reductions.reduce(this, ReduceFn.NANPROD, null, false, 0); }
    public Tensor nanprod(int... axes) { return Reductions.reduce(this, ReduceFn.NANPROD, axes, false, 0); }
    public Tensor nanprod(int[] axes, boolean keepdims) {
        return Reductions.reduce(this, ReduceFn.NANPROD, axes, keepdims, 0);
    }
    public Tensor nanmean() { return Reductions.reduce(this, ReduceFn.NANMEAN, null, false, 0); }
    public Tensor nanmean(int... axes) { return Reductions.reduce(this, ReduceFn.NANMEAN, axes, false, 0); }
    public Tensor nanmean(int[] axes, boolean keepdims) {
        return Reductions.reduce(this, ReduceFn.NANMEAN, axes, keepdims, 0);
    }
    public Tensor nanmin() { return Reductions.reduce(this, ReduceFn.NANMIN, null, false, 0); }
    public Tensor nanmin(int... axes) { return Reductions.reduce(this, ReduceFn.NANMIN, axes, false, 0); }
    public Tensor nanmin(int[] axes, boolean keepdims) {
        return Reductions.reduce(this, ReduceFn.NANMIN, axes, keepdims, 0);
    }
    public Tensor nanmax() { return Reductions.reduce(this, ReduceFn.NANMAX, null, false, 0); }
    public Tensor nanmax(int... axes) { return Reductions.reduce(this, ReduceFn.NANMAX, axes, false, 0); }
    public Tensor nanmax(int[] axes, boolean keepdims) {
        return Reductions.reduce(this, ReduceFn.NANMAX, axes, keepdims, 0);
    }
    public Tensor nanvar() { return Reductions.reduce(this, ReduceFn.NANVAR, null, false, 0); }
    public Tensor nanvar(int... axes) { return Reductions.reduce(this, ReduceFn.NANVAR, axes, false, 0); }
    /** numpy's {@code nanvar(axis=axes, keepdims=keepdims, ddof=ddof)}; {@code axes == null} means all axes. */
    public Tensor nanvar(int[] axes, boolean keepdims, int ddof) {
        return Reductions.reduce(this, ReduceFn.NANVAR, axes, keepdims, ddof);
    }
    public Tensor nanstd() { return Reductions.reduce(this, ReduceFn.NANSTD, null, false, 0); }
    public Tensor nanstd(int... axes) { return Reductions.reduce(this, ReduceFn.NANSTD, axes, false, 0); }
    /** numpy's {@code nanstd(axis=axes, keepdims=keepdims, ddof=ddof)}; {@code axes == null} means all axes. */
    public Tensor nanstd(int[] axes, boolean keepdims, int ddof) {
        return Reductions.reduce(this, ReduceFn.NANSTD, axes, keepdims, ddof);
    }
    /** Index of the first minimum of the flattened tensor (NaN counts as the minimum, as numpy). */
    public Tensor argmin() { return Reductions.arg(this, ReduceFn.ARGMIN, null, false); }
    public Tensor argmin(int axis) { return Reductions.arg(this, ReduceFn.ARGMIN, axis, false); }
    /** {@code axis == null} flattens, as numpy's {@code axis=None}. */
    public Tensor argmin(Integer axis, boolean keepdims) { return Reductions.arg(this, ReduceFn.ARGMIN, axis, keepdims); }
    public Tensor argmax() { return Reductions.arg(this, ReduceFn.ARGMAX, null, false); }
    public Tensor argmax(int axis) { return Reductions.arg(this, ReduceFn.ARGMAX, axis, false); }
    /** {@code axis == null} flattens, as numpy's {@code axis=None}. */
    public Tensor argmax(Integer axis, boolean keepdims) { return Reductions.arg(this, ReduceFn.ARGMAX, axis, keepdims); }
    public Tensor nanargmin() { return Reductions.arg(this, ReduceFn.NANARGMIN, null, false); }
    public Tensor nanargmin(int axis) { return Reductions.arg(this, ReduceFn.NANARGMIN, axis, false); }
    /** {@code axis == null} flattens, as numpy's {@code axis=None}. */
    public Tensor nanargmin(Integer axis, boolean keepdims) { return Reductions.arg(this, ReduceFn.NANARGMIN, axis, keepdims); }
    public Tensor nanargmax() { return Reductions.arg(this, ReduceFn.NANARGMAX, null, false); }
    public Tensor nanargmax(int axis) { return Reductions.arg(this, ReduceFn.NANARGMAX, axis, false); }
    /** {@code axis == null} flattens, as numpy's {@code axis=None}. */
    public Tensor nanargmax(Integer axis, boolean keepdims) { return Reductions.arg(this, ReduceFn.NANARGMAX, axis, keepdims); }
    /** numpy.average without weights: the mean, float64 for bool and integer tensors. */
    public Tensor average() { return Reductions.average(this, null, null, false); }
    public Tensor average(int... axes) { return Reductions.average(this, null, axes, false); }
    /** The weighted mean; {@code weights} has this shape, or the lengths of the given axes (in their order). */
    public Tensor average(Tensor weights) { return Reductions.average(this, weights, null, false); }
    public Tensor average(Tensor weights, int... axes) { return Reductions.average(this, weights, axes, false); }
    public Tensor average(Tensor weights, int[] axes, boolean keepdims) {
        return Reductions.average(this, weights, axes, keepdims);
    }
    /** The median over the whole reduced extent (gathered into one chunk per output chunk; see Reductions). */
    public Tensor median() { return Reductions.median(this, null, false, false); }
    public Tensor median(int... axes) { return Reductions.median(this, axes, false, false); }
    public Tensor median(int[] axes, boolean keepdims) { return Reductions.median(this, axes, keepdims, false); }
    public Tensor nanmedian() { return Reductions.median(this, null, false, true); }
    public Tensor nanmedian(int... axes) { return Reductions.median(this, axes, false, true); }
    public Tensor nanmedian(int[] axes, boolean keepdims) { return Reductions.median(this, axes, keepdims, true); }
    /** q in [0, 100], linear interpolation. */
    public Tensor percentile(double q) { return percentile(q, null, false, QuantileMethod.LINEAR); }
    public Tensor percentile(double q, int... axes) { return percentile(q, axes, false, QuantileMethod.LINEAR); }
    public Tensor percentile(double q, int[] axes, boolean keepdims, QuantileMethod method) {
        return Reductions.quantile(this, new double[] {q}, true, 100, axes, keepdims, method, false, "percentile");
    }
    /** Several q: the result has a leading axis of length {@code q.length}, as numpy for a list of q. */
    public Tensor percentile(double[] q, int[] axes, boolean keepdims, QuantileMethod method) {
        return Reductions.quantile(this, q.clone(), false, 100, axes, keepdims, method, false, "percentile");
    }
    /** q in [0, 100], linear interpolation. */
    public Tensor nanpercentile(double q) { return nanpercentile(q, null, false, QuantileMethod.LINEAR); }
    public Tensor nanpercentile(double q, int... axes) { return nanpercentile(q, axes, false, QuantileMethod.LINEAR); }
    public Tensor nanpercentile(double q, int[] axes, boolean keepdims, QuantileMethod method) {
        return Reductions.quantile(this, new double[] {q}, true, 100, axes, keepdims, method, true, "nanpercentile");
    }
    /** Several q: the result has a leading axis of length {@code q.length}, as numpy for a list of q. */
    public Tensor nanpercentile(double[] q, int[] axes, boolean keepdims, QuantileMethod method) {
        return Reductions.quantile(this, q.clone(), false, 100, axes, keepdims, method, true, "nanpercentile");
    }
    /** q in [0, 1], linear interpolation. */
    public Tensor quantile(double q) { return quantile(q, null, false, QuantileMethod.LINEAR); }
    public Tensor quantile(double q, int... axes) { return quantile(q, axes, false, QuantileMethod.LINEAR); }
    public Tensor quantile(double q, int[] axes, boolean keepdims, QuantileMethod method) {
        return Reductions.quantile(this, new double[] {q}, true, 1, axes, keepdims, method, false, "quantile");
    }
    /** Several q: the result has a leading axis of length {@code q.length}, as numpy for a list of q. */
    public Tensor quantile(double[] q, int[] axes, boolean keepdims, QuantileMethod method) {
        return Reductions.quantile(this, q.clone(), false, 1, axes, keepdims, method, false, "quantile");
    }
    /** q in [0, 1], linear interpolation. */
    public Tensor nanquantile(double q) { return nanquantile(q, null, false, QuantileMethod.LINEAR); }
    public Tensor nanquantile(double q, int... axes) { return nanquantile(q, axes, false, QuantileMethod.LINEAR); }
    public Tensor nanquantile(double q, int[] axes, boolean keepdims, QuantileMethod method) {
        return Reductions.quantile(this, new double[] {q}, true, 1, axes, keepdims, method, true, "nanquantile");
    }
    /** Several q: the result has a leading axis of length {@code q.length}, as numpy for a list of q. */
    public Tensor nanquantile(double[] q, int[] axes, boolean keepdims, QuantileMethod method) {
        return Reductions.quantile(this, q.clone(), false, 1, axes, keepdims, method, true, "nanquantile");
    }
    /** Cumulative functions over the flattened tensor (numpy's {@code axis=None}), or along one axis. */
    public Tensor cumsum() { return Reductions.scan(this, ScanFn.CUMSUM, null); }
    public Tensor cumsum(int axis) { return Reductions.scan(this, ScanFn.CUMSUM, axis); }
    public Tensor cumprod() { return Reductions.scan(this, ScanFn.CUMPROD, null); }
    public Tensor cumprod(int axis) { return Reductions.scan(this, ScanFn.CUMPROD, axis); }
    public Tensor nancumsum() { return Reductions.scan(this, ScanFn.NANCUMSUM, null); }
    public Tensor nancumsum(int axis) { return Reductions.scan(this, ScanFn.NANCUMSUM, axis); }
    public Tensor nancumprod() { return Reductions.scan(this, ScanFn.NANCUMPROD, null); }
    public Tensor nancumprod(int axis) { return Reductions.scan(this, ScanFn.NANCUMPROD, axis); }
    // ----- shape manipulation and indexing (ShapeIndexing) -----

    /** Basic indexing, numpy's {@code a[1:10:2, :, None, ..., 3]}: see {@link Index}. */
    public Tensor get(Index... index) { return ShapeIndexing.get(this, index); }
    /** An integer index tensor takes along axis 0 ({@code a[idx]}); a bool tensor selects ({@code a[mask]}). */
    public Tensor get(Tensor index) { return ShapeIndexing.get(this, index); }
    /** numpy.take along {@code axis}; indices may be negative, out-of-range ones fail when executed. */
    public Tensor take(Tensor indices, int axis) { return ShapeIndexing.take(this, indices, axis); }
    /** numpy.take on the flattened tensor. */
    public Tensor take(Tensor indices) { return ShapeIndexing.take(this, indices, null); }
    /** The value after numpy's {@code a[mask] = value}, as a new tensor (tensors are immutable). */
    public Tensor put(Tensor mask, double value) { return ShapeIndexing.put(this, mask, Scalar.of(value)); }
    public Tensor put(Tensor mask, long value) { return ShapeIndexing.put(this, mask, Scalar.of(value)); }
    public Tensor put(Tensor mask, boolean value) { return ShapeIndexing.put(this, mask, Scalar.of(value)); }
    /**
     * numpy's {@code x[mask] = value} with a scalar of any kind: {@code Scalar.complex(re, im)} into a complex tensor
     * (a real tensor refuses a complex value, UNSUPPORTED_DTYPE, as numpy raises TypeError).
     */
    public Tensor put(Tensor mask, Scalar value) {
        if (value.kind() == DataType.Kind.COMPLEX && !dtype().isComplex()) {
            throw new io.mars.common.error.MarsException(io.mars.common.error.ErrorCode.UNSUPPORTED_DTYPE,
                    "cannot put the complex value " + value + " into a " + dtype() + " tensor (numpy raises"
                    + " TypeError); make it complex first with astype");
        }
        return ShapeIndexing.put(this, mask, value);
    }
    /**
     * numpy's {@code np.copyto(a, value, where=mask)} as a new tensor: {@code value} broadcasts to this shape and is
     * taken element by element where the mask is true (unlike {@code a[mask] = v}, which reads v in order).
     */
    public Tensor put(Tensor mask, Tensor value) { return ShapeIndexing.put(this, mask, value); }
    public Tensor ravel() { return ShapeIndexing.ravel(this); }
    public Tensor flatten() { return ShapeIndexing.ravel(this); }
    public Tensor swapaxes(int axis1, int axis2) { return ShapeIndexing.swapaxes(this, axis1, axis2); }
    /** Removes every axis of length 1. */
    public Tensor squeeze() { return ShapeIndexing.squeeze(this, null); }
    /** Removes the given axes, which must have length 1. */
    public Tensor squeeze(int... axes) { return ShapeIndexing.squeeze(this, axes); }
    /** Inserts axes of length 1 at the given positions of the result. */
    public Tensor expandDims(int... axes) { return ShapeIndexing.expandDims(this, axes); }
    public Tensor broadcastTo(long... shape) { return ShapeIndexing.broadcastTo(this, shape); }
    /** numpy.repeat on the flattened tensor. */
    public Tensor repeat(long repeats) { return ShapeIndexing.repeat(this, new long[] {repeats}, null); }
    public Tensor repeat(long repeats, int axis) { return ShapeIndexing.repeat(this, new long[] {repeats}, axis); }
    /** numpy.repeat with a count per element along {@code axis} (or one count for all). */
    public Tensor repeat(long[] repeats, int axis) { return ShapeIndexing.repeat(this, repeats, axis); }
    /** Reverses every axis. */
    public Tensor flip() { return ShapeIndexing.flip(this, null); }
    public Tensor flip(int... axes) { return ShapeIndexing.flip(this, axes); }
    /** numpy.roll on the flattened tensor, keeping the shape. */
    public Tensor roll(long shift) { return ShapeIndexing.roll(this, shift, null); }
    public Tensor roll(long shift, int axis) { return ShapeIndexing.roll(this, shift, axis); }

    /** numpy.sort along the last axis. */
    public Tensor sort() { return Sorting.sort(this, -1); }
    /** numpy.sort along {@code axis}. */
    public Tensor sort(int axis) { return Sorting.sort(this, axis); }
    /** numpy.argsort(kind='stable') along the last axis: int64 indices. */
    public Tensor argsort() { return Sorting.argsort(this, -1); }
    /** numpy.argsort(kind='stable') along {@code axis}: int64 indices. */
    public Tensor argsort(int axis) { return Sorting.argsort(this, axis); }
    /**
     * Mars's {@code topk(a, k, axis, largest)}: the k largest ({@code largest}) or smallest values along {@code axis},
     * best first; equal values come lowest position first, NaN after every number. Only k values per line and chunk
     * move between workers: no line is gathered, nothing is sorted whole.
     */
    public Tensor topk(int k, int axis, boolean largest) { return Sorting.topk(this, k, axis, largest, false); }
    /** The positions along {@code axis} of {@link #topk(int, int, boolean)}'s values, in its order: int64. */
    public Tensor argtopk(int k, int axis, boolean largest) { return Sorting.topk(this, k, axis, largest, true); }
    /** ndarray.searchsorted: where {@code v}'s values would be inserted in this sorted 1-d tensor (side 'left'). */
    public Tensor searchsorted(Tensor v) { return Sorting.searchsorted(this, v, "left"); }
    /** ndarray.searchsorted with {@code side} 'left' or 'right'. */
    public Tensor searchsorted(Tensor v, String side) { return Sorting.searchsorted(this, v, side); }
    /** numpy's {@code a.trace()}: the sum of the main diagonal of the first two axes. */
    public Tensor trace() { return Linalg.trace(this); }

    // ----- helpers -----

    private Tensor unary(ElementwiseFn fn) {
        return elementwise(fn, this);
    }

    static Tensor binary(ElementwiseFn fn, Object a, Object b) {
        return elementwise(fn, a, b);
    }

    /** Builds an element-wise node over tensors and {@link Scalar}s with numpy broadcasting and promotion. */
    static Tensor elementwise(ElementwiseFn fn, Object... operands) {
        return ElementwiseOps.apply(fn, operands);
    }

    @Override
    public String toString() {
        return io.mars.Eager.printed(this).orElseGet(this::toLazyString);
    }

    /** What the tensor is without computing it: its operation, shape, dtype and key. */
    public String toLazyString() {
        return "Tensor(" + op.wireName() + ", shape=" + Shapes.toString(shape) + ", dtype=" + dtype + ", key=" + key + ")";
    }
}
