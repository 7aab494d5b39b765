package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Operand;
import io.mars.common.operand.chunk.ChunkFromArray;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/** Builds small chunk graphs by hand and evaluates them through the standard registry, inputs first. */
final class KernelTesting {
    static final KernelRegistry REGISTRY = KernelRegistry.standard();
    private static final AtomicInteger KEYS = new AtomicInteger();

    private KernelTesting() {
    }

    static ChunkNode node(Operand op, DataType dtype, long[] shape, ChunkNode... inputs) {
        return new ChunkNode("k" + KEYS.incrementAndGet(), op, List.of(inputs), dtype, shape, new int[shape.length]);
    }

    static ChunkNode array(NDArray data) {
        return node(new ChunkFromArray(data), data.dtype(), data.shape());
    }

    static ChunkData eval(ChunkNode node) {
        return eval(node, new IdentityHashMap<>());
    }

    static NDArray evalArray(ChunkNode node) {
        return (NDArray) eval(node);
    }

    private static ChunkData eval(ChunkNode node, Map<ChunkNode, ChunkData> done) {
        ChunkData known = done.get(node);
        if (known != null) {
            return known;
        }
        List<ChunkData> inputs = new ArrayList<>();
        for (ChunkNode in : node.inputs()) {
            inputs.add(eval(in, done));
        }
        ChunkData out = REGISTRY.execute(node, inputs);
        done.put(node, out);
        return out;
    }

    static long[] shape(long... dims) {
        return dims;
    }

    static double[] randomDoubles(Random random, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = random.nextDouble() * 20 - 10;
        }
        return v;
    }

    /** The n-d index of flat position {@code flat} in C order. */
    static long[] unravel(long flat, long[] shape) {
        long[] index = new long[shape.length];
        for (int d = shape.length - 1; d >= 0; d--) {
            index[d] = flat % shape[d];
            flat /= shape[d];
        }
        return index;
    }

    static int ravel(long[] index, long[] shape) {
        long flat = 0;
        for (int d = 0; d < shape.length; d++) {
            flat = flat * shape[d] + index[d];
        }
        return (int) flat;
    }

    /** The element of {@code a} that broadcasts to output index {@code outIndex} (numpy's right-aligned rule). */
    static int broadcastSource(long[] outIndex, long[] inShape) {
        long[] index = new long[inShape.length];
        int offset = outIndex.length - inShape.length;
        for (int d = 0; d < inShape.length; d++) {
            index[d] = inShape[d] == 1 ? 0 : outIndex[d + offset];
        }
        return ravel(index, inShape);
    }

    static int size(long[] shape) {
        return (int) Shapes.size(shape);
    }
}
