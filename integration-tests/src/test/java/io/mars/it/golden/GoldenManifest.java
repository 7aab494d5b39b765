package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One directory of golden files written by one python script under {@code src/test/python}: {@code cases.tsv}, the
 * inputs as {@code inputs/<name>.npy} and numpy's results under {@code expected/}. Every area reads its directory
 * through an instance of this class; what a case means in Java stays in the area's expression class.
 */
public final class GoldenManifest {
    private static final List<String> COLUMNS =
            List.of("name", "group", "op", "params", "inputs", "output", "dtype", "shape", "scale", "note");

    private final String root;
    private final String script;
    private volatile List<GoldenCase> cases;
    private final Map<String, NDArray> arrays = new ConcurrentHashMap<>();

    /**
     * @param root   the classpath directory, with leading and trailing slash ({@code /golden/elementwise/})
     * @param script the python script that writes it, named in the errors when a file is missing
     */
    GoldenManifest(String root, String script) {
        this.root = root;
        this.script = script;
    }

    String root() {
        return root;
    }

    /** The cases of {@code cases.tsv}, in file order. */
    public List<GoldenCase> cases() {
        if (cases == null) {
            cases = rows(COLUMNS).stream().map(GoldenManifest::toCase).toList();
        }
        return cases;
    }

    /** The cases of one group; there must be some, or the script and the test have drifted apart. */
    public List<GoldenCase> group(String group) {
        List<GoldenCase> out = cases().stream().filter(c -> c.group().equals(group)).toList();
        if (out.isEmpty()) {
            throw new IllegalStateException("no golden cases in group '" + group + "'; re-run " + script + "?");
        }
        return out;
    }

    /** The cases of one op, possibly none. */
    public List<GoldenCase> op(String op) {
        return cases().stream().filter(c -> c.op().equals(op)).toList();
    }

    /** The first comment line of the manifest, naming the numpy version that produced the files. */
    public String provenance() {
        return lines("cases.tsv").get(0);
    }

    public NDArray input(String name) {
        return arrays.computeIfAbsent("inputs/" + name, p -> NpyReader.readResource(root + p + ".npy"));
    }

    public NDArray expected(GoldenCase c) {
        return expected(c.output());
    }

    public NDArray expected(String output) {
        return arrays.computeIfAbsent("expected/" + output, p -> NpyReader.readResource(root + p));
    }

    /** The shapes of the case's inputs, which its chunkings apply to. */
    List<long[]> operandShapes(GoldenCase c) {
        return inputShapes(c.inputs());
    }

    /** The shapes of the named inputs. */
    List<long[]> inputShapes(List<String> inputs) {
        return inputs.stream().map(n -> input(n).shape()).toList();
    }

    /** The named inputs as tensors, operand {@code i} cut into chunks as {@code chunking} says for it. */
    List<Tensor> operands(List<String> inputs, Chunking chunking) {
        List<Tensor> out = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            NDArray data = input(inputs.get(i));
            out.add(Tensors.array(data, chunking.forOperand(i, data.shape())));
        }
        return out;
    }

    /** The bytes of cases.tsv, every expected file and every input the cases read; each file must exist. */
    long totalBytes() {
        long total = resourceSize("cases.tsv");
        Set<String> inputs = new LinkedHashSet<>();
        for (GoldenCase c : cases()) {
            inputs.addAll(c.inputs());
            total += resourceSize("expected/" + c.output());
        }
        for (String input : inputs) {
            total += resourceSize("inputs/" + input + ".npy");
        }
        return total;
    }

    /**
     * The data rows of {@code cases.tsv} by column name. The header is the first line that is not a {@code #}
     * comment; blank and comment lines after it are skipped.
     */
    List<Map<String, String>> rows(List<String> required) {
        List<String> lines = lines("cases.tsv");
        int headerIndex = 0;
        while (lines.get(headerIndex).startsWith("#")) {
            headerIndex++;
        }
        String[] header = lines.get(headerIndex).split("\t", -1);
        if (!new HashSet<>(Arrays.asList(header)).containsAll(required)) {
            throw new IllegalStateException(
                    "cases.tsv header " + Arrays.toString(header) + " lacks one of " + required);
        }
        List<Map<String, String>> out = new ArrayList<>();
        for (String line : lines.subList(headerIndex + 1, lines.size())) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\t", -1);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], fields[i]);
            }
            out.add(row);
        }
        return List.copyOf(out);
    }

    /** The lines of a text resource of this directory. */
    List<String> lines(String resource) {
        try (InputStream in = GoldenManifest.class.getResourceAsStream(root + resource)) {
            if (in == null) {
                throw new IllegalStateException("no " + root + resource + " on the test classpath; run " + script);
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private long resourceSize(String path) {
        try (InputStream in = GoldenManifest.class.getResourceAsStream(root + path)) {
            assertThat(in).as("resource %s", path).isNotNull();
            return in.readAllBytes().length;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static GoldenCase toCase(Map<String, String> row) {
        String inputs = row.get("inputs");
        return new GoldenCase(row.get("name"), row.get("group"), row.get("op"),
                GoldenCase.Params.parse(row.get("params")), inputs.isEmpty() ? List.of() : List.of(inputs.split(",")),
                row.get("output"), DataType.fromNumpyName(row.get("dtype")), NpyReader.parseShape(row.get("shape")),
                Double.parseDouble(row.get("scale")), row.get("note"));
    }
}
