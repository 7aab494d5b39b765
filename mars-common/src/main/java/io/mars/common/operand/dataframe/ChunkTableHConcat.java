package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/**
 * One table chunk holding the columns of its inputs side by side, in input order: the column chunks of one row chunk
 * of a dataframe cut by columns, stitched back to full width for an operand that reads whole rows. The inputs have
 * the same rows; their buffers are shared, not copied.
 */
@WireName("chunk.df.hconcat")
public record ChunkTableHConcat() implements TableChunkOperand {
}
