package io.mars.common.graph;

import io.mars.common.operand.Operand;
import io.mars.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * A node of the chunk graph: one block of data produced by a chunk operand from input chunks. Immutable; the arrays
 * returned by {@link #shape()} and {@link #index()} must not be modified (they are not copied, chunk graphs are big).
 */
public final class ChunkNode {
    private final String key;
    private final Operand op;
    private final List<ChunkNode> inputs;
    private final DataType dtype;
    private final long[] shape;
    private final int[] index;

    public ChunkNode(String key, Operand op, List<ChunkNode> inputs, DataType dtype, long[] shape, int[] index) {
        this.key = Objects.requireNonNull(key, "key");
        this.op = Objects.requireNonNull(op, "op");
        this.inputs = List.copyOf(inputs);
        this.dtype = dtype;
        this.shape = shape;
        this.index = index;
    }

    public String key() {
        return key;
    }

    public Operand op() {
        return op;
    }

    public List<ChunkNode> inputs() {
        return inputs;
    }

    /** The tensor element type, or null for a chunk of a table (dataframe or series), whose data holds its types. */
    public DataType dtype() {
        return dtype;
    }

    public long[] shape() {
        return shape;
    }

    /** The chunk's position in its tileable's chunk grid. */
    public int[] index() {
        return index;
    }

    @Override
    public String toString() {
        return op.wireName() + "[" + key + "]";
    }
}
