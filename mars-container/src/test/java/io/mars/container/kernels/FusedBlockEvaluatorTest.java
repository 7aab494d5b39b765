package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Block-by-block evaluation gives what chunk-by-chunk evaluation gives. */
class FusedBlockEvaluatorTest {
    private final KernelRegistry kernels = KernelRegistry.standard();

    private static ChunkNode node(String key, io.mars.common.operand.Operand op, List<ChunkNode> in, DataType dtype,
                                  long... shape) {
        return new ChunkNode(key, op, in, dtype, shape, new int[shape.length]);
    }

    private static ChunkElementwise ew(ElementwiseFn fn, Arg... args) {
        return new ChunkElementwise(fn, List.of(args));
    }

    /** Runs the nodes one by one on whole chunks: the reference. */
    private ChunkData chunkByChunk(List<ChunkNode> chunks, Map<String, ChunkData> external) {
        Map<String, ChunkData> values = new HashMap<>(external);
        ChunkData last = null;
        for (ChunkNode c : chunks) {
            List<ChunkData> ins = new ArrayList<>();
            for (ChunkNode in : c.inputs()) {
                ins.add(values.get(in.key()));
            }
            last = kernels.execute(c, ins);
            values.put(c.key(), last);
        }
        return last;
    }

    /** The Monte Carlo chain: x*x + y*y < 1, then a count, on a 2-d chunk inside a larger tensor. */
    private List<ChunkNode> monteCarlo(ReduceFn fn, long rows) {
        long[] shape = {rows, 3};
        long[] full = {rows * 4, 3};
        long[] offset = {rows, 0};
        ChunkNode x = node("x", new ChunkRand(5, 0, full, offset), List.of(), DataType.FLOAT64, shape);
        ChunkNode y = node("y", new ChunkRand(5, 1, full, offset), List.of(), DataType.FLOAT64, shape);
        ChunkNode xx = node("xx", ew(ElementwiseFn.MULTIPLY, Arg.input(0), Arg.input(0)), List.of(x), DataType.FLOAT64, shape);
        ChunkNode yy = node("yy", ew(ElementwiseFn.MULTIPLY, Arg.input(0), Arg.input(0)), List.of(y), DataType.FLOAT64, shape);
        ChunkNode sum = node("s", ew(ElementwiseFn.ADD, Arg.input(0), Arg.input(1)), List.of(xx, yy), DataType.FLOAT64, shape);
        ChunkNode in = node("in", ew(ElementwiseFn.LESS, Arg.input(0), Arg.constant(Scalar.of(1.0))), List.of(sum),
                DataType.BOOL, shape);
        ChunkNode count = node("c", new ChunkReduceMap(fn, new int[] {0, 1}), List.of(in),
                fn.resultType(DataType.BOOL), 1, 1);
        return List.of(x, y, xx, yy, sum, in, count);
    }

    @Test
    void countsTheSameAsChunkByChunkEvaluation() {
        List<ChunkNode> chain = monteCarlo(ReduceFn.SUM, 10_001);
        ChunkData fused = FusedBlockEvaluator.tryEvaluate(chain, Map.of(), List.of("c"), kernels);
        ChunkData reference = chunkByChunk(chain, Map.of());
        assertThat(fused).isInstanceOf(ReductionState.class);
        NDArray f = ((ReductionState) fused).parts().get(0);
        NDArray r = ((ReductionState) reference).parts().get(0);
        assertThat(f.shape()).containsExactly(1, 1);
        assertThat(f.dtype()).isEqualTo(r.dtype());
        assertThat(f.getLong()).isEqualTo(r.getLong()).isBetween(20_000L, 27_000L);
    }

