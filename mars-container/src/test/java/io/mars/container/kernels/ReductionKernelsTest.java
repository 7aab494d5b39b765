package io.mars.container.kernels;

import static io.mars.container.kernels.KernelTesting.array;
import static io.mars.container.kernels.KernelTesting.evalArray;
import static io.mars.container.kernels.KernelTesting.node;
import static io.mars.container.kernels.KernelTesting.ravel;
import static io.mars.container.kernels.KernelTesting.shape;
import static io.mars.container.kernels.KernelTesting.size;
import static io.mars.container.kernels.KernelTesting.unravel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkReduceAgg;
import io.mars.common.operand.chunk.ChunkReduceCombine;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ReductionKernelsTest {
    private static final long[] SHAPE = {4, 5, 6};

    /** The reductions this test has a reference for; the others are checked against numpy in ReductionsGoldenTest. */
    private static final List<ReduceFn> MOMENT_AND_EXTREME_FNS =
            List.of(ReduceFn.SUM, ReduceFn.MEAN, ReduceFn.VAR, ReduceFn.STD, ReduceFn.MIN, ReduceFn.MAX);

    private static NDArray oneShot(ReduceFn fn, NDArray a, int[] axes, boolean keepdims, int ddof) {
        int[] norm = Shapes.normalizeAxes(axes, a.ndim());
        ChunkNode map = node(new ChunkReduceMap(fn, axes), fn.resultType(a.dtype()), Shapes.reduced(a.shape(), norm, true),
                array(a));
        return evalArray(node(new ChunkReduceAgg(fn, norm, keepdims, ddof), fn.resultType(a.dtype()),
                Shapes.reduced(a.shape(), norm, keepdims), map));
    }

    /** Splits {@code a} along {@code axis} (which must be reduced) into three chunks: map each, combine two, agg. */
    private static NDArray tree(ReduceFn fn, NDArray a, int axis, int[] axes, boolean keepdims, int ddof) {
        int[] norm = Shapes.normalizeAxes(axes, a.ndim());
        ChunkNode source = array(a);
        long len = a.shape()[axis];
        long[] cuts = {0, len / 3, len / 3 + (len - len / 3) / 2, len};
        List<ChunkNode> maps = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            long[] start = new long[a.ndim()];
            long[] extent = a.shape();
            start[axis] = cuts[c];
            extent[axis] = cuts[c + 1] - cuts[c];
            ChunkNode piece = node(new ChunkAssemble(List.of(new ChunkAssemble.Piece(0, start, new long[a.ndim()], extent))),
                    a.dtype(), extent, source);
            maps.add(node(new ChunkReduceMap(fn, axes), fn.resultType(a.dtype()), Shapes.reduced(extent, norm, true), piece));
        }
        long[] stateShape = Shapes.reduced(a.shape(), norm, true);
        ChunkNode combined = node(new ChunkReduceCombine(fn), fn.resultType(a.dtype()), stateShape, maps.get(0), maps.get(1));
        return evalArray(node(new ChunkReduceAgg(fn, norm, keepdims, ddof), fn.resultType(a.dtype()),
                Shapes.reduced(a.shape(), norm, keepdims), combined, maps.get(2)));
    }

    /** Straightforward reference: gathers each output slot's values and computes the statistic directly. */
    private static double[] reference(ReduceFn fn, NDArray a, int[] axes, int ddof) {
        int[] norm = Shapes.normalizeAxes(axes, a.ndim());
        long[] outShape = Shapes.reduced(a.shape(), norm, true);
        List<List<Double>> groups = new ArrayList<>();
        for (int i = 0; i < size(outShape); i++) {
            groups.add(new ArrayList<>());
        }
        for (int i = 0; i < a.size(); i++) {
            long[] ix = unravel(i, a.shape());
            for (int ax : norm) {
                ix[ax] = 0;
            }
            groups.get(ravel(ix, outShape)).add(a.getDouble(i));
        }
        double[] out = new double[groups.size()];
        for (int g = 0; g < out.length; g++) {
            List<Double> v = groups.get(g);
            double sum = 0;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (double x : v) {
                sum += x;
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
            double mean = sum / v.size();
            double m2 = 0;
            for (double x : v) {
                m2 += (x - mean) * (x - mean);
            }
            double var = m2 / (v.size() - ddof);
            out[g] = switch (fn) {
                case SUM -> sum;
                case MEAN -> mean;
                case VAR -> var;
                case STD -> Math.sqrt(var);
                case MIN -> min;
                case MAX -> max;
                default -> throw new IllegalArgumentException("no reference for " + fn);
            };
        }
        return out;
    }

    private static NDArray randomData() {
        Random random = new Random(42);
        return NDArray.of(KernelTesting.randomDoubles(random, size(SHAPE)), SHAPE);
    }

    @Test
    void everyReductionMatchesTheReferenceOverNoneOneAndSeveralAxes() {
        NDArray a = randomData();
        int[][] axesCases = {null, {1}, {0, 2}, {-1}, {0, 1, 2}, {}};
        for (ReduceFn fn : MOMENT_AND_EXTREME_FNS) {
            for (int[] axes : axesCases) {
                for (boolean keepdims : new boolean[] {true, false}) {
                    NDArray r = oneShot(fn, a, axes, keepdims, 0);
                    int[] norm = Shapes.normalizeAxes(axes, 3);
                    assertThat(r.shape()).containsExactly(Shapes.reduced(SHAPE, norm, keepdims));
                    assertThat(r.dtype()).isEqualTo(DataType.FLOAT64);
                    double[] expected = reference(fn, a, axes, 0);
                    double[] actual = r.toDoubleArray();
                    for (int i = 0; i < expected.length; i++) {
                        assertThat(actual[i]).as("%s axes %s at %d", fn, java.util.Arrays.toString(axes), i)
                                .isCloseTo(expected[i], within(1e-9 * Math.max(1, Math.abs(expected[i]))));
                    }
                }
            }
        }
    }

    @Test
    void treeMergeOfThreeSplitsEqualsTheOneShotResult() {
        NDArray a = randomData();
        int[][] axesCases = {null, {0}, {0, 2}};
        for (ReduceFn fn : MOMENT_AND_EXTREME_FNS) {
            for (int[] axes : axesCases) {
                NDArray once = oneShot(fn, a, axes, false, 1);
                NDArray merged = tree(fn, a, 0, axes, false, 1);
                assertThat(merged.shape()).containsExactly(once.shape());
                double[] expected = once.toDoubleArray();
                double[] actual = merged.toDoubleArray();
                for (int i = 0; i < expected.length; i++) {
                    assertThat(actual[i]).as("%s axes %s", fn, java.util.Arrays.toString(axes))
                            .isCloseTo(expected[i], within(1e-12 * Math.max(1, Math.abs(expected[i]))));
                }
            }
        }
    }

    @Test
    void varianceMergesStablyFarFromZero() {
        NDArray a = NDArray.of(new double[] {1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16, 1e9 + 4, 1e9 + 16}, 6);

        NDArray var = tree(ReduceFn.VAR, a, 0, null, false, 0);
        NDArray std = tree(ReduceFn.STD, a, 0, null, true, 1);

        assertThat(var.shape()).isEmpty();
        assertThat(var.getDouble()).isCloseTo(27.0, within(1e-6));
        assertThat(std.shape()).containsExactly(1);
        assertThat(std.getDouble()).isCloseTo(Math.sqrt(162.0 / 5), within(1e-6));
    }

    @Test
    void ddofLeavingNoDegreesOfFreedomDividesByZeroLikeNumpy() {
        NDArray two = NDArray.of(new double[] {1, 2}, 2);
        NDArray one = NDArray.of(new double[] {5}, 1);

        assertThat(oneShot(ReduceFn.VAR, two, null, false, 1).getDouble()).isEqualTo(0.5);
        assertThat(oneShot(ReduceFn.VAR, two, null, false, 2).getDouble()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(oneShot(ReduceFn.VAR, two, null, false, 3).getDouble()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(oneShot(ReduceFn.STD, one, null, false, 1).getDouble()).isNaN();
    }

    @Test
    void integerAndBoolSumsAreInt64AndExact() {
        NDArray ints = NDArray.of(new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE, 3, -1, 5, 7}, 2, 3);
        NDArray bools = NDArray.of(new boolean[] {true, false, true, true, true, false, true}, 7);

        NDArray rowSums = tree(ReduceFn.SUM, ints, 1, new int[] {1}, false, 0);
        NDArray count = tree(ReduceFn.SUM, bools, 0, null, false, 0);
        NDArray boolMean = oneShot(ReduceFn.MEAN, bools, null, false, 0);

        assertThat(rowSums.dtype()).isEqualTo(DataType.INT64);
        assertThat(rowSums.toLongArray()).containsExactly(2L * Integer.MAX_VALUE + 3, 11);
        assertThat(count.dtype()).isEqualTo(DataType.INT64);
        assertThat(count.getLong()).isEqualTo(5);
        assertThat(boolMean.getDouble()).isEqualTo(5.0 / 7);
    }

    @Test
    void float32SumsAccumulateInDoubleAndReturnFloat32() {
        float[] values = new float[1000];
        java.util.Arrays.fill(values, 0.1f);
        NDArray a = NDArray.of(values, 1000);

        NDArray sum = tree(ReduceFn.SUM, a, 0, null, false, 0);
        NDArray mean = oneShot(ReduceFn.MEAN, a, null, false, 0);

        assertThat(sum.dtype()).isEqualTo(DataType.FLOAT32);
        assertThat(((float[]) sum.data())[0]).isEqualTo((float) (1000 * (double) 0.1f));
        assertThat(mean.dtype()).isEqualTo(DataType.FLOAT32);
        assertThat(((float[]) mean.data())[0]).isEqualTo(0.1f);
    }

    @Test
    void minAndMaxKeepTheInputDtypeAndPropagateNan() {
        NDArray bytes = NDArray.of(new byte[] {5, -7, 3, 9, -128, 127}, 3, 2);
        NDArray withNan = NDArray.of(new double[] {1, Double.NaN, 3, 0, -1, 2}, 2, 3);
        NDArray bools = NDArray.of(new boolean[] {true, false, true, true}, 2, 2);

        NDArray colMin = tree(ReduceFn.MIN, bytes, 0, new int[] {0}, false, 0);
        NDArray rowMaxBytes = oneShot(ReduceFn.MAX, bytes, new int[] {1}, true, 0);
        NDArray rowMax = oneShot(ReduceFn.MAX, withNan, new int[] {1}, false, 0);
        NDArray rowMin = oneShot(ReduceFn.MIN, withNan, new int[] {1}, false, 0);
        NDArray boolMin = oneShot(ReduceFn.MIN, bools, new int[] {1}, false, 0);
        NDArray boolMax = oneShot(ReduceFn.MAX, bools, new int[] {0}, false, 0);

        assertThat(colMin.dtype()).isEqualTo(DataType.INT8);
        assertThat((byte[]) colMin.data()).containsExactly((byte) -128, (byte) -7);
        assertThat(rowMaxBytes.shape()).containsExactly(3, 1);
        assertThat((byte[]) rowMaxBytes.data()).containsExactly((byte) 5, (byte) 9, (byte) 127);
        assertThat(rowMax.toDoubleArray()).containsExactly(Double.NaN, 2.0);
        assertThat(rowMin.toDoubleArray()).containsExactly(Double.NaN, -1.0);
        assertThat((boolean[]) boolMin.data()).containsExactly(false, true);
        assertThat((boolean[]) boolMax.data()).containsExactly(true, true);
    }

    @Test
    void reducingOverNoAxesIsTheIdentityPerElement() {
        NDArray a = NDArray.of(new long[] {4, -2, 9}, 3);

        NDArray sum = oneShot(ReduceFn.SUM, a, new int[0], false, 0);
        NDArray mean = oneShot(ReduceFn.MEAN, a, new int[0], false, 0);
        NDArray var = oneShot(ReduceFn.VAR, a, new int[0], false, 0);

        assertThat(sum.toLongArray()).containsExactly(4, -2, 9);
        assertThat(mean.toDoubleArray()).containsExactly(4, -2, 9);
        assertThat(var.toDoubleArray()).containsExactly(0, 0, 0);
    }

    @Test
    void emptyChunksContributeNothingAndMinOfNothingIsAnError() {
        NDArray empty = NDArray.allocate(DataType.FLOAT64, 0, 3);

        NDArray sum = oneShot(ReduceFn.SUM, empty, new int[] {0}, false, 0);
        NDArray mean = oneShot(ReduceFn.MEAN, empty, new int[] {0}, false, 0);
        NDArray rowMin = oneShot(ReduceFn.MIN, empty, new int[] {1}, false, 0);
        ChunkNode emptyMap = node(new ChunkReduceMap(ReduceFn.VAR, new int[] {0}), DataType.FLOAT64, shape(1, 3), array(empty));
        ReductionState state = (ReductionState) KernelTesting.eval(emptyMap);

        assertThat(sum.toDoubleArray()).containsExactly(0, 0, 0);
        assertThat(mean.toDoubleArray()).containsExactly(Double.NaN, Double.NaN, Double.NaN);
        assertThat(rowMin.shape()).containsExactly(0);
        assertThat(state.parts().get(0).toDoubleArray()).containsExactly(0, 0, 0);
        assertThatThrownBy(() -> oneShot(ReduceFn.MIN, empty, new int[] {0}, false, 0))
                .isInstanceOf(MarsException.class).hasMessageContaining("min")
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.EMPTY_REDUCTION));
    }

    @Test
    void anEmptyChunkMergesAsTheNeutralState() {
        NDArray a = NDArray.of(new double[] {2, 4, 9}, 3);
        NDArray none = NDArray.allocate(DataType.FLOAT64, 0);
        ChunkNode mapA = node(new ChunkReduceMap(ReduceFn.VAR, null), DataType.FLOAT64, shape(1), array(a));
        ChunkNode mapEmpty = node(new ChunkReduceMap(ReduceFn.VAR, null), DataType.FLOAT64, shape(1), array(none));

        NDArray var = evalArray(node(new ChunkReduceAgg(ReduceFn.VAR, new int[] {0}, false, 0), DataType.FLOAT64,
                shape(), mapEmpty, mapA, mapEmpty));

        assertThat(var.getDouble()).isCloseTo(reference(ReduceFn.VAR, a, null, 0)[0], within(1e-12));
    }

    @Test
    void mapStatesHaveTheDocumentedLayout() {
        NDArray a = NDArray.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);

        ReductionState mean = (ReductionState) KernelTesting.eval(
                node(new ChunkReduceMap(ReduceFn.MEAN, new int[] {1}), DataType.FLOAT64, shape(2, 1), array(a)));
        ReductionState var = (ReductionState) KernelTesting.eval(
                node(new ChunkReduceMap(ReduceFn.VAR, new int[] {0}), DataType.FLOAT64, shape(1, 3), array(a)));

        assertThat(mean.parts()).hasSize(2);
        assertThat(mean.parts().get(0).shape()).containsExactly(2, 1);
        assertThat(mean.parts().get(0).toDoubleArray()).containsExactly(6, 15);
        assertThat(mean.parts().get(1).toLongArray()).containsExactly(3, 3);
        assertThat(var.parts()).hasSize(3);
        assertThat(var.parts().get(0).toDoubleArray()).containsExactly(2, 2, 2);
        assertThat(var.parts().get(1).toDoubleArray()).containsExactly(2.5, 3.5, 4.5);
        assertThat(var.parts().get(2).toDoubleArray()).containsExactly(4.5, 4.5, 4.5);
    }

    @Test
    void longSumOfFloat64UsesEnoughPrecision() {
        int n = 1_000_003;
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = i % 7 * 0.25;
        }
        double expected = 0;
        for (int i = 0; i < n; i++) {
            expected += i % 7 * 0.25;
        }

        NDArray sum = oneShot(ReduceFn.SUM, NDArray.of(v, n), null, false, 0);

        assertThat(sum.getDouble()).isEqualTo(expected);
    }
}
