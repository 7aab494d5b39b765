package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.mars.Session;
import io.mars.tensor.DataType;
import io.mars.tensor.NDArray;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Linear algebra and statistics on the embedded two-worker cluster give numpy's (scipy's for lu) shape, dtype and
 * values, whatever the chunking. Cases come from {@code src/test/python/golden_linalg_stats.py}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LinalgGoldenTest {
    private static final String ROOT = "/golden/linalg-stats/";
    private static Session session;

    /** One line of cases.tsv. */
    record Case(String name, String expr, Map<String, String> params, List<String> inputs, String output, double rtol,
            double scale, DataType dtype, long[] shape) {
        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    static void startCluster() {
        session = Session.local(2);
    }

    @AfterAll
    static void stopCluster() {
        if (session != null) {
            session.close();
        }
    }

    static Stream<Arguments> cases() {
        return load().stream().flatMap(c -> {
            List<long[]> shapes = c.inputs().stream().map(i -> input(i).shape()).toList();
            return Arrays.stream(Chunking.values()).filter(ch -> ch.appliesTo(shapes, true))
                    .map(ch -> Arguments.of(c, ch));
        });
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("cases")
    void computesAsNumpy(Case c, Chunking chunking) {
        List<Tensor> operands = new ArrayList<>();
        for (int i = 0; i < c.inputs().size(); i++) {
            NDArray data = input(c.inputs().get(i));
            operands.add(Tensors.array(data, chunking.forOperand(i, data.shape())));
        }
        Tensor t = LinalgGoldenExpressions.build(c.expr(), c.params(), operands);
        NDArray expected = NpyReader.readResource(ROOT + "expected/" + c.output());
        assertThat(t.shape()).as("declared shape of %s", c).containsExactly(expected.shape());
        assertThat(t.dtype()).as("declared dtype of %s", c).isEqualTo(expected.dtype());
        NDArray actual = t.execute(session);
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

    private static final Map<String, NDArray> INPUTS = new java.util.concurrent.ConcurrentHashMap<>();

    private static NDArray input(String name) {
        return INPUTS.computeIfAbsent(name, n -> NpyReader.readResource(ROOT + "inputs/" + n + ".npy"));
    }

    private static List<Case> load() {
        try (InputStream in = LinalgGoldenTest.class.getResourceAsStream(ROOT + "cases.tsv")) {
            assertThat(in).as("resource %scases.tsv", ROOT).isNotNull();
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<Case> out = new ArrayList<>();
            String line;
            boolean header = true;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#")) {
                    continue;
                }
                if (header) {
                    header = false;
                    continue;
                }
                String[] f = line.split("\t", -1);
                Map<String, String> params = new LinkedHashMap<>();
                if (!f[2].isEmpty()) {
                    for (String kv : f[2].split(";")) {
                        int eq = kv.indexOf('=');
                        params.put(kv.substring(0, eq), kv.substring(eq + 1));
                    }
                }
                long[] shape = f[8].isEmpty() ? new long[0]
                        : Arrays.stream(f[8].split(",")).mapToLong(Long::parseLong).toArray();
                out.add(new Case(f[0], f[1], params, List.of(f[3].split(",")), f[4], Double.parseDouble(f[5]),
                        Double.parseDouble(f[6]), DataType.fromNumpyName(f[7]), shape));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
