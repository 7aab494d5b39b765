package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * numpy element-wise functions of input chunks broadcast to the node's shape, and weak constants. Inputs are promoted
 * to {@link ElementwiseFn#commonType}, computed in one of three domains (double for float types, long for integer
 * types, boolean for bool) given by {@link ElementwiseFn#computeType}, rounded or wrapped to that type, and written in
 * the node's dtype. Iteration runs along the last axis of a coalesced {@link Layout}, so same-shaped inputs take one
 * flat loop over the whole chunk. {@code where}'s condition is read as bool in every domain.
 */
final class ElementwiseKernel implements Kernel<ChunkElementwise> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkElementwise op, List<ChunkData> inputs) {
        ElementwiseFn fn = op.fn();
        List<Arg> args = op.args();
        if (args.size() != fn.arity()) {
            throw ChunkInputs.internal(node, fn.numpyName() + " takes " + fn.arity() + " argument(s), got " + args.size());
        }
        List<NDArray> ins = new ArrayList<>(inputs.size());
        List<DataType> inputDtypes = new ArrayList<>(inputs.size());
        for (int k = 0; k < inputs.size(); k++) {
            NDArray a = ChunkInputs.array(node, inputs, k);
            ins.add(a);
            inputDtypes.add(a.dtype());
        }
        int n = fn.operands();
        NDArray[] arrays = new NDArray[n];
        for (int i = 0; i < n; i++) {
            Arg arg = args.get(i);
            if (!arg.isConstant()) {
                if (arg.input() >= ins.size()) {
                    throw ChunkInputs.internal(node, "refers to input " + arg.input() + " but has " + ins.size());
                }
                arrays[i] = ins.get(arg.input());
            }
        }
        DataType common = fn.commonType(args, inputDtypes);
        DataType compute = fn.computeType(common);
        long[] shape = node.shape();
        int size = Shapes.chunkSize(shape);
        if (size == 0) {
            return NDArray.allocate(node.dtype(), shape);
        }
        if (fn == ElementwiseFn.ASTYPE
                || fn == ElementwiseFn.AROUND && common.isInteger() && decimals(args) >= 0) {
            // a conversion only (integers have no decimals to round)
            return Casts.to(sameShape(node, arrays[0], shape), node.dtype());
        }
        int[][] strides = new int[n][];
        for (int i = 0; i < n; i++) {
            strides[i] = arrays[i] == null ? new int[shape.length] : broadcastStrides(node, arrays[i].shapeView(), shape);
        }
        Layout layout = Layout.coalesce(shape, strides);
        NDArray result = switch (compute.kind()) {
            case FLOAT -> computeDouble(fn, args, arrays, compute, layout, shape, size);
            case INT -> computeLong(fn, args, arrays, compute, layout, shape, size);
            case BOOL -> computeBool(fn, args, arrays, layout, shape, size);
            case COMPLEX -> ComplexLoops.compute(fn, args, arrays, compute, layout, shape, size);
        };
        return Casts.to(result, node.dtype());
    }

    /** One call per run along the layout's last axis: {@code io} is the run's start in the output. */
    interface RunBody {
        void run(Layout.Odometer at, int io, int len);
    }

    static void forEachRun(Layout layout, RunBody body) {
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer odometer = layout.odometer();
        for (int r = 0; r < runs; r++, odometer.next()) {
            body.run(odometer, r * len, len);
        }
    }

    private static NDArray computeDouble(ElementwiseFn fn, List<Arg> args, NDArray[] arrays, DataType compute,
            Layout layout, long[] shape, int size) {
        int n = arrays.length;
        double[][] data = new double[n][];
        boolean[] cond = fn == ElementwiseFn.WHERE ? condition(args, arrays) : null;
        for (int i = fn == ElementwiseFn.WHERE ? 1 : 0; i < n; i++) {
            if (arrays[i] != null) {
                data[i] = arrays[i].doubles();
            } else {
                Scalar c = args.get(i).constant();
                double v = c.kind() == DataType.Kind.FLOAT ? c.floatValue() : (double) c.intValue();
                // a weak scalar takes the array's type first: float32 + 0.1 adds 0.1f
                data[i] = new double[] {compute == DataType.FLOAT32 ? (float) v : v};
            }
        }
        int s0 = layout.lastStride(0);
        if (fn.isComparison() || fn.isPredicate()) {
            boolean[] out = new boolean[size];
            if (fn.isPredicate()) {
                forEachRun(layout, (at, io, len) -> DoubleLoops.predicate(fn, data[0], at.offset(0), s0, out, io, len));
            } else {
                int s1 = layout.lastStride(1);
                forEachRun(layout, (at, io, len) ->
                        DoubleLoops.compare(fn, data[0], at.offset(0), s0, data[1], at.offset(1), s1, out, io, len));
            }
            return new NDArray(DataType.BOOL, shape, out);
        }
        double[] out = new double[size];
        switch (fn) {
            case WHERE -> {
                int s1 = layout.lastStride(1);
                int s2 = layout.lastStride(2);
                forEachRun(layout, (at, io, len) -> DoubleLoops.where(cond, at.offset(0), s0, data[1], at.offset(1), s1,
                        data[2], at.offset(2), s2, out, io, len));
            }
            case CLIP -> {
                int s1 = layout.lastStride(1);
                int s2 = layout.lastStride(2);
                forEachRun(layout, (at, io, len) -> DoubleLoops.clip(data[0], at.offset(0), s0, data[1], at.offset(1), s1,
                        data[2], at.offset(2), s2, out, io, len));
            }
            case AROUND -> {
                int decimals = decimals(args);
                boolean single = compute == DataType.FLOAT32;
                forEachRun(layout, (at, io, len) ->
                        DoubleLoops.around(data[0], at.offset(0), s0, decimals, single, out, io, len));
            }
            case NEXTAFTER -> {
                // float32 steps to its own neighbour (numpy computes float32 in float32); the kernel works in double
                boolean single = compute == DataType.FLOAT32;
                int s1 = layout.lastStride(1);
                forEachRun(layout, (at, io, len) -> {
                    int a = at.offset(0);
                    int b = at.offset(1);
                    for (int k = 0; k < len; k++, a += s0, b += s1) {
                        out[io + k] = FloatMath.nextafter(data[0][a], data[1][b], single);
                    }
                });
            }
            case SPACING -> {
                boolean single = compute == DataType.FLOAT32;
                forEachRun(layout, (at, io, len) -> {
                    int a = at.offset(0);
                    for (int k = 0; k < len; k++, a += s0) {
                        out[io + k] = FloatMath.spacing(data[0][a], single);
                    }
                });
            }
            case NAN_TO_NUM -> {
                double nan = param(args, fn, 0);
                double posinf = param(args, fn, 1);
                double neginf = param(args, fn, 2);
                forEachRun(layout, (at, io, len) ->
                        DoubleLoops.nanToNum(data[0], at.offset(0), s0, nan, posinf, neginf, out, io, len));
            }
            default -> {
                if (n == 1) {
                    forEachRun(layout, (at, io, len) -> DoubleLoops.unary(fn, data[0], at.offset(0), s0, out, io, len));
                } else {
                    int s1 = layout.lastStride(1);
                    forEachRun(layout, (at, io, len) ->
                            DoubleLoops.binary(fn, data[0], at.offset(0), s0, data[1], at.offset(1), s1, out, io, len));
                }
            }
        }
        return Casts.fromDoubles(out, compute, shape);
    }

    private static NDArray computeLong(ElementwiseFn fn, List<Arg> args, NDArray[] arrays, DataType compute,
            Layout layout, long[] shape, int size) {
        int n = arrays.length;
        long[][] data = new long[n][];
        boolean[] cond = fn == ElementwiseFn.WHERE ? condition(args, arrays) : null;
        for (int i = fn == ElementwiseFn.WHERE ? 1 : 0; i < n; i++) {
            if (arrays[i] != null) {
                data[i] = arrays[i].longs();
            } else {
                long v = args.get(i).constant().intValue();
                if (fn.checksIntConstants()) {
                    compute.checkFits(v);
                }
                data[i] = new long[] {v};
            }
        }
        int s0 = layout.lastStride(0);
        if (fn.isPredicate()) {
            boolean[] out = new boolean[size];
            Arrays.fill(out, fn == ElementwiseFn.ISFINITE);
            return new NDArray(DataType.BOOL, shape, out);
        }
        if (fn.isComparison()) {
            boolean[] out = new boolean[size];
            int s1 = layout.lastStride(1);
            forEachRun(layout, (at, io, len) ->
                    LongLoops.compare(fn, data[0], at.offset(0), s0, data[1], at.offset(1), s1, out, io, len));
            return new NDArray(DataType.BOOL, shape, out);
        }
        long[] out = new long[size];
        switch (fn) {
            case WHERE -> {
                int s1 = layout.lastStride(1);
                int s2 = layout.lastStride(2);
                forEachRun(layout, (at, io, len) -> LongLoops.where(cond, at.offset(0), s0, data[1], at.offset(1), s1,
                        data[2], at.offset(2), s2, out, io, len));
            }
            case CLIP -> {
                int s1 = layout.lastStride(1);
                int s2 = layout.lastStride(2);
                forEachRun(layout, (at, io, len) -> LongLoops.clip(data[0], at.offset(0), s0, data[1], at.offset(1), s1,
                        data[2], at.offset(2), s2, out, io, len));
            }
            default -> {
                if (n == 1) {
                    forEachRun(layout, (at, io, len) -> LongLoops.unary(fn, data[0], at.offset(0), s0, out, io, len));
                } else {
                    int s1 = layout.lastStride(1);
                    forEachRun(layout, (at, io, len) ->
                            LongLoops.binary(fn, data[0], at.offset(0), s0, data[1], at.offset(1), s1, out, io, len));
                }
            }
        }
        return Casts.fromLongs(out, compute, shape);
    }

    private static NDArray computeBool(ElementwiseFn fn, List<Arg> args, NDArray[] arrays, Layout layout,
            long[] shape, int size) {
        int n = arrays.length;
        boolean[][] data = new boolean[n][];
        for (int i = 0; i < n; i++) {
            data[i] = arrays[i] != null ? arrays[i].booleans() : new boolean[] {truth(args.get(i).constant())};
        }
        boolean[] out = new boolean[size];
        int s0 = layout.lastStride(0);
        if (fn.isPredicate()) {
            Arrays.fill(out, fn == ElementwiseFn.ISFINITE);
            return new NDArray(DataType.BOOL, shape, out);
        }
        switch (fn) {
            case WHERE -> {
                int s1 = layout.lastStride(1);
                int s2 = layout.lastStride(2);
                forEachRun(layout, (at, io, len) -> BoolLoops.where(data[0], at.offset(0), s0, data[1], at.offset(1), s1,
                        data[2], at.offset(2), s2, out, io, len));
            }
            case CLIP -> {
                int s1 = layout.lastStride(1);
                int s2 = layout.lastStride(2);
                forEachRun(layout, (at, io, len) -> BoolLoops.clip(data[0], at.offset(0), s0, data[1], at.offset(1), s1,
                        data[2], at.offset(2), s2, out, io, len));
            }
            default -> {
                if (n == 1) {
                    forEachRun(layout, (at, io, len) -> BoolLoops.unary(fn, data[0], at.offset(0), s0, out, io, len));
                } else {
                    int s1 = layout.lastStride(1);
                    forEachRun(layout, (at, io, len) ->
                            BoolLoops.binary(fn, data[0], at.offset(0), s0, data[1], at.offset(1), s1, out, io, len));
                }
            }
        }
        return new NDArray(DataType.BOOL, shape, out);
    }

    /** where's condition as bools: non-zero (and NaN) is true. */
    static boolean[] condition(List<Arg> args, NDArray[] arrays) {
        return arrays[0] != null ? arrays[0].booleans() : new boolean[] {truth(args.get(0).constant())};
    }

    private static boolean truth(Scalar c) {
        return switch (c.kind()) {
            case FLOAT -> c.floatValue() != 0.0;
            case COMPLEX -> c.floatValue() != 0.0 || c.imagValue() != 0.0;
            case BOOL, INT -> c.intValue() != 0;
        };
    }

    private static int decimals(List<Arg> args) {
        return Math.toIntExact(args.get(1).constant().intValue());
    }

    private static double param(List<Arg> args, ElementwiseFn fn, int k) {
        Scalar c = args.get(fn.operands() + k).constant();
        return c.kind() == DataType.Kind.FLOAT ? c.floatValue() : (double) c.intValue();
    }

    private static NDArray sameShape(ChunkNode node, NDArray a, long[] shape) {
        if (!Arrays.equals(a.shapeView(), shape)) {
            throw ChunkInputs.shapeMismatch(node, "input of shape " + Shapes.toString(a.shapeView())
                    + " does not have the chunk's shape " + Shapes.toString(shape));
        }
        return a;
    }

    /** Strides of an input of shape {@code in} walked over the output shape: 0 on axes it is broadcast along. */
    static int[] broadcastStrides(ChunkNode node, long[] in, long[] out) {
        int nd = out.length;
        int offset = nd - in.length;
        if (offset < 0) {
            throw broadcastError(node, in, out);
        }
        int[] inStrides = Shapes.intStrides(in);
        int[] s = new int[nd];
        for (int d = 0; d < nd; d++) {
            int id = d - offset;
            if (id < 0 || in[id] == 1 && out[d] != 1) {
                s[d] = 0;
            } else if (in[id] == out[d]) {
                s[d] = inStrides[id];
            } else {
                throw broadcastError(node, in, out);
            }
        }
        return s;
    }

    private static MarsException broadcastError(ChunkNode node, long[] in, long[] out) {
        return ChunkInputs.shapeMismatch(node, "input of shape " + Shapes.toString(in)
                + " cannot be broadcast to the chunk's shape " + Shapes.toString(out));
    }
}
