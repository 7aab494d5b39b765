package io.mars.common.graph;

import io.mars.common.operand.Operand;
import io.mars.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * A node of the chunk graph: one block of data produced by a chunk operand from input chunks. Immutable; the arrays
 * returned by {@link #shape()} and {@link #index()} must not be modified (they are not copied, and chunks made by one
 * tiling run share equal ones: chunk graphs are big).
 *
 * <p>A supervisor holds millions of these at once, so a node is kept small (40 bytes with compressed pointers): a key
 * made by tiling as a shared prefix and a number is kept in that form and spelled out when asked for (most chunks'
 * keys are never asked for on the supervisor: only those of the chunks a subtask stores), and inputs are held without
 * a list.
 */
public final class ChunkNode {
    /** The key, or its prefix when {@link #keyNumber} is not negative. */
    private final String key;
    /** The decimal number ending the key, or -1 when {@link #key} is all of it. */
    private final int keyNumber;
    private final Operand op;
    /** No inputs: null; one: that node; more: an array nothing changes. */
    private final Object inputs;
    private final DataType dtype;
    private final long[] shape;
    private final int[] index;

    public ChunkNode(String key, Operand op, List<ChunkNode> inputs, DataType dtype, long[] shape, int[] index) {
        this(op, inputs, dtype, shape, index, key, -1);
    }

    /**
     * A node whose key is {@code keyPrefix} followed by {@code keyNumber} in decimal (as {@code keyPrefix + keyNumber}
     * spells it); the prefix is meant to be shared by many nodes.
     */
    public ChunkNode(String keyPrefix, int keyNumber, Operand op, List<ChunkNode> inputs, DataType dtype, long[] shape,
                     int[] index) {
        this(op, inputs, dtype, shape, index, keyPrefix, checkKeyNumber(keyNumber));
    }

    private ChunkNode(Operand op, List<ChunkNode> inputs, DataType dtype, long[] shape, int[] index, String key,
                      int keyNumber) {
        this.key = Objects.requireNonNull(key, "key");
        this.keyNumber = keyNumber;
        this.op = Objects.requireNonNull(op, "op");
        this.inputs = switch (inputs.size()) {
            case 0 -> null;
            case 1 -> Objects.requireNonNull(inputs.get(0), "input");
            default -> nonNull(inputs.toArray(ChunkNode[]::new));
        };
        this.dtype = dtype;
        this.shape = shape;
        this.index = index;
    }

    private static ChunkNode[] nonNull(ChunkNode[] inputs) {
        for (ChunkNode in : inputs) {
            Objects.requireNonNull(in, "input");
        }
        return inputs;
    }

    private static int checkKeyNumber(int keyNumber) {
        if (keyNumber < 0) {
            throw new IllegalArgumentException("a chunk key's number must not be negative, got " + keyNumber);
        }
        return keyNumber;
    }

    /** The chunk's key, unique within its session; a new string on each call when the node keeps it in parts. */
    public String key() {
        return keyNumber < 0 ? key : key + keyNumber;
    }

    /** Whether {@link #key()} equals {@code other}, without spelling the key out. */
    public boolean hasKey(String other) {
        if (keyNumber < 0) {
            return key.equals(other);
        }
        int digits = other.length() - key.length();
        if (digits < 1 || digits > 10 || !other.startsWith(key)) {
            return false;
        }
        long n = 0;
        for (int i = key.length(); i < other.length(); i++) {
            char c = other.charAt(i);
            if (c < '0' || c > '9' || c == '0' && i == key.length() && digits > 1) {
                return false;
            }
            n = n * 10 + (c - '0');
            if (n > keyNumber) {
                return false;
            }
        }
        return n == keyNumber;
    }

    /** Whether this node and {@code other} have equal keys, spelling neither out when both are kept in parts. */
    boolean sameKey(ChunkNode other) {
        if (other == this) {
            return true;
        }
        if (keyNumber >= 0 && other.keyNumber >= 0) {
            return keyNumber == other.keyNumber && key.equals(other.key);
        }
        return keyNumber < 0 ? other.hasKey(key) : hasKey(other.key);
    }

    public Operand op() {
        return op;
    }

    /** The input chunks, in the order the operand reads them; an unmodifiable list made on each call. */
    public List<ChunkNode> inputs() {
        if (inputs == null) {
            return List.of();
        }
        if (inputs instanceof ChunkNode single) {
            return List.of(single);
        }
        ChunkNode[] all = (ChunkNode[]) inputs;
        return new ArraySlice<>(all, 0, all.length);
    }

    /** How many inputs the node reads (with repeats), without making a list. */
    public int inputCount() {
        if (inputs == null) {
            return 0;
        }
        return inputs instanceof ChunkNode ? 1 : ((ChunkNode[]) inputs).length;
    }

    /** Input {@code i}, without making a list. */
    public ChunkNode input(int i) {
        if (inputs instanceof ChunkNode single) {
            Objects.checkIndex(i, 1);
            return single;
        }
        if (inputs == null) {
            throw new IndexOutOfBoundsException("chunk " + this + " has no inputs, asked for input " + i);
        }
        return ((ChunkNode[]) inputs)[i];
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
        return op.wireName() + "[" + key() + "]";
    }
}
