package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.dataframe.ChunkTableHConcat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Dataframes cut by columns as well as rows: a chunk grid of {@code (row chunks, column chunks)} whose chunk
 * {@code (i, j)} is an Arrow batch of row chunk {@code i} holding the columns of group {@code j}
 * ({@link TiledTileable#columnGroups()} names them). Sources wider than {@link TilingConfig#columnChunk()} columns cut
 * their columns into groups; operands that work column by column (maps reading one group per output, column-wise
 * reductions, {@code toTensor}) tile per group. Every other operand reads full-width chunks: the tiler registry
 * stitches each row's column chunks into one ({@link ChunkTableHConcat}, sharing the buffers) before calling a
 * tiler not registered as column-wise, so a new operand is safe without knowing about column groups.
 */
final class WideTables {
    private WideTables() {
    }

    /** Whether {@code t} is a table (chunks without tensor dtype) cut into more than one column chunk. */
    static boolean isWide(TiledTileable t) {
        return t.ndim() == 2 && t.nsplits()[1].length > 1 && !t.chunks().isEmpty() && t.chunks().get(0).dtype() == null;
    }

    /** Column chunk widths cutting {@code columns} columns into groups of at most {@code per} (the last shorter). */
    static long[] columnSplits(long columns, int per) {
        if (columns <= per) {
            return new long[] {columns};
        }
        int count = (int) ((columns + per - 1) / per);
        long[] out = new long[count];
        for (int j = 0; j < count; j++) {
            out[j] = Math.min(per, columns - (long) j * per);
        }
        return out;
    }

    /** {@code names} cut at {@code splits}; null for a single group (the layout of a table cut by rows only). */
    static List<List<String>> groups(List<String> names, long[] splits) {
        if (splits.length <= 1) {
            return null;
        }
        List<List<String>> out = new ArrayList<>(splits.length);
        int at = 0;
        for (long w : splits) {
            out.add(List.copyOf(names.subList(at, at + (int) w)));
            at += (int) w;
        }
        return out;
    }

    /** The column chunk of each column of a wide table, by name; empty when its groups are not known. */
    static Map<String, Integer> groupIndex(TiledTileable t) {
        if (t.columnGroups() == null) {
            return Map.of();
        }
        Map<String, Integer> index = new HashMap<>();
        for (int j = 0; j < t.columnGroups().size(); j++) {
            for (String c : t.columnGroups().get(j)) {
                index.put(c, j);
            }
        }
        return index;
    }

    /** The inputs of {@code node} with every wide table stitched to full width (the others as they are). */
    static List<TiledTileable> fullWidth(TileableNode node, List<TiledTileable> in, TileContext ctx) {
        List<TiledTileable> out = null;
        for (int k = 0; k < in.size(); k++) {
            if (isWide(in.get(k))) {
                if (out == null) {
                    out = new ArrayList<>(in);
                }
                out.set(k, fullWidth(node.inputs().get(k), in.get(k), ctx));
            }
        }
        return out == null ? in : out;
    }

    /**
     * Table {@code key} (tiled as {@code t}) with the column chunks of each row chunk stitched into one; made once per
     * tiling run however many operands read it.
     */
    static TiledTileable fullWidth(String key, TiledTileable t, TileContext ctx) {
        if (!isWide(t)) {
            return t;
        }
        return ctx.stitched(key, () -> {
            long[] rows = t.nsplits()[0];
            int groups = t.nsplits()[1].length;
            long width = NSplits.shape(t.nsplits())[1];
            ChunkTableHConcat op = new ChunkTableHConcat();
            List<ChunkNode> chunks = new ArrayList<>(rows.length);
            for (int i = 0; i < rows.length; i++) {
                List<ChunkNode> row = new ArrayList<>(groups);
                for (int j = 0; j < groups; j++) {
                    row.add(t.chunk(i, j));
                }
                chunks.add(ctx.chunk(key + ".hc" + i, op, row, null, new long[] {rows[i], width}, new int[] {i, 0}));
            }
            return new TiledTileable(new long[][] {rows.clone(), {width}}, chunks);
        });
    }
}
