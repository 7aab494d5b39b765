package io.mars.it.golden;

import io.mars.it.golden.GoldenCase.Params;
import io.mars.tensor.ChunkSpec;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The golden cases of {@code golden_creation-random.py} (under {@code /golden/creation-random/}) and how to build
 * each with Mars's public API, mirroring the numpy call that produced it.
 */
final class CreationGoldenCases {
    static final String ROOT = "/golden/creation-random/";
    private static volatile List<GoldenCase> cases;

    private CreationGoldenCases() {
    }

    static List<GoldenCase> cases() {
        if (cases == null) {
            cases = load();
        }
        return cases;
    }

    static List<String> lines(String resource) {
        try (InputStream in = CreationGoldenCases.class.getResourceAsStream(ROOT + resource)) {
            if (in == null) {
                throw new IllegalStateException("no " + ROOT + resource + " on the test classpath; run"
                        + " golden_creation-random.py");
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static NDArray input(String name) {
        return NpyReader.readResource(ROOT + "inputs/" + name + ".npy");
    }

    static NDArray expected(GoldenCase c) {
        return NpyReader.readResource(ROOT + "expected/" + c.output());
    }

    private static List<GoldenCase> load() {
        List<String> lines = lines("cases.tsv");
        int h = 0;
        while (lines.get(h).startsWith("#")) {
            h++;
        }
        String[] header = lines.get(h).split("\t", -1);
        Map<String, Integer> col = new HashMap<>();
        for (int i = 0; i < header.length; i++) {
            col.put(header[i], i);
        }
        List<GoldenCase> out = new ArrayList<>();
        for (String line : lines.subList(h + 1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            String inputs = f[col.get("inputs")];
            out.add(new GoldenCase(f[col.get("name")], f[col.get("group")], f[col.get("op")],
                    Params.parse(f[col.get("params")]), inputs.isEmpty() ? List.of() : List.of(inputs.split(",")),
                    f[col.get("output")], DataType.fromNumpyName(f[col.get("dtype")]),
                    NpyReader.parseShape(f[col.get("shape")]), Double.parseDouble(f[col.get("scale")]),
                    f[col.get("note")]));
        }
        return List.copyOf(out);
    }

    /** The shape the case's chunkings apply to: its input's, or for a created tensor its own. */
    static long[] operandShape(GoldenCase c) {
        return c.inputs().isEmpty() ? c.shape() : input(c.inputs().get(0)).shape();
    }

    static Tensor build(GoldenCase c, Chunking chunking) {
        Params p = c.params();
        ChunkSpec chunks = chunking.forOperand(0, operandShape(c));
        Tensor in = c.inputs().isEmpty() ? null : Tensors.array(input(c.inputs().get(0)), chunks);
        return switch (c.op()) {
            case "linspace" -> Tensors.linspace(p.doubleValue("start"), p.doubleValue("stop"), p.longValue("num"),
                    p.bool("endpoint"), DataType.fromNumpyName(p.string("dtype")), chunks);
            case "eye" -> {
                long n = p.longValue("n");
                long m = p.string("m").equals("none") ? n : p.longValue("m");
                yield Tensors.eye(n, m, p.longValue("k"), DataType.fromNumpyName(p.string("dtype")), chunks);
            }
            case "identity" -> Tensors.identity(p.longValue("n"), DataType.fromNumpyName(p.string("dtype")), chunks);
            case "diag" -> Tensors.diag(in, p.longValue("k"));
            case "tril" -> Tensors.tril(in, p.longValue("k"));
            case "triu" -> Tensors.triu(in, p.longValue("k"));
            case "like" -> like(p, in);
            default -> throw new IllegalArgumentException("case " + c.name() + ": unknown op '" + c.op() + "'");
        };
    }

    private static Tensor like(Params p, Tensor in) {
        DataType dtype = p.string("dtype").equals("none") ? null : DataType.fromNumpyName(p.string("dtype"));
        return switch (p.string("fn")) {
            case "zeros_like" -> dtype == null ? Tensors.zerosLike(in) : Tensors.zerosLike(in, dtype);
            case "ones_like" -> dtype == null ? Tensors.onesLike(in) : Tensors.onesLike(in, dtype);
            case "empty_like" -> dtype == null ? Tensors.emptyLike(in) : Tensors.emptyLike(in, dtype);
            case "full_like" -> {
                boolean isInt = p.string("kind").equals("int");
                if (dtype == null) {
                    yield isInt ? Tensors.fullLike(in, p.longValue("value")) : Tensors.fullLike(in, p.doubleValue("value"));
                }
                yield isInt ? Tensors.fullLike(in, p.longValue("value"), dtype)
                        : Tensors.fullLike(in, p.doubleValue("value"), dtype);
            }
            default -> throw new IllegalArgumentException("unknown like function " + p.string("fn"));
        };
    }

    static String describe(long[] shape) {
        return Arrays.toString(shape);
    }
}
