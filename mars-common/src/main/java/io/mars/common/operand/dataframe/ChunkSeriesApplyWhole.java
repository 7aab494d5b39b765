package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;

/**
 * The chunk form of {@link SeriesApplyWhole}: its inputs are every chunk of the series, in order; its output one row,
 * the function's value and, as the row label, the column's name; for a {@code result} other than
 * {@link WholeColumnResult#VALUE}, the column the function gave (or its value repeated, {@code BROADCAST}), as many
 * rows as the inputs together, labelled by position.
 */
@WireName("chunk.df.series_apply_whole")
public record ChunkSeriesApplyWhole(byte[] function, DType dtype, WholeColumnResult result)
        implements TableChunkOperand {
}
