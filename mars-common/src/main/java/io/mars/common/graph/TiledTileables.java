package io.mars.common.graph;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.model.NSplits;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Helpers over tiled tileables (tensors and dataframes alike). */
public final class TiledTileables {
    private TiledTileables() {
    }

    /**
     * The same chunks as stored-data placeholders ({@link ChunkFetch} nodes), so later graphs read them instead of
     * recomputing; chunk shapes come from {@code actualShapes} (by chunk key) where given, which also fills in
     * lengths that were unknown at tiling.
     */
    public static TiledTileable asFetch(TiledTileable t, Map<String, long[]> actualShapes) {
        int[] grid = t.grid();
        int ndim = grid.length;
        long[][] nsplits = new long[ndim][];
        for (int a = 0; a < ndim; a++) {
            nsplits[a] = t.nsplits()[a].clone();
        }
        List<ChunkNode> chunks = new ArrayList<>(t.chunks().size());
        ChunkFetch fetch = new ChunkFetch();
        for (int i = 0; i < t.chunks().size(); i++) {
            ChunkNode c = t.chunks().get(i);
            long[] shape = actualShapes.getOrDefault(c.key(), c.shape());
            if (!Shapes.isKnown(shape)) {
                throw new MarsException(ErrorCode.INTERNAL_ERROR, "chunk " + c.key() + " has unknown shape "
                        + Shapes.toString(shape) + " after it was computed");
            }
            int[] idx = NSplits.unflat(grid, i);
            for (int a = 0; a < ndim; a++) {
                long have = nsplits[a][idx[a]];
                if (have != Shapes.UNKNOWN && have != shape[a] && t.nsplits()[a][idx[a]] == Shapes.UNKNOWN) {
                    if (c.op() instanceof io.mars.common.operand.chunk.ChunkMapChunk) {
                        throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "mapChunk: the user function gave"
                                + " the chunks in slice " + idx[a] + " of axis " + a + " different extents along that"
                                + " axis, " + have + " and " + shape[a] + " (chunk " + c.key() + " of shape "
                                + Shapes.toString(shape) + "); the chunks of one slice of the chunk grid must agree:"
                                + " give them the same extent, or rechunk the input to one chunk along the other axes");
                    }
                    throw new MarsException(ErrorCode.INTERNAL_ERROR, "chunks in slice " + idx[a] + " of axis " + a
                            + " have different lengths " + have + " and " + shape[a] + " (chunk " + c.key() + ")");
                }
                nsplits[a][idx[a]] = shape[a];
            }
            chunks.add(c.op() instanceof ChunkFetch && Arrays.equals(c.shape(), shape) ? c
                    : new ChunkNode(c.key(), fetch, List.of(), c.dtype(), shape, c.index()));
        }
        return new TiledTileable(nsplits, chunks, t.columnGroups());
    }
}
