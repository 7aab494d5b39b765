package io.mars.common.wire;

import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Operand;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkArange;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkBincountAgg;
import io.mars.common.operand.chunk.ChunkBincountCombine;
import io.mars.common.operand.chunk.ChunkBincountMap;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.operand.chunk.ChunkFlatAssemble;
import io.mars.common.operand.chunk.ChunkFromArray;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.operand.chunk.ChunkHistogram;
import io.mars.common.operand.chunk.ChunkHistogramEdges;
import io.mars.common.operand.chunk.ChunkPsrsMerge;
import io.mars.common.operand.chunk.ChunkPsrsPiece;
import io.mars.common.operand.chunk.ChunkPsrsPivots;
import io.mars.common.operand.chunk.ChunkPsrsSample;
import io.mars.common.operand.chunk.ChunkPsrsSort;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkReduceAgg;
import io.mars.common.operand.chunk.ChunkReduceCombine;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.chunk.ChunkSearchSorted;
import io.mars.common.operand.chunk.ChunkSort;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.common.operand.chunk.ChunkTensorDot;
import io.mars.common.operand.chunk.ChunkTranspose;
import io.mars.common.operand.chunk.ChunkUniqueAgg;
import io.mars.common.operand.chunk.ChunkUniqueCombine;
import io.mars.common.operand.chunk.ChunkUniqueMap;
import io.mars.common.operand.tensor.TensorArange;
import io.mars.common.operand.tensor.TensorBincount;
import io.mars.common.operand.tensor.TensorDot;
import io.mars.common.operand.tensor.TensorElementwise;
import io.mars.common.operand.tensor.TensorFromArray;
import io.mars.common.operand.tensor.TensorFull;
import io.mars.common.operand.tensor.TensorHistogram;
import io.mars.common.operand.tensor.TensorHistogramEdges;
import io.mars.common.operand.tensor.TensorRand;
import io.mars.common.operand.tensor.TensorRechunk;
import io.mars.common.operand.tensor.TensorReduce;
import io.mars.common.operand.tensor.TensorReshape;
import io.mars.common.operand.tensor.TensorSearchSorted;
import io.mars.common.operand.tensor.TensorSort;
import io.mars.common.operand.tensor.TensorTranspose;
import io.mars.common.operand.tensor.TensorUnique;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;

/** One instance of every registered operand, with values that differ from defaults (zeros, empties, nulls). */
final class OperandSamples {
    private OperandSamples() {
    }

