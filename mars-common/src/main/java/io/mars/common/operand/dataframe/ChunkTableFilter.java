package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/** The rows of input chunk 0 where the one bool column of input chunk 1 is true. */
@WireName("chunk.df.filter")
public record ChunkTableFilter() implements TableChunkOperand {
}
