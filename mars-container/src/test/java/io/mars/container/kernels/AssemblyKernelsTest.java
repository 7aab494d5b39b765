package io.mars.container.kernels;

import static io.mars.container.kernels.KernelTesting.array;
import static io.mars.container.kernels.KernelTesting.evalArray;
import static io.mars.container.kernels.KernelTesting.node;
import static io.mars.container.kernels.KernelTesting.ravel;
import static io.mars.container.kernels.KernelTesting.shape;
import static io.mars.container.kernels.KernelTesting.unravel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkFlatAssemble;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;
import org.junit.jupiter.api.Test;

class AssemblyKernelsTest {
    private static NDArray iota(DataType dtype, long... shape) {
        NDArray a = NDArray.allocate(dtype, shape);
        for (int i = 0; i < a.size(); i++) {
            a.setLong(i, i);
        }
        return a;
    }

    @Test
    void assemblesAChunkFromBoxesOfFourInputs() {
        // a (5, 7) tensor held as a 2 x 2 grid of chunks (3|2 rows, 4|3 columns), rechunked into one chunk
        NDArray whole = iota(DataType.INT64, 5, 7);
        long[][] starts = {{0, 0}, {0, 4}, {3, 0}, {3, 4}};
        long[][] extents = {{3, 4}, {3, 3}, {2, 4}, {2, 3}};
        ChunkNode[] inputs = new ChunkNode[4];
        ChunkAssemble.Piece[] pieces = new ChunkAssemble.Piece[4];
        for (int c = 0; c < 4; c++) {
            NDArray block = NDArray.allocate(DataType.INT64, extents[c]);
            for (int i = 0; i < block.size(); i++) {
                long[] ix = unravel(i, extents[c]);
                block.setLong(i, whole.getLong(ravel(new long[] {starts[c][0] + ix[0], starts[c][1] + ix[1]}, shape(5, 7))));
            }
            inputs[c] = array(block);
            pieces[c] = new ChunkAssemble.Piece(c, new long[2], starts[c], extents[c]);
        }

        NDArray out = evalArray(node(new ChunkAssemble(List.of(pieces)), DataType.INT64, shape(5, 7), inputs));

        assertThat(out.toLongArray()).containsExactly(whole.toLongArray());
    }

    @Test
    void copiesAnInnerBoxOfThreeDimensionsIncludingLengthOneTrailingAxes() {
        NDArray src = iota(DataType.FLOAT64, 3, 4, 5);
        long[] srcStart = {1, 1, 2};
        long[] dstStart = {0, 1, 0};
        long[] extent = {2, 3, 1};

        NDArray out = evalArray(node(new ChunkAssemble(List.of(new ChunkAssemble.Piece(0, srcStart, dstStart, extent))),
                DataType.FLOAT64, shape(2, 4, 2), array(src)));

        for (int i = 0; i < out.size(); i++) {
            long[] o = unravel(i, shape(2, 4, 2));
            boolean inside = o[1] >= 1 && o[2] == 0;
            double expected = inside ? src.getDouble(ravel(new long[] {o[0] + 1, o[1] - 1 + 1, 2}, shape(3, 4, 5))) : 0;
            assertThat(out.getDouble(i)).as("at %d", i).isEqualTo(expected);
        }
    }

