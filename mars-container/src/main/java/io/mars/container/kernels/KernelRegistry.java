package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Operand;
import io.mars.common.operand.chunk.ChunkArange;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkBincountAgg;
import io.mars.common.operand.chunk.ChunkBincountCombine;
import io.mars.common.operand.chunk.ChunkBincountMap;
import io.mars.common.operand.chunk.ChunkElementwise;
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
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The worker's compute kernels, found by the class of a chunk operand. Immutable: {@link #with} gives a new
 * registry. Every array a kernel returns is checked to have exactly the node's dtype and shape.
 * {@code chunk.fetch} has no kernel: a fetched chunk is read from storage, never computed.
 */
public final class KernelRegistry {
    private final Map<Class<? extends Operand>, Kernel<?>> kernels;

    private KernelRegistry(Map<Class<? extends Operand>, Kernel<?>> kernels) {
        this.kernels = Map.copyOf(kernels);
    }

    /** A kernel for every chunk operand of mars-common except {@code ChunkFetch}. */
    public static KernelRegistry standard() {
        return new KernelRegistry(Map.of())
                .with(ChunkFull.class, new FullKernel())
                .with(ChunkArange.class, new ArangeKernel())
                .with(ChunkFromArray.class, new FromArrayKernel())
                .with(ChunkRand.class, new RandKernel())
                .with(ChunkElementwise.class, new ElementwiseKernel())
                .with(io.mars.common.operand.chunk.ChunkSparseFromCoo.class, new SparseKernels.FromCoo())
                .with(io.mars.common.operand.chunk.ChunkSparseFromDense.class, new SparseKernels.FromDense())
                .with(io.mars.common.operand.chunk.ChunkSparseToDense.class, new SparseKernels.ToDense())
                .with(io.mars.common.operand.chunk.ChunkSparseScale.class, new SparseKernels.Scale())
                .with(io.mars.common.operand.chunk.ChunkSparseReduce.class, new SparseKernels.Reduce())
                .with(io.mars.common.operand.chunk.ChunkSparseDot.class, new SparseKernels.Dot())
                .with(ChunkReduceMap.class, new ReduceMapKernel())
                .with(ChunkReduceCombine.class, new ReduceCombineKernel())
                .with(ChunkReduceAgg.class, new ReduceAggKernel())
                .with(ChunkTranspose.class, new TransposeKernel())
                .with(ChunkTensorDot.class, new TensorDotKernel())
                .with(ChunkSum.class, new SumKernel())
                .with(ChunkAssemble.class, new AssembleKernel())
                .with(ChunkFlatAssemble.class, new FlatAssembleKernel())
                .with(io.mars.common.operand.chunk.ChunkLinspace.class, new LinspaceKernel())
                .with(io.mars.common.operand.chunk.ChunkEye.class, new EyeKernel())
                .with(io.mars.common.operand.chunk.ChunkTriangle.class, new TriangleKernel())
                .with(io.mars.common.operand.chunk.ChunkDiagFromVector.class, new DiagFromVectorKernel())
                .with(io.mars.common.operand.chunk.ChunkDiagExtract.class, new DiagExtractKernel())
                .with(io.mars.common.operand.chunk.ChunkFromNpy.class, new FromNpyKernel())
                .with(io.mars.common.operand.chunk.ChunkToNpy.class, new ToNpyKernel())
                .with(io.mars.common.operand.chunk.ChunkRandomSample.class, new RandomSampleKernel())
                .with(io.mars.common.operand.chunk.ChunkPermutation.class, new PermutationKernel())
                .with(io.mars.common.operand.chunk.ChunkChoice.class, new ChoiceKernel())
                .with(io.mars.common.operand.chunk.ChunkArgReduceMap.class, new ArgReduceMapKernel())
                .with(io.mars.common.operand.chunk.ChunkAverageMap.class, new AverageMapKernel())
                .with(io.mars.common.operand.chunk.ChunkQuantile.class, new QuantileKernel())
                .with(io.mars.common.operand.chunk.ChunkScan.class, new ScanKernel())
                .with(io.mars.common.operand.chunk.ChunkSlice.class, new SliceKernel())
                .with(io.mars.common.operand.chunk.ChunkBroadcastTo.class, new BroadcastToKernel())
                .with(io.mars.common.operand.chunk.ChunkRepeat.class, new RepeatKernel())
                .with(io.mars.common.operand.chunk.ChunkTake.class, new TakeKernel())
                .with(io.mars.common.operand.chunk.ChunkMaskSelect.class, new MaskSelectKernel())
                .with(io.mars.common.operand.chunk.ChunkPut.class, new PutKernel())
                .with(io.mars.common.operand.chunk.ChunkRavelIndex.class, new RavelIndexKernel())
                .with(ChunkSort.class, new SortKernel())
                .with(io.mars.common.operand.chunk.ChunkCentreAssign.class, new CentreKernels.Assign())
                .with(io.mars.common.operand.chunk.ChunkCentreStats.class, new CentreKernels.Stats())
                .with(io.mars.common.operand.chunk.ChunkCentreBounds.class, new CentreBoundsKernels.Bounds())
                .with(io.mars.common.operand.chunk.ChunkCentreMoves.class, new CentreBoundsKernels.Moves())
                .with(io.mars.common.operand.chunk.ChunkLogisticTerms.class, new LogisticTermsKernel())
                .with(io.mars.common.operand.chunk.ChunkTopKMap.class, new TopKKernels.Map())
                .with(io.mars.common.operand.chunk.ChunkTopKMerge.class, new TopKKernels.Merge())
                .with(ChunkPsrsSort.class, new PsrsKernels.Sort())
                .with(ChunkPsrsSample.class, new PsrsKernels.Sample())
                .with(ChunkPsrsPivots.class, new PsrsKernels.Pivots())
                .with(ChunkPsrsPiece.class, new PsrsKernels.Piece())
                .with(ChunkPsrsMerge.class, new PsrsKernels.Merge())
                .with(ChunkSearchSorted.class, new SearchSortedKernel())
                .with(ChunkHistogramEdges.class, new HistogramKernels.Edges())
                .with(ChunkHistogram.class, new HistogramKernels.Counts())
                .with(ChunkBincountMap.class, new BincountKernels.Map())
                .with(ChunkBincountCombine.class, new BincountKernels.Combine())
                .with(ChunkBincountAgg.class, new BincountKernels.Agg())
                .with(ChunkUniqueMap.class, new UniqueKernels.Map())
                .with(ChunkUniqueCombine.class, new UniqueKernels.Combine())
                .with(ChunkUniqueAgg.class, new UniqueKernels.Agg())
                .with(io.mars.common.operand.chunk.ChunkDiagonal.class, new DiagonalKernel())
                .with(io.mars.common.operand.chunk.ChunkTsqrLeaf.class, new TsqrKernels.Leaf())
                .with(io.mars.common.operand.chunk.ChunkTsqrMerge.class, new TsqrKernels.Merge())
                .with(io.mars.common.operand.chunk.ChunkTsqrQ.class, new TsqrKernels.Q())
                .with(io.mars.common.operand.chunk.ChunkTsqrR.class, new TsqrKernels.R())
                .with(io.mars.common.operand.chunk.ChunkSmallLinalg.class, new SmallLinalgKernel())
                .with(io.mars.common.operand.chunk.ChunkFft.class, new FftKernel())
                ;
    }

