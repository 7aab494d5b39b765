package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/** A dataframe whose columns are the columns of a 2-d tensor (or the one column of a 1-d tensor). */
@WireName("df.from-tensor")
public record DataFrameFromTensor(List<String> columns) implements TableOperand {
    public DataFrameFromTensor {
        columns = List.copyOf(columns);
    }
}
