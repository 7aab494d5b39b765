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
 * keys are never asked for on the supervisor: only those of the chunks a subtask stores), inputs are held without a
 * list, and the key's number and the dtype share an int.
 */
public final class ChunkNode {
    /** The most a key's number kept apart from its prefix may be (it shares an int with the dtype); larger: whole. */
    static final int MAX_KEY_NUMBER = (1 << 28) - 2;
    private static final DataType[] DTYPES = DataType.values();

    static {
        if (DTYPES.length > 15) {
            throw new ExceptionInInitializerError("ChunkNode keeps a dtype in 4 bits; there are " + DTYPES.length);
        }
    }

    /** The key, or its prefix when the node keeps a number apart. */
    private final String key;
    /** Bits 4 and up: the number ending the key plus one, 0 when {@link #key} is all of it; bits 0-3: the dtype's. */
    private final int numberAndDtype;
    private final Operand op;
    /** No inputs: null; one: that node; more: an array nothing changes. */
    private final Object inputs;
    private final long[] shape;
    private final int[] index;
    private final int serial;

    public ChunkNode(String key, Operand op, List<ChunkNode> inputs, DataType dtype, long[] shape, int[] index) {
        this(key, -1, op, inputs, dtype, shape, index, -1);
    }

    /**
     * A node whose key is {@code keyPrefix} followed by {@code keyNumber} in decimal (as {@code keyPrefix + keyNumber}
     * spells it); the prefix is meant to be shared by many nodes.
     */
    public ChunkNode(String keyPrefix, int keyNumber, Operand op, List<ChunkNode> inputs, DataType dtype, long[] shape,
                     int[] index) {
        this(keyPrefix, checkKeyNumber(keyNumber), op, inputs, dtype, shape, index, -1);
    }

    /**
     * A node made by a tiling run, the {@code serial}-th it made (see {@link #serial()}); its key is {@code keyPrefix}
     * followed by {@code keyNumber}, or {@code keyPrefix} alone when {@code keyNumber} is -1.
     */
    public ChunkNode(String keyPrefix, int keyNumber, Operand op, List<ChunkNode> inputs, DataType dtype, long[] shape,
                     int[] index, int serial) {
        Objects.requireNonNull(keyPrefix, "key");
        if (keyNumber < -1) {
            throw new IllegalArgumentException("a chunk key's number must not be negative, got " + keyNumber);
        }
        if (keyNumber > MAX_KEY_NUMBER) {
            keyPrefix = keyPrefix + keyNumber;
            keyNumber = -1;
        }
        this.key = keyPrefix;
        this.numberAndDtype = (keyNumber + 1) << 4 | (dtype == null ? 0 : dtype.ordinal() + 1);
        this.op = Objects.requireNonNull(op, "op");
        this.inputs = switch (inputs.size()) {
            case 0 -> null;
            case 1 -> Objects.requireNonNull(inputs.get(0), "input");
            default -> nonNull(inputs.toArray(ChunkNode[]::new));
        };
        this.shape = shape;
        this.index = index;
        this.serial = Math.max(-1, serial);
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

    /** The number ending the key when kept apart from its prefix, else -1. */
    private int keyNumber() {
        return (numberAndDtype >>> 4) - 1;
    }

    /** The chunk's key, unique within its session; a new string on each call when the node keeps it in parts. */
    public String key() {
        int number = keyNumber();
        return number < 0 ? key : key + number;
    }

    /**
     * Which node the tiling run that made this one made before it: 0 for its first, 1 for the next... (-1 for a node
     * not made by tiling). Nodes of other runs share numbers, so this indexes a run's own nodes only: a user checks
     * that the run's node with this number is this one. Tiling and fusion index millions of nodes by it instead of by
     * identity.
     */
    public int serial() {
        return serial;
    }

    /** Whether {@link #key()} equals {@code other}, without spelling the key out. */
    public boolean hasKey(String other) {
        int keyNumber = keyNumber();
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
        int keyNumber = keyNumber();
        int otherNumber = other.keyNumber();
        if (keyNumber >= 0 && otherNumber >= 0 && key.length() == other.key.length()) {
            return keyNumber == otherNumber && key.equals(other.key); // both split before a number of equal place
        }
        return keyNumber < 0 ? other.hasKey(key) : otherNumber < 0 ? hasKey(other.key) : hasKey(other.key());
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
        int code = numberAndDtype & 15;
        return code == 0 ? null : DTYPES[code - 1];
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
