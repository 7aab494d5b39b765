package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/** The chunk form of {@link TableApplyRows}. */
@WireName("chunk.df.apply_rows")
public record ChunkTableApplyRows(byte[] function, io.mars.types.DType dtype) implements TableChunkOperand {
}
