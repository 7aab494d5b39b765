package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/** The chunk form of {@link SeriesAccessor}. */
@WireName("chunk.df.accessor")
public record ChunkSeriesAccessor(AccessorFn fn, String pattern, String replacement, int start, int stop)
        implements TableChunkOperand {
    public ChunkSeriesAccessor(AccessorFn fn, String pattern, String replacement) {
        this(fn, pattern, replacement, SeriesAccessor.OPEN, SeriesAccessor.OPEN);
    }
}