    @Test
    void copiesEveryTwoDimensionalBoxOfRealAndComplexStorageAsElementByElement() {
        java.util.Random rng = new java.util.Random(5);
        for (int trial = 0; trial < 200; trial++) {
            int pair = trial % 2 == 0 ? 1 : 2;
            long[] srcShape = {1 + rng.nextInt(7), 1 + rng.nextInt(7)};
            long[] dstShape = {1 + rng.nextInt(7), 1 + rng.nextInt(7)};
            long[] extent = {rng.nextInt((int) Math.min(srcShape[0], dstShape[0]) + 1),
                    rng.nextInt((int) Math.min(srcShape[1], dstShape[1]) + 1)};
            long[] srcStart = {rng.nextInt((int) (srcShape[0] - extent[0]) + 1),
                    rng.nextInt((int) (srcShape[1] - extent[1]) + 1)};
            long[] dstStart = {rng.nextInt((int) (dstShape[0] - extent[0]) + 1),
                    rng.nextInt((int) (dstShape[1] - extent[1]) + 1)};
            double[] src = new double[(int) (srcShape[0] * srcShape[1]) * pair];
            for (int i = 0; i < src.length; i++) {
                src[i] = i + 1;
            }
            double[] dst = new double[(int) (dstShape[0] * dstShape[1]) * pair];
            double[] expected = dst.clone();
            for (int r = 0; r < extent[0]; r++) {
                for (int c = 0; c < extent[1]; c++) {
                    for (int p = 0; p < pair; p++) {
                        expected[(int) (((dstStart[0] + r) * dstShape[1] + dstStart[1] + c) * pair + p)] =
                                src[(int) (((srcStart[0] + r) * srcShape[1] + srcStart[1] + c) * pair + p)];
                    }
                }
            }
            Copies.copyBox(src, srcShape, srcStart, dst, dstShape, dstStart, extent);
            assertThat(dst).as("trial " + trial).containsExactly(expected);
        }
    }

    @Test
    void assemblyConvertsInputsToTheNodeDtype() {
        NDArray src = NDArray.of(new int[] {1, 2, 3}, 3);

        NDArray out = evalArray(node(new ChunkAssemble(List.of(new ChunkAssemble.Piece(0, new long[] {1}, new long[] {0},
                new long[] {2}))), DataType.FLOAT64, shape(2), array(src)));

        assertThat(out.toDoubleArray()).containsExactly(2, 3);
    }

    @Test
    void rejectsABoxOutsideItsInput() {
        NDArray src = iota(DataType.INT32, 2, 2);

        assertThatThrownBy(() -> evalArray(node(new ChunkAssemble(List.of(new ChunkAssemble.Piece(0, new long[] {1, 0},
                new long[] {0, 0}, new long[] {2, 2}))), DataType.INT32, shape(2, 2), array(src))))
                .isInstanceOf(MarsException.class).hasMessageContaining("out of bounds");
    }

    @Test
    void flatAssemblyCopiesRunsOfElements() {
        NDArray first = iota(DataType.INT16, 2, 3);
        NDArray second = iota(DataType.INT16, 4);

        NDArray out = evalArray(node(new ChunkFlatAssemble(List.of(new ChunkFlatAssemble.Run(0, 2, 0, 4),
                new ChunkFlatAssemble.Run(1, 1, 4, 2))), DataType.INT16, shape(3, 2), array(first), array(second)));

        assertThat(out.shape()).containsExactly(3, 2);
        assertThat((short[]) out.data()).containsExactly((short) 2, (short) 3, (short) 4, (short) 5, (short) 1, (short) 2);
    }

    @Test
    void sumAddsSameShapedInputsInTheNodeDtype() {
        NDArray a = NDArray.of(new double[] {1, 2, 3}, 3);
        NDArray b = NDArray.of(new double[] {10, 20, 30}, 3);
        NDArray c = NDArray.of(new double[] {0.5, 0.25, 0.125}, 3);
        NDArray bytes = NDArray.of(new byte[] {100, -100}, 2);

        NDArray sum = evalArray(node(new ChunkSum(), DataType.FLOAT64, shape(3), array(a), array(b), array(c)));
        NDArray wrapped = evalArray(node(new ChunkSum(), DataType.INT8, shape(2), array(bytes), array(bytes)));

        assertThat(sum.toDoubleArray()).containsExactly(11.5, 22.25, 33.125);
        assertThat(a.toDoubleArray()).containsExactly(1, 2, 3);
        assertThat((byte[]) wrapped.data()).containsExactly((byte) -56, (byte) 56);
    }

    @Test
    void sumRejectsInputsOfAnotherShape() {
        NDArray a = NDArray.of(new double[] {1, 2, 3}, 3);
        NDArray b = NDArray.of(new double[] {1, 2}, 2);

        assertThatThrownBy(() -> evalArray(node(new ChunkSum(), DataType.FLOAT64, shape(3), array(a), array(b))))
                .isInstanceOf(MarsException.class).hasMessageContaining("(2,)");
    }
}