    /**
     * Counts of a comparison as the chain's last node, every operator in both orders against a constant (counted in
     * one pass) and against another node (compared into a block, then counted), on values holding NaN
     * ({@code sqrt(x - 0.5)}): each count as chunk-by-chunk evaluation gives it.
     */
    @Test
    void countsOfEveryComparisonMatchChunkByChunkEvaluation() {
        long[] shape = {9_001};
        long[] full = {20_000};
        long[] offset = {3};
        ChunkNode x = node("x", new ChunkRand(9, 0, full, offset), List.of(), DataType.FLOAT64, shape);
        ChunkNode y = node("y", new ChunkRand(9, 1, full, offset), List.of(), DataType.FLOAT64, shape);
        ChunkNode shifted = node("d", ew(ElementwiseFn.SUBTRACT, Arg.input(0), Arg.constant(Scalar.of(0.5))),
                List.of(x), DataType.FLOAT64, shape);
        ChunkNode root = node("r", ew(ElementwiseFn.SQRT, Arg.input(0)), List.of(shifted), DataType.FLOAT64, shape);
        List<ElementwiseFn> fns = List.of(ElementwiseFn.LESS, ElementwiseFn.LESS_EQUAL, ElementwiseFn.GREATER,
                ElementwiseFn.GREATER_EQUAL, ElementwiseFn.EQUAL, ElementwiseFn.NOT_EQUAL);
        for (ElementwiseFn fn : fns) {
            List<List<Arg>> argSets = List.of(List.of(Arg.input(0), Arg.constant(Scalar.of(0.3))),
                    List.of(Arg.constant(Scalar.of(0.3)), Arg.input(0)), List.of(Arg.input(0), Arg.input(1)));
            for (List<Arg> args : argSets) {
                List<ChunkNode> ins = args.get(1).isConstant() || args.get(0).isConstant() ? List.of(root)
                        : List.of(root, y);
                ChunkNode cmp = node("cmp", new ChunkElementwise(fn, args), ins, DataType.BOOL, shape);
                ChunkNode count = node("c", new ChunkReduceMap(ReduceFn.SUM, new int[] {0}), List.of(cmp),
                        DataType.INT64, 1);
                List<ChunkNode> chain = List.of(x, y, shifted, root, cmp, count);
                ChunkData fused = FusedBlockEvaluator.tryEvaluate(chain, Map.of(), List.of("c"), kernels);
                ChunkData reference = chunkByChunk(chain, Map.of());
                assertThat(fused).as(fn + " " + args).isInstanceOf(ReductionState.class);
                NDArray f = ((ReductionState) fused).parts().get(0);
                NDArray r = ((ReductionState) reference).parts().get(0);
                assertThat(f.dtype()).isEqualTo(r.dtype());
                assertThat(f.shape()).containsExactly(1);
                assertThat(f.getLong()).as(fn + " " + args).isEqualTo(r.getLong());
                if (fn == ElementwiseFn.NOT_EQUAL) {
                    // about half the values are NaN, and NaN != anything
                    assertThat(f.getLong()).isGreaterThan(4_000L);
                }
            }
        }
    }

    @Test
    void sumsFloatsLikeChunkByChunkEvaluation() {
        List<ChunkNode> chain = new ArrayList<>(monteCarlo(ReduceFn.SUM, 9_000).subList(0, 5));
        chain.add(node("m", new ChunkReduceMap(ReduceFn.SUM, new int[] {0, 1}), List.of(chain.get(4)), DataType.FLOAT64, 1, 1));
        ReductionState fused = (ReductionState) FusedBlockEvaluator.tryEvaluate(chain, Map.of(), List.of("m"), kernels);
        ReductionState reference = (ReductionState) chunkByChunk(chain, Map.of());
        assertThat(fused.parts()).hasSameSizeAs(reference.parts());
        assertThat(fused.parts().get(0).shape()).containsExactly(1, 1);
        assertThat(fused.parts().get(0).dtype()).isEqualTo(reference.parts().get(0).dtype());
        // 27,000 values of x^2 + y^2 (mean 2/3): about 18,000
        assertThat(fused.parts().get(0).getDouble()).isBetween(17_000.0, 19_000.0)
                .isCloseTo(reference.parts().get(0).getDouble(), org.assertj.core.data.Percentage.withPercentage(1e-9));
    }

