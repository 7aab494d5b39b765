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
import io.mars.common.operand.chunk.ChunkTensorDot;
import io.mars.common.operand.chunk.ChunkTranspose;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TransposeAndTensorDotKernelsTest {
    private static NDArray transpose(NDArray a, int... axes) {
        long[] shape = new long[axes.length];
        for (int i = 0; i < axes.length; i++) {
            shape[i] = a.shape()[axes[i] < 0 ? axes[i] + axes.length : axes[i]];
        }
        return evalArray(node(new ChunkTranspose(axes), a.dtype(), shape, array(a)));
    }

    private static NDArray tensordot(NDArray a, NDArray b, int[] axesA, int[] axesB, DataType dtype, long[] shape) {
        return evalArray(node(new ChunkTensorDot(axesA, axesB), dtype, shape, array(a), array(b)));
    }

    private static NDArray iota(DataType dtype, long... shape) {
        NDArray a = NDArray.allocate(dtype, shape);
        for (int i = 0; i < a.size(); i++) {
            a.setLong(i, i * 7 % 23 - 11);
        }
        return a;
    }

    @Test
    void transposesThreeDimensionsByEveryPermutation() {
        NDArray a = iota(DataType.INT32, 2, 3, 4);
        int[][] perms = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        for (int[] perm : perms) {
            NDArray t = transpose(a, perm);
            long[] outShape = t.shape();
            assertThat(t.dtype()).isEqualTo(DataType.INT32);
            for (int i = 0; i < t.size(); i++) {
                long[] out = unravel(i, outShape);
                long[] in = new long[3];
                for (int d = 0; d < 3; d++) {
                    in[perm[d]] = out[d];
                }
                assertThat(t.getLong(i)).as("perm %s at %d", java.util.Arrays.toString(perm), i)
                        .isEqualTo(a.getLong(ravel(in, a.shape())));
            }
        }
    }

    @Test
    void transposeAcceptsNegativeAxesAndAnyDtype() {
        NDArray b = NDArray.of(new boolean[] {true, false, false, true, true, false}, 2, 3);

        NDArray t = transpose(b, -1, 0);

        assertThat(t.shape()).containsExactly(3, 2);
        assertThat((boolean[]) t.data()).containsExactly(true, true, false, true, false, false);
    }

    @Test
    void transposeRejectsANonPermutation() {
        NDArray a = iota(DataType.INT64, 2, 3);

        assertThatThrownBy(() -> evalArray(node(new ChunkTranspose(new int[] {0, 0}), DataType.INT64, shape(2, 3), array(a))))
                .isInstanceOf(MarsException.class).hasMessageContaining("[0, 0]");
    }

    /** Reference tensordot: a sum over every index of the contracted axes, element by element. */
    private static double[] naiveTensorDot(NDArray a, NDArray b, int[] axesA, int[] axesB, long[] outShape) {
        long[] sa = a.shape();
        long[] sb = b.shape();
        long[] contracted = new long[axesA.length];
        for (int i = 0; i < axesA.length; i++) {
            contracted[i] = sa[axesA[i]];
        }
        int freeA = sa.length - axesA.length;
        double[] out = new double[size(outShape)];
        for (int o = 0; o < out.length; o++) {
            long[] oi = unravel(o, outShape);
            double sum = 0;
            for (int c = 0; c < size(contracted); c++) {
                long[] ci = unravel(c, contracted);
                long[] ia = new long[sa.length];
                long[] ib = new long[sb.length];
                int f = 0;
                for (int d = 0; d < sa.length; d++) {
                    int pos = indexOf(axesA, d);
                    ia[d] = pos >= 0 ? ci[pos] : oi[f++];
                }
                for (int d = 0; d < sb.length; d++) {
                    int pos = indexOf(axesB, d);
                    ib[d] = pos >= 0 ? ci[pos] : oi[f++];
                }
                assertThat(f).isEqualTo(outShape.length);
                sum += a.getDouble(ravel(ia, sa)) * b.getDouble(ravel(ib, sb));
            }
            out[o] = sum;
        }
        assertThat(freeA).isLessThanOrEqualTo(outShape.length);
        return out;
    }

    private static int indexOf(int[] axes, int d) {
        for (int i = 0; i < axes.length; i++) {
            if (axes[i] == d) {
                return i;
            }
        }
        return -1;
    }

    private static NDArray random(Random r, long... shape) {
        return NDArray.of(KernelTesting.randomDoubles(r, size(shape)), shape);
    }

    @Test
    void tensorDotOfMatricesMatchesANaiveLoop() {
        Random r = new Random(1);
        NDArray a = random(r, 3, 4);
        NDArray b = random(r, 4, 5);

        NDArray c = tensordot(a, b, new int[] {1}, new int[] {0}, DataType.FLOAT64, shape(3, 5));

        double[] expected = naiveTensorDot(a, b, new int[] {1}, new int[] {0}, shape(3, 5));
        assertThat(c.toDoubleArray()).containsExactly(expected, within(1e-12));
    }

    @Test
    void tensorDotAcrossMatMulBlocksMatchesANaiveLoop() {
        Random r = new Random(2);
        NDArray a = random(r, 37, 131);
        NDArray b = random(r, 131, 1030);

        NDArray c = tensordot(a, b, new int[] {1}, new int[] {0}, DataType.FLOAT64, shape(37, 1030));

        double[] expected = naiveTensorDot(a, b, new int[] {1}, new int[] {0}, shape(37, 1030));
        assertThat(c.toDoubleArray()).containsExactly(expected, within(1e-10));
    }

    @Test
    void productOfSeveralPairsIsTheSumOfTheirProducts() {
        Random r = new Random(3);
        NDArray a0 = random(r, 40, 50);
        NDArray b0 = random(r, 60, 50);
        NDArray a1 = random(r, 40, 30);
        NDArray b1 = random(r, 60, 30);
        int[] one = {1};

        NDArray c = evalArray(node(new ChunkTensorDot(one, one), DataType.FLOAT64, shape(40, 60), array(a0), array(b0),
                array(a1), array(b1)));

        double[] p0 = naiveTensorDot(a0, b0, one, one, shape(40, 60));
        double[] p1 = naiveTensorDot(a1, b1, one, one, shape(40, 60));
        double[] expected = new double[p0.length];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = p0[i] + p1[i];
        }
        assertThat(c.toDoubleArray()).containsExactly(expected, within(1e-10));
    }

    @Test
    void integerProductOfSeveralPairsSumsExactly() {
        NDArray a0 = iota(DataType.INT64, 3, 4);
        NDArray b0 = iota(DataType.INT64, 4, 2);
        NDArray a1 = iota(DataType.INT64, 3, 5);
        NDArray b1 = iota(DataType.INT64, 5, 2);

        NDArray c = evalArray(node(new ChunkTensorDot(new int[] {1}, new int[] {0}), DataType.INT64, shape(3, 2),
                array(a0), array(b0), array(a1), array(b1)));

        double[] p0 = naiveTensorDot(a0, b0, new int[] {1}, new int[] {0}, shape(3, 2));
        double[] p1 = naiveTensorDot(a1, b1, new int[] {1}, new int[] {0}, shape(3, 2));
        for (int i = 0; i < 6; i++) {
            assertThat(c.getLong(i)).isEqualTo((long) (p0[i] + p1[i]));
        }
    }

    @Test
    void selfProductOverTheLastAxisIsTheSymmetricGramMatrix() {
        Random r = new Random(4);
        NDArray x0 = random(r, 70, 50);
        NDArray x1 = random(r, 70, 33);
        assertGram(new int[] {1}, 70, DataType.FLOAT64, x0, x1);
    }

    @Test
    void selfProductOverTheFirstAxisIsTheSymmetricGramMatrix() {
        Random r = new Random(5);
        NDArray x0 = random(r, 50, 70);
        NDArray x1 = random(r, 33, 70);
        assertGram(new int[] {0}, 70, DataType.FLOAT64, x0, x1);
    }

    @Test
    void smallFloat32SelfProductIsTheGramMatrix() {
        Random r = new Random(6);
        NDArray x0 = random(r, 5, 3).astype(DataType.FLOAT32);
        assertGram(new int[] {1}, 5, DataType.FLOAT32, x0);
    }

    /** {@code sum_p x_p x_p^T} (or {@code x_p^T x_p} when the contracted axis is 0) through a self node. */
    private static void assertGram(int[] axes, int n, DataType dtype, NDArray... xs) {
        io.mars.common.graph.ChunkNode[] inputs = new io.mars.common.graph.ChunkNode[xs.length];
        double[] expected = new double[n * n];
        for (int p = 0; p < xs.length; p++) {
            inputs[p] = array(xs[p]);
            double[] part = naiveTensorDot(xs[p], xs[p], axes, axes, shape(n, n));
            for (int i = 0; i < expected.length; i++) {
                expected[i] += part[i];
            }
        }
        NDArray c = evalArray(node(new ChunkTensorDot(axes, axes, true), dtype, shape(n, n), inputs));

        double[] got = c.toDoubleArray();
        double tolerance = dtype == DataType.FLOAT32 ? 1e-5 : 1e-10;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double e = expected[i * n + j];
                assertThat(got[i * n + j]).isCloseTo(e, within(tolerance * Math.max(1, Math.abs(e))));
                assertThat(got[i * n + j]).isEqualTo(got[j * n + i]);
            }
        }
    }

    @Test
    void tensorDotContractsSeveralAxesInTheGivenPairing() {
        Random r = new Random(3);
        NDArray a = random(r, 2, 3, 4);
        NDArray b = random(r, 4, 3, 5);
        int[] axesA = {1, 2};
        int[] axesB = {1, 0};

        NDArray c = tensordot(a, b, axesA, axesB, DataType.FLOAT64, shape(2, 5));
        NDArray t = tensordot(a, b, new int[] {-1}, new int[] {0}, DataType.FLOAT64, shape(2, 3, 3, 5));

        assertThat(c.toDoubleArray()).containsExactly(naiveTensorDot(a, b, axesA, axesB, shape(2, 5)), within(1e-12));
        assertThat(t.toDoubleArray()).containsExactly(
                naiveTensorDot(a, b, new int[] {2}, new int[] {0}, shape(2, 3, 3, 5)), within(1e-12));
    }

    @Test
    void tensorDotWithNoContractedAxesIsTheOuterProduct() {
        NDArray a = NDArray.of(new double[] {1, 2}, 2);
        NDArray b = NDArray.of(new double[] {3, 4, 5}, 3);

        NDArray c = tensordot(a, b, new int[0], new int[0], DataType.FLOAT64, shape(2, 3));

        assertThat(c.toDoubleArray()).containsExactly(3, 4, 5, 6, 8, 10);
    }

    @Test
    void integerTensorDotIsExactAndWraps() {
        NDArray a = iota(DataType.INT32, 3, 4);
        NDArray b = iota(DataType.INT32, 4, 2);
        NDArray big = NDArray.of(new long[] {Long.MAX_VALUE, 1}, 1, 2);
        NDArray two = NDArray.of(new long[] {2, 0}, 2, 1);

        NDArray c = tensordot(a, b, new int[] {1}, new int[] {0}, DataType.INT64, shape(3, 2));
        NDArray wrapped = tensordot(big, two, new int[] {1}, new int[] {0}, DataType.INT64, shape(1, 1));

        double[] expected = naiveTensorDot(a, b, new int[] {1}, new int[] {0}, shape(3, 2));
        for (int i = 0; i < 6; i++) {
            assertThat(c.getLong(i)).isEqualTo((long) expected[i]);
        }
        assertThat(wrapped.getLong()).isEqualTo(Long.MAX_VALUE * 2);
    }

    @Test
    void float32TensorDotComputesInDoubleAndRounds() {
        NDArray a = NDArray.of(new float[] {1e8f, 1f, -1e8f}, 1, 3);
        NDArray b = NDArray.of(new float[] {1f, 1f, 1f}, 3, 1);

        NDArray c = tensordot(a, b, new int[] {1}, new int[] {0}, DataType.FLOAT32, shape(1, 1));

        assertThat(c.dtype()).isEqualTo(DataType.FLOAT32);
        assertThat(((float[]) c.data())[0]).isEqualTo(1f);
    }

    @Test
    void boolTensorDotIsOrOfAnds() {
        NDArray a = NDArray.of(new boolean[] {true, false, false, false, false, true}, 2, 3);
        NDArray b = NDArray.of(new boolean[] {false, true, true, false, false, false}, 3, 2);

        NDArray c = tensordot(a, b, new int[] {1}, new int[] {0}, DataType.BOOL, shape(2, 2));

        assertThat((boolean[]) c.data()).containsExactly(false, true, false, false);
    }

    @Test
    void tensorDotRejectsContractedAxesOfDifferentLengths() {
        NDArray a = iota(DataType.FLOAT64, 2, 3);
        NDArray b = iota(DataType.FLOAT64, 4, 2);

        assertThatThrownBy(() -> tensordot(a, b, new int[] {1}, new int[] {0}, DataType.FLOAT64, shape(2, 2)))
                .isInstanceOf(MarsException.class).hasMessageContaining("(2, 3)").hasMessageContaining("(4, 2)")
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.SHAPE_MISMATCH));
    }
}
