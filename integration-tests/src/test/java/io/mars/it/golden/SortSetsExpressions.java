package io.mars.it.golden;

import io.mars.it.golden.GoldenCase.Params;
import io.mars.tensor.Histogram;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.List;

/**
 * The sort-sets golden cases ({@code golden/sort-sets/cases.tsv}, written by {@code golden_sort-sets.py}) and the
 * Mars expression each one describes, built with the public API as the numpy call in the script.
 */
final class SortSetsExpressions {
    /** The files of golden_sort-sets.py. */
    static final GoldenManifest MANIFEST = new GoldenManifest("/golden/sort-sets/", "golden_sort-sets.py");

    private SortSetsExpressions() {
    }

    static Tensor build(GoldenCase c, Chunking chunking) {
        List<Tensor> in = MANIFEST.operands(c.inputs(), chunking);
        Params p = c.params();
        return switch (c.op()) {
            case "sort" -> sortAxis(p) == null ? Tensors.sort(in.get(0), null)
                    : sortAxis(p) == -1 ? in.get(0).sort() : in.get(0).sort(sortAxis(p));
            case "argsort" -> sortAxis(p) == null ? Tensors.argsort(in.get(0), null)
                    : sortAxis(p) == -1 ? in.get(0).argsort() : in.get(0).argsort(sortAxis(p));
            case "topk" -> in.get(0).topk((int) p.longValue("k"), (int) p.longValue("axis"), p.bool("largest"));
            case "argtopk" -> in.get(0).argtopk((int) p.longValue("k"), (int) p.longValue("axis"), p.bool("largest"));
            // both parts of one pass: the values gathered back at the positions must be the values
            case "topk_pair" -> pairValues(Tensors.topk(in.get(0), (int) p.longValue("k"), (int) p.longValue("axis"),
                    p.bool("largest")), p.bool("indices"));
            case "searchsorted" -> p.string("side").equals("left") ? in.get(0).searchsorted(in.get(1))
                    : Tensors.searchsorted(in.get(0), in.get(1), p.string("side"));
            case "digitize" -> Tensors.digitize(in.get(0), p.doubles("bins"), p.bool("right"));
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
            return Tensors.histogram(x, p.doubles("edges"));
        }
        int bins = p.intOr("bins", 10);
        return p.has("range") ? Tensors.histogram(x, bins, p.doubles("range")) : Tensors.histogram(x, bins);
    }

    private static Tensor histogramOutput(Histogram h, String output) {
        return output.equals("counts") ? h.counts() : h.binEdges();
    }

    private static Tensor pairValues(io.mars.tensor.TopK pair, boolean indices) {
        return indices ? pair.indices() : pair.values();
    }
}
