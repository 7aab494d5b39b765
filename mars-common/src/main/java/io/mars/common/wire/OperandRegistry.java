package io.mars.common.wire;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.common.operand.chunk.ChunkArange;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.operand.chunk.ChunkFlatAssemble;
import io.mars.common.operand.chunk.ChunkFromArray;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkReduceAgg;
import io.mars.common.operand.chunk.ChunkReduceCombine;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.common.operand.chunk.ChunkTensorDot;
import io.mars.common.operand.chunk.ChunkTranspose;
import io.mars.common.operand.tensor.TensorArange;
import io.mars.common.operand.tensor.TensorDot;
import io.mars.common.operand.tensor.TensorElementwise;
import io.mars.common.operand.tensor.TensorFromArray;
import io.mars.common.operand.tensor.TensorFull;
import io.mars.common.operand.tensor.TensorRand;
import io.mars.common.operand.tensor.TensorRechunk;
import io.mars.common.operand.tensor.TensorReduce;
import io.mars.common.operand.tensor.TensorReshape;
import io.mars.common.operand.tensor.TensorTranspose;
import io.mars.common.operand.tensor.TensorBincount;
import io.mars.common.operand.tensor.TensorHistogram;
import io.mars.common.operand.tensor.TensorHistogramEdges;
import io.mars.common.operand.tensor.TensorSearchSorted;
import io.mars.common.operand.tensor.TensorSort;
import io.mars.common.operand.tensor.TensorUnique;
import io.mars.common.operand.chunk.ChunkBincountAgg;
import io.mars.common.operand.chunk.ChunkBincountCombine;
import io.mars.common.operand.chunk.ChunkBincountMap;
import io.mars.common.operand.chunk.ChunkHistogram;
import io.mars.common.operand.chunk.ChunkHistogramEdges;
import io.mars.common.operand.chunk.ChunkPsrsMerge;
import io.mars.common.operand.chunk.ChunkPsrsPiece;
import io.mars.common.operand.chunk.ChunkPsrsPivots;
import io.mars.common.operand.chunk.ChunkPsrsSample;
import io.mars.common.operand.chunk.ChunkPsrsSort;
import io.mars.common.operand.chunk.ChunkSearchSorted;
import io.mars.common.operand.chunk.ChunkSort;
import io.mars.common.operand.chunk.ChunkUniqueAgg;
import io.mars.common.operand.chunk.ChunkUniqueCombine;
import io.mars.common.operand.chunk.ChunkUniqueMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every operand record that can cross the wire, by its {@link WireName}. A new operand must be listed here; a test
 * fails when an operand record of the tensor or chunk package is missing.
 */
