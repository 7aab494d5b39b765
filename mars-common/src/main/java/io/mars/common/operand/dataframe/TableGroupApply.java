package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;

/**
 * A user function of every group of a frame grouped by {@code keys} (pandas'
 * {@code groupby(keys, sort=True, dropna=True, group_keys=False).apply(func)} for a function returning a frame):
 * the results of the groups, in key order, as a frame of {@code columns} of {@code dtypes}; {@code function} is the
 * serialized {@code io.mars.types.TableFunction}. Rows are range-partitioned by the keys so that each group is whole
 * in one part.
 */
@WireName("df.groupby_apply")
public record TableGroupApply(byte[] function, List<String> keys, List<String> columns, List<DType> dtypes)
        implements TableOperand {
    public TableGroupApply {
        keys = List.copyOf(keys);
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
    }
}
