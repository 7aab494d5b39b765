package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;

/**
 * The chunk form of {@link TableGroupApply}: the function of every group among the rows of its inputs (the pieces of
 * its part of a range shuffle, or one whole chunk), groups in key order, rows of a group in input order.
 */
@WireName("chunk.df.groupby_apply")
public record ChunkTableGroupApply(byte[] function, List<String> keys, List<String> columns, List<DType> dtypes)
        implements TableChunkOperand {
    public ChunkTableGroupApply {
        keys = List.copyOf(keys);
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
    }
}