public final class OperandRegistry {
    private static final List<Class<? extends Operand>> OPERANDS = List.of(
            TensorArange.class,
            TensorDot.class,
            TensorElementwise.class,
            TensorFromArray.class,
            TensorFull.class,
            TensorRand.class,
            TensorRechunk.class,
            TensorReduce.class,
            TensorReshape.class,
            TensorTranspose.class,
            ChunkArange.class,
            ChunkAssemble.class,
            ChunkElementwise.class,
            ChunkFlatAssemble.class,
            ChunkFromArray.class,
            ChunkFull.class,
            ChunkRand.class,
            ChunkReduceAgg.class,
            ChunkReduceCombine.class,
            ChunkReduceMap.class,
            ChunkSum.class,
            ChunkTensorDot.class,
            ChunkTranspose.class,
            io.mars.common.operand.tensor.TensorLinspace.class,
            io.mars.common.operand.tensor.TensorEye.class,
            io.mars.common.operand.tensor.TensorDiag.class,
            io.mars.common.operand.tensor.TensorTriangle.class,
            io.mars.common.operand.tensor.TensorFromNpy.class,
            io.mars.common.operand.tensor.TensorRandomSample.class,
            io.mars.common.operand.tensor.TensorPermutation.class,
            io.mars.common.operand.tensor.TensorChoice.class,
            io.mars.common.operand.chunk.ChunkLinspace.class,
            io.mars.common.operand.chunk.ChunkEye.class,
            io.mars.common.operand.chunk.ChunkTriangle.class,
            io.mars.common.operand.chunk.ChunkDiagFromVector.class,
            io.mars.common.operand.chunk.ChunkDiagExtract.class,
            io.mars.common.operand.chunk.ChunkFromNpy.class,
            io.mars.common.operand.chunk.ChunkRandomSample.class,
            io.mars.common.operand.chunk.ChunkPermutation.class,
            io.mars.common.operand.chunk.ChunkChoice.class,
            // >>> area:creation-random — add "Xxx.class," lines directly above this marker
            //
            // >>> area:elementwise — add "Xxx.class," lines directly above this marker
            //
            io.mars.common.operand.tensor.TensorAverage.class,
            io.mars.common.operand.tensor.TensorQuantile.class,
            io.mars.common.operand.tensor.TensorScan.class,
            io.mars.common.operand.chunk.ChunkArgReduceMap.class,
            io.mars.common.operand.chunk.ChunkAverageMap.class,
            io.mars.common.operand.chunk.ChunkQuantile.class,
            io.mars.common.operand.chunk.ChunkScan.class,
            // >>> area:reductions — add "Xxx.class," lines directly above this marker
            //
            io.mars.common.operand.tensor.TensorSlice.class,
            io.mars.common.operand.tensor.TensorConcatenate.class,
            io.mars.common.operand.tensor.TensorBroadcastTo.class,
            io.mars.common.operand.tensor.TensorRepeat.class,
            io.mars.common.operand.tensor.TensorTake.class,
            io.mars.common.operand.tensor.TensorMaskSelect.class,
            io.mars.common.operand.tensor.TensorPut.class,
            io.mars.common.operand.chunk.ChunkSlice.class,
            io.mars.common.operand.chunk.ChunkBroadcastTo.class,
            io.mars.common.operand.chunk.ChunkRepeat.class,
            io.mars.common.operand.chunk.ChunkTake.class,
            io.mars.common.operand.chunk.ChunkMaskSelect.class,
            io.mars.common.operand.chunk.ChunkPut.class,
            io.mars.common.operand.tensor.TensorRavelIndex.class,
            io.mars.common.operand.chunk.ChunkRavelIndex.class,
            // >>> area:shape-indexing — add "Xxx.class," lines directly above this marker
            //
            TensorBincount.class,
            TensorHistogram.class,
            TensorHistogramEdges.class,
            TensorSearchSorted.class,
            TensorSort.class,
            TensorUnique.class,
            ChunkBincountAgg.class,
            ChunkBincountCombine.class,
            ChunkBincountMap.class,
            ChunkHistogram.class,
            ChunkHistogramEdges.class,
            ChunkPsrsMerge.class,
            ChunkPsrsPiece.class,
            ChunkPsrsPivots.class,
            ChunkPsrsSample.class,
            ChunkPsrsSort.class,
            ChunkSearchSorted.class,
            ChunkSort.class,
            ChunkUniqueAgg.class,
            ChunkUniqueCombine.class,
            ChunkUniqueMap.class,
            // >>> area:sort-sets — add "Xxx.class," lines directly above this marker
            //
            io.mars.common.operand.tensor.TensorDiagonal.class,
            io.mars.common.operand.tensor.TensorTsqr.class,
            io.mars.common.operand.tensor.TensorTsqrPart.class,
            io.mars.common.operand.tensor.TensorSmallLinalg.class,
            io.mars.common.operand.chunk.ChunkDiagonal.class,
            io.mars.common.operand.chunk.ChunkTsqrLeaf.class,
            io.mars.common.operand.chunk.ChunkTsqrMerge.class,
            io.mars.common.operand.chunk.ChunkTsqrQ.class,
            io.mars.common.operand.chunk.ChunkTsqrR.class,
            io.mars.common.operand.chunk.ChunkSmallLinalg.class,
            // >>> area:linalg-stats — add "Xxx.class," lines directly above this marker
            //
            io.mars.common.operand.dataframe.DataFrameFromLocal.class,
            io.mars.common.operand.dataframe.DataFrameFromTensor.class,
            io.mars.common.operand.dataframe.DataFrameToTensor.class,
            io.mars.common.operand.dataframe.TableMap.class,
            io.mars.common.operand.dataframe.TableFilter.class,
            io.mars.common.operand.dataframe.TableHead.class,
            io.mars.common.operand.dataframe.TableAggregate.class,
            io.mars.common.operand.dataframe.ChunkTableFromLocal.class,
            io.mars.common.operand.dataframe.ChunkTableFromTensor.class,
            io.mars.common.operand.dataframe.ChunkTableToTensor.class,
            io.mars.common.operand.dataframe.ChunkTableMap.class,
            io.mars.common.operand.dataframe.ChunkTableFilter.class,
            io.mars.common.operand.dataframe.ChunkTableAssemble.class,
            io.mars.common.operand.dataframe.ChunkTableAggMap.class,
            io.mars.common.operand.dataframe.ChunkTableAggCombine.class,
            io.mars.common.operand.dataframe.ChunkTableAggFinal.class,
            io.mars.common.operand.dataframe.TableSortValues.class,
            io.mars.common.operand.dataframe.TableMerge.class,
            io.mars.common.operand.dataframe.TableConcat.class,
            io.mars.common.operand.dataframe.TableDropDuplicates.class,
            io.mars.common.operand.dataframe.TableAggPartial.class,
            io.mars.common.operand.dataframe.TableAggStates.class,
            io.mars.common.operand.dataframe.ChunkTableSample.class,
            io.mars.common.operand.dataframe.ChunkTablePivots.class,
            io.mars.common.operand.dataframe.ChunkTablePartition.class,
            io.mars.common.operand.dataframe.ChunkTablePiece.class,
            io.mars.common.operand.dataframe.ChunkTableSort.class,
            io.mars.common.operand.dataframe.ChunkTableJoin.class,
            io.mars.common.operand.dataframe.ChunkTableDropDuplicates.class,
            io.mars.common.operand.dataframe.SeriesAccessor.class,
            io.mars.common.operand.dataframe.ChunkSeriesAccessor.class,
            // >>> area:df-ops — add "Xxx.class," lines directly above this marker
            //
            io.mars.common.operand.dataframe.TableRowPositions.class,
            io.mars.common.operand.dataframe.ChunkTableRowPositions.class,
            io.mars.common.operand.dataframe.TableRequireRows.class,
            // >>> area:df-index — add "Xxx.class," lines directly above this marker
            //
            // >>> area:dataframe — add "Xxx.class," lines directly above this marker
            //
            io.mars.common.operand.dataframe.DataFrameReadCsv.class,
            io.mars.common.operand.dataframe.ChunkReadCsv.class,
            io.mars.common.operand.dataframe.ChunkCsvScan.class,
            io.mars.common.operand.dataframe.ChunkCsvStates.class,
            io.mars.common.operand.dataframe.DataFrameReadParquet.class,
            io.mars.common.operand.dataframe.ChunkReadParquet.class,
            io.mars.common.operand.dataframe.DataFrameWrite.class,
            io.mars.common.operand.dataframe.ChunkWrite.class,
            // >>> area:df-io — add "Xxx.class," lines directly above this marker
            //
            io.mars.common.operand.dataframe.ChunkTableHConcat.class,
            // >>> area:df-wide — add "Xxx.class," lines directly above this marker
            //
            // >>> area:engine — add "Xxx.class," lines directly above this marker
            //
            ChunkFetch.class);

