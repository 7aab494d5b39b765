package io.mars.common.operand.dataframe;

import io.mars.common.operand.Operand;

/**
 * An operand of a chunk graph over table chunks. Sealed: the permits list is the package's one list of its chunk
 * operands; the worker's completeness test checks each has a kernel.
 */
public sealed interface TableChunkOperand extends Operand permits
        ChunkCsvScan,
        ChunkCsvStates,
        ChunkReadCsv,
        ChunkReadParquet,
        ChunkSeriesAccessor,
        ChunkSeriesApplyWhole,
        ChunkSeriesMap,
        ChunkTableAggCombine,
        ChunkTableAggFinal,
        ChunkTableAggMap,
        ChunkTableAlignSeries,
        ChunkTableApplyRows,
        ChunkTableApplyRowsExpand,
        ChunkTableAssemble,
        ChunkTableDropDuplicates,
        ChunkTableFilter,
        ChunkTableFromLocal,
        ChunkTableFromTensor,
        ChunkTableEwm,
        ChunkTableEwmCarry,
        ChunkTableGroupApply,
        ChunkTableGroupScan,
        ChunkTableGroupScanTotal,
        ChunkTableHConcat,
        ChunkTableJoin,
        ChunkTableMap,
        ChunkTableMapPartitions,
        ChunkTablePartition,
        ChunkTablePivots,
        ChunkTableRowPositions,
        ChunkTableSample,
        ChunkTableScan,
        ChunkTableScanTotal,
        ChunkTableSort,
        ChunkTableToTensor,
        ChunkTableWindow,
        ChunkTpch,
        ChunkWrite,
        ChunkWriteCommit {
}
