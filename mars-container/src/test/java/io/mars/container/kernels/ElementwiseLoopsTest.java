package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.ElementwiseFn;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The loops compute each element from its operands alone, so a caller evaluating a chunk block by block (an offset
 * and a length at a time, with a scalar or array operand on either side) gets exactly what one call over the whole
 * run gives, and writes nothing outside its block.
 */
class ElementwiseLoopsTest {
    private static final int N = 37;
    private static final Set<ElementwiseFn> DOUBLE_UNARY = EnumSet.of(ElementwiseFn.NEGATIVE, ElementwiseFn.POSITIVE,
            ElementwiseFn.ABS, ElementwiseFn.SQUARE, ElementwiseFn.SIGN, ElementwiseFn.RECIPROCAL, ElementwiseFn.SQRT,
            ElementwiseFn.CBRT, ElementwiseFn.EXP, ElementwiseFn.EXPM1, ElementwiseFn.EXP2, ElementwiseFn.LOG,
            ElementwiseFn.LOG2, ElementwiseFn.LOG10, ElementwiseFn.LOG1P, ElementwiseFn.SIN, ElementwiseFn.COS,
            ElementwiseFn.TAN, ElementwiseFn.ARCSIN, ElementwiseFn.ARCCOS, ElementwiseFn.ARCTAN, ElementwiseFn.SINH,
            ElementwiseFn.COSH, ElementwiseFn.TANH, ElementwiseFn.ARCSINH, ElementwiseFn.ARCCOSH, ElementwiseFn.ARCTANH,
            ElementwiseFn.DEGREES, ElementwiseFn.RADIANS, ElementwiseFn.RINT, ElementwiseFn.FLOOR, ElementwiseFn.CEIL,
            ElementwiseFn.TRUNC);
    private static final Set<ElementwiseFn> DOUBLE_BINARY = EnumSet.of(ElementwiseFn.ADD, ElementwiseFn.SUBTRACT,
            ElementwiseFn.MULTIPLY, ElementwiseFn.DIVIDE, ElementwiseFn.POWER, ElementwiseFn.FLOOR_DIVIDE,
            ElementwiseFn.MOD, ElementwiseFn.ARCTAN2, ElementwiseFn.HYPOT, ElementwiseFn.MAXIMUM, ElementwiseFn.MINIMUM,
            ElementwiseFn.FMAX, ElementwiseFn.FMIN);
    private static final Set<ElementwiseFn> LONG_BINARY = EnumSet.of(ElementwiseFn.ADD, ElementwiseFn.SUBTRACT,
            ElementwiseFn.MULTIPLY, ElementwiseFn.FLOOR_DIVIDE, ElementwiseFn.MOD, ElementwiseFn.MAXIMUM,
            ElementwiseFn.MINIMUM, ElementwiseFn.FMAX, ElementwiseFn.FMIN, ElementwiseFn.BITWISE_AND,
            ElementwiseFn.BITWISE_OR, ElementwiseFn.BITWISE_XOR, ElementwiseFn.LEFT_SHIFT, ElementwiseFn.RIGHT_SHIFT);

    private final Random random = new Random(42);
    private final double[] a = doubles();
    private final double[] b = doubles();

    private double[] doubles() {
        double[] v = new double[N];
        for (int i = 0; i < N; i++) {
            v[i] = i % 11 == 3 ? Double.NaN : (random.nextDouble() * 6 - 3);
        }
        return v;
    }

    @Test
    void unaryFloatLoopsGiveTheSameValuesBlockByBlock() {
        for (ElementwiseFn fn : DOUBLE_UNARY) {
            double[] whole = new double[N];
            DoubleLoops.unary(fn, a, 0, 1, whole, 0, N);
            double[] blocks = new double[N + 2];
            blocks[0] = 99;
            blocks[N + 1] = 99;
            for (int start = 0; start < N; start += 8) {
                int len = Math.min(8, N - start);
                DoubleLoops.unary(fn, a, start, 1, blocks, start + 1, len);
            }
            assertThat(Arrays.copyOfRange(blocks, 1, N + 1)).as("%s by blocks", fn).containsExactly(whole);
            assertThat(blocks[0]).as("%s writes before its block", fn).isEqualTo(99);
            assertThat(blocks[N + 1]).as("%s writes after its block", fn).isEqualTo(99);
        }
    }

