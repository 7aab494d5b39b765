package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;

/** The chunk form of {@link TableApplyRowsExpand}. */
@WireName("chunk.df.apply_rows_expand")
public record ChunkTableApplyRowsExpand(byte[] function, List<String> columns, List<DType> dtypes, boolean broadcast)
        implements TableChunkOperand {
    public ChunkTableApplyRowsExpand {
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
    }
}
