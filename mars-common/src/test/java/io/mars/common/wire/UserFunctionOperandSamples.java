package io.mars.common.wire;

import io.mars.common.operand.Operand;
import io.mars.common.operand.chunk.ChunkMapChunk;
import io.mars.common.operand.dataframe.ChunkSeriesMap;
import io.mars.common.operand.dataframe.ChunkTableMapPartitions;
import io.mars.common.operand.dataframe.SeriesMap;
import io.mars.common.operand.dataframe.TableMapPartitions;
import io.mars.common.operand.tensor.TensorMapChunk;
import io.mars.types.ChunkFunction;
import io.mars.types.DType;
import io.mars.types.UserFunctions;
import java.util.List;

/** One instance of every operand that carries a user function, holding a real serialized lambda. */
final class UserFunctionOperandSamples {
    private UserFunctionOperandSamples() {
    }

    static List<Operand> all() {
        byte[] fn = UserFunctions.serialize((ChunkFunction) chunk -> chunk, "sample");
        return List.of(
                new TensorMapChunk(fn),
                new io.mars.common.operand.tensor.TensorMapChunkShaped(fn, new long[] {-1, 1}),
                new ChunkMapChunk(new byte[] {-84, -19, 0, 5, 127}),
                new SeriesMap(fn, DType.STRING),
                new ChunkSeriesMap(fn, DType.TIMESTAMP),
                new TableMapPartitions(fn, List.of("a", "b"), List.of(DType.INT32, DType.BOOL)),
                new ChunkTableMapPartitions(fn, List.of("x"), List.of(DType.FLOAT32)),
                new io.mars.common.operand.dataframe.TableApplyRows(fn, DType.BOOL),
                new io.mars.common.operand.dataframe.ChunkTableApplyRows(fn, DType.INT32),
                new io.mars.common.operand.dataframe.TableGroupApply(fn, List.of("k", "g"), List.of("n"),
                        List.of(DType.INT64)),
                new io.mars.common.operand.dataframe.ChunkTableGroupApply(fn, List.of("k"), List.of("s", "t"),
                        List.of(DType.STRING, DType.TIMESTAMP)),
                new io.mars.common.operand.dataframe.SeriesApplyWhole(fn, DType.FLOAT64,
                        io.mars.common.operand.dataframe.WholeColumnResult.LABELLED_SERIES),
                new io.mars.common.operand.dataframe.ChunkSeriesApplyWhole(fn, DType.STRING,
                        io.mars.common.operand.dataframe.WholeColumnResult.BROADCAST),
                new io.mars.common.operand.dataframe.TableAlignSeries(List.of("a", "b"),
                        List.of(DType.INT64, DType.STRING), true, DType.STRING),
                new io.mars.common.operand.dataframe.ChunkTableAlignSeries(List.of("c"), List.of(DType.FLOAT64),
                        false, DType.INT64),
                new io.mars.common.operand.dataframe.TableApplyRowsExpand(fn, List.of("a", "b"),
                        List.of(DType.INT64, DType.STRING), false),
                new io.mars.common.operand.dataframe.ChunkTableApplyRowsExpand(fn, List.of("t"),
                        List.of(DType.TIMEDELTA), true),
                new io.mars.common.operand.tensor.TensorSpawn(fn, new byte[] {1, 2}, new int[] {0, 2, 1}),
                new io.mars.common.operand.chunk.ChunkSpawn(fn, new byte[0], new int[] {1}),
                new io.mars.common.operand.tensor.TensorFromFunction(fn, io.mars.types.ChunkSpec.of(2, 3)),
                new io.mars.common.operand.chunk.ChunkFromFunction(fn, new long[] {4, 0, 9}));
    }
}
