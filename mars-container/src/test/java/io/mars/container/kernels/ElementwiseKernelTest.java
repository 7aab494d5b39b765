package io.mars.container.kernels;

import static io.mars.container.kernels.KernelTesting.array;
import static io.mars.container.kernels.KernelTesting.broadcastSource;
import static io.mars.container.kernels.KernelTesting.evalArray;
import static io.mars.container.kernels.KernelTesting.node;
import static io.mars.container.kernels.KernelTesting.shape;
import static io.mars.container.kernels.KernelTesting.size;
import static io.mars.container.kernels.KernelTesting.unravel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ElementwiseKernelTest {
    /** Runs fn over the given arrays / Scalars (in argument order) with the result dtype and broadcast shape numpy gives. */
    private static NDArray apply(ElementwiseFn fn, Object... args) {
        List<Arg> list = new ArrayList<>();
        List<ChunkNode> inputs = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        List<DataType.Kind> kinds = new ArrayList<>();
        long[] shape = new long[0];
        for (Object a : args) {
            if (a instanceof Scalar s) {
                list.add(Arg.constant(s));
                kinds.add(s.kind());
            } else {
                NDArray arr = (NDArray) a;
                list.add(Arg.input(inputs.size()));
                inputs.add(array(arr));
                types.add(arr.dtype());
                shape = Shapes.broadcast(shape, arr.shape());
            }
        }
        DataType dtype = fn.resultType(ElementwiseFn.commonType(types.toArray(new DataType[0]), kinds.toArray(new DataType.Kind[0])));
        return evalArray(node(new ChunkElementwise(fn, list), dtype, shape, inputs.toArray(new ChunkNode[0])));
    }

    @Test
    void broadcastsAColumnAgainstARow() {
        NDArray col = NDArray.of(new double[] {1, 2, 3}, 3, 1);
        NDArray row = NDArray.of(new double[] {10, 20, 30, 40}, 4);

        NDArray sum = apply(ElementwiseFn.ADD, col, row);
        NDArray diff = apply(ElementwiseFn.SUBTRACT, row, col);

        assertThat(sum.shape()).containsExactly(3, 4);
        assertThat(sum.toDoubleArray()).containsExactly(11, 21, 31, 41, 12, 22, 32, 42, 13, 23, 33, 43);
        assertThat(diff.toDoubleArray()).containsExactly(9, 19, 29, 39, 8, 18, 28, 38, 7, 17, 27, 37);
    }

    @Test
    void broadcastsZeroDimensionalInputs() {
        NDArray five = NDArray.scalar(DataType.FLOAT64, 5);
        NDArray m = NDArray.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);

        NDArray scaled = apply(ElementwiseFn.MULTIPLY, five, m);
        NDArray scalarOnly = apply(ElementwiseFn.ADD, five, NDArray.scalar(DataType.FLOAT64, 2));

        assertThat(scaled.shape()).containsExactly(2, 3);
        assertThat(scaled.toDoubleArray()).containsExactly(5, 10, 15, 20, 25, 30);
        assertThat(scalarOnly.shape()).isEmpty();
        assertThat(scalarOnly.getDouble()).isEqualTo(7.0);
    }

    @Test
    void generalBroadcastingMatchesAReferenceLoopForEveryFloatFunction() {
        Random random = new Random(7);
        long[] sa = shape(2, 1, 4);
        long[] sb = shape(3, 1);
        NDArray a = NDArray.of(KernelTesting.randomDoubles(random, 8), sa);
        NDArray b = NDArray.of(KernelTesting.randomDoubles(random, 3), sb);
        long[] out = shape(2, 3, 4);
        for (ElementwiseFn fn : List.of(ElementwiseFn.ADD, ElementwiseFn.SUBTRACT, ElementwiseFn.MULTIPLY,
                ElementwiseFn.DIVIDE, ElementwiseFn.POWER, ElementwiseFn.LESS, ElementwiseFn.GREATER_EQUAL)) {
            NDArray result = apply(fn, a, b);
            assertThat(result.shape()).containsExactly(out);
            for (int i = 0; i < size(out); i++) {
                long[] ix = unravel(i, out);
                double x = a.getDouble(broadcastSource(ix, sa));
                double y = b.getDouble(broadcastSource(ix, sb));
                double expected = switch (fn) {
                    case ADD -> x + y;
                    case SUBTRACT -> x - y;
                    case MULTIPLY -> x * y;
                    case DIVIDE -> x / y;
                    case POWER -> Math.pow(x, y);
                    case LESS -> x < y ? 1 : 0;
                    case GREATER_EQUAL -> x >= y ? 1 : 0;
                    default -> throw new AssertionError(fn);
                };
                assertThat(result.getDouble(i)).as("%s at %d", fn, i).isEqualTo(Double.valueOf(expected));
            }
        }
    }

    @Test
    void shortRunsOfManyRowsMatchAReferenceLoop() {
        // (n, 1) against (1, k) and (n, k) against (1, k) for many rows and a few columns (labels against cluster
        // ids, features against their means), in the float, int and comparison domains and where
        int n = 293;
        int k = 11;
        Random random = new Random(11);
        NDArray column = NDArray.of(KernelTesting.randomDoubles(random, n), n, 1);
        NDArray row = NDArray.of(KernelTesting.randomDoubles(random, k), 1, k);
        NDArray full = NDArray.of(KernelTesting.randomDoubles(random, n * k), n, k);
        long[] labels = new long[n];
        for (int i = 0; i < n; i++) {
            labels[i] = random.nextInt(k);
        }
        long[] ks = new long[k];
        for (int j = 0; j < k; j++) {
            ks[j] = j;
        }
        NDArray sub = apply(ElementwiseFn.SUBTRACT, column, row);
        NDArray scaled = apply(ElementwiseFn.MULTIPLY, full, row);
        NDArray oneHot = apply(ElementwiseFn.EQUAL, NDArray.of(labels, n, 1), NDArray.of(ks, 1, k));
        NDArray intSum = apply(ElementwiseFn.ADD, NDArray.of(labels, n, 1), NDArray.of(ks, 1, k));
        NDArray picked = apply(ElementwiseFn.WHERE, oneHot, full, row);
        assertThat(sub.shape()).containsExactly(n, k);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                int at = i * k + j;
                assertThat(sub.getDouble(at)).isEqualTo(column.getDouble(i) - row.getDouble(j));
                assertThat(scaled.getDouble(at)).isEqualTo(full.getDouble(at) * row.getDouble(j));
                assertThat(oneHot.getBoolean(at)).isEqualTo(labels[i] == j);
                assertThat(intSum.getLong(at)).isEqualTo(labels[i] + j);
                assertThat(picked.getDouble(at)).isEqualTo(labels[i] == j ? full.getDouble(at) : row.getDouble(j));
            }
        }
    }

    @Test
    void int64BroadcastingMatchesAReferenceLoop() {
        long[] sa = shape(4, 1);
        long[] sb = shape(1, 5);
        NDArray a = NDArray.of(new long[] {Long.MAX_VALUE, -3, 0, 9}, sa);
        NDArray b = NDArray.of(new long[] {1, 2, -7, 11, Long.MIN_VALUE}, sb);

        NDArray sum = apply(ElementwiseFn.ADD, a, b);
        NDArray product = apply(ElementwiseFn.MULTIPLY, a, b);
        NDArray less = apply(ElementwiseFn.LESS, a, b);

        assertThat(sum.dtype()).isEqualTo(DataType.INT64);
        for (int i = 0; i < 20; i++) {
            long x = a.getLong(i / 5);
            long y = b.getLong(i % 5);
            assertThat(sum.getLong(i)).isEqualTo(x + y);
            assertThat(product.getLong(i)).isEqualTo(x * y);
            assertThat(less.getBoolean(i)).isEqualTo(x < y);
        }
    }

    @Test
    void int8AdditionWrapsAround() {
        NDArray a = NDArray.of(new byte[] {127, -128, 100}, 3);
        NDArray b = NDArray.of(new byte[] {1, -1, 100}, 3);

        NDArray sum = apply(ElementwiseFn.ADD, a, b);

        assertThat(sum.dtype()).isEqualTo(DataType.INT8);
        assertThat((byte[]) sum.data()).containsExactly((byte) -128, (byte) 127, (byte) -56);
    }

    @Test
    void int32PlusFloat32ComputesInFloat64() {
        NDArray a = NDArray.of(new int[] {16_777_217}, 1);
        NDArray b = NDArray.of(new float[] {0.5f}, 1);

        NDArray sum = apply(ElementwiseFn.ADD, a, b);

        assertThat(sum.dtype()).isEqualTo(DataType.FLOAT64);
        assertThat(sum.getDouble(0)).isEqualTo(16_777_217.5);
    }

    @Test
    void float32ResultsAreRoundedToFloat32AndWeakFloatConstantsTooBeforeComputing() {
        float x = 1.1f;
        NDArray a = NDArray.of(new float[] {x, 3e38f}, 2);

        NDArray sum = apply(ElementwiseFn.ADD, a, Scalar.of(0.1));
        NDArray doubled = apply(ElementwiseFn.MULTIPLY, a, Scalar.of(2L));

        assertThat(sum.dtype()).isEqualTo(DataType.FLOAT32);
        assertThat(((float[]) sum.data())[0]).isEqualTo(x + 0.1f);
        assertThat(((float[]) doubled.data())[1]).isEqualTo(Float.POSITIVE_INFINITY);
    }

    @Test
    void weakIntConstantsKeepTheArrayDtypeAndMustFitIt() {
        NDArray a = NDArray.of(new byte[] {100, -3}, 2);

        NDArray sum = apply(ElementwiseFn.ADD, a, Scalar.of(100L));
        NDArray less = apply(ElementwiseFn.LESS, a, Scalar.of(300L));

        assertThat(sum.dtype()).isEqualTo(DataType.INT8);
        assertThat((byte[]) sum.data()).containsExactly((byte) -56, (byte) 97);
        assertThat((boolean[]) less.data()).containsExactly(true, true);
        assertThatThrownBy(() -> apply(ElementwiseFn.ADD, a, Scalar.of(300L)))
                .isInstanceOf(MarsException.class)
                .hasMessageContaining("300").hasMessageContaining("int8")
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }

    @Test
    void int16AndInt32PathsWrapInTheirOwnWidth() {
        NDArray s = NDArray.of(new short[] {Short.MAX_VALUE, 2}, 2);
        NDArray i = NDArray.of(new int[] {Integer.MIN_VALUE, 5}, 2);

        NDArray sums = apply(ElementwiseFn.ADD, s, s);
        NDArray negated = apply(ElementwiseFn.NEGATIVE, i);
        NDArray mixed = apply(ElementwiseFn.SUBTRACT, s, i);

        assertThat((short[]) sums.data()).containsExactly((short) -2, (short) 4);
        assertThat((int[]) negated.data()).containsExactly(Integer.MIN_VALUE, -5);
        assertThat(mixed.dtype()).isEqualTo(DataType.INT32);
        assertThat((int[]) mixed.data()).containsExactly(Short.MAX_VALUE - Integer.MIN_VALUE, -3);
    }

    @Test
    void boolAddIsOrMultiplyIsAndAndComparisonsOrderFalseFirst() {
        NDArray a = NDArray.of(new boolean[] {false, false, true, true}, 4);
        NDArray b = NDArray.of(new boolean[] {false, true, false, true}, 4);

        assertThat((boolean[]) apply(ElementwiseFn.ADD, a, b).data()).containsExactly(false, true, true, true);
        assertThat((boolean[]) apply(ElementwiseFn.MULTIPLY, a, b).data()).containsExactly(false, false, false, true);
        assertThat((boolean[]) apply(ElementwiseFn.LESS, a, b).data()).containsExactly(false, true, false, false);
        assertThat((boolean[]) apply(ElementwiseFn.GREATER_EQUAL, a, b).data()).containsExactly(true, false, true, true);
        assertThat((boolean[]) apply(ElementwiseFn.NOT_EQUAL, a, b).data()).containsExactly(false, true, true, false);
        assertThat((boolean[]) apply(ElementwiseFn.ADD, a, Scalar.of(true)).data()).containsExactly(true, true, true, true);
        assertThat((boolean[]) apply(ElementwiseFn.LESS, Scalar.of(false), b).data())
                .containsExactly(false, true, false, true);
        assertThat((boolean[]) apply(ElementwiseFn.ABS, a).data()).containsExactly(false, false, true, true);
    }

    @Test
    void boolPowerComputesInInt8AndBoolSubtractIsRejected() {
        NDArray a = NDArray.of(new boolean[] {false, true, true}, 3);
        NDArray b = NDArray.of(new boolean[] {false, false, true}, 3);

        NDArray power = apply(ElementwiseFn.POWER, a, b);

        assertThat(power.dtype()).isEqualTo(DataType.INT8);
        assertThat((byte[]) power.data()).containsExactly((byte) 1, (byte) 1, (byte) 1);
        assertThatThrownBy(() -> apply(ElementwiseFn.SUBTRACT, a, b)).isInstanceOf(MarsException.class)
                .hasMessageContaining("bool");
    }

    @Test
    void divideIsTrueDivisionEvenForIntegers() {
        NDArray a = NDArray.of(new long[] {1, -1, 0, 7}, 4);
        NDArray b = NDArray.of(new long[] {0, 0, 0, 2}, 4);

        NDArray q = apply(ElementwiseFn.DIVIDE, a, b);

        assertThat(q.dtype()).isEqualTo(DataType.FLOAT64);
        assertThat(q.toDoubleArray()).containsExactly(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, 3.5);
    }

    @Test
    void integerPowerByRepeatedSquaringWrapsAround() {
        NDArray base = NDArray.of(new long[] {3, -2, 7, 0}, 4);
        NDArray exp = NDArray.of(new long[] {41, 63, 0, 0}, 4);

        NDArray p = apply(ElementwiseFn.POWER, base, exp);
        NDArray int8 = apply(ElementwiseFn.POWER, NDArray.of(new byte[] {2, 3}, 2), Scalar.of(7L));

        BigInteger mod = BigInteger.ONE.shiftLeft(64);
        for (int i = 0; i < 4; i++) {
            long expected = BigInteger.valueOf(base.getLong(i)).pow((int) exp.getLong(i)).mod(mod).longValue();
            assertThat(p.getLong(i)).isEqualTo(expected);
        }
        assertThat((byte[]) int8.data()).containsExactly((byte) -128, (byte) (2187 & 0xFF));
    }

    @Test
    void integerPowerWithANegativeExponentIsRejected() {
        NDArray base = NDArray.of(new long[] {2, 3}, 2);

        assertThatThrownBy(() -> apply(ElementwiseFn.POWER, base, NDArray.of(new long[] {1, -2}, 2)))
                .isInstanceOf(MarsException.class)
                .hasMessageContaining("Integers to negative integer powers are not allowed")
                .hasMessageContaining("-2")
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
        assertThatThrownBy(() -> apply(ElementwiseFn.POWER, base, Scalar.of(-1L)))
                .hasMessageContaining("Integers to negative integer powers are not allowed");
    }

    @Test
    void floatPowerFollowsCForOneAndMinusOne() {
        NDArray base = NDArray.of(new double[] {1.0, -1.0, 2.0, Double.NaN}, 4);
        NDArray exp = NDArray.of(new double[] {Double.NaN, Double.POSITIVE_INFINITY, 0.5, 0.0}, 4);

        NDArray p = apply(ElementwiseFn.POWER, base, exp);

        assertThat(p.toDoubleArray()).containsExactly(1.0, 1.0, Math.sqrt(2.0), 1.0);
    }

    @Test
    void absOfTheMinimumIntegerWrapsAround() {
        assertThat((byte[]) apply(ElementwiseFn.ABS, NDArray.of(new byte[] {-128, -5}, 2)).data())
                .containsExactly((byte) -128, (byte) 5);
        assertThat(apply(ElementwiseFn.ABS, NDArray.of(new long[] {Long.MIN_VALUE, -5}, 2)).toLongArray())
                .containsExactly(Long.MIN_VALUE, 5);
        assertThat(apply(ElementwiseFn.ABS, NDArray.of(new double[] {-0.0, -2.5}, 2)).toDoubleArray())
                .containsExactly(0.0, 2.5);
    }

    @Test
    void sqrtAndLogOfNegativesAreNanAndLogOfZeroIsMinusInfinity() {
        NDArray x = NDArray.of(new double[] {-1, 0, 4, Math.E}, 4);

        assertThat(apply(ElementwiseFn.SQRT, x).toDoubleArray()).containsExactly(Double.NaN, 0.0, 2.0, Math.sqrt(Math.E));
        assertThat(apply(ElementwiseFn.LOG, x).toDoubleArray())
                .containsExactly(Double.NaN, Double.NEGATIVE_INFINITY, Math.log(4), 1.0);
        assertThat(apply(ElementwiseFn.EXP, x).toDoubleArray())
                .containsExactly(Math.exp(-1), 1.0, Math.exp(4), Math.exp(Math.E));
    }

    @Test
    void floatFunctionsOfSmallIntegersGiveFloat32() {
        NDArray x = NDArray.of(new byte[] {4, 2}, 2);

        NDArray r = apply(ElementwiseFn.SQRT, x);

        assertThat(r.dtype()).isEqualTo(DataType.FLOAT32);
        assertThat((float[]) r.data()).containsExactly(2.0f, (float) Math.sqrt(2));
    }

    @Test
    void comparisonsWithNanAreFalseExceptNotEqual() {
        NDArray nan = NDArray.of(new double[] {Double.NaN, Double.NaN}, 2);
        NDArray other = NDArray.of(new double[] {Double.NaN, 1.0}, 2);

        for (ElementwiseFn fn : List.of(ElementwiseFn.LESS, ElementwiseFn.LESS_EQUAL, ElementwiseFn.GREATER,
                ElementwiseFn.GREATER_EQUAL, ElementwiseFn.EQUAL)) {
            assertThat((boolean[]) apply(fn, nan, other).data()).as(fn.numpyName()).containsExactly(false, false);
            assertThat((boolean[]) apply(fn, nan, Scalar.of(1.0)).data()).as(fn.numpyName()).containsExactly(false, false);
        }
        assertThat((boolean[]) apply(ElementwiseFn.NOT_EQUAL, nan, other).data()).containsExactly(true, true);
    }

    @Test
    void constantsOnTheLeftOfNonCommutativeFunctions() {
        NDArray x = NDArray.of(new double[] {1, 2, 4}, 3);
        NDArray n = NDArray.of(new long[] {1, 2, 4}, 3);

        assertThat(apply(ElementwiseFn.SUBTRACT, Scalar.of(1.0), x).toDoubleArray()).containsExactly(0, -1, -3);
        assertThat(apply(ElementwiseFn.DIVIDE, Scalar.of(2L), x).toDoubleArray()).containsExactly(2, 1, 0.5);
        assertThat(apply(ElementwiseFn.POWER, Scalar.of(2.0), x).toDoubleArray()).containsExactly(2, 4, 16);
        assertThat(apply(ElementwiseFn.POWER, Scalar.of(3L), n).toLongArray()).containsExactly(3, 9, 81);
        assertThat(apply(ElementwiseFn.SUBTRACT, Scalar.of(10L), n).toLongArray()).containsExactly(9, 8, 6);
        assertThat((boolean[]) apply(ElementwiseFn.LESS, Scalar.of(2.0), x).data()).containsExactly(false, false, true);
        assertThat((boolean[]) apply(ElementwiseFn.GREATER_EQUAL, Scalar.of(2L), n).data()).containsExactly(true, true, false);
    }

    @Test
    void writesTheNodeDtypeWhenItDiffersFromTheComputeType() {
        NDArray a = NDArray.of(new double[] {1.5, 2.25}, 2);
        ChunkNode node = node(new ChunkElementwise(ElementwiseFn.ADD, List.of(Arg.input(0), Arg.constant(Scalar.of(1.0)))),
                DataType.FLOAT32, shape(2), array(a));

        NDArray r = evalArray(node);

        assertThat(r.dtype()).isEqualTo(DataType.FLOAT32);
        assertThat((float[]) r.data()).containsExactly(2.5f, 3.25f);
    }

    @Test
    void rejectsAnInputThatDoesNotBroadcastToTheChunk() {
        NDArray a = NDArray.of(new double[] {1, 2, 3}, 3);
        ChunkNode node = node(new ChunkElementwise(ElementwiseFn.NEGATIVE, List.of(Arg.input(0))),
                DataType.FLOAT64, shape(2, 4), array(a));

        assertThatThrownBy(() -> evalArray(node)).isInstanceOf(MarsException.class)
                .hasMessageContaining("(3,)").hasMessageContaining("(2, 4)")
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.SHAPE_MISMATCH));
    }

    @Test
    void emptyChunksGiveEmptyResults() {
        NDArray empty = NDArray.allocate(DataType.FLOAT64, 0, 3);

        NDArray r = apply(ElementwiseFn.ADD, empty, NDArray.of(new double[] {1, 2, 3}, 3));

        assertThat(r.shape()).containsExactly(0, 3);
        assertThat(r.size()).isZero();
    }
}
