package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Shares equal shapes, grid indexes and key prefixes among the chunks one tiling run makes: a graph of 10^6 chunks
 * otherwise holds a few million small arrays and strings, mostly equal ones (every chunk of {@code chunks=1} has shape
 * {@code (1,)}; a chunk made from another at its position, as element-wise ones are, has its index).
 *
 * <p>An array is shared with an input chunk's equal one, else with an equal one seen recently: a direct-mapped cache
 * of a few thousand arrays, which costs one probe and keeps few arrays alive (a table of every distinct index would
 * cost a cache miss per chunk and grow with the graph, for little more sharing).
 */
final class ChunkInterner {
    private static final int CACHE = 1 << 12;
    private final long[][] shapes = new long[CACHE][];
    private final int[][] indexes = new int[CACHE][];
    private final Map<String, String> prefixes = new HashMap<>();
    private String lastPrefix;

    /** An array equal to {@code shape}: an input's, one seen recently, or {@code shape} itself. */
    long[] shape(long[] shape, List<ChunkNode> inputs) {
        if (shape == null) {
            return null;
        }
        for (int i = 0, n = Math.min(inputs.size(), 4); i < n; i++) {
            long[] s = inputs.get(i).shape();
            if (s == shape || Arrays.equals(s, shape)) {
                return s;
            }
        }
        int slot = mix(Arrays.hashCode(shape)) & (CACHE - 1);
        long[] seen = shapes[slot];
        if (Arrays.equals(seen, shape)) {
            return seen;
        }
        shapes[slot] = shape;
        return shape;
    }

    /** An array equal to {@code index}: an input's, one seen recently, or {@code index} itself. */
    int[] index(int[] index, List<ChunkNode> inputs) {
        if (index == null) {
            return null;
        }
        for (int i = 0, n = Math.min(inputs.size(), 4); i < n; i++) {
            int[] s = inputs.get(i).index();
            if (s == index || Arrays.equals(s, index)) {
                return s;
            }
        }
        int slot = mix(Arrays.hashCode(index)) & (CACHE - 1);
        int[] seen = indexes[slot];
        if (Arrays.equals(seen, index)) {
            return seen;
        }
        indexes[slot] = index;
        return index;
    }

    /** The prefix {@code key.substring(0, end)}, shared with the other keys that start with it. */
    String prefix(String key, int end) {
        String last = lastPrefix;
        if (last != null && last.length() == end && key.startsWith(last)) {
            return last; // tilers make runs of chunks keyed by one prefix and consecutive numbers
        }
        String p = prefixes.computeIfAbsent(key.substring(0, end), k -> k);
        lastPrefix = p;
        return p;
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
