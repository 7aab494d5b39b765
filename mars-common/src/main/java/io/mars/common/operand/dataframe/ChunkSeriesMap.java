package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/** The chunk form of {@link SeriesMap}. */
@WireName("chunk.df.series_map")
public record ChunkSeriesMap(byte[] function, io.mars.types.DType dtype) implements TableChunkOperand {
}
