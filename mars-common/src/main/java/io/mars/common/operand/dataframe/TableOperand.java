package io.mars.common.operand.dataframe;

import io.mars.common.operand.Operand;

/**
 * A tileable operand of a dataframe (or series) graph. Sealed: the permits list is the package's one list of its
 * tileable operands; the completeness test checks each has a tiler and a column-pruning rule, since any of them may
 * read tables.
 */
public sealed interface TableOperand extends Operand permits
        DataFrameFromLocal,
        DataFrameFromTensor,
        DataFrameReadCsv,
        DataFrameReadParquet,
        DataFrameTpch,
        DataFrameToTensor,
        DataFrameWrite,
        SeriesAccessor,
        SeriesApplyWhole,
        SeriesMap,
        TableAggPartial,
        TableAggStates,
        TableAggregate,
        TableApplyRows,
        TableAlignSeries,
        TableApplyRowsExpand,
        TableConcat,
        TableDropDuplicates,
        TableEwm,
        TableFilter,
        TableGroupScan,
        TableGroupApply,
        TableHead,
        TableIloc,
        TableMap,
        TableMapPartitions,
        TableMerge,
        TableRequireRows,
        TableRowPositions,
        TableScan,
        TableSortValues,
        TableWindow {
}
