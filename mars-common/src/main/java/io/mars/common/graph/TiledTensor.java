package io.mars.common.graph;

import io.mars.common.model.NSplits;
import java.util.List;

/**
 * A tileable after tiling: its chunk lengths per axis and its chunks in C order of the chunk grid.
 *
 * @param columnGroups for a dataframe cut by columns too (more than one column chunk), the column names of each
 *                     column chunk, in order; null otherwise (a tensor, a series, a dataframe of one column chunk)
 */
public record TiledTensor(long[][] nsplits, List<ChunkNode> chunks, List<List<String>> columnGroups) {
    public TiledTensor {
        chunks = List.copyOf(chunks);
        if (chunks.size() != NSplits.chunkCount(nsplits)) {
            throw new IllegalArgumentException("nsplits " + NSplits.toString(nsplits) + " need "
                    + NSplits.chunkCount(nsplits) + " chunks, got " + chunks.size());
        }
        // --- wide ---
        if (columnGroups != null) {
            columnGroups = columnGroups.stream().map(List::copyOf).toList();
            if (nsplits.length != 2 || nsplits[1].length != columnGroups.size()) {
                throw new IllegalArgumentException("column groups " + columnGroups + " do not match nsplits "
                        + NSplits.toString(nsplits));
            }
        }
    }

    /** A tiled tensor, series or dataframe of one column chunk. */
    public TiledTensor(long[][] nsplits, List<ChunkNode> chunks) {
        this(nsplits, chunks, null);
    }

    public int[] grid() {
        return NSplits.gridShape(nsplits);
    }

    public ChunkNode chunk(int... index) {
        return chunks.get(NSplits.flat(grid(), index));
    }

    /** Whether every chunk length is known (no {@code Shapes.UNKNOWN} in the nsplits). */
    public boolean isKnown() {
        for (long[] axis : nsplits) {
            for (long l : axis) {
                if (l == io.mars.types.Shapes.UNKNOWN) {
                    return false;
                }
            }
        }
        return true;
    }

    public int ndim() {
        return nsplits.length;
    }
}
