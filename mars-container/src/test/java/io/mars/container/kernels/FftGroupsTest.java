package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The grouped power-of-two transforms of {@link FftGroups}, through {@link FftLines#transform}, against the
 * definition of the DFT summed term by term: every line layout (strided columns, contiguous rows, transposed output),
 * the four-step twiddle, inverse and scaled transforms, odd and even numbers of radix-2 stages, and groups cut short.
 */
class FftGroupsTest {
    private static final double TOLERANCE = 1e-12;

    @Test
    void transformsContiguousLinesOfEveryStageCount() {
        for (int len : new int[] {2, 4, 8, 16, 32, 64, 128, 1024, 2048}) {
            NDArray x = complexRandom(new Random(len), 3, len);
            assertClose(FftLines.transform(x, 1, false, 1.0, 0, new long[2], false), direct(x, 1, false, 1.0), len);
        }
    }

    @Test
    void transformsStridedColumnsInGroupsCutShort() {
        // 37 columns of 1024: groups of 32 and a last one of 5
        NDArray x = complexRandom(new Random(7), 1024, 37);
        assertClose(FftLines.transform(x, 0, false, 1.0, 0, new long[2], false), direct(x, 0, false, 1.0), 1024);
        NDArray y = complexRandom(new Random(8), 2, 16, 3);
        assertClose(FftLines.transform(y, 1, false, 1.0, 0, new long[3], false), direct(y, 1, false, 1.0), 16);
    }

    @Test
    void readsRealAndSinglePrecisionInput() {
        Random random = new Random(9);
        double[] values = new double[64 * 6];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextGaussian();
        }
        NDArray reals = NDArray.of(values, 64, 6);
        assertClose(FftLines.transform(reals, 0, false, 1.0, 0, new long[2], false), direct(reals, 0, false, 1.0),
                64);
        NDArray singles = reals.astype(DataType.FLOAT32);
        assertClose(FftLines.transform(singles, 1, false, 1.0, 0, new long[2], false),
                direct(singles, 1, false, 1.0), 6);
        NDArray complex64 = complexRandom(new Random(10), 5, 32).astype(DataType.COMPLEX64);
        assertClose(FftLines.transform(complex64, 1, true, 0.5, 0, new long[2], false),
                direct(complex64, 1, true, 0.5), 32);
    }

    @Test
    void transformsRealLinesTwoToAColumnInEveryLayout() {
        Random random = new Random(14);
        for (long[] shape : new long[][] {{5, 32}, {4, 64}, {1, 8}, {32, 7}, {16, 2}, {3, 8, 5}}) {
            int size = 1;
            for (long d : shape) {
                size *= (int) d;
            }
            double[] values = new double[size];
            for (int i = 0; i < size; i++) {
                values[i] = random.nextGaussian();
            }
            NDArray x = NDArray.of(values, shape);
            int axis = shape[shape.length - 1] == 7 || shape.length == 3 ? shape.length - 2 : shape.length - 1;
            int len = (int) shape[axis];
            for (boolean inverse : new boolean[] {false, true}) {
                assertClose(FftLines.transform(x, axis, inverse, 0.5, 0, new long[shape.length], false),
                        direct(x, axis, inverse, 0.5), len);
                assertClose(FftLines.transform(x.astype(DataType.FLOAT32), axis, inverse, 1.0, 0,
                        new long[shape.length], false), direct(x.astype(DataType.FLOAT32), axis, inverse, 1.0), len);
            }
        }
        // more real lines than one group takes (64 of 1024, two to a column): full groups and a short last one, along
        // contiguous rows and down strided columns
        for (int axis = 0; axis < 2; axis++) {
            long[] shape = axis == 1 ? new long[] {72, 1024} : new long[] {1024, 70};
            double[] values = new double[72 * 1024];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextGaussian();
            }
            NDArray x = NDArray.of(java.util.Arrays.copyOf(values, (int) (shape[0] * shape[1])), shape);
            assertClose(FftLines.transform(x, axis, false, 1.0, 0, new long[2], false), direct(x, axis, false, 1.0),
                    1024);
        }
        NDArray rows = NDArray.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8, -1, 0.5, 0, 0, 2, 2, 2, 2, 9, 8, 7, 6, 5, 4,
            3, 2}, 3, 8);
        NDArray got = FftLines.transform(rows, 1, false, 1.0, 0, new long[2], true);
        double[] byRow = (double[]) direct(rows, 1, false, 1.0).data();
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 8; c++) {
                assertThat(got.getReal(c * 3 + r)).isCloseTo(byRow[2 * (r * 8 + c)],
                        org.assertj.core.data.Offset.offset(1e-12));
                assertThat(got.getImag(c * 3 + r)).isCloseTo(byRow[2 * (r * 8 + c) + 1],
                        org.assertj.core.data.Offset.offset(1e-12));
            }
        }
    }

    @Test
    void invertsAndScales() {
        NDArray x = complexRandom(new Random(11), 256, 9);
        assertClose(FftLines.transform(x, 0, true, 1.0 / 256, 0, new long[2], false),
                direct(x, 0, true, 1.0 / 256), 256);
        assertClose(FftLines.transform(x, 1, true, 1.0, 0, new long[2], false), direct(x, 1, true, 1.0), 9);
    }

    @Test
    void multipliesTheFourStepTwiddleAtTheChunksOffset() {
        // columns of a 64 x 40 block at [64, 24] of a 128 x 64 matrix (n = 8192)
        NDArray x = complexRandom(new Random(12), 64, 40);
        long n = 8192;
        long[] offset = {64, 24};
        for (boolean inverse : new boolean[] {false, true}) {
            NDArray expected = direct(x, 0, inverse, 0.25);
            double[] e = (double[]) expected.data();
            double sign = inverse ? 2.0 : -2.0;
            for (int k = 0; k < 64; k++) {
                for (int j = 0; j < 40; j++) {
                    long m = (offset[0] + k) * (offset[1] + j) % n;
                    double angle = sign * Math.PI * m / n;
                    int p = 2 * (k * 40 + j);
                    double r = e[p];
                    double i = e[p + 1];
                    e[p] = r * Math.cos(angle) - i * Math.sin(angle);
                    e[p + 1] = r * Math.sin(angle) + i * Math.cos(angle);
                }
            }
            assertClose(FftLines.transform(x, 0, inverse, 0.25, n, offset, false), expected, 64);
        }
    }

    @Test
    void writesRowsTransposed() {
        NDArray x = complexRandom(new Random(13), 70, 128);
        NDArray got = FftLines.transform(x, 1, false, 1.0, 0, new long[2], true);
        assertThat(got.shape()).containsExactly(128, 70);
        double[] byRow = (double[]) direct(x, 1, false, 1.0).data();
        double[] transposed = new double[byRow.length];
        for (int r = 0; r < 70; r++) {
            for (int c = 0; c < 128; c++) {
                transposed[2 * (c * 70 + r)] = byRow[2 * (r * 128 + c)];
                transposed[2 * (c * 70 + r) + 1] = byRow[2 * (r * 128 + c) + 1];
            }
        }
        assertClose(got, new NDArray(DataType.COMPLEX128, new long[] {128, 70}, transposed), 128);
    }

    @Test
    void readsAChunkFromItsPiecesWhereTheyLie() {
        NDArray x = complexRandom(new Random(15), 64, 40);
        double[] all = (double[]) x.data();
        // the 64 x 40 chunk cut at rows 0, 20, 64 and columns 0, 7, 33, 40; each piece an array of its own, one of
        // them a corner of a larger array (srcStart not zero)
        long[] rowCuts = {0, 20, 64};
        long[] columnCuts = {0, 7, 33, 40};
        List<NDArray> arrays = new ArrayList<>();
        List<ChunkAssemble.Piece> pieces = new ArrayList<>();
        for (int i = 0; i + 1 < rowCuts.length; i++) {
            for (int j = 0; j + 1 < columnCuts.length; j++) {
                int rows = (int) (rowCuts[i + 1] - rowCuts[i]);
                int cols = (int) (columnCuts[j + 1] - columnCuts[j]);
                int margin = i == 1 && j == 2 ? 2 : 0;
                double[] part = new double[2 * (rows + margin) * (cols + margin)];
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < cols; c++) {
                        int from = 2 * ((int) (rowCuts[i] + r) * 40 + (int) columnCuts[j] + c);
                        int to = 2 * ((r + margin) * (cols + margin) + c + margin);
                        part[to] = all[from];
                        part[to + 1] = all[from + 1];
                    }
                }
                pieces.add(new ChunkAssemble.Piece(arrays.size(), new long[] {margin, margin},
                        new long[] {rowCuts[i], columnCuts[j]}, new long[] {rows, cols}));
                arrays.add(new NDArray(DataType.COMPLEX128, new long[] {rows + margin, cols + margin}, part));
            }
        }
        long[] shape = {64, 40};
        assertThat(FftGroups.takesPieces(shape, arrays)).isTrue();
        long[] offset = {64, 24};
        for (boolean inverse : new boolean[] {false, true}) {
            assertClose(FftGroups.transformPieces(shape, arrays, pieces, 0, inverse, 0.5, 8192, offset, false),
                    FftLines.transform(x, 0, inverse, 0.5, 8192, offset, false), 64);
            assertClose(FftGroups.transformPieces(shape, arrays, pieces, 0, inverse, 1.0, 0, new long[2], false),
                    FftLines.transform(x, 0, inverse, 1.0, 0, new long[2], false), 64);
        }
        // rows of 40 are not a power of two: along axis 1 a chunk of 64 x 32 cut the same way
        NDArray y = complexRandom(new Random(16), 20, 32);
        List<NDArray> halves = List.of(slice(y, 0, 16), slice(y, 16, 32));
        List<ChunkAssemble.Piece> cut = List.of(
                new ChunkAssemble.Piece(0, new long[2], new long[] {0, 0}, new long[] {20, 16}),
                new ChunkAssemble.Piece(1, new long[2], new long[] {0, 16}, new long[] {20, 16}));
        long[] rowShape = {20, 32};
        assertClose(FftGroups.transformPieces(rowShape, halves, cut, 1, false, 1.0, 0, new long[2], true),
                FftLines.transform(y, 1, false, 1.0, 0, new long[2], true), 32);
        assertClose(FftGroups.transformPieces(rowShape, halves, cut, 1, true, 0.25, 0, new long[2], false),
                FftLines.transform(y, 1, true, 0.25, 0, new long[2], false), 32);
        // a single column, axis 0
        NDArray column = complexRandom(new Random(17), 16, 1);
        List<NDArray> parts = List.of(slice(column.reshape(1, 16), 0, 5).reshape(5, 1),
                slice(column.reshape(1, 16), 5, 16).reshape(11, 1));
        List<ChunkAssemble.Piece> stacked = List.of(
                new ChunkAssemble.Piece(0, new long[2], new long[] {0, 0}, new long[] {5, 1}),
                new ChunkAssemble.Piece(1, new long[2], new long[] {5, 0}, new long[] {11, 1}));
        assertClose(FftGroups.transformPieces(new long[] {16, 1}, parts, stacked, 0, false, 1.0, 0, new long[2],
                false), FftLines.transform(column, 0, false, 1.0, 0, new long[2], false), 16);
        assertThat(FftGroups.takesPieces(shape, List.of(NDArray.of(new double[4], 2, 2)))).isFalse();
    }

    /** Columns [from, to) of a 2-d complex128 array, copied. */
    private static NDArray slice(NDArray a, int from, int to) {
        int rows = (int) a.shapeView()[0];
        int cols = (int) a.shapeView()[1];
        double[] src = (double[]) a.data();
        double[] out = new double[2 * rows * (to - from)];
        for (int r = 0; r < rows; r++) {
            System.arraycopy(src, 2 * (r * cols + from), out, 2 * r * (to - from), 2 * (to - from));
        }
        return new NDArray(DataType.COMPLEX128, new long[] {rows, to - from}, out);
    }

    private static NDArray complexRandom(Random random, long... shape) {
        int size = 1;
        for (long d : shape) {
            size *= (int) d;
        }
        double[] pairs = new double[2 * size];
        for (int i = 0; i < pairs.length; i++) {
            pairs[i] = random.nextDouble() - 0.5;
        }
        return new NDArray(DataType.COMPLEX128, shape, pairs);
    }

    /** The DFT of every line along {@code axis}, summed term by term with exact angles, in complex128. */
    private static NDArray direct(NDArray x, int axis, boolean inverse, double scale) {
        long[] shape = x.shape();
        int len = (int) shape[axis];
        int inner = 1;
        for (int d = axis + 1; d < shape.length; d++) {
            inner *= (int) shape[d];
        }
        int outer = x.size() / (len * inner);
        double[] out = new double[2 * x.size()];
        double sign = inverse ? 2.0 : -2.0;
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < inner; i++) {
                int base = o * len * inner + i;
                for (int k = 0; k < len; k++) {
                    double sr = 0;
                    double si = 0;
                    for (int j = 0; j < len; j++) {
                        double angle = sign * Math.PI * ((long) j * k % len) / len;
                        double c = Math.cos(angle);
                        double s = Math.sin(angle);
                        double xr = x.getReal(base + j * inner);
                        double xi = x.getImag(base + j * inner);
                        sr += xr * c - xi * s;
                        si += xr * s + xi * c;
                    }
                    out[2 * (base + k * inner)] = sr * scale;
                    out[2 * (base + k * inner) + 1] = si * scale;
                }
            }
        }
        return new NDArray(DataType.COMPLEX128, shape, out);
    }

    /** Every value within {@link #TOLERANCE} times the line length (the size of the largest terms). */
    private static void assertClose(NDArray got, NDArray expected, int len) {
        assertThat(got.dtype()).isEqualTo(DataType.COMPLEX128);
        assertThat(got.shape()).containsExactly(expected.shape());
        double[] g = (double[]) got.data();
        double[] e = (double[]) expected.data();
        for (int i = 0; i < e.length; i++) {
            assertThat(g[i]).as("element %d of %d, line length %d", i / 2, e.length / 2, len)
                    .isCloseTo(e[i], org.assertj.core.data.Offset.offset(TOLERANCE * len));
        }
    }
}
