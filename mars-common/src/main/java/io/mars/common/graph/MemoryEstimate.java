package io.mars.common.graph;

import io.mars.common.operand.chunk.ChunkArange;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.dataframe.ChunkTablePartition;
import io.mars.types.DataType;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

    /** The bytes of a chunk from its shape and dtype, or -1 when its length is unknown. */
    public static long bytes(ChunkNode c) {
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
        Map<ChunkNode, Integer> uses = new IdentityHashMap<>();
        Map<ChunkNode, Boolean> computed = new IdentityHashMap<>();
        for (ChunkNode c : chunks) {
            computed.put(c, Boolean.TRUE);
        }
        Map<ChunkNode, Long> partial = partBytes(chunks, computed);
        long largest = 0;
        boolean exact = true;
        Map<ChunkNode, Boolean> external = new IdentityHashMap<>();
        // a chunk's distinct inputs (one reading it twice uses it once); cleared for each chunk
        Map<ChunkNode, Boolean> seen = new IdentityHashMap<>();
        for (ChunkNode c : chunks) {
            long b = bytes(c);
            largest = Math.max(largest, b);
            exact &= b >= 0 && c.dtype() != null;
            seen.clear();
            for (ChunkNode in : c.inputs()) {
                if (seen.put(in, Boolean.TRUE) != null) {
                    continue;
                }
                if (computed.containsKey(in)) {
                    uses.merge(in, 1, Integer::sum);
                } else if (external.put(in, Boolean.TRUE) == null) {
                    Long part = partial.get(in);
                    long ib = part != null ? part : bytes(in);
                    largest = Math.max(largest, ib);
                    exact &= ib >= 0 && in.dtype() != null;
                }
            }
        }
        long inputs = 0;
        for (ChunkNode in : external.keySet()) {
            Long part = partial.get(in);
            inputs = add(inputs, part != null && part >= 0 ? part : sized(in, largest));
        }
        Set<String> outputs = Set.copyOf(subtask.outputs());
        long live = 0;
        long peak = 0;
        Map<ChunkNode, Long> size = new IdentityHashMap<>();
        for (ChunkNode c : chunks) {
            long b = computedBytes(c, partial, size, largest);
            size.put(c, b);
            peak = Math.max(peak, add(live, b));
            live = add(live, b);
            seen.clear();
            for (ChunkNode in : c.inputs()) {
                if (computed.containsKey(in) && seen.put(in, Boolean.TRUE) == null
                        && uses.merge(in, -1, Integer::sum) == 0 && !outputs.contains(in.key())) {
                    live -= size.get(in);
                }
            }
        }
        if (streams(chunks)) {
            // evaluated a block at a time (the worker's fused evaluator): only the output is whole
            peak = Math.min(peak, sized(chunks.get(chunks.size() - 1), largest));
        }
        return new MemoryEstimate(inputs, peak, exact);
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
     * The external inputs that are shuffle map outputs (a reducer reads one part of each), with the bytes of one part:
     * the map output's bytes over its part count (-1 when its length is unknown).
     */
    private static Map<ChunkNode, Long> partBytes(List<ChunkNode> chunks, Map<ChunkNode, Boolean> computed) {
        Map<ChunkNode, Long> partial = new IdentityHashMap<>();
        for (ChunkNode c : chunks) {
            for (ChunkNode in : c.inputs()) {
                if (!computed.containsKey(in) && in.op() instanceof ChunkTablePartition map) {
                    long b = bytes(in);
                    partial.put(in, b < 0 ? -1 : b / Math.max(1, map.parts()));
                }
            }
        }
        return partial;
    }

    /**
     * The bytes of a chunk the subtask computes: from its shape; else, for a table chunk of unknown length, at least
     * what its inputs hold (a reducer's output holds the rows of its parts), and at least the subtask's largest known
     * chunk.
     */
    private static long computedBytes(ChunkNode c, Map<ChunkNode, Long> partial, Map<ChunkNode, Long> size,
                                      long largest) {
        long b = bytes(c);
        if (b >= 0) {
            return b;
        }
        if (c.dtype() != null) {
            return largest;
        }
        long sum = 0;
        for (ChunkNode in : c.inputs()) {
            Long s = size.get(in);
            if (s == null) {
                s = partial.get(in);
            }
            sum = add(sum, s != null ? Math.max(0, s) : Math.max(0, bytes(in)));
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
