package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.tensor.Fft;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Npy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Complex dtypes and numpy.fft against numpy 2 (golden_fft.py): every case of cases.tsv at three chunkings of its
 * inputs (one chunk, chunks of 3 along every axis, uneven chunks of 4), same dtype and shape, values within 1e-10 of
 * the largest magnitude (1e-5 for complex64 and float32 results, which numpy computes in single precision).
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class FftGoldenTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    private static final Path DIR = Path.of("src/test/resources/golden/fft");
    private static final List<ChunkSpec> CHUNKINGS = List.of(ChunkSpec.of(1000), ChunkSpec.of(3), ChunkSpec.of(4));

    private static final Map<String, Function<List<Tensor>, Tensor>> EXPRESSIONS = Map.ofEntries(
            Map.entry("add", in -> in.get(0).add(in.get(1))),
            Map.entry("subtract", in -> in.get(0).subtract(in.get(1))),
            Map.entry("multiply", in -> in.get(0).multiply(in.get(1))),
            Map.entry("divide", in -> in.get(0).divide(in.get(1))),
            Map.entry("divide_big", in -> in.get(0).divide(in.get(1))),
            Map.entry("promote_f32_c64", in -> in.get(0).add(in.get(1))),
            Map.entry("promote_f64_c64", in -> in.get(0).add(in.get(1))),
            Map.entry("promote_i64_c64", in -> in.get(0).multiply(in.get(1))),
            Map.entry("promote_c64_c128", in -> in.get(0).subtract(in.get(1))),
            Map.entry("negative", in -> in.get(0).negative()),
            Map.entry("conj", in -> Tensors.conj(in.get(0))),
            Map.entry("real", in -> Tensors.real(in.get(0))),
            Map.entry("imag", in -> Tensors.imag(in.get(0))),
            Map.entry("abs", in -> in.get(0).abs()),
            Map.entry("abs_big", in -> in.get(0).abs()),
            Map.entry("abs_c64", in -> in.get(0).abs()),
            Map.entry("angle", in -> Tensors.angle(in.get(0))),
            Map.entry("exp", in -> in.get(0).exp()),
            Map.entry("exp_c64", in -> in.get(0).exp()),
            Map.entry("sum", in -> in.get(0).sum()),
            Map.entry("sum_axis0", in -> in.get(0).sum(0)),
            Map.entry("mean_axis1", in -> in.get(0).mean(1)),
            Map.entry("mean_c64", in -> in.get(0).mean()),
            Map.entry("prod", in -> in.get(0).prod()),
            Map.entry("prod_axis1", in -> in.get(0).prod(1)),
            Map.entry("prod_c64", in -> in.get(0).prod()),
            Map.entry("prod_3d_axes01", in -> in.get(0).prod(0, 1)),
            Map.entry("sum_3d_axis2", in -> in.get(0).sum(2)),
            Map.entry("var", in -> in.get(0).var()),
            Map.entry("std_axis0_ddof1", in -> in.get(0).std(new int[] {0}, false, 1)),
            Map.entry("var_axis1_keepdims", in -> in.get(0).var(new int[] {1}, true, 0)),
            Map.entry("std_c64", in -> in.get(0).std()),
            Map.entry("var_3d_axes02", in -> in.get(0).var(0, 2)),
            Map.entry("sqrt", in -> Tensors.sqrt(in.get(0))),
            Map.entry("sqrt_c64", in -> Tensors.sqrt(in.get(0))),
            Map.entry("sqrt_special", in -> Tensors.sqrt(in.get(0))),
            Map.entry("log", in -> Tensors.log(in.get(0))),
            Map.entry("log_c64", in -> Tensors.log(in.get(0))),
            Map.entry("log_2d", in -> Tensors.log(in.get(0))),
            Map.entry("power_int", in -> in.get(0).power(3L)),
            Map.entry("power_neg", in -> in.get(0).power(-2L)),
            Map.entry("power_half", in -> in.get(0).power(0.5)),
            Map.entry("power_complex", in -> in.get(0).power(in.get(1))),
            Map.entry("power_c64", in -> in.get(0).power(2L)),
            Map.entry("power_special", in -> in.get(0).power(4L)),
            Map.entry("dot_vec", in -> in.get(0).dot(in.get(1))),
            Map.entry("matmul_2d", in -> in.get(0).matmul(in.get(1).transpose())),
            Map.entry("dot_c64_f64", in -> in.get(0).dot(in.get(1))),
            Map.entry("dot_f64_c64", in -> in.get(0).dot(in.get(1))),
            Map.entry("inner_2d", in -> in.get(0).inner(in.get(1))),
            Map.entry("matmul_3d", in -> in.get(0).matmul(in.get(0).transpose(0, 2, 1))),
            Map.entry("matmul_c64", in -> in.get(0).matmul(in.get(1))),
            Map.entry("tensordot_c3_c2", in -> Tensors.tensordot(in.get(0),
                    in.get(1).get(io.mars.tensor.Index.all(), io.mars.tensor.Index.slice(0, 6)).transpose(),
                    new int[] {2}, new int[] {0})),
            Map.entry("vdot", in -> Tensors.vdot(in.get(0), in.get(1))),
            Map.entry("vdot_2d", in -> Tensors.vdot(in.get(0), in.get(1))),
            Map.entry("equal", in -> in.get(0).equal(in.get(1))),
            Map.entry("not_equal", in -> in.get(0).notEqual(in.get(1))),
            Map.entry("astype_c64_c128", in -> in.get(0).astype(DataType.COMPLEX128)),
            Map.entry("astype_f64_c128", in -> in.get(0).astype("complex128")),
            Map.entry("astype_c128_c64", in -> in.get(0).astype(DataType.COMPLEX64)),
            Map.entry("complex_of_parts", in -> Tensors.complex(in.get(0), in.get(1).multiply(2L))),
            Map.entry("fft_c7", in -> Fft.fft(in.get(0))),
            Map.entry("fft_c8", in -> Fft.fft(in.get(0))),
            Map.entry("fft_c13", in -> Fft.fft(in.get(0))),
            Map.entry("fft_c16", in -> Fft.fft(in.get(0))),
            Map.entry("fft_r12", in -> Fft.fft(in.get(0))),
            Map.entry("fft_i64", in -> Fft.fft(in.get(0))),
            Map.entry("fft_c64", in -> Fft.fft(in.get(0))),
            Map.entry("fft_f32", in -> Fft.fft(in.get(0))),
            Map.entry("fft_crop5", in -> Fft.fft(in.get(0), 5L, -1, null)),
            Map.entry("fft_pad11", in -> Fft.fft(in.get(0), 11L, -1, null)),
            Map.entry("fft_ortho", in -> Fft.fft(in.get(0), null, -1, "ortho")),
            Map.entry("fft_forward", in -> Fft.fft(in.get(0), null, -1, "forward")),
            Map.entry("ifft_c13", in -> Fft.ifft(in.get(0))),
            Map.entry("ifft_c16_ortho", in -> Fft.ifft(in.get(0), null, -1, "ortho")),
            Map.entry("ifft_forward", in -> Fft.ifft(in.get(0), null, -1, "forward")),
            Map.entry("rfft_r12", in -> Fft.rfft(in.get(0))),
            Map.entry("rfft_r11", in -> Fft.rfft(in.get(0))),
            Map.entry("rfft_n7", in -> Fft.rfft(in.get(0), 7L, -1, null)),
            Map.entry("rfft_f32", in -> Fft.rfft(in.get(0))),
            Map.entry("irfft_c7", in -> Fft.irfft(in.get(0))),
            Map.entry("irfft_n11", in -> Fft.irfft(in.get(0), 11L, -1, null)),
            Map.entry("irfft_n6", in -> Fft.irfft(in.get(0), 6L, -1, null)),
            Map.entry("irfft_c64", in -> Fft.irfft(in.get(0))),
            Map.entry("irfft_ortho", in -> Fft.irfft(in.get(0), null, -1, "ortho")),
            Map.entry("fft_axis0", in -> Fft.fft(in.get(0), null, 0, null)),
            Map.entry("fft_axis1_n4", in -> Fft.fft(in.get(0), 4L, 1, null)),
            Map.entry("fft2", in -> Fft.fft2(in.get(0))),
            Map.entry("ifft2", in -> Fft.ifft2(in.get(0))),
            Map.entry("fft2_s", in -> Fft.fft2(in.get(0), new long[] {7, 3}, null, null)),
            Map.entry("fft2_r2", in -> Fft.fft2(in.get(0))),
            Map.entry("rfft_r2_axis0", in -> Fft.rfft(in.get(0), null, 0, null)),
            Map.entry("fftn_3d", in -> Fft.fftn(in.get(0))),
            Map.entry("ifftn_3d", in -> Fft.ifftn(in.get(0), null, null, "forward")),
            Map.entry("fftn_axes02", in -> Fft.fftn(in.get(0), new long[] {3, 8}, new int[] {0, 2}, null)),
            Map.entry("fft_c8192", in -> Fft.fft(in.get(0))),
            Map.entry("ifft_c8192_ortho", in -> Fft.ifft(in.get(0), null, -1, "ortho")),
            Map.entry("fft_prime4099", in -> Fft.fft(in.get(0))),
            Map.entry("fourstep_c16", in -> Fft.fourStep(in.get(0), 4, false, null)),
            Map.entry("fourstep_c12", in -> Fft.fourStep(in.get(0), 3, false, null)),
            Map.entry("fourstep_ifft_c12", in -> Fft.fourStep(in.get(0), 4, true, null)),
            Map.entry("fourstep_r12_ortho", in -> Fft.fourStep(in.get(0), 2, false, "ortho")),
            Map.entry("repeat", in -> in.get(0).repeat(2)),
            Map.entry("broadcast_to", in -> in.get(0).broadcastTo(3, 7)),
            Map.entry("flip_2d", in -> in.get(0).get(io.mars.tensor.Index.slice(null, null, -1),
                    io.mars.tensor.Index.step(2))),
            Map.entry("transpose_3d", in -> in.get(0).transpose(2, 0, 1)),
            Map.entry("concatenate", in -> Tensors.concatenate(List.of(in.get(0), in.get(1)))),
            Map.entry("reshape", in -> in.get(0).reshape(10, 6)),
            Map.entry("fftshift_even", in -> Fft.fftshift(in.get(0))),
            Map.entry("fftshift_odd", in -> Fft.fftshift(in.get(0))),
            Map.entry("ifftshift_odd", in -> Fft.ifftshift(in.get(0))),
            Map.entry("fftshift_2d", in -> Fft.fftshift(in.get(0))),
            Map.entry("ifftshift_axis1", in -> Fft.ifftshift(in.get(0), 1)),
            Map.entry("fftfreq_8", in -> Fft.fftfreq(8, 0.1)),
            Map.entry("fftfreq_7", in -> Fft.fftfreq(7)),
            Map.entry("rfftfreq_9", in -> Fft.rfftfreq(9, 2.0)),
            Map.entry("rfftfreq_10", in -> Fft.rfftfreq(10)),
            Map.entry("fft2_r2e", in -> Fft.fft2(in.get(0))),
            Map.entry("ifft2_r2e", in -> Fft.ifft2(in.get(0))),
            Map.entry("fft2_r2e_s", in -> Fft.fft2(in.get(0), new long[] {4, 11}, null, null)),
            Map.entry("fftn_r3", in -> Fft.fftn(in.get(0))),
            Map.entry("ifftn_r3_ortho", in -> Fft.ifftn(in.get(0), null, null, "ortho")),
            Map.entry("fftn_r3_axes20", in -> Fft.fftn(in.get(0), null, new int[] {2, 0}, null)),
            Map.entry("fft2_r3_batch", in -> Fft.fft2(in.get(0))),
            Map.entry("fftn_r3_s", in -> Fft.fftn(in.get(0), new long[] {3, 1, 2}, null, null)),
            Map.entry("fftn_r3_last1", in -> Fft.fftn(in.get(0), new long[] {4, 5, 1}, null, null)),
            Map.entry("fft2_f32", in -> Fft.fft2(in.get(0))),
            Map.entry("fft2_i64", in -> Fft.fft2(in.get(0))));

    static Stream<Arguments> cases() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (String line : Files.readAllLines(DIR.resolve("cases.tsv"))) {
            String[] f = line.split("\t", -1);
            for (int c = 0; c < CHUNKINGS.size(); c++) {
                out.add(Arguments.of(f[0], f[1], c));
            }
        }
        return out.stream();
    }

    @Test
    void everyCaseOfTheScriptHasAnExpression() throws IOException {
        List<String> names = Files.readAllLines(DIR.resolve("cases.tsv")).stream().map(l -> l.split("\t")[0]).toList();
        assertThat(EXPRESSIONS.keySet()).containsExactlyInAnyOrderElementsOf(names);
    }

    @ParameterizedTest(name = "{0} chunking {2}")
    @MethodSource("cases")
    void agreesWithNumpy(String name, String inputs, int chunking) {
        List<Tensor> in = new ArrayList<>();
        for (String input : inputs.isBlank() ? new String[0] : inputs.split(" ")) {
            in.add(Tensors.array(Npy.read(DIR.resolve("inputs").resolve(input + ".npy")), CHUNKINGS.get(chunking)));
        }
        NDArray expected = Npy.read(DIR.resolve("expected").resolve(name + ".npy"));
        NDArray actual = EXPRESSIONS.get(name).apply(in).execute(CLUSTER.session());
        assertClose(name, expected, actual);
    }

    static void assertClose(String name, NDArray expected, NDArray actual) {
        assertThat(actual.dtype()).as(name + " dtype").isEqualTo(expected.dtype());
        assertThat(actual.shape()).as(name + " shape").isEqualTo(expected.shape());
        if (expected.dtype() == DataType.BOOL) {
            assertThat(actual.toBooleanArray()).as(name).isEqualTo(expected.toBooleanArray());
            return;
        }
        double max = 0;
        for (int i = 0; i < expected.size(); i++) {
            max = Math.max(max, Math.hypot(expected.getReal(i), expected.getImag(i)));
        }
        boolean single = expected.dtype() == DataType.COMPLEX64 || expected.dtype() == DataType.FLOAT32;
        double tolerance = (single ? 1e-5 : 1e-10) * Math.max(max, Double.MIN_NORMAL);
        for (int i = 0; i < expected.size(); i++) {
            double dr = Math.abs(actual.getReal(i) - expected.getReal(i));
            double di = Math.abs(actual.getImag(i) - expected.getImag(i));
            assertThat(Math.max(dr, di)).as(name + " element " + i + " of " + Arrays.toString(expected.shape())
                    + ": " + actual.getReal(i) + "+" + actual.getImag(i) + "j, numpy " + expected.getReal(i) + "+"
                    + expected.getImag(i) + "j").isLessThanOrEqualTo(tolerance);
        }
    }
}
