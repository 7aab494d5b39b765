package io.mars.common.graph;

import io.mars.common.model.NSplits;
import java.util.List;

/** A tileable after tiling: its chunk lengths per axis and its chunks in C order of the chunk grid. */
public record TiledTensor(long[][] nsplits, List<ChunkNode> chunks) {
    public TiledTensor {
        chunks = List.copyOf(chunks);
        if (chunks.size() != NSplits.chunkCount(nsplits)) {
            throw new IllegalArgumentException("nsplits " + NSplits.toString(nsplits) + " need "
                    + NSplits.chunkCount(nsplits) + " chunks, got " + chunks.size());
        }
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
                if (l == io.mars.common.model.Shapes.UNKNOWN) {
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
