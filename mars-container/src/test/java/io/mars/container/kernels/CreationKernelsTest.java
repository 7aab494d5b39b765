package io.mars.container.kernels;

import static io.mars.container.kernels.KernelTesting.evalArray;
import static io.mars.container.kernels.KernelTesting.node;
import static io.mars.container.kernels.KernelTesting.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.MarsException;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkArange;
import io.mars.common.operand.chunk.ChunkFromArray;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import org.junit.jupiter.api.Test;

class CreationKernelsTest {
    @Test
    void fullCastsItsValueToTheNodeDtype() {
        NDArray f = evalArray(node(new ChunkFull(Scalar.of(2.75)), DataType.FLOAT32, shape(2, 2)));
        NDArray i = evalArray(node(new ChunkFull(Scalar.of(-2.75)), DataType.INT16, shape(3)));
        NDArray wrapped = evalArray(node(new ChunkFull(Scalar.of(300L)), DataType.INT8, shape(1)));
        NDArray b = evalArray(node(new ChunkFull(Scalar.of(0.5)), DataType.BOOL, shape(2)));
        NDArray big = evalArray(node(new ChunkFull(Scalar.of(Long.MAX_VALUE)), DataType.INT64, shape()));

        assertThat((float[]) f.data()).containsExactly(2.75f, 2.75f, 2.75f, 2.75f);
        assertThat((short[]) i.data()).containsExactly((short) -2, (short) -2, (short) -2);
        assertThat((byte[]) wrapped.data()).containsExactly((byte) 44);
        assertThat((boolean[]) b.data()).containsExactly(true, true);
        assertThat(big.getLong()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void arangeContinuesFromTheChunkOffset() {
        NDArray ints = evalArray(node(new ChunkArange(Scalar.of(5L), Scalar.of(-3L), 4), DataType.INT32, shape(3)));
        NDArray floats = evalArray(node(new ChunkArange(Scalar.of(0.5), Scalar.of(0.25), 2), DataType.FLOAT64, shape(3)));
        NDArray huge = evalArray(node(new ChunkArange(Scalar.of(1L << 60), Scalar.of(1L), 1), DataType.INT64, shape(2)));

        assertThat((int[]) ints.data()).containsExactly(-7, -10, -13);
        assertThat(floats.toDoubleArray()).containsExactly(1.0, 1.25, 1.5);
        assertThat(huge.toLongArray()).containsExactly((1L << 60) + 1, (1L << 60) + 2);
    }

    @Test
    void fromArrayReturnsTheArrayConvertedToTheNodeDtype() {
        NDArray data = NDArray.of(new int[] {1, -2, 3}, 3);

        NDArray same = evalArray(node(new ChunkFromArray(data), DataType.INT32, shape(3)));
        NDArray converted = evalArray(node(new ChunkFromArray(data), DataType.FLOAT64, shape(3)));

        assertThat(same).isSameAs(data);
        assertThat(converted.dtype()).isEqualTo(DataType.FLOAT64);
        assertThat(converted.toDoubleArray()).containsExactly(1, -2, 3);
    }

    @Test
    void fromArrayRejectsAnArrayOfAnotherSize() {
        NDArray data = NDArray.of(new double[] {1, 2, 3}, 3);

        assertThatThrownBy(() -> evalArray(node(new ChunkFromArray(data), DataType.FLOAT64, shape(2))))
                .isInstanceOf(MarsException.class).hasMessageContaining("(3,)").hasMessageContaining("(2,)");
    }
}