    static List<Operand> all() {
        List<Operand> all = new java.util.ArrayList<>(List.of(
                new TensorArange(Scalar.of(2.5), Scalar.of(-3L), ChunkSpec.of(7, 9)),
                new TensorDot(new int[] {1, 2}, new int[] {0, 3}),
                new TensorElementwise(ElementwiseFn.POWER, List.of(Arg.input(1),
                        Arg.constant(Scalar.of(true)), Arg.constant(Scalar.of(-2.75)))),
                new TensorFromArray(NDArray.of(new float[] {1.5f, -2f, Float.NaN, 4f, 5f, 6f}, 2, 3),
                        ChunkSpec.explicit(new long[] {1, 1}, new long[] {2, 1})),
                new TensorFull(Scalar.of(Long.MIN_VALUE), ChunkSpec.maxBytes(1 << 20)),
                new TensorRand(-42L, 7L, new ChunkSpec(new long[] {3}, new long[][] {{1, 2}, {}, {3}}, 5)),
                new TensorRechunk(ChunkSpec.explicit(new long[] {4, 4, 2})),
                new TensorReduce(ReduceFn.STD, new int[] {0, 2}, true, 1),
                new io.mars.common.operand.tensor.TensorAverage(new int[] {1}, true),
                new io.mars.common.operand.tensor.TensorQuantile(new double[] {0.0, 0.375, 1.0}, false, new int[] {0, 2},
                        true, io.mars.common.operand.QuantileMethod.NEAREST, true),
                new io.mars.common.operand.tensor.TensorScan(io.mars.common.operand.ScanFn.NANCUMPROD, 2),
                new TensorReshape(),
                new TensorTranspose(new int[] {2, 0, 1}),
                new ChunkArange(Scalar.of(1.5), Scalar.of(0.25), 123_456_789_012L),
                new ChunkAssemble(List.of(
                        new ChunkAssemble.Piece(1, new long[] {0, 2}, new long[] {3, 0}, new long[] {2, 2}),
                        new ChunkAssemble.Piece(0, new long[] {5, 1}, new long[] {0, 0}, new long[] {3, 1}))),
                new ChunkElementwise(ElementwiseFn.LESS_EQUAL, List.of(Arg.input(0),
                        Arg.constant(Scalar.of(Double.NaN)))),
                new ChunkFetch(),
                new ChunkFlatAssemble(List.of(new ChunkFlatAssemble.Run(2, 10, 0, 5),
                        new ChunkFlatAssemble.Run(0, 0, 5, 7))),
                new ChunkFromArray(NDArray.of(new long[] {Long.MAX_VALUE, -1, 0, 42}, 2, 2)),
                new ChunkFull(new Scalar(DataType.Kind.FLOAT, Double.NEGATIVE_INFINITY, 3)),
                new ChunkRand(99L, 3L, new long[] {100, 200}, new long[] {50, 0}),
                new ChunkReduceAgg(ReduceFn.VAR, new int[] {1}, true, 2),
                new ChunkReduceCombine(ReduceFn.MEAN),
                new ChunkReduceMap(ReduceFn.MAX, new int[] {0, 1}),
                new io.mars.common.operand.chunk.ChunkArgReduceMap(ReduceFn.NANARGMAX, new int[] {1},
                        new long[] {6, 9_000_000_000L}, new long[] {12, 10_000_000_000L}),
                new io.mars.common.operand.chunk.ChunkAverageMap(new int[] {0, 1}),
                new io.mars.common.operand.chunk.ChunkQuantile(new double[] {0.5}, true, new int[] {1}, false,
                        io.mars.common.operand.QuantileMethod.LINEAR, false),
                new io.mars.common.operand.chunk.ChunkScan(io.mars.common.operand.ScanFn.CUMSUM, 0),
                new ChunkSum(),
                new ChunkTensorDot(new int[] {1}, new int[] {0}),
                new ChunkTranspose(new int[] {1, 0}),
                // linalg-stats
                new io.mars.common.operand.tensor.TensorDiagonal(),
                new io.mars.common.operand.tensor.TensorTsqr(),
                new io.mars.common.operand.tensor.TensorTsqrPart(true),
                new io.mars.common.operand.tensor.TensorSmallLinalg(io.mars.common.operand.LinalgFn.LU, 2),
                new io.mars.common.operand.chunk.ChunkDiagonal(),
                new io.mars.common.operand.chunk.ChunkTsqrLeaf(),
                new io.mars.common.operand.chunk.ChunkTsqrMerge(),
                new io.mars.common.operand.chunk.ChunkTsqrQ(new long[] {0, 64, 32}),
                new io.mars.common.operand.chunk.ChunkTsqrR(),
                new io.mars.common.operand.chunk.ChunkSmallLinalg(io.mars.common.operand.LinalgFn.SOLVE, 0),
                // sparse
                new io.mars.common.operand.tensor.TensorSparseFromCoo(3),
                new io.mars.common.operand.tensor.TensorSparseFromDense(),
                new io.mars.common.operand.tensor.TensorSparseToDense(),
                new io.mars.common.operand.tensor.TensorSparseScale(true, io.mars.common.operand.Scalar.of(2.5)),
                new io.mars.common.operand.tensor.TensorSparseReduce(io.mars.common.operand.SparseReduceFn.NNZ),
                new io.mars.common.operand.tensor.TensorSparseDot(),
                new io.mars.common.operand.chunk.ChunkSparseFromCoo(3, 7, 5),
                new io.mars.common.operand.chunk.ChunkSparseFromDense(),
                new io.mars.common.operand.chunk.ChunkSparseToDense(),
                new io.mars.common.operand.chunk.ChunkSparseScale(false, io.mars.common.operand.Scalar.of(3L)),
                new io.mars.common.operand.chunk.ChunkSparseReduce(io.mars.common.operand.SparseReduceFn.COLUMN_SUMS),
                new io.mars.common.operand.chunk.ChunkSparseDot(),
                new TensorSort(2, true),
                new io.mars.common.operand.tensor.TensorAlignRows(),
                new io.mars.common.operand.tensor.TensorCentreAssign(true),
                new io.mars.common.operand.tensor.TensorCentreStats(false, false),
                new io.mars.common.operand.chunk.ChunkCentreAssign(false),
                new io.mars.common.operand.chunk.ChunkCentreStats(true, false),
                new io.mars.common.operand.tensor.TensorCentreBounds(true),
                new io.mars.common.operand.tensor.TensorCentreMoves(false),
                new io.mars.common.operand.chunk.ChunkCentreBounds(false),
                new io.mars.common.operand.chunk.ChunkCentreMoves(true),
                new io.mars.common.operand.tensor.TensorLogisticTerms(true, true, 4),
                new io.mars.common.operand.chunk.ChunkLogisticTerms(false, true, 16, 1024),
                new io.mars.common.operand.tensor.TensorTopK(1, 7, true),
                new io.mars.common.operand.tensor.TensorTopKPart(2, 3, false, true),
                new io.mars.common.operand.chunk.ChunkTopKMap(1, 5, true, 3_000_000_000L),
                new io.mars.common.operand.chunk.ChunkTopKMerge(0, 4, false,
                        io.mars.common.operand.chunk.ChunkTopKMerge.Part.INDICES),
                new TensorSearchSorted(true, false),
                new TensorHistogramEdges(17),
                new TensorHistogram(),
                new io.mars.common.operand.tensor.TensorFft(1, true, 0.125, 0L, true),
                new io.mars.common.operand.chunk.ChunkFft(0, true, 0.25, 16_777_216L,
                        new long[] {512L, 3_000_000_000L}, false, List.of(new ChunkAssemble.Piece(1, new long[] {0, 2},
                                new long[] {3, 0}, new long[] {4, 5}))),
                new TensorBincount(9L),
                new TensorUnique(true),
                new ChunkSort(1, true),
                new ChunkPsrsSort(1_000_000_007L, true),
                new ChunkPsrsSample(5),
                new ChunkPsrsPivots(6),
                new ChunkPsrsPiece(3),
                new ChunkPsrsMerge(true),
                new ChunkSearchSorted(false, true),
                new ChunkHistogramEdges(12),
                new ChunkHistogram(),
                new ChunkBincountMap(),
                new ChunkBincountCombine(),
                new ChunkBincountAgg(4L),
                new ChunkUniqueMap(),
                new ChunkUniqueCombine(),
                new ChunkUniqueAgg(true),
                // shape-indexing
                new io.mars.common.operand.tensor.TensorSlice(new long[] {3, 0}, new long[] {-2, 1},
                        new long[] {2, 5}, new int[] {-1, 0, 1}),
                new io.mars.common.operand.tensor.TensorConcatenate(1),
                new io.mars.common.operand.tensor.TensorBroadcastTo(),
                new io.mars.common.operand.tensor.TensorRepeat(2, new long[] {3, 0, 7}),
                new io.mars.common.operand.tensor.TensorTake(1),
                new io.mars.common.operand.tensor.TensorMaskSelect(2),
                new io.mars.common.operand.tensor.TensorPut(Scalar.of(-1.5)),
                new io.mars.common.operand.chunk.ChunkSlice(new long[] {4, 1}, new long[] {-1, 3}, new long[] {4, 2}),
                new io.mars.common.operand.chunk.ChunkBroadcastTo(),
                new io.mars.common.operand.chunk.ChunkRepeat(1, new long[] {4}),
                new io.mars.common.operand.chunk.ChunkTake(0, new long[] {0, 3, 7}, 9L),
                new io.mars.common.operand.chunk.ChunkMaskSelect(1),
                new io.mars.common.operand.chunk.ChunkPut(null),
                new io.mars.common.operand.tensor.TensorRavelIndex(new long[] {6, 4}, new int[] {0, 2}),
                new io.mars.common.operand.chunk.ChunkRavelIndex(new long[] {3}, new int[] {1})));
        all.addAll(CreationRandomSamples.all());
        all.addAll(DataFrameOperandSamples.all());
        all.addAll(DataFrameOpsOperandSamples.all());
        all.addAll(TableIoOperandSamples.all());
        all.addAll(UserFunctionOperandSamples.all());
        all.add(new io.mars.common.operand.dataframe.ChunkTableHConcat());
        all.addAll(RowLabelOperandSamples.all());
        all.addAll(WindowOperandSamples.all());
        return all;
    }
}
