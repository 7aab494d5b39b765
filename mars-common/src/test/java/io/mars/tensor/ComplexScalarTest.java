package io.mars.tensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.Scalar;
import io.mars.common.wire.OperandCodec;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import org.junit.jupiter.api.Test;

/**
 * Complex scalars ({@code Scalar.complex(re, im)}, numpy's {@code x * 1j}): numpy 2's result dtypes decided when the
 * expression is built, what numpy refuses on complex numbers refused, and the imaginary part crossing the wire.
 * Their values are checked against numpy in ComplexGoldenTest.
 */
class ComplexScalarTest {
    private static Tensor of(DataType t) {
        return Tensors.ones(new long[] {4}, t, ChunkSpec.of(2));
    }

    @Test
    void aComplexScalarMakesFloat32Complex64AndEverythingElseComplex128() {
        assertThat(of(DataType.FLOAT32).multiply(Scalar.J).dtype()).isEqualTo(DataType.COMPLEX64);
        assertThat(of(DataType.COMPLEX64).add(Scalar.complex(1, 2)).dtype()).isEqualTo(DataType.COMPLEX64);
        for (DataType t : new DataType[] {DataType.BOOL, DataType.INT8, DataType.INT32, DataType.INT64,
                DataType.FLOAT64, DataType.COMPLEX128}) {
            assertThat(of(t).multiply(Scalar.J).dtype()).as(t.toString()).isEqualTo(DataType.COMPLEX128);
        }
        assertThat(of(DataType.FLOAT64).equal(Scalar.J).dtype()).isEqualTo(DataType.BOOL);
        assertThat(Tensors.where(of(DataType.BOOL), of(DataType.FLOAT32), Scalar.J).dtype())
                .isEqualTo(DataType.COMPLEX64);
        assertThat(Tensors.full(new long[] {2, 3}, Scalar.complex(1, -1), ChunkSpec.of(2)).dtype())
                .isEqualTo(DataType.COMPLEX128);
        assertThat(Tensors.fullLike(of(DataType.COMPLEX64), Scalar.J).dtype()).isEqualTo(DataType.COMPLEX64);
    }

    @Test
    void whatNumpyRefusesOnComplexIsUnsupportedDtype() {
        assertThatThrownBy(() -> Tensors.less(of(DataType.FLOAT64), Scalar.J)).isInstanceOfSatisfying(
                MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_DTYPE));
        assertThatThrownBy(() -> Tensors.maximum(of(DataType.INT64), Scalar.complex(1, 1)))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code())
                        .isEqualTo(ErrorCode.UNSUPPORTED_DTYPE));
        assertThatThrownBy(() -> Tensors.floorDivide(of(DataType.FLOAT64), Scalar.J)).isInstanceOfSatisfying(
                MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_DTYPE));
        assertThatThrownBy(() -> Tensors.fullLike(of(DataType.FLOAT64), Scalar.complex(1, 2)))
                .isInstanceOfSatisfying(MarsException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_DTYPE);
                    assertThat(e.getMessage()).contains("float64", "(1.0+2.0j)");
                });
        assertThatThrownBy(() -> of(DataType.FLOAT64).put(of(DataType.BOOL), Scalar.J))
                .isInstanceOfSatisfying(MarsException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_DTYPE);
                    assertThat(e.getMessage()).contains("float64", "(0.0+1.0j)");
                });
        assertThatThrownBy(() -> new Scalar(DataType.Kind.FLOAT, 1.0, 1, 2.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("imaginary");
    }

    @Test
    void theImaginaryPartCrossesTheWire() {
        Tensor t = of(DataType.FLOAT64).multiply(Scalar.complex(0.5, -2.25));
        var back = OperandCodec.fromBytes(OperandCodec.toBytes(t.op()));
        assertThat(back).isEqualTo(t.op());
        assertThat(Scalar.complex(0.5, -2.25).toString()).isEqualTo("(0.5-2.25j)");
        assertThat(Scalar.J.toString()).isEqualTo("(0.0+1.0j)");
    }
}
