package io.mars.common.operand.dataframe;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import java.util.List;

/** A table chunk of the columns of a tensor chunk holding whole rows. */
@WireName("chunk.df.from-tensor")
public record ChunkTableFromTensor(List<String> columns) implements Operand {
    public ChunkTableFromTensor {
        columns = List.copyOf(columns);
    }
}
