package io.mars.common.operand.dataframe;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.DataType;

/** A tensor chunk (rows x columns, or 1-d for a one-column series) of a table chunk's values as {@code dtype}. */
@WireName("chunk.df.to-tensor")
public record ChunkTableToTensor(DataType dtype, boolean series) implements Operand {
}
