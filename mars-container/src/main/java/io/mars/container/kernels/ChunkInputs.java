package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.List;

/** Typed access to a kernel's inputs; a wrong input is a bug in tiling, so it is reported as an internal error. */
final class ChunkInputs {
    private ChunkInputs() {
    }

    static NDArray array(ChunkNode node, List<ChunkData> inputs, int i) {
        ChunkData d = input(node, inputs, i);
        if (d instanceof NDArray a) {
            return a;
        }
        throw wrongInput(node, i, d, "an array");
    }

    static ReductionState state(ChunkNode node, List<ChunkData> inputs, int i) {
        ChunkData d = input(node, inputs, i);
        if (d instanceof ReductionState s) {
            return s;
        }
        throw wrongInput(node, i, d, "a reduction state");
    }

    static void requireAtLeast(ChunkNode node, List<ChunkData> inputs, int n) {
        if (inputs.size() < n) {
            throw internal(node, "needs at least " + n + " input(s), got " + inputs.size());
        }
    }

    static MarsException internal(ChunkNode node, String message) {
        return new MarsException(ErrorCode.INTERNAL_ERROR, node.op().wireName() + " chunk " + node.key() + ": " + message);
    }

    static MarsException shapeMismatch(ChunkNode node, String message) {
        return new MarsException(ErrorCode.SHAPE_MISMATCH, node.op().wireName() + " chunk " + node.key() + ": " + message);
    }

    static String shape(long[] shape) {
        return Shapes.toString(shape);
    }

    private static ChunkData input(ChunkNode node, List<ChunkData> inputs, int i) {
        if (i < 0 || i >= inputs.size()) {
            throw internal(node, "refers to input " + i + " but has " + inputs.size() + " input(s)");
        }
        return inputs.get(i);
    }

    private static MarsException wrongInput(ChunkNode node, int i, ChunkData d, String expected) {
        return internal(node, "input " + i + " is " + (d == null ? "null" : "a " + d.getClass().getSimpleName())
                + ", expected " + expected);
    }
}
