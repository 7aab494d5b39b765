package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;

/**
 * A user function of every row of a frame giving several values per row (pandas' {@code DataFrame.apply(func,
 * axis=1, result_type='expand')}), chunk by chunk: a frame of the declared {@code columns} of {@code dtypes}, a row per
 * row; {@code function} is the serialized {@code io.mars.types.RowFunction}, returning a List or an Object[]. With
 * {@code broadcast} (pandas' {@code result_type='broadcast'}) a single value returned is repeated in every column.
 */
@WireName("df.apply_rows_expand")
public record TableApplyRowsExpand(byte[] function, List<String> columns, List<DType> dtypes, boolean broadcast)
        implements TableOperand {
    public TableApplyRowsExpand {
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
    }
}
