package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ChunkData;
import io.mars.common.model.Shapes;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.tensor.DataType;
import io.mars.tensor.NDArray;
import java.util.ArrayList;
import java.util.List;

/**
 * numpy element-wise functions of input chunks broadcast to the node's shape, and weak constants. Inputs are promoted
 * to {@link ElementwiseFn#commonType}, computed in one of three domains (double for float types, long for integer
 * types, boolean for bool) given by {@link ElementwiseFn#computeType}, rounded or wrapped to that type, and written in
 * the node's dtype. Iteration runs along the last axis of a coalesced {@link Layout}, so same-shaped inputs take one
 * flat loop over the whole chunk.
 */
final class ElementwiseKernel implements Kernel<ChunkElementwise> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkElementwise op, List<ChunkData> inputs) {
        ElementwiseFn fn = op.fn();
        List<Arg> args = op.args();
        if (args.size() != fn.arity()) {
            throw ChunkInputs.internal(node, fn.numpyName() + " takes " + fn.arity() + " argument(s), got " + args.size());
        }
        int n = args.size();
        NDArray[] arrays = new NDArray[n];
        List<DataType> arrayTypes = new ArrayList<>();
        List<DataType.Kind> constantKinds = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Arg arg = args.get(i);
            if (arg.isConstant()) {
                constantKinds.add(arg.constant().kind());
            } else {
                arrays[i] = ChunkInputs.array(node, inputs, arg.input());
                arrayTypes.add(arrays[i].dtype());
            }
        }
        DataType common = ElementwiseFn.commonType(arrayTypes.toArray(new DataType[0]),
                constantKinds.toArray(new DataType.Kind[0]));
        DataType compute = fn.computeType(common);
        long[] shape = node.shape();
        int[][] strides = new int[n][];
        for (int i = 0; i < n; i++) {
            strides[i] = arrays[i] == null ? new int[shape.length] : broadcastStrides(node, arrays[i].shapeView(), shape);
        }
        int size = Shapes.chunkSize(shape);
        if (size == 0) {
            return NDArray.allocate(node.dtype(), shape);
        }
        Layout layout = Layout.coalesce(shape, strides);
        NDArray result = switch (compute.kind()) {
            case FLOAT -> computeDouble(fn, args, arrays, compute, layout, shape, size);
            case INT -> computeLong(fn, args, arrays, compute, layout, shape, size);
            case BOOL -> computeBool(fn, arrays, constants(args), layout, shape, size);
        };
        return Casts.to(result, node.dtype());
    }

    private static NDArray computeDouble(ElementwiseFn fn, List<Arg> args, NDArray[] arrays, DataType compute,
            Layout layout, long[] shape, int size) {
        double[][] data = new double[arrays.length][];
        for (int i = 0; i < arrays.length; i++) {
            if (arrays[i] != null) {
                data[i] = arrays[i].doubles();
            } else {
                Scalar c = args.get(i).constant();
                double v = c.kind() == DataType.Kind.FLOAT ? c.floatValue() : (double) c.intValue();
                // a weak scalar takes the array's type first: float32 + 0.1 adds 0.1f
                data[i] = new double[] {compute == DataType.FLOAT32 ? (float) v : v};
            }
        }
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer odometer = layout.odometer();
        int s0 = layout.lastStride(0);
        if (fn.isComparison()) {
            boolean[] out = new boolean[size];
            int s1 = layout.lastStride(1);
            for (int r = 0; r < runs; r++, odometer.next()) {
                DoubleLoops.compare(fn, data[0], odometer.offset(0), s0, data[1], odometer.offset(1), s1, out, r * len, len);
            }
            return new NDArray(DataType.BOOL, shape, out);
        }
        double[] out = new double[size];
        if (fn.arity() == 1) {
            for (int r = 0; r < runs; r++, odometer.next()) {
                DoubleLoops.unary(fn, data[0], odometer.offset(0), s0, out, r * len, len);
            }
        } else {
            int s1 = layout.lastStride(1);
            for (int r = 0; r < runs; r++, odometer.next()) {
                DoubleLoops.binary(fn, data[0], odometer.offset(0), s0, data[1], odometer.offset(1), s1, out, r * len, len);
            }
        }
        return Casts.fromDoubles(out, compute, shape);
    }

    private static NDArray computeLong(ElementwiseFn fn, List<Arg> args, NDArray[] arrays, DataType compute,
            Layout layout, long[] shape, int size) {
        long[][] data = new long[arrays.length][];
        for (int i = 0; i < arrays.length; i++) {
            if (arrays[i] != null) {
                data[i] = arrays[i].longs();
            } else {
                long v = args.get(i).constant().intValue();
                // comparisons see the exact value (numpy 2 compares out-of-range Python ints correctly)
                if (!fn.isComparison()) {
                    checkFits(v, compute);
                }
                data[i] = new long[] {v};
            }
        }
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer odometer = layout.odometer();
        int s0 = layout.lastStride(0);
        if (fn.isComparison()) {
            boolean[] out = new boolean[size];
            int s1 = layout.lastStride(1);
            for (int r = 0; r < runs; r++, odometer.next()) {
                LongLoops.compare(fn, data[0], odometer.offset(0), s0, data[1], odometer.offset(1), s1, out, r * len, len);
            }
            return new NDArray(DataType.BOOL, shape, out);
        }
        long[] out = new long[size];
        if (fn.arity() == 1) {
            for (int r = 0; r < runs; r++, odometer.next()) {
                LongLoops.unary(fn, data[0], odometer.offset(0), s0, out, r * len, len);
            }
        } else {
            int s1 = layout.lastStride(1);
            for (int r = 0; r < runs; r++, odometer.next()) {
                LongLoops.binary(fn, data[0], odometer.offset(0), s0, data[1], odometer.offset(1), s1, out, r * len, len);
            }
        }
        return Casts.fromLongs(out, compute, shape);
    }

    private static NDArray computeBool(ElementwiseFn fn, NDArray[] arrays, Scalar[] constants, Layout layout,
            long[] shape, int size) {
        boolean[][] data = new boolean[arrays.length][];
        for (int i = 0; i < arrays.length; i++) {
            data[i] = arrays[i] != null ? arrays[i].booleans() : new boolean[] {constants[i].intValue() != 0};
        }
        boolean[] out = new boolean[size];
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer odometer = layout.odometer();
        int s0 = layout.lastStride(0);
        if (fn.arity() == 1) {
            for (int r = 0; r < runs; r++, odometer.next()) {
                BoolLoops.unary(fn, data[0], odometer.offset(0), s0, out, r * len, len);
            }
        } else {
            int s1 = layout.lastStride(1);
            for (int r = 0; r < runs; r++, odometer.next()) {
                BoolLoops.binary(fn, data[0], odometer.offset(0), s0, data[1], odometer.offset(1), s1, out, r * len, len);
            }
        }
        return new NDArray(DataType.BOOL, shape, out);
    }

    private static Scalar[] constants(List<Arg> args) {
        Scalar[] c = new Scalar[args.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = args.get(i).constant();
        }
        return c;
    }

    /** numpy 2 (NEP 50) rejects a Python int that the array's integer type cannot hold instead of wrapping it. */
    private static void checkFits(long v, DataType type) {
        long min;
        long max;
        switch (type) {
            case INT8 -> {
                min = Byte.MIN_VALUE;
                max = Byte.MAX_VALUE;
            }
            case INT16 -> {
                min = Short.MIN_VALUE;
                max = Short.MAX_VALUE;
            }
            case INT32 -> {
                min = Integer.MIN_VALUE;
                max = Integer.MAX_VALUE;
            }
            default -> {
                return;
            }
        }
        if (v < min || v > max) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Python integer " + v + " out of bounds for " + type);
        }
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
