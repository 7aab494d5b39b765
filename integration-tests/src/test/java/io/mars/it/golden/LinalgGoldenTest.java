package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.mars.tensor.Tensor;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Linear algebra and statistics on the embedded two-worker cluster give numpy's (scipy's for lu) shape, dtype and
 * values, whatever the chunking. Cases come from {@code src/test/python/golden_linalg_stats.py}.
 *
 * <p>Its manifest has columns of its own (an expression name instead of group and op, and a tolerance per case,
 * since decompositions agree with LAPACK only to a precision that depends on the matrix), so it keeps its own
 * {@link Case} record and its own comparison with that tolerance; files, inputs and the session are shared.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LinalgGoldenTest {
    private static final GoldenManifest MANIFEST =
            new GoldenManifest("/golden/linalg-stats/", "golden_linalg_stats.py");
    private static final List<String> COLUMNS =
            List.of("name", "expr", "params", "inputs", "output", "rtol", "scale", "dtype", "shape");

    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    /** One line of cases.tsv. */
    record Case(String name, String expr, Map<String, String> params, List<String> inputs, String output, double rtol,
            double scale, DataType dtype, long[] shape) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> cases() {
        return Chunking.casesWithChunkings(load(), c -> MANIFEST.inputShapes(c.inputs()), c -> true);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("cases")
    void computesAsNumpy(Case c, Chunking chunking) {
        Tensor t = LinalgGoldenExpressions.build(c.expr(), c.params(), MANIFEST.operands(c.inputs(), chunking));
        NDArray expected = MANIFEST.expected(c.output());
        assertThat(t.shape()).as("declared shape of %s", c).containsExactly(expected.shape());
        assertThat(t.dtype()).as("declared dtype of %s", c).isEqualTo(expected.dtype());
        NDArray actual = t.execute(CLUSTER.session());
        assertThat(actual.shape()).as("shape of %s", c).containsExactly(expected.shape());
        assertThat(actual.dtype()).as("dtype of %s", c).isEqualTo(expected.dtype());
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < expected.size(); i++) {
            String p = expected.dtype().isFloat()
                    ? GoldenAssertions.floatMismatch(actual.getDouble(i), expected.getDouble(i), c.rtol(), c.scale())
                    : actual.getLong(i) == expected.getLong(i) ? null
                    : "expected " + expected.getLong(i) + " but was " + actual.getLong(i);
            if (p != null && problems.size() < 8) {
                problems.add("  at flat " + i + ": " + p);
            }
        }
        if (!problems.isEmpty()) {
            fail(c + " [" + chunking + "] (" + c.expr() + " " + c.params() + " on " + c.inputs() + ") differs from numpy:\n"
                    + String.join("\n", problems));
        }
    }

    @Test
    void manifestIsGeneratedAndCoversEveryExpression() {
        List<Case> all = load();
        assertThat(all).hasSizeGreaterThan(90);
        assertThat(all.stream().map(Case::expr).distinct()).contains("einsum", "qr_recon", "svd_s", "lu_p", "cholesky",
                "solve", "inv", "lstsq", "cov", "corrcoef", "norm_ord", "matmul", "trace", "outer", "tensordot_n");
    }

    private static List<Case> load() {
        List<Case> out = new ArrayList<>();
        for (Map<String, String> row : MANIFEST.rows(COLUMNS)) {
            out.add(new Case(row.get("name"), row.get("expr"), GoldenCase.Params.parse(row.get("params")).values(),
                    List.of(row.get("inputs").split(",")), row.get("output"), Double.parseDouble(row.get("rtol")),
                    Double.parseDouble(row.get("scale")), DataType.fromNumpyName(row.get("dtype")),
                    NpyReader.parseShape(row.get("shape"))));
        }
        return out;
    }
}