    @Test
    void meanAndVarianceStatesMatchWithinRounding() {
        for (ReduceFn fn : List.of(ReduceFn.MEAN, ReduceFn.VAR)) {
            List<ChunkNode> chain = new ArrayList<>(monteCarlo(fn, 7_000).subList(0, 5));
            ChunkNode s = chain.get(4);
            chain.add(node("m", new ChunkReduceMap(fn, new int[] {0, 1}), List.of(s), DataType.FLOAT64, 1, 1));
            ReductionState fused = (ReductionState) FusedBlockEvaluator.tryEvaluate(chain, Map.of(), List.of("m"), kernels);
            ReductionState reference = (ReductionState) chunkByChunk(chain, Map.of());
            assertThat(fused.parts()).hasSameSizeAs(reference.parts());
            for (int i = 0; i < fused.parts().size(); i++) {
                assertThat(fused.parts().get(i).getDouble())
                        .isCloseTo(reference.parts().get(i).getDouble(), org.assertj.core.data.Percentage.withPercentage(1e-9));
            }
        }
    }

    @Test
    void materializesAnElementwiseOutputWithExternalInputs() {
        long[] shape = {3, 5000};
        double[] data = new double[15_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = i * 0.5 - 100;
        }
        NDArray a = NDArray.of(data, shape);
        ChunkNode in = node("a", new ChunkFetch(), List.of(), DataType.FLOAT64, shape);
        ChunkNode ones = node("one", new ChunkFull(Scalar.of(1.0)), List.of(), DataType.FLOAT64, shape);
        ChunkNode plus = node("p", ew(ElementwiseFn.ADD, Arg.input(0), Arg.input(1)), List.of(in, ones), DataType.FLOAT64, shape);
        ChunkNode times = node("t", ew(ElementwiseFn.MULTIPLY, Arg.constant(Scalar.of(2.0)), Arg.input(0)), List.of(plus),
                DataType.FLOAT64, shape);
        ChunkNode root = node("r", ew(ElementwiseFn.SQRT, Arg.input(0)), List.of(times), DataType.FLOAT64, shape);
        List<ChunkNode> chain = List.of(ones, plus, times, root);
        ChunkData fused = FusedBlockEvaluator.tryEvaluate(chain, Map.of("a", a), List.of("r"), kernels);
        NDArray reference = (NDArray) chunkByChunk(chain, Map.of("a", a));
        assertThat(fused).isInstanceOf(NDArray.class);
        assertThat(((NDArray) fused).contentEquals(reference)).isTrue();
    }

    @Test
    void declinesWhatItDoesNotHandle() {
        long[] shape = {20_000};
        ChunkNode ints = node("i", new ChunkFull(Scalar.of(1L)), List.of(), DataType.INT64, shape);
        ChunkNode plus = node("p", ew(ElementwiseFn.ADD, Arg.input(0), Arg.constant(Scalar.of(1L))), List.of(ints),
                DataType.INT64, shape);
        assertThat(FusedBlockEvaluator.tryEvaluate(List.of(ints, plus), Map.of(), List.of("p"), kernels)).isNull();
        // too small to be worth it
        List<ChunkNode> small = monteCarlo(ReduceFn.SUM, 10);
        assertThat(FusedBlockEvaluator.tryEvaluate(small, Map.of(), List.of("c"), kernels)).isNull();
        // a partial-axis reduction
        List<ChunkNode> chain = new ArrayList<>(monteCarlo(ReduceFn.SUM, 10_000).subList(0, 6));
        chain.add(node("c", new ChunkReduceMap(ReduceFn.SUM, new int[] {0}), List.of(chain.get(5)), DataType.INT64, 1, 3));
        assertThat(FusedBlockEvaluator.tryEvaluate(chain, Map.of(), List.of("c"), kernels)).isNull();
    }
}