    private static final Map<String, Class<? extends Operand>> BY_WIRE_NAME = index(OPERANDS);

    private OperandRegistry() {
    }

    /** All registered operand classes, in registration order. */
    public static List<Class<? extends Operand>> operands() {
        return OPERANDS;
    }

    public static Optional<Class<? extends Operand>> find(String wireName) {
        return Optional.ofNullable(BY_WIRE_NAME.get(wireName));
    }

    /** The class registered under {@code wireName}; SERIALIZATION_FAILED naming the wire name when there is none. */
    public static Class<? extends Operand> classOf(String wireName) {
        Class<? extends Operand> c = BY_WIRE_NAME.get(wireName);
        if (c == null) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "unknown operand wire name '" + wireName
                    + "': no operand record is registered under it in " + OperandRegistry.class.getSimpleName());
        }
        return c;
    }

    /** Whether {@code type} is the class registered under its own wire name. */
    public static boolean isRegistered(Class<?> type) {
        WireName w = type.getAnnotation(WireName.class);
        return w != null && BY_WIRE_NAME.get(w.value()) == type;
    }

    private static Map<String, Class<? extends Operand>> index(List<Class<? extends Operand>> operands) {
        Map<String, Class<? extends Operand>> out = new LinkedHashMap<>();
        for (Class<? extends Operand> c : operands) {
            WireName w = c.getAnnotation(WireName.class);
            if (w == null || !c.isRecord()) {
                throw new IllegalStateException(c.getName() + " must be a record annotated with @WireName");
            }
            Class<? extends Operand> previous = out.put(w.value(), c);
            if (previous != null) {
                throw new IllegalStateException("wire name '" + w.value() + "' is used by both "
                        + previous.getName() + " and " + c.getName());
            }
        }
        return Map.copyOf(out);
    }
}