    /** This registry plus (or with a replaced) kernel for operands of class {@code type}. */
    public <O extends Operand> KernelRegistry with(Class<O> type, Kernel<O> kernel) {
        Map<Class<? extends Operand>, Kernel<?>> copy = new HashMap<>(kernels);
        copy.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(kernel, "kernel"));
        return new KernelRegistry(copy);
    }

    /** This registry without the kernel for {@code type}: what a forgotten entry looks like, for tests. */
    public KernelRegistry without(Class<? extends Operand> type) {
        Map<Class<? extends Operand>, Kernel<?>> copy = new HashMap<>(kernels);
        copy.remove(type);
        return new KernelRegistry(copy);
    }

    public boolean supports(Class<? extends Operand> type) {
        return kernels.containsKey(type);
    }

    /**
     * Takes back the storage of {@code data}, the chunk of {@code node} that a subtask made and dropped, read only by
     * kernels that copy what they take ({@link #onlyCopies}), when its kernel made it in an array it may reuse (an FFT
     * pass cut into pieces); no-op otherwise. Only a kernel that makes its output in new storage qualifies: a chunk
     * sharing another's storage (a reshape's relabelling) must never be reused.
     */
    public void recycle(ChunkNode node, ChunkData data) {
        if (node.op() instanceof io.mars.common.operand.chunk.ChunkFft && data instanceof NDArray a) {
            Recycled.offer(a.data());
        }
    }

    /** Whether {@code reader}'s kernel only copies out of its inputs (it keeps no reference to their storage). */
    public static boolean onlyCopies(ChunkNode reader) {
        return reader.op() instanceof io.mars.common.operand.chunk.ChunkAssemble;
    }

    /**
     * Computes {@code node} from its inputs' data, given in the order of {@link ChunkNode#inputs()}.
     *
     * @throws MarsException INTERNAL_ERROR when no kernel exists for the operand, or a kernel breaks its contract;
     *                       a user error code when the data are invalid for the operation
     */
    public ChunkData execute(ChunkNode node, List<ChunkData> inputs) {
        Operand op = node.op();
        Kernel<?> kernel = kernels.get(op.getClass());
        if (kernel == null) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "no kernel for chunk operand " + op.wireName()
                    + " (chunk " + node.key() + ")");
        }
        if (inputs.size() != node.inputs().size()) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, op.wireName() + " chunk " + node.key() + " has "
                    + node.inputs().size() + " input chunk(s) but was given " + inputs.size() + " input(s)");
        }
        ChunkData out = run(kernel, node, op, inputs);
        if (out instanceof NDArray a && (a.dtype() != node.dtype() || !shapeMatches(a.shapeView(), node.shape()))) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "kernel for " + op.wireName() + " produced "
                    + Shapes.toString(a.shapeView()) + " " + a.dtype() + " for chunk " + node.key() + " of "
                    + Shapes.toString(node.shape()) + " " + node.dtype());
        }
        return out;
    }

    /** Equal shapes, where an unknown length in the node's shape matches any real length. */
    static boolean shapeMatches(long[] actual, long[] expected) {
        if (actual.length != expected.length) {
            return false;
        }
        for (int i = 0; i < actual.length; i++) {
            if (expected[i] != Shapes.UNKNOWN && expected[i] != actual[i]) {
                return false;
            }
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    private static <O extends Operand> ChunkData run(Kernel<O> kernel, ChunkNode node, Operand op,
            List<ChunkData> inputs) {
        return kernel.execute(node, (O) op, inputs);
    }
}
