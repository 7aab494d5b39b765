package io.mars.tensor;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.TileableNode;
import io.mars.common.model.Keys;
import io.mars.common.model.Shapes;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Operand;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.tensor.TensorDot;
import io.mars.common.operand.tensor.TensorElementwise;
import io.mars.common.operand.tensor.TensorRechunk;
import io.mars.common.operand.tensor.TensorReduce;
import io.mars.common.operand.tensor.TensorReshape;
import io.mars.common.operand.tensor.TensorTranspose;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A lazy n-dimensional array: building expressions only records a graph; {@link #execute(Session)} runs it on a
 * cluster and returns the local result. Method names follow numpy in Java camelCase, with numpy's semantics
 * (broadcasting, dtype promotion, axis handling). Shapes and dtypes are checked eagerly, as numpy would.
 */
public final class Tensor {
    private final String key;
    private final Operand op;
    private final List<Tensor> inputs;
    private final DataType dtype;
    private final long[] shape;

    Tensor(Operand op, List<Tensor> inputs, DataType dtype, long[] shape) {
        this.key = Keys.newKey("t");
        this.op = op;
        this.inputs = List.copyOf(inputs);
        this.dtype = dtype;
        this.shape = shape.clone();
        Shapes.checkShape(this.shape);
    }

    // ----- metadata -----

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

    public long size() {
        return Shapes.size(shape);
    }

    public Operand op() {
        return op;
    }

    public List<Tensor> inputs() {
        return inputs;
    }

    /** This tensor as a node of a tileable graph. */
    public TileableNode toNode() {
        List<String> in = new ArrayList<>(inputs.size());
        for (Tensor t : inputs) {
            in.add(t.key);
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

    private Tensor reduce(ReduceFn fn, int[] axes, boolean keepdims, int ddof) {
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

    private static boolean contains(int[] xs, int x) {
        return Shapes.contains(xs, x);
    }

    // >>> area:creation-random — add instance methods directly above this marker (delegate to your area class)
    //
    // >>> area:elementwise — add instance methods directly above this marker (delegate to your area class)
    //
    // >>> area:reductions — add instance methods directly above this marker (delegate to your area class)
    //
    // >>> area:shape-indexing — add instance methods directly above this marker (delegate to your area class)
    //
    // >>> area:sort-sets — add instance methods directly above this marker (delegate to your area class)
    //
    /** numpy's {@code a.trace()}: the sum of the main diagonal of the first two axes. */
    public Tensor trace() { return Linalg.trace(this); }
    // >>> area:linalg-stats — add instance methods directly above this marker (delegate to your area class)
    //
    // >>> area:engine — add instance methods directly above this marker (delegate to your area class)
    //

    // ----- helpers -----

    private Tensor unary(ElementwiseFn fn) {
        return elementwise(fn, this);
    }

    static Tensor binary(ElementwiseFn fn, Object a, Object b) {
        return elementwise(fn, a, b);
    }

    /** Builds an element-wise node over tensors and {@link Scalar}s with numpy broadcasting and promotion. */
    static Tensor elementwise(ElementwiseFn fn, Object... operands) {
        List<Tensor> ins = new ArrayList<>();
        List<Arg> args = new ArrayList<>();
        List<DataType> arrays = new ArrayList<>();
        List<DataType.Kind> scalars = new ArrayList<>();
        long[] shape = null;
        for (Object o : operands) {
            if (o instanceof Tensor t) {
                int idx = ins.indexOf(t);
                if (idx < 0) {
                    idx = ins.size();
                    ins.add(t);
                }
                args.add(Arg.input(idx));
                arrays.add(t.dtype);
                shape = shape == null ? t.shape : Shapes.broadcast(shape, t.shape);
            } else if (o instanceof Scalar s) {
                args.add(Arg.constant(s));
                scalars.add(s.kind());
            } else {
                throw new IllegalArgumentException("not a tensor or scalar: " + o);
            }
        }
        DataType common = ElementwiseFn.commonType(arrays.toArray(DataType[]::new), scalars.toArray(DataType.Kind[]::new));
        DataType result = fn.resultType(common);
        return new Tensor(new TensorElementwise(fn, args), ins, result, shape);
    }

    @Override
    public String toString() {
        return "Tensor(" + op.wireName() + ", shape=" + Shapes.toString(shape) + ", dtype=" + dtype + ", key=" + key + ")";
    }
}
