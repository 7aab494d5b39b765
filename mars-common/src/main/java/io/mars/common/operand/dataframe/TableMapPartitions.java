package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;

/**
 * A user function of every row chunk of a frame (Dask's {@code map_partitions}, Mars's {@code map_chunk}), giving a
 * frame of {@code columns} of {@code dtypes} (declared or inferred on the client) with any number of rows per chunk;
 * {@code function} is the serialized {@code io.mars.types.TableFunction}. The input's row labels are not passed and
 * the result is labelled by position.
 */
@WireName("df.map_partitions")
public record TableMapPartitions(byte[] function, List<String> columns, List<DType> dtypes) implements TableOperand {
    public TableMapPartitions {
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
    }
}
