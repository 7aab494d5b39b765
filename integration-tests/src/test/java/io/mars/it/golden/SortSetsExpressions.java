package io.mars.it.golden;

import io.mars.it.golden.GoldenCase.Params;
import io.mars.tensor.Histogram;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sort-sets golden cases ({@code golden/sort-sets/cases.tsv}, written by {@code golden_sort-sets.py}) and the
 * Mars expression each one describes, built with the public API as the numpy call in the script.
 */
final class SortSetsExpressions {
    static final String ROOT = "/golden/sort-sets/";
    private static volatile List<GoldenCase> cases;
    private static final Map<String, NDArray> ARRAYS = new ConcurrentHashMap<>();

    private SortSetsExpressions() {
    }

    static List<GoldenCase> group(String group) {
        List<GoldenCase> out = cases().stream().filter(c -> c.group().equals(group)).toList();
        if (out.isEmpty()) {
            throw new IllegalStateException("no golden cases in group '" + group + "'; re-run golden_sort-sets.py?");
        }
        return out;
    }

    static List<GoldenCase> cases() {
        if (cases == null) {
            cases = load();
        }
        return cases;
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

    static List<long[]> operandShapes(GoldenCase c) {
        List<long[]> shapes = new ArrayList<>();
        for (String in : c.inputs()) {
            shapes.add(input(in).shape());
        }
        return shapes;
    }

    static Tensor build(GoldenCase c, Chunking chunking) {
        List<long[]> shapes = operandShapes(c);
        List<Tensor> in = new ArrayList<>();
        for (int i = 0; i < c.inputs().size(); i++) {
            in.add(Tensors.array(input(c.inputs().get(i)), chunking.forOperand(i, shapes.get(i))));
        }
        Params p = c.params();
        return switch (c.op()) {
            case "sort" -> sortAxis(p) == null ? Tensors.sort(in.get(0), null)
                    : sortAxis(p) == -1 ? in.get(0).sort() : in.get(0).sort(sortAxis(p));
            case "argsort" -> sortAxis(p) == null ? Tensors.argsort(in.get(0), null)
                    : sortAxis(p) == -1 ? in.get(0).argsort() : in.get(0).argsort(sortAxis(p));
            case "searchsorted" -> p.string("side").equals("left") ? in.get(0).searchsorted(in.get(1))
                    : Tensors.searchsorted(in.get(0), in.get(1), p.string("side"));
            case "digitize" -> Tensors.digitize(in.get(0), doubles(p, "bins"), p.bool("right"));
            case "digitize_tensor" -> Tensors.digitize(in.get(1), in.get(0), p.bool("right"));
            case "histogram" -> histogramOutput(histogram(p, in.get(0)), p.string("output"));
            case "bincount" -> in.size() > 1 ? Tensors.bincount(in.get(0), in.get(1), p.longValue("minlength"))
                    : p.longValue("minlength") == 0 ? Tensors.bincount(in.get(0))
                    : Tensors.bincount(in.get(0), p.longValue("minlength"));
            case "unique" -> p.string("output").equals("values") ? Tensors.unique(in.get(0))
                    : Tensors.unique(in.get(0), true).counts();
            default -> throw new IllegalArgumentException("case " + c.name() + ": unknown op '" + c.op() + "'");
        };
    }

    private static Integer sortAxis(Params p) {
        return p.string("axis").equals("none") ? null : Integer.parseInt(p.string("axis"));
    }

    private static Histogram histogram(Params p, Tensor x) {
        if (p.has("edges")) {
            return Tensors.histogram(x, doubles(p, "edges"));
        }
        int bins = p.intOr("bins", 10);
        return p.has("range") ? Tensors.histogram(x, bins, doubles(p, "range")) : Tensors.histogram(x, bins);
    }

    private static Tensor histogramOutput(Histogram h, String output) {
        return output.equals("counts") ? h.counts() : h.binEdges();
    }

    private static double[] doubles(Params p, String key) {
        return Arrays.stream(p.string(key).split(",")).mapToDouble(Double::parseDouble).toArray();
    }

    private static List<GoldenCase> load() {
        List<String> lines = lines();
        int header = 0;
        while (lines.get(header).startsWith("#")) {
            header++;
        }
        String[] names = lines.get(header).split("\t", -1);
        Map<String, Integer> col = new HashMap<>();
        for (int i = 0; i < names.length; i++) {
            col.put(names[i], i);
        }
        List<GoldenCase> out = new ArrayList<>();
        for (String line : lines.subList(header + 1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            String inputs = f[col.get("inputs")];
            out.add(new GoldenCase(f[col.get("name")], f[col.get("group")], f[col.get("op")],
                    Params.parse(f[col.get("params")]), inputs.isEmpty() ? List.of() : List.of(inputs.split(",")),
                    f[col.get("output")], io.mars.tensor.DataType.fromNumpyName(f[col.get("dtype")]),
                    NpyReader.parseShape(f[col.get("shape")]), Double.parseDouble(f[col.get("scale")]),
                    f[col.get("note")]));
        }
        return List.copyOf(out);
    }

    private static List<String> lines() {
        try (InputStream in = SortSetsExpressions.class.getResourceAsStream(ROOT + "cases.tsv")) {
            if (in == null) {
                throw new IllegalStateException("no " + ROOT + "cases.tsv on the test classpath; run golden_sort-sets.py");
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
