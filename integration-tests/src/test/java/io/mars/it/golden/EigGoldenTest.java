package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.tensor.Linalg;
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
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * numpy.linalg.eig and eigvals of general square matrices against numpy 2 (golden_eig.py), each matrix at three
 * chunkings (one chunk, chunks of 3, chunks of 2). numpy leaves the order and the eigenvectors' phases free, so the
 * test checks, on Mars's own results, that A v = w v column by column and that each vector has unit norm and its
 * largest component real and positive (Mars's documented phase), and then, after sorting both sides by eigenvalue,
 * that the eigenvalues and the vectors equal numpy's (brought to the same phase): within 1e-10 of the matrix's norm
 * (1e-5 for float32 input, whose result is complex64).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class EigGoldenTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    private static final Path DIR = Path.of("src/test/resources/golden/eig");
    private static final List<ChunkSpec> CHUNKINGS = List.of(ChunkSpec.of(1000), ChunkSpec.of(3), ChunkSpec.of(2));

    static Stream<Arguments> cases() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (String line : Files.readAllLines(DIR.resolve("cases.tsv"))) {
            String[] f = line.split("\t", -1);
            for (int c = 0; c < CHUNKINGS.size(); c++) {
                out.add(Arguments.of(f[0], f[2], c));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} chunking {2}")
    @MethodSource("cases")
    void agreesWithNumpy(String name, String numpyDtype, int chunking) {
        NDArray input = Npy.read(DIR.resolve("inputs").resolve(name + ".npy"));
        Tensor a = Tensors.array(input, CHUNKINGS.get(chunking));
        Linalg.EigResult eig = Linalg.eig(a);
        NDArray w = eig.w().execute(CLUSTER.session());
        NDArray v = eig.v().execute(CLUSTER.session());
        NDArray values = Linalg.eigvals(a).execute(CLUSTER.session());
        int n = (int) input.shape()[0];
        boolean single = numpyDtype.equals("float32") || numpyDtype.equals("complex64");
        DataType dtype = single ? DataType.COMPLEX64 : DataType.COMPLEX128;
        assertThat(w.dtype()).as(name + " w dtype").isEqualTo(dtype);
        assertThat(v.dtype()).as(name + " v dtype").isEqualTo(dtype);
        assertThat(w.shape()).as(name + " w shape").containsExactly(n);
        assertThat(v.shape()).as(name + " v shape").containsExactly(n, n);
        double norm = 0;
        for (int i = 0; i < n * n; i++) {
            norm = Math.max(norm, Math.abs(input.getDouble(i)));
        }
        double tol = (single ? 1e-5 : 1e-10) * Math.max(1.0, norm * n);
        for (int k = 0; k < n; k++) {
            assertThat(values.getReal(k)).as(name + " eigvals " + k).isEqualTo(w.getReal(k));
            assertThat(values.getImag(k)).as(name + " eigvals " + k).isEqualTo(w.getImag(k));
            double length = 0;
            double big = 0;
            int at = 0;
            for (int r = 0; r < n; r++) {
                double m = Math.hypot(v.getReal(r * n + k), v.getImag(r * n + k));
                length = Math.hypot(length, m);
                if (m > big * (1 + 1e-12)) {
                    big = m;
                    at = r;
                }
                // (A v)_r - w v_r
                double re = -(w.getReal(k) * v.getReal(r * n + k) - w.getImag(k) * v.getImag(r * n + k));
                double im = -(w.getReal(k) * v.getImag(r * n + k) + w.getImag(k) * v.getReal(r * n + k));
                for (int c = 0; c < n; c++) {
                    re += input.getDouble(r * n + c) * v.getReal(c * n + k);
                    im += input.getDouble(r * n + c) * v.getImag(c * n + k);
                }
                assertThat(Math.hypot(re, im)).as(name + ": (A v - w v)[" + r + "] of vector " + k).isLessThan(tol);
            }
            assertThat(length).as(name + " norm of vector " + k).isCloseTo(1.0, org.assertj.core.data.Offset.offset(
                    single ? 1e-6 : 1e-12));
            assertThat(v.getImag(at * n + k)).as(name + " largest component of vector " + k + " is real").isZero();
            assertThat(v.getReal(at * n + k)).as(name + " largest component of vector " + k + " is positive")
                    .isPositive();
        }
        // numpy's, in the canonical order and phase of golden_eig.py
        NDArray ew = Npy.read(DIR.resolve("expected").resolve(name + "_w.npy"));
        NDArray ev = Npy.read(DIR.resolve("expected").resolve(name + "_v.npy"));
        Integer[] order = new Integer[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        Arrays.sort(order, (x, y) -> Math.abs(w.getReal(x) - w.getReal(y)) > 1e-9
                ? Double.compare(w.getReal(x), w.getReal(y)) : Double.compare(w.getImag(x), w.getImag(y)));
        for (int k = 0; k < n; k++) {
            int src = order[k];
            assertThat(Math.hypot(w.getReal(src) - ew.getReal(k), w.getImag(src) - ew.getImag(k)))
                    .as(name + " eigenvalue " + k + ": " + w.getReal(src) + "+" + w.getImag(src) + "j, numpy "
                            + ew.getReal(k) + "+" + ew.getImag(k) + "j").isLessThan(tol);
            for (int r = 0; r < n; r++) {
                double dr = v.getReal(r * n + src) - ev.getReal(r * n + k);
                double di = v.getImag(r * n + src) - ev.getImag(r * n + k);
                assertThat(Math.hypot(dr, di)).as(name + " vector " + k + " component " + r).isLessThan(
                        single ? 1e-4 : 1e-8);
            }
        }
    }

    @Test
    void refusesWhatNumpyRefuses() {
        assertUserError(() -> Linalg.eig(Tensors.ones(Tensors.shape(3, 4))), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("square").contains("eig").contains("(3, 4)"));
        assertUserError(() -> Linalg.eigvals(Tensors.ones(Tensors.shape(3))), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("1-dimensional").contains("eig"));
        Tensor z = Tensors.complex(Tensors.ones(Tensors.shape(2, 2)), Tensors.ones(Tensors.shape(2, 2)));
        assertUserError(() -> Linalg.eig(z), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("eig").contains("complex128"));
    }

    @Test
    void aMatrixWithNanFailsWhenItRuns() {
        Tensor a = Tensors.array(new double[][] {{1, Double.NaN}, {0, 1}});
        assertThatThrownBy(() -> Linalg.eigvals(a).execute(CLUSTER.session()))
                .isInstanceOfSatisfying(MarsException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.LINALG_ERROR);
                    assertThat(e.getMessage()).contains("infs or NaNs").contains("NaN");
                });
    }
}
