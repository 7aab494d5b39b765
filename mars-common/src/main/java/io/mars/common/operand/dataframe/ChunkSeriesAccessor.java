package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/** The chunk form of {@link SeriesAccessor}. */
@WireName("chunk.df.accessor")
public record ChunkSeriesAccessor(AccessorFn fn, String pattern, String replacement) implements TableChunkOperand {
}
