package io.mars.container.kernels;

import static io.mars.container.kernels.KernelTesting.array;
import static io.mars.container.kernels.KernelTesting.evalArray;
import static io.mars.container.kernels.KernelTesting.node;
import static io.mars.container.kernels.KernelTesting.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkBroadcastTo;
import io.mars.common.operand.chunk.ChunkMaskSelect;
import io.mars.common.operand.chunk.ChunkPut;
import io.mars.common.operand.chunk.ChunkRepeat;
import io.mars.common.operand.chunk.ChunkSlice;
import io.mars.common.operand.chunk.ChunkTake;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShapeIndexingKernelsTest {
    private final NDArray m = NDArray.of(new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 3, 4);

    @Test
    void slicesWithNegativeStepsAndSeesTheResultWithTheNodesShape() {
        ChunkNode s = node(new ChunkSlice(new long[] {2, 3}, new long[] {-2, -3}, new long[] {2, 2}),
                DataType.INT64, shape(2, 2, 1), array(m));
        NDArray out = evalArray(s);
        assertThat(out.shape()).containsExactly(2, 2, 1);
        assertThat(out.toLongArray()).containsExactly(11, 8, 3, 0);
    }

    @Test
    void aWholeChunkSliceSharesTheInputsStorage() {
        NDArray out = evalArray(node(new ChunkSlice(new long[] {0, 0}, new long[] {1, 1}, new long[] {3, 4}),
                DataType.INT64, shape(3, 1, 4), array(m)));
        assertThat(out.data()).isSameAs(m.data());
    }

    @Test
    void castsWhenTheNodeHasAnotherDtype() {
        NDArray out = evalArray(node(new ChunkSlice(new long[] {1, 1}, new long[] {1, 2}, new long[] {1, 2}),
                DataType.FLOAT32, shape(2), array(m)));
        assertThat(out.toFloatArray()).containsExactly(5f, 7f);
    }

    @Test
    void broadcastsLengthOneAndMissingAxes() {
        NDArray col = NDArray.of(new double[] {1, 2}, 2, 1);
        NDArray out = evalArray(node(new ChunkBroadcastTo(), DataType.FLOAT64, shape(2, 2, 3), array(col)));
        assertThat(out.toDoubleArray()).containsExactly(1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2);
    }

    @Test
    void repeatsEachElementInARow() {
        NDArray out = evalArray(node(new ChunkRepeat(0, new long[] {2}), DataType.INT64, shape(6, 4), array(m)));
        assertThat(out.toLongArray()).startsWith(0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 4);
        NDArray each = evalArray(node(new ChunkRepeat(1, new long[] {0, 2, 1, 0}), DataType.INT64, shape(3, 3),
                array(m)));
        assertThat(each.toLongArray()).containsExactly(1, 1, 2, 5, 5, 6, 9, 9, 10);
    }

    @Test
    void takesFromSeveralChunksSkippingEmptyOnes() {
        ChunkNode first = array(NDArray.of(new long[] {10, 11}, 2));
        ChunkNode empty = array(NDArray.of(new long[0], 0));
        ChunkNode second = array(NDArray.of(new long[] {12, 13, 14}, 3));
        ChunkNode idx = array(NDArray.of(new int[] {4, -5, 2, 1}, 2, 2));
        NDArray out = evalArray(node(new ChunkTake(0, new long[] {0, 2, 2}, 5), DataType.INT64, shape(2, 2),
                idx, first, empty, second));
        assertThat(out.toLongArray()).containsExactly(14, 10, 12, 11);
    }

    @Test
    void anOutOfRangeIndexIsAUserError() {
        ChunkNode idx = array(NDArray.of(new long[] {0, 5}, 2));
        ChunkNode src = array(NDArray.of(new double[] {1, 2, 3, 4, 5}, 5));
        ChunkNode take = node(new ChunkTake(0, new long[] {0}, 5), DataType.FLOAT64, shape(2), idx, src);
        assertThatThrownBy(() -> evalArray(take)).isInstanceOfSatisfying(MarsException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INDEX_OUT_OF_RANGE);
            assertThat(e.getMessage()).isEqualTo("index 5 is out of bounds for axis 0 with size 5");
        });
    }

    @Test
    void maskSelectionReturnsTheRealLength() {
        NDArray mask = NDArray.of(new boolean[] {true, false, true}, 3);
        ChunkNode n = node(new ChunkMaskSelect(1), DataType.INT64, shape(-1, 4), array(m), array(mask));
        NDArray out = (NDArray) new MaskSelectKernel().execute(n, new ChunkMaskSelect(1), List.of(m, mask));
        assertThat(out.shape()).containsExactly(2, 4);
        assertThat(out.toLongArray()).containsExactly(0, 1, 2, 3, 8, 9, 10, 11);
    }

    @Test
    void putCastsTheValueToTheArraysDtype() {
        NDArray mask = NDArray.of(new boolean[] {true, false, false, true}, 4);
        NDArray ints = NDArray.of(new int[] {1, 2, 3, 4}, 4);
        NDArray out = evalArray(node(new ChunkPut(Scalar.of(-2.9)), DataType.INT32, shape(4), array(ints),
                array(mask)));
        assertThat(out.toIntArray()).containsExactly(-2, 2, 3, -2);
        assertThat(ints.toIntArray()).containsExactly(1, 2, 3, 4);
    }
}