    @Test
    void binaryFloatLoopsAgreeForArrayAndScalarOperandsOnEitherSide() {
        for (ElementwiseFn fn : DOUBLE_BINARY) {
            double[] whole = new double[N];
            DoubleLoops.binary(fn, a, 0, 1, b, 0, 1, whole, 0, N);
            for (int start = 0; start < N; start += 5) {
                int len = Math.min(5, N - start);
                double[] out = new double[len];
                DoubleLoops.binary(fn, a, start, 1, b, start, 1, out, 0, len);
                assertThat(out).as("%s block at %d", fn, start).containsExactly(Arrays.copyOfRange(whole, start, start + len));
                double[] vs = new double[len];
                DoubleLoops.binary(fn, a, start, 1, b, 7, 0, vs, 0, len);
                double[] sv = new double[len];
                DoubleLoops.binary(fn, b, 7, 0, a, start, 1, sv, 0, len);
                double[] ss = new double[len];
                DoubleLoops.binary(fn, a, 5, 0, b, 7, 0, ss, 0, len);
                for (int i = 0; i < len; i++) {
                    double[] one = new double[1];
                    DoubleLoops.binary(fn, new double[] {a[start + i]}, 0, 1, new double[] {b[7]}, 0, 1, one, 0, 1);
                    assertThat(vs[i]).as("%s(a[%d], scalar)", fn, start + i).isEqualTo(Double.valueOf(one[0]));
                    DoubleLoops.binary(fn, new double[] {b[7]}, 0, 1, new double[] {a[start + i]}, 0, 1, one, 0, 1);
                    assertThat(sv[i]).as("%s(scalar, a[%d])", fn, start + i).isEqualTo(Double.valueOf(one[0]));
                    DoubleLoops.binary(fn, new double[] {a[5]}, 0, 1, new double[] {b[7]}, 0, 1, one, 0, 1);
                    assertThat(ss[i]).as("%s(scalar, scalar)", fn).isEqualTo(Double.valueOf(one[0]));
                }
            }
        }
    }

    @Test
    void integerLoopsAgreeForArrayAndScalarOperands() {
        long[] x = new long[N];
        long[] y = new long[N];
        for (int i = 0; i < N; i++) {
            x[i] = random.nextInt(200) - 100;
            y[i] = i % 6 == 0 ? 0 : random.nextInt(20) - 10;
        }
        for (ElementwiseFn fn : LONG_BINARY) {
            long[] whole = new long[N];
            LongLoops.binary(fn, x, 0, 1, y, 0, 1, whole, 0, N);
            long[] vs = new long[N - 3];
            LongLoops.binary(fn, x, 3, 1, y, 2, 0, vs, 0, N - 3);
            long[] sv = new long[N - 3];
            LongLoops.binary(fn, y, 2, 0, x, 3, 1, sv, 0, N - 3);
            for (int i = 0; i < N - 3; i++) {
                long[] one = new long[1];
                LongLoops.binary(fn, new long[] {x[3 + i]}, 0, 1, new long[] {y[2]}, 0, 1, one, 0, 1);
                assertThat(vs[i]).as("%s(x[%d], scalar)", fn, 3 + i).isEqualTo(one[0]);
                LongLoops.binary(fn, new long[] {y[2]}, 0, 1, new long[] {x[3 + i]}, 0, 1, one, 0, 1);
                assertThat(sv[i]).as("%s(scalar, x[%d])", fn, 3 + i).isEqualTo(one[0]);
                LongLoops.binary(fn, new long[] {x[3 + i]}, 0, 1, new long[] {y[3 + i]}, 0, 1, one, 0, 1);
                assertThat(whole[3 + i]).as("%s(x[%d], y[%d])", fn, 3 + i, 3 + i).isEqualTo(one[0]);
            }
        }
    }

    @Test
    void whereAndClipLoopsAgreeForEveryOperandPattern() {
        boolean[] c = new boolean[N];
        for (int i = 0; i < N; i++) {
            c[i] = random.nextBoolean();
        }
        double[] whole = new double[N];
        DoubleLoops.where(c, 0, 1, a, 0, 1, b, 0, 1, whole, 0, N);
        double[] scalars = new double[N];
        DoubleLoops.where(c, 0, 1, a, 4, 0, b, 9, 0, scalars, 0, N);
        double[] clipped = new double[N];
        DoubleLoops.clip(a, 0, 1, b, 3, 0, b, 8, 0, clipped, 0, N);
        double[] clippedStrided = new double[N];
        DoubleLoops.clip(a, 0, 1, new double[] {b[3]}, 0, 0, new double[] {b[8], b[8]}, 1, 0, clippedStrided, 0, N);
        for (int i = 0; i < N; i++) {
            assertThat(whole[i]).isEqualTo(Double.valueOf(c[i] ? a[i] : b[i]));
            assertThat(scalars[i]).isEqualTo(Double.valueOf(c[i] ? a[4] : b[9]));
            assertThat(clippedStrided[i]).isEqualTo(Double.valueOf(clipped[i]));
        }
    }
}
