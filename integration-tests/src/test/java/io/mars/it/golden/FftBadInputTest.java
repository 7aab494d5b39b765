package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.error.ErrorCode;
import io.mars.tensor.Fft;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Npy;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wrong input to numpy.fft and operations complex numbers do not have fail while the expression is built, with a
 * user error whose code says what is wrong and whose message names the value; complex arrays survive .npy.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FftBadInputTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);
    @TempDir
    static Path dir;

    private static final Tensor Z = Tensors.complex(Tensors.arange(6).reshape(2, 3), Tensors.ones(Tensors.shape(2, 3)));
    private static final Tensor X = Tensors.arange(8);

    @Test
    void transformLengthsMustBePositive() {
        assertUserError(() -> Fft.fft(Z, 0L, -1, null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("Invalid number of FFT data points (0)"));
        assertUserError(() -> Fft.irfft(X, -3L, -1, null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("(-3)"));
        assertUserError(() -> Fft.fft2(Z, new long[] {2, 0}, null, null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("(0)"));
        assertUserError(() -> Fft.fftfreq(0, 1.0), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("(0)"));
        assertUserError(() -> Fft.irfft(Tensors.ones(Tensors.shape(1))), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("(0)").contains("length 1"));
    }

    @Test
    void axesMustExist() {
        assertUserError(() -> Fft.fft(Z, null, 2, null), ErrorCode.AXIS_OUT_OF_RANGE,
                m -> assertThat(m).contains("axis 2").contains("dimension 2"));
        assertUserError(() -> Fft.fftn(Z, null, new int[] {0, -3}, null), ErrorCode.AXIS_OUT_OF_RANGE,
                m -> assertThat(m).contains("axis -3"));
        assertUserError(() -> Fft.fftshift(X, 1), ErrorCode.AXIS_OUT_OF_RANGE, m -> assertThat(m).contains("axis 1"));
        assertUserError(() -> Fft.fftn(Z, new long[] {2}, new int[] {0, 1}, null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("length 1").contains("length 2"));
    }

    @Test
    void normIsOneOfNumpys() {
        assertUserError(() -> Fft.fft(Z, null, -1, "unitary"), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("unitary").contains("\"ortho\""));
        assertUserError(() -> Fft.ifftn(Z, null, null, "Backward"), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("Backward"));
    }

    @Test
    void complexNumbersHaveNoOrder() {
        assertUserError(() -> Z.less(Z), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("'less'").contains("complex128").contains("no order"));
        assertUserError(() -> Z.greaterEqual(1.0), ErrorCode.UNSUPPORTED_DTYPE, m -> assertThat(m).contains("no order"));
        assertUserError(() -> Z.max(), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("max").contains("complex128").contains("no order"));
        assertUserError(() -> Z.min(0), ErrorCode.UNSUPPORTED_DTYPE, m -> assertThat(m).contains("min"));
        assertUserError(() -> Z.argmax(), ErrorCode.UNSUPPORTED_DTYPE, m -> assertThat(m).contains("argmax"));
        assertUserError(() -> Z.sort(), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("sort").contains("complex128"));
        assertUserError(() -> Z.argsort(), ErrorCode.UNSUPPORTED_DTYPE, m -> assertThat(m).contains("argsort"));
        assertUserError(() -> Tensors.maximum(Z, Z), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("'maximum'").contains("no order"));
        assertUserError(() -> Z.nanmax(), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("nanmax").contains("complex128").contains("no order")
                        .contains("their nan variants are"));
        assertUserError(() -> Tensors.cbrt(Z), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("'cbrt'").contains("complex128").contains("complex dtypes support")
                        .contains("sqrt, log"));
        assertUserError(() -> Tensors.arctan2(Z, Z), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("'arctan2'").contains("complex128"));
        assertUserError(() -> Tensors.degrees(Z), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("'degrees'").contains("complex128"));
        assertUserError(() -> Tensors.floor(Z.astype(DataType.COMPLEX64)), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("'floor'").contains("complex64").contains("no order"));
        assertUserError(() -> Fft.rfft(Z), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("rfft takes real input").contains("complex128"));
        assertUserError(() -> Tensors.complex(Z, Z), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("'complex'").contains("complex128"));
    }

    @Test
    void complexVarianceChecksItsArguments() {
        assertUserError(() -> Z.var(new int[] {0}, false, -1), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("ddof").contains("-1"));
        assertUserError(() -> Z.std(5), ErrorCode.AXIS_OUT_OF_RANGE, m -> assertThat(m).contains("axis 5"));
    }

    @Test
    void complexProductsCheckTheirShapes() {
        assertUserError(() -> Z.dot(Z), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("(2, 3)").contains("not aligned"));
        assertUserError(() -> Z.matmul(Tensors.ones(Tensors.shape(2, 3))), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("matmul").contains("(2, 3)"));
    }

    @Test
    void complexArraysRoundTripThroughNpy() {
        NDArray c128 = NDArray.ofComplex(new double[] {1.5, -2, 0, 1e300}, new double[] {0.25, 3, -0.0, -1e-300}, 2, 2);
        NDArray c64 = NDArray.ofComplex(new float[] {1.5f, -2, 7}, new float[] {0.25f, 3, -1});
        for (NDArray a : new NDArray[] {c128, c64}) {
            Path p = dir.resolve(a.dtype() + ".npy");
            Npy.write(a, p);
            assertThat(Npy.readHeader(p).dtype()).isEqualTo(a.dtype());
            assertThat(Npy.read(p).contentEquals(a)).isTrue();
            NDArray back = Tensors.fromNpy(p.toString(), ChunkSpec.of(1)).execute(CLUSTER.session());
            assertThat(back.contentEquals(a)).as(a.dtype() + " read in chunks of one").isTrue();
            Path written = dir.resolve(a.dtype() + "-mars.npy");
            Tensors.toNpy(Tensors.array(a, ChunkSpec.of(1)), written.toString(), CLUSTER.session());
            assertThat(Npy.read(written).contentEquals(a)).as(a.dtype() + " written by toNpy").isTrue();
        }
        assertThat(c64.getReal(2)).isEqualTo(7.0);
        assertThat(c64.getImag(2)).isEqualTo(-1.0);
        assertThat(c128.dtype()).isEqualTo(DataType.COMPLEX128);
    }
}
