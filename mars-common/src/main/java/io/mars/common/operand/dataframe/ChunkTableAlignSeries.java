package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;

/**
 * The chunk form of {@link TableAlignSeries}: its inputs are the one chunk of each column's series, in column order;
 * its output one chunk of the {@code columns} of {@code dtypes}, with, when {@code labelled}, the union of the labels
 * (of {@code labels}' dtype) as the row labels.
 */
@WireName("chunk.df.align_series")
public record ChunkTableAlignSeries(List<String> columns, List<DType> dtypes, boolean labelled, DType labels)
        implements TableChunkOperand {
}
