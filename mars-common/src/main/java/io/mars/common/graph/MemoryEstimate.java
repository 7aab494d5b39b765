package io.mars.common.graph;

import io.mars.common.operand.chunk.ChunkArange;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkSparseFromCoo;
import io.mars.common.operand.chunk.ChunkSparseFromDense;
import io.mars.common.operand.chunk.ChunkSparseScale;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.dataframe.ChunkReadParquet;
import io.mars.common.operand.dataframe.ChunkTablePartition;
import io.mars.types.DataType;
import java.util.List;

/**
 * What one subtask holds in memory at its peak, known before it runs: its inputs (held, pinned, for the whole run;
 * a spilled one is read back first) and the most that the chunks it computes hold at once, each intermediate dropped
 * after its last use as the worker does. Sizes come from the chunks' shapes and dtypes; a table chunk counts 8 bytes
 * per cell, and a chunk of unknown length counts as much as the subtask's largest known chunk (a table chunk at
 * least as much as its inputs). A reducer of a shuffle reads one part of each map output: it counts that part.
 *
 * @param inputBytes   bytes of the chunks the subtask reads from storage
 * @param computeBytes the peak bytes of the chunks it computes (outputs and intermediates)
 * @param exact        whether every size was known from a tensor shape (no table, no unknown length): only then is
 *                     the figure firm enough to refuse a subtask before it runs
 */
public record MemoryEstimate(long inputBytes, long computeBytes, boolean exact) {
    /** Inputs and computation together: what the scheduler admits by and the worker must find room for. */
    public long total() {
        long t = inputBytes + computeBytes;
        return t < 0 ? Long.MAX_VALUE : t;
    }

    /**
     * The bytes of a chunk from its shape and dtype, or -1 when its length is unknown; -1 too for a sparse (CSR) block,
     * whose shape is the dense block's and whose size depends on its number of stored entries.
     */
    public static long bytes(ChunkNode c) {
        if (c.op() instanceof ChunkSparseFromCoo || c.op() instanceof ChunkSparseFromDense
                || c.op() instanceof ChunkSparseScale) {
            return -1;
        }
        if (c.op() instanceof ChunkReadParquet read && c.shape().length == 2 && c.shape()[0] < 0) {
            return bytes(new long[] {read.groupRows(), c.shape()[1]}, null); // a filtered row group: at most all of it
        }
        return bytes(c.shape(), c.dtype());
    }

    /**
     * The bytes of a block of {@code shape} with items of {@code dtype} (null: a table, 8 bytes per cell), saturating
     * at {@code Long.MAX_VALUE}; -1 when a length is unknown.
     */
    public static long bytes(long[] shape, DataType dtype) {
        long n = dtype == null ? 8 : dtype.itemSize();
        for (long d : shape) {
            if (d < 0) {
                return -1;
            }
            n = Math.multiplyHigh(n, d) != 0 || n * d < 0 ? Long.MAX_VALUE : n * d;
        }
        return n;
    }

    /** The estimate of {@code subtask}. */
    public static MemoryEstimate of(Subtask subtask) {
        List<ChunkNode> chunks = subtask.chunks();
        int k = chunks.size();
        // nodes by position (a node listed twice counts at its first position): the chunks, then the external inputs
        // in the order first read; the scheduler estimates every subtask of graphs of 10^6, so no maps
        NodeSet nodes = new NodeSet(k + 4);
        for (ChunkNode c : chunks) {
            nodes.add(c);
        }
        int computed = nodes.size();
        for (ChunkNode c : chunks) {
            for (int j = 0, m = c.inputCount(); j < m; j++) {
                nodes.add(c.input(j));
            }
        }
        int all = nodes.size();
        // external inputs that are shuffle map outputs: the bytes of the part one reducer reads
        long[] partial = new long[all];
        boolean[] isPartial = new boolean[all];
        for (int e = computed; e < all; e++) {
            ChunkNode in = nodes.get(e);
            if (in.op() instanceof ChunkTablePartition map) {
                long b = bytes(in);
                partial[e] = b < 0 ? -1 : b / Math.max(1, map.parts());
                isPartial[e] = true;
            }
        }
        long largest = 0;
        boolean exact = true;
        int[] uses = new int[computed];
        boolean[] counted = new boolean[all];
        NodeSet seen = new NodeSet(4); // a chunk's distinct inputs (one reading it twice uses it once)
        for (ChunkNode c : chunks) {
            long b = bytes(c);
            largest = Math.max(largest, b);
            exact &= b >= 0 && c.dtype() != null;
            seen.clear();
            for (int j = 0, m = c.inputCount(); j < m; j++) {
                ChunkNode in = c.input(j);
                if (!seen.addIfAbsent(in)) {
                    continue;
                }
                int p = nodes.indexOf(in);
                if (p < computed) {
                    uses[p]++;
                } else if (!counted[p]) {
                    counted[p] = true;
                    long ib = isPartial[p] ? partial[p] : bytes(in);
                    largest = Math.max(largest, ib);
                    exact &= ib >= 0 && in.dtype() != null;
                }
            }
        }
        long inputs = 0;
        for (int e = computed; e < all; e++) {
            inputs = add(inputs, isPartial[e] && partial[e] >= 0 ? partial[e] : sized(nodes.get(e), largest));
        }
        List<String> outputs = subtask.outputs();
        long live = 0;
        long peak = 0;
        long[] size = new long[computed];
        boolean[] sized = new boolean[computed];
        for (ChunkNode c : chunks) {
            long b = computedBytes(c, nodes, computed, partial, isPartial, size, sized, largest);
            int at = nodes.indexOf(c);
            size[at] = b;
            sized[at] = true;
            peak = Math.max(peak, add(live, b));
            live = add(live, b);
            seen.clear();
            for (int j = 0, m = c.inputCount(); j < m; j++) {
                ChunkNode in = c.input(j);
                int p = nodes.indexOf(in);
                if (p < computed && seen.addIfAbsent(in) && --uses[p] == 0 && !isOutput(in, outputs)) {
                    live -= size[p];
                }
            }
        }
        if (streams(chunks)) {
            // evaluated a block at a time (the worker's fused evaluator): only the output is whole
            peak = Math.min(peak, sized(chunks.get(chunks.size() - 1), largest));
        }
        return new MemoryEstimate(inputs, peak, exact);
    }

