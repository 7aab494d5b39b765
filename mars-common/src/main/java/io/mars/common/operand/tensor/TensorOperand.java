package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;

/**
 * A tileable operand of a tensor graph. Sealed: the permits list is the package's one list of its operands, read by
 * {@code OperandRegistry} (wire names), and the completeness test checks each has a tiler.
 */
public sealed interface TensorOperand extends Operand permits
        TensorAlignRows,
        TensorArange,
        TensorAverage,
        TensorBincount,
        TensorBroadcastTo,
        TensorCentreAssign,
        TensorCentreStats,
        TensorChoice,
        TensorConcatenate,
        TensorDiag,
        TensorDiagonal,
        TensorDot,
        TensorElementwise,
        TensorEye,
        TensorFromArray,
        TensorFromNpy,
        TensorToNpy,
        TensorFft,
        TensorFull,
        TensorHistogram,
        TensorHistogramEdges,
        TensorLinspace,
        TensorLogisticTerms,
        TensorMapChunk,
        TensorMaskSelect,
        TensorPermutation,
        TensorPut,
        TensorQuantile,
        TensorRand,
        TensorRandomSample,
        TensorRavelIndex,
        TensorRechunk,
        TensorReduce,
        TensorRepeat,
        TensorReshape,
        TensorScan,
        TensorSearchSorted,
        TensorSlice,
        TensorSmallLinalg,
        TensorSort,
        TensorSpawn,
        TensorTake,
        TensorTopK,
        TensorTopKPart,
        TensorTranspose,
        TensorTriangle,
        TensorTsqr,
        TensorTsqrPart,
        TensorUnique {
}
