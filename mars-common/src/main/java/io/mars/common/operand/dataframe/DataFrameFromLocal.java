package io.mars.common.operand.dataframe;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.LocalTable;

/** A dataframe (or series, one column) made from a local table that travels inside the graph, cut into row chunks. */
@WireName("df.local")
public record DataFrameFromLocal(LocalTable data, long chunkRows) implements Operand {
}
