package io.mars.common.operand.dataframe;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.DataType;

/** A 2-d tensor of a dataframe's values (1-d for a series), converted to {@code dtype}; nulls become NaN. */
@WireName("df.to-tensor")
public record DataFrameToTensor(DataType dtype) implements Operand {
}
