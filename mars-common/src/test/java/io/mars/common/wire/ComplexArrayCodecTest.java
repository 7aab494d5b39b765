package io.mars.common.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.MarsException;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import org.junit.jupiter.api.Test;

/** Complex arrays keep their interleaved storage's invariants and cross the wire unchanged. */
class ComplexArrayCodecTest {
    @Test
    void complexArraysRoundTripThroughTheWire() {
        NDArray c128 = NDArray.ofComplex(new double[] {1.5, -0.0, Double.NaN, 1e308}, new double[] {2, 3, -4, -1e-308},
                2, 2);
        NDArray c64 = NDArray.ofComplex(new float[] {1.5f, 7}, new float[] {-2.5f, Float.POSITIVE_INFINITY});
        for (NDArray a : new NDArray[] {c128, c64}) {
            NDArray back = NDArrayCodec.decode(NDArrayCodec.encode(a));
            assertThat(back.dtype()).isEqualTo(a.dtype());
            assertThat(back.shape()).isEqualTo(a.shape());
            assertThat(back.contentEquals(a)).isTrue();
            assertThat(back.nbytes()).isEqualTo(a.size() * (long) a.dtype().itemSize());
        }
    }

    @Test
    void elementsAreReadAndWrittenAsPairs() {
        NDArray a = NDArray.allocate(DataType.COMPLEX128, 3);
        a.setComplex(1, 2.5, -1.0);
        assertThat(a.size()).isEqualTo(3);
        assertThat(((double[]) a.data()).length).isEqualTo(6);
        assertThat(a.getReal(1)).isEqualTo(2.5);
        assertThat(a.getImag(1)).isEqualTo(-1.0);
        assertThat(a.getDouble(1)).isEqualTo(2.5);
        assertThat(a.astype(DataType.COMPLEX64).getImag(1)).isEqualTo(-1.0f);
        assertThat(a.astype(DataType.BOOL).toBooleanArray()).containsExactly(false, true, false);
        assertThat(NDArray.of(new double[] {4, 5}).astype(DataType.COMPLEX64).getReal(1)).isEqualTo(5.0);
    }

    @Test
    void storageOfTheWrongLengthIsRefused() {
        assertThatThrownBy(() -> new NDArray(DataType.COMPLEX128, new long[] {3}, new double[3]))
                .isInstanceOf(MarsException.class).hasMessageContaining("3 elements");
        assertThatThrownBy(() -> new NDArray(DataType.COMPLEX64, new long[] {2}, new double[4]))
                .isInstanceOf(MarsException.class).hasMessageContaining("float[]");
    }
}
