package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.tensor.SparseMatrix;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.NDArray;
import io.mars.types.Npy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sparse 2-d tensors (CSR row blocks) against scipy.sparse's csr_array (golden_sparse.py): every case at three
 * chunkings — the inputs in one chunk and 1000-row blocks, chunks of 3 and 3-row blocks, chunks of 4 and 2-row blocks
 * (so the coordinates' chunks and the row blocks cut differently) — same dtype and shape as scipy, values within
 * 1e-12 of their magnitude (1e-6 for float32), or of the case's scale for sums and products.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SparseGoldenTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    private static final Path DIR = Path.of("src/test/resources/golden/sparse");
    private static final List<ChunkSpec> CHUNKINGS = List.of(ChunkSpec.of(1000), ChunkSpec.of(3), ChunkSpec.of(4));
    private static final long[] ROW_BLOCKS = {1000, 3, 2};

    private static final Map<String, BiFunction<List<Tensor>, Long, Tensor>> EXPRESSIONS = expressions();

    private static SparseMatrix coo(List<Tensor> in, long blocks) {
        return Tensors.sparse(in.get(0), in.get(1), in.get(2), 7, 5, blocks);
    }

    private static Map<String, BiFunction<List<Tensor>, Long, Tensor>> expressions() {
        Map<String, BiFunction<List<Tensor>, Long, Tensor>> e = new HashMap<>();
        for (String p : List.of("coo", "int", "f32", "rows32")) {
            e.put(p + "_todense", (in, b) -> coo(in, b).toDense());
        }
        e.put("coo_nnz", (in, b) -> coo(in, b).nnz());
        e.put("coo_sum", (in, b) -> coo(in, b).sum());
        e.put("coo_sum_axis0", (in, b) -> coo(in, b).sum(0));
        e.put("coo_sum_axis1", (in, b) -> coo(in, b).sum(1));
        e.put("coo_sum_axis_m1", (in, b) -> coo(in, b).sum(-1));
        e.put("coo_multiply_float", (in, b) -> coo(in, b).multiply(2.5).toDense());
        e.put("coo_multiply_int", (in, b) -> coo(in, b).multiply(3L).toDense());
        e.put("coo_divide", (in, b) -> coo(in, b).divide(4L).toDense());
        e.put("coo_add_zero", (in, b) -> coo(in, b).add(0L).toDense());
        e.put("coo_dot_vector", (in, b) -> coo(in, b).dot(in.get(3)));
        e.put("coo_dot_matrix", (in, b) -> coo(in, b).dot(in.get(3)));
        e.put("coo_scaled_dot", (in, b) -> coo(in, b).multiply(2.0).dot(in.get(3)));
        e.put("int_sum", (in, b) -> coo(in, b).sum());
        e.put("int_sum_axis0", (in, b) -> coo(in, b).sum(0));
        e.put("int_multiply_int", (in, b) -> coo(in, b).multiply(2L).toDense());
        e.put("int_multiply_float", (in, b) -> coo(in, b).multiply(0.5).toDense());
        e.put("int_divide", (in, b) -> coo(in, b).divide(2L).toDense());
        e.put("int_dot_int", (in, b) -> coo(in, b).dot(in.get(3)));
        e.put("int_dot_float", (in, b) -> coo(in, b).dot(in.get(3)));
        e.put("f32_sum_axis1", (in, b) -> coo(in, b).sum(1));
        e.put("f32_multiply", (in, b) -> coo(in, b).multiply(2.5).toDense());
        e.put("empty_todense", (in, b) -> Tensors.sparse(in.get(0), in.get(1), in.get(2), 3, 4, b).toDense());
        e.put("empty_nnz", (in, b) -> Tensors.sparse(in.get(0), in.get(1), in.get(2), 3, 4, b).nnz());
        e.put("empty_sum_axis0", (in, b) -> Tensors.sparse(in.get(0), in.get(1), in.get(2), 3, 4, b).sum(0));
        e.put("dense_roundtrip", (in, b) -> Tensors.sparse(in.get(0)).toDense());
        e.put("dense_nnz", (in, b) -> Tensors.sparse(in.get(0)).nnz());
        e.put("dense_nan_nnz", (in, b) -> Tensors.sparse(in.get(0)).nnz());
        e.put("dense_nan_sum_axis1", (in, b) -> Tensors.sparse(in.get(0)).sum(1));
        e.put("dense_sum_axis0", (in, b) -> Tensors.sparse(in.get(0)).sum(0));
        e.put("dense_dot", (in, b) -> Tensors.sparse(in.get(0)).dot(in.get(1)));
        e.put("dense_divide_dot", (in, b) -> Tensors.sparse(in.get(0)).divide(3L).dot(in.get(1)));
        return e;
    }

    static Stream<Arguments> cases() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (String line : Files.readAllLines(DIR.resolve("cases.tsv"))) {
            String[] f = line.split("\t", -1);
            for (int c = 0; c < CHUNKINGS.size(); c++) {
                out.add(Arguments.of(f[0], f[1], Double.parseDouble(f[3]), c));
            }
        }
        return out.stream();
    }

    @Test
    void everyCaseOfTheScriptHasAnExpression() throws IOException {
        List<String> names = Files.readAllLines(DIR.resolve("cases.tsv")).stream().map(l -> l.split("\t")[0]).toList();
        assertThat(EXPRESSIONS.keySet()).containsExactlyInAnyOrderElementsOf(names);
    }

    @ParameterizedTest(name = "{0} chunking {3}")
    @MethodSource("cases")
    void agreesWithScipy(String name, String inputs, double scale, int chunking) {
        List<Tensor> in = new ArrayList<>();
        for (String input : inputs.split(" ")) {
            in.add(Tensors.array(Npy.read(DIR.resolve("inputs").resolve(input + ".npy")), CHUNKINGS.get(chunking)));
        }
        NDArray expected = Npy.read(DIR.resolve("expected").resolve(name + ".npy"));
        NDArray actual = EXPRESSIONS.get(name).apply(in, ROW_BLOCKS[chunking]).execute(CLUSTER.session());
        ComplexGoldenTest.assertClose(name, expected, actual, scale, false);
    }

    /**
     * Coordinates whose length is known only once computed (numpy.nonzero's, a boolean mask's values) go through the
     * staged tiling: the sparse tensor they build equals scipy's csr_array of the dense input.
     */
    @Test
    void coordinatesOfUnknownLengthBuildTheSameTensor() {
        NDArray dense = Npy.read(DIR.resolve("inputs").resolve("dense.npy"));
        NDArray expected = Npy.read(DIR.resolve("expected").resolve("dense_roundtrip.npy"));
        NDArray nnz = Npy.read(DIR.resolve("expected").resolve("dense_nnz.npy"));
        for (ChunkSpec chunks : CHUNKINGS) {
            Tensor d = Tensors.array(dense, chunks);
            List<Tensor> rc = Tensors.nonzero(d);
            SparseMatrix s = Tensors.sparse(rc.get(0), rc.get(1), d.get(d.notEqual(0.0)), 6, 5, 4);
            ComplexGoldenTest.assertClose("nonzero coordinates", expected, s.toDense().execute(CLUSTER.session()),
                    0, false);
            assertThat(s.nnz().execute(CLUSTER.session()).getLong()).isEqualTo(nnz.getLong());
        }
    }

    /** In eager mode each sparse step runs as it is created (its CSR blocks persisted on the workers). */
    @Test
    void eagerModeRunsSparseSteps() throws IOException {
        double scale = Files.readAllLines(DIR.resolve("cases.tsv")).stream().map(l -> l.split("\t"))
                .filter(f -> f[0].equals("dense_sum_axis0")).mapToDouble(f -> Double.parseDouble(f[3])).findFirst()
                .orElseThrow();
        NDArray dense = Npy.read(DIR.resolve("inputs").resolve("dense.npy"));
        NDArray expected = Npy.read(DIR.resolve("expected").resolve("dense_sum_axis0.npy"));
        try (io.mars.Session session = io.mars.Session.local(1).eager()) {
            SparseMatrix s = Tensors.sparse(Tensors.array(dense, ChunkSpec.of(4))).multiply(1L);
            ComplexGoldenTest.assertClose("eager sum(0)", expected, s.sum(0).execute(session), scale, false);
        }
    }

    @Test
    void badInputIsRefusedWithACode() {
        Tensor r = Tensors.array(new long[] {0, 1});
        Tensor v = Tensors.array(new double[] {1, 2});
        assertUserError(() -> Tensors.sparse(r, Tensors.array(new long[] {0, 1, 2}), v, 2, 2),
                ErrorCode.SHAPE_MISMATCH, m -> assertThat(m).contains("same length").contains("2, 3 and 2"));
        assertUserError(() -> Tensors.sparse(v, r, v, 2, 2), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("integers").contains("float64"));
        assertUserError(() -> Tensors.sparse(r, r, Tensors.array(new boolean[] {true, false}), 2, 2),
                ErrorCode.UNSUPPORTED_DTYPE, m -> assertThat(m).contains("bool"));
        assertUserError(() -> Tensors.sparse(r, r, v, -1, 2), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("negative dimensions").contains("(-1, 2)"));
        assertUserError(() -> Tensors.sparse(r, r, v, 2, 2, 0), ErrorCode.INVALID_CHUNK_SIZE,
                m -> assertThat(m).contains("got 0"));
        assertUserError(() -> Tensors.sparse(Tensors.ones(Tensors.shape(2, 2, 2))), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("2-d").contains("(2, 2, 2)"));
        SparseMatrix s = Tensors.sparse(r, r, v, 2, 3);
        assertUserError(() -> s.add(1.0), ErrorCode.NOT_SUPPORTED,
                m -> assertThat(m).contains("adding a nonzero scalar to a sparse array is not supported"));
        assertUserError(() -> s.divide(0L), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("division by zero"));
        assertUserError(() -> s.sum(2), ErrorCode.AXIS_OUT_OF_RANGE, m -> assertThat(m).contains("axis 2"));
        assertUserError(() -> s.dot(Tensors.ones(Tensors.shape(2))), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("dimension mismatch").contains("(2, 3)").contains("(2,)"));
    }

    @Test
    void anIndexOutsideTheShapeFailsWhenComputed() {
        Tensor r = Tensors.array(new long[] {0, 5});
        Tensor c = Tensors.array(new long[] {0, 1});
        Tensor v = Tensors.array(new double[] {1, 2});
        assertThatThrownBy(() -> Tensors.sparse(r, c, v, 3, 2).toDense().execute(CLUSTER.session()))
                .isInstanceOfSatisfying(MarsException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.getMessage()).contains("row index 5 is out of bounds").contains("(3, 2)");
                });
        Tensor negative = Tensors.array(new long[] {0, -1});
        assertThatThrownBy(() -> Tensors.sparse(c, negative, v, 3, 2).nnz().execute(CLUSTER.session()))
                .isInstanceOfSatisfying(MarsException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.getMessage()).contains("negative column index found");
                });
    }
}
