package io.mars.common.wire;

import io.mars.common.operand.Operand;
import io.mars.common.operand.dataframe.AccessorFn;
import io.mars.common.operand.dataframe.AggFn;
import io.mars.common.operand.dataframe.AggSpec;
import io.mars.common.operand.dataframe.ChunkSeriesAccessor;
import io.mars.common.operand.dataframe.ChunkTableDropDuplicates;
import io.mars.common.operand.dataframe.ChunkTableJoin;
import io.mars.common.operand.dataframe.ChunkTablePartition;
import io.mars.common.operand.dataframe.ChunkTablePivots;
import io.mars.common.operand.dataframe.ChunkTableSample;
import io.mars.common.operand.dataframe.ChunkTableSort;
import io.mars.common.operand.dataframe.MergeHow;
import io.mars.common.operand.dataframe.SeriesAccessor;
import io.mars.common.operand.dataframe.TableAggPartial;
import io.mars.common.operand.dataframe.TableAggStates;
import io.mars.common.operand.dataframe.TableConcat;
import io.mars.common.operand.dataframe.TableDropDuplicates;
import io.mars.common.operand.dataframe.TableMerge;
import io.mars.common.operand.dataframe.TableSortValues;
import io.mars.types.DType;
import java.util.List;

/** One instance of every df-ops operand, with values that differ from defaults. */
final class DataFrameOpsOperandSamples {
    private DataFrameOpsOperandSamples() {
    }

    static List<Operand> all() {
        List<AggSpec> aggs = List.of(new AggSpec("x", DType.FLOAT64, AggFn.VAR, "v", 0),
                new AggSpec("s", DType.STRING, AggFn.LAST, "s_last", 1));
        return List.of(
                new TableSortValues(List.of("k", "x"), List.of(true, false)),
                new TableConcat(),
                new TableDropDuplicates(List.of("g")),
                new TableAggPartial(List.of("k"), aggs),
                new TableAggStates(List.of("k", "g"), aggs),
                new SeriesAccessor(AccessorFn.STR_SLICE, null, null, -3, SeriesAccessor.OPEN),
                new ChunkSeriesAccessor(AccessorFn.STR_SLICE, null, null, 1, 4),
                new TableMerge(List.of("k"), List.of("rk"), MergeHow.ANTI, "_l", "_r"),
                new ChunkTableJoin(List.of("a", "b"), List.of("c", "d"), MergeHow.SEMI, 3, "_a", "_b", true),
                new ChunkTableSample(List.of("k"), List.of(false), 7),
                new ChunkTablePivots(List.of("k", "s"), List.of(true, true), 5),
                new ChunkTablePartition(List.of("k"), List.of(true), 9, true, 1_000_000L),
                new ChunkTableSort(List.of("y"), List.of(false)),
                new ChunkTableDropDuplicates(List.of("k", "b")));
    }
}
