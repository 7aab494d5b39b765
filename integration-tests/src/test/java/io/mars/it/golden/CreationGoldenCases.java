package io.mars.it.golden;

import io.mars.it.golden.GoldenCase.Params;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import java.util.List;

/**
 * The golden cases of {@code golden_creation-random.py} (under {@code /golden/creation-random/}) and how to build
 * each with Mars's public API, mirroring the numpy call that produced it.
 */
final class CreationGoldenCases {
    /** The files of golden_creation-random.py. */
    static final GoldenManifest MANIFEST =
            new GoldenManifest("/golden/creation-random/", "golden_creation-random.py");

    private CreationGoldenCases() {
    }

    /** The shape the case's chunkings apply to: its input's, or for a created tensor its own. */
    static long[] operandShape(GoldenCase c) {
        return c.inputs().isEmpty() ? c.shape() : MANIFEST.input(c.inputs().get(0)).shape();
    }

    static Tensor build(GoldenCase c, Chunking chunking) {
        Params p = c.params();
        ChunkSpec chunks = chunking.forOperand(0, operandShape(c));
        Tensor in = c.inputs().isEmpty() ? null : MANIFEST.operands(c.inputs(), chunking).get(0);
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
}
