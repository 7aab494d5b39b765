package io.mars.it.golden;

import io.mars.tensor.DataType;
import io.mars.tensor.NDArray;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The golden cases written by {@code integration-tests/src/test/python/golden_elementwise.py} under
 * {@code golden/elementwise/}, in the same manifest format as {@link GoldenManifest}.
 */
final class ElementwiseGoldenManifest {
    static final String ROOT = "/golden/elementwise/";
    private static volatile List<GoldenCase> cases;
    private static final Map<String, NDArray> ARRAYS = new ConcurrentHashMap<>();

    private ElementwiseGoldenManifest() {
    }

    static List<GoldenCase> cases() {
        if (cases == null) {
            cases = load();
        }
        return cases;
    }

    static List<GoldenCase> group(String group) {
        List<GoldenCase> out = cases().stream().filter(c -> c.group().equals(group)).toList();
        if (out.isEmpty()) {
            throw new IllegalStateException("no golden cases in group '" + group + "'; re-run golden_elementwise.py?");
        }
        return out;
    }

    static String provenance() {
        return lines().get(0);
    }

    static NDArray input(String name) {
        return ARRAYS.computeIfAbsent("inputs/" + name, p -> NpyReader.readResource(ROOT + p + ".npy"));
    }

    static NDArray expected(GoldenCase c) {
        return ARRAYS.computeIfAbsent("expected/" + c.output(), p -> NpyReader.readResource(ROOT + p));
    }

    private static List<GoldenCase> load() {
        List<String> lines = lines();
        int headerIndex = 0;
        while (lines.get(headerIndex).startsWith("#")) {
            headerIndex++;
        }
        String[] header = lines.get(headerIndex).split("\t", -1);
        Map<String, Integer> col = new HashMap<>();
        for (int i = 0; i < header.length; i++) {
            col.put(header[i], i);
        }
        List<GoldenCase> out = new ArrayList<>();
        for (String line : lines.subList(headerIndex + 1, lines.size())) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            String inputs = f[col.get("inputs")];
            out.add(new GoldenCase(f[col.get("name")], f[col.get("group")], f[col.get("op")],
                    GoldenCase.Params.parse(f[col.get("params")]),
                    inputs.isEmpty() ? List.of() : List.of(inputs.split(",")), f[col.get("output")],
                    DataType.fromNumpyName(f[col.get("dtype")]), NpyReader.parseShape(f[col.get("shape")]),
                    Double.parseDouble(f[col.get("scale")]), f[col.get("note")]));
        }
        return List.copyOf(out);
    }

    private static List<String> lines() {
        try (InputStream in = ElementwiseGoldenManifest.class.getResourceAsStream(ROOT + "cases.tsv")) {
            if (in == null) {
                throw new IllegalStateException("no " + ROOT + "cases.tsv on the test classpath; run golden_elementwise.py");
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
