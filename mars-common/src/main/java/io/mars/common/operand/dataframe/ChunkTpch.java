package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;
import java.util.Objects;

/** Part {@code part} (1-based, of {@code parts}) of a generated TPC-H table, only {@code columns}. */
@WireName("chunk.df.tpch")
public record ChunkTpch(String table, double scaleFactor, int part, int parts, List<String> columns,
                        List<DType> dtypes) implements TableChunkOperand {
    public ChunkTpch {
        Objects.requireNonNull(table, "table");
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
    }
}
