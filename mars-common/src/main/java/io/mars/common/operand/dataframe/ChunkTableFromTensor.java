package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * A table chunk of columns of a tensor chunk: tensor columns {@code [offset, offset + columns.size())} of the chunk
 * (all of them for a chunk holding whole rows; one column group of a wide frame otherwise).
 */
@WireName("chunk.df.from-tensor")
public record ChunkTableFromTensor(List<String> columns, int offset) implements TableChunkOperand {
    public ChunkTableFromTensor {
        columns = List.copyOf(columns);
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be >= 0, got " + offset);
        }
    }

    /** All the columns of a tensor chunk holding whole rows. */
    public ChunkTableFromTensor(List<String> columns) {
        this(columns, 0);
    }
}
