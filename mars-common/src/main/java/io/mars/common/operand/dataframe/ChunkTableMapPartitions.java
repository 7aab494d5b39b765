package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;

/** The chunk form of {@link TableMapPartitions}. */
@WireName("chunk.df.map_partitions")
public record ChunkTableMapPartitions(byte[] function, List<String> columns, List<DType> dtypes)
        implements TableChunkOperand {
    public ChunkTableMapPartitions {
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
    }
}
