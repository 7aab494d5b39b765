package io.mars.common.operand.dataframe;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.LocalTable;

/** A table chunk whose rows are carried in the operand. */
@WireName("chunk.df.local")
public record ChunkTableFromLocal(LocalTable data) implements Operand {
}