    private static boolean isOutput(ChunkNode c, List<String> outputs) {
        if (outputs instanceof KeyList keys) {
            // a fused subtask's outputs are chunks: compare them without spelling out their keys
            for (int i = 0, n = keys.size(); i < n; i++) {
                if (keys.chunk(i).sameKey(c)) {
                    return true;
                }
            }
            return false;
        }
        for (int i = 0, n = outputs.size(); i < n; i++) {
            if (c.hasKey(outputs.get(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Distinct nodes by identity with their positions in the order added: a scan of an array while small (most
     * subtasks hold a few chunks), a {@link ChunkPositions} table beyond.
     */
    private static final class NodeSet {
        private static final int SCAN = 16;
        private ChunkNode[] items;
        private int size;
        private ChunkPositions table;

        NodeSet(int expected) {
            items = new ChunkNode[Math.max(4, expected)];
        }

        int size() {
            return size;
        }

        ChunkNode get(int i) {
            return items[i];
        }

        int indexOf(ChunkNode n) {
            if (table != null) {
                return table.get(n);
            }
            for (int i = 0; i < size; i++) {
                if (items[i] == n) {
                    return i;
                }
            }
            return -1;
        }

        /** Adds {@code n} if absent; whether it was. */
        boolean addIfAbsent(ChunkNode n) {
            if (indexOf(n) >= 0) {
                return false;
            }
            if (size == items.length) {
                items = java.util.Arrays.copyOf(items, size * 2);
            }
            items[size++] = n;
            if (table != null) {
                table.add(n);
            } else if (size > SCAN) {
                table = new ChunkPositions(size * 2);
                for (int i = 0; i < size; i++) {
                    table.add(items[i]);
                }
            }
            return true;
        }

        void add(ChunkNode n) {
            addIfAbsent(n);
        }

        void clear() {
            java.util.Arrays.fill(items, 0, size, null);
            size = 0;
            table = null;
        }
    }

    /**
     * Whether the chunks form a float64 chain the worker evaluates a block at a time: same-shaped random, full and
     * arange sources and element-wise functions, optionally ending in a reduction over every axis. A chain the worker
     * then declines runs chunk by chunk with more memory than estimated, as every subtask did before estimates.
     */
    static boolean streams(List<ChunkNode> chunks) {
        int n = chunks.size();
        if (n < 2) {
            return false;
        }
        ChunkNode last = chunks.get(n - 1);
        int bodyEnd = n;
        if (last.op() instanceof ChunkReduceMap map) {
            if (map.axes().length != last.shape().length) {
                return false;
            }
            bodyEnd = n - 1;
        }
        long[] shape = chunks.get(bodyEnd - 1).shape();
        for (int i = 0; i < bodyEnd; i++) {
            ChunkNode c = chunks.get(i);
            boolean source = c.op() instanceof ChunkRand || c.op() instanceof ChunkFull || c.op() instanceof ChunkArange;
            if (!(source || c.op() instanceof ChunkElementwise) || !java.util.Arrays.equals(c.shape(), shape)
                    || c.dtype() != DataType.FLOAT64 && c.dtype() != DataType.BOOL) {
                return false;
            }
        }
        return true;
    }

    /**
     * The bytes of a chunk the subtask computes: from its shape; else, for a table chunk of unknown length, at least
     * what its inputs hold (a reducer's output holds the rows of its parts), and at least the subtask's largest known
     * chunk.
     */
    private static long computedBytes(ChunkNode c, NodeSet nodes, int computed, long[] partial,
                                      boolean[] isPartial, long[] size, boolean[] sized, long largest) {
        long b = bytes(c);
        if (b >= 0) {
            return b;
        }
        if (c.dtype() != null) {
            return largest;
        }
        long sum = 0;
        for (int j = 0, m = c.inputCount(); j < m; j++) {
            ChunkNode in = c.input(j);
            int p = nodes.indexOf(in);
            long s;
            if (p < computed && sized[p]) {
                s = Math.max(0, size[p]);
            } else if (p >= computed && isPartial[p]) {
                s = Math.max(0, partial[p]);
            } else {
                s = Math.max(0, bytes(in));
            }
            sum = add(sum, s);
        }
        return Math.max(largest, sum);
    }

    private static long sized(ChunkNode c, long largest) {
        long b = bytes(c);
        return b < 0 ? largest : b;
    }

    private static long add(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }
}
