package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * A table computed row by row from row-aligned inputs (dataframes and series of the same length): select, assign,
 * drop, rename, arithmetic, comparisons, isna, fillna, astype, where.
 */
@WireName("df.map")
public record TableMap(List<ColumnExpr> outputs) implements TableOperand {
    public TableMap {
        outputs = List.copyOf(outputs);
    }
}
