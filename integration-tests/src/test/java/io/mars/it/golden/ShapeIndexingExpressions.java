package io.mars.it.golden;

import io.mars.it.golden.GoldenCase.Params;
import io.mars.tensor.Index;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.List;

/**
 * The golden cases of shape manipulation, joining and indexing (written by {@code golden_shape_indexing.py} to
 * {@code golden/shape-indexing/}), and the Mars expressions that mirror each numpy call.
 */
final class ShapeIndexingExpressions {
    /** The files of golden_shape_indexing.py. */
    static final GoldenManifest MANIFEST = new GoldenManifest("/golden/shape-indexing/", "golden_shape_indexing.py");

    private ShapeIndexingExpressions() {
    }

    static Tensor build(GoldenCase c, Chunking chunking) {
        List<Tensor> in = MANIFEST.operands(c.inputs(), chunking);
        Params p = c.params();
        Tensor a = in.get(0);
        return switch (c.op()) {
            case "get" -> a.get(parseIndex(p.string("index"), in.subList(1, in.size())));
            case "get_array" -> a.get(in.get(1));
            case "ravel" -> a.ravel();
            case "flatten" -> a.flatten();
            case "squeeze" -> p.axesOrNull("axis") == null ? a.squeeze() : a.squeeze(p.axesOrNull("axis"));
            case "expand_dims" -> a.expandDims(p.axesOrNull("axis"));
            case "swapaxes" -> a.swapaxes(p.intOr("a", 0), p.intOr("b", 0));
            case "moveaxis" -> Tensors.moveaxis(a, p.ints("source"), p.ints("destination"));
            case "broadcast_to" -> a.broadcastTo(p.longs("shape"));
            case "repeat" -> p.string("axis").equals("none") ? a.repeat(p.longValue("repeats"))
                    : p.string("repeats").contains(",") ? a.repeat(p.longs("repeats"), p.intOr("axis", 0))
                    : a.repeat(p.longValue("repeats"), p.intOr("axis", 0));
            case "tile" -> Tensors.tile(a, p.longs("reps"));
            case "flip" -> p.axesOrNull("axis") == null ? a.flip() : a.flip(p.axesOrNull("axis"));
            case "roll" -> p.string("axis").equals("none") ? a.roll(p.longValue("shift"))
                    : a.roll(p.longValue("shift"), p.intOr("axis", 0));
            case "concatenate" -> Tensors.concatenate(in, p.intOr("axis", 0));
            case "stack" -> Tensors.stack(in, p.intOr("axis", 0));
            case "hstack" -> Tensors.hstack(in);
            case "vstack" -> Tensors.vstack(in);
            case "split", "array_split" -> split(c.op().equals("split"), p, a);
            case "take" -> p.string("axis").equals("none") ? a.take(in.get(1)) : a.take(in.get(1), p.intOr("axis", 0));
            case "put" -> put(p, in);
            case "concat_expr" -> Tensors.concatenate(List.of(a.multiply(2.0), in.get(1).add(1.0))).multiply(3.0);
            case "slice_expr" -> a.multiply(2.0).get(Index.step(-2), Index.from(1)).add(1.0);
            case "mask_concat" -> Tensors.concatenate(List.of(a.get(in.get(1)), a));
            case "mask_get" -> a.get(in.get(1)).get(parseIndex(p.string("index"), List.of()));
            case "mask_take" -> a.get(in.get(1)).take(in.get(2), p.intOr("axis", 0));
            case "mask_repeat" -> a.get(in.get(1)).repeat(p.longValue("repeats"), 0);
            default -> throw new IllegalArgumentException("case " + c.name() + ": unknown op '" + c.op() + "'");
        };
    }

    private static Tensor split(boolean equal, Params p, Tensor a) {
        int axis = p.intOr("axis", 0);
        List<Tensor> parts;
        if (p.has("indices")) {
            parts = equal ? Tensors.split(a, p.longs("indices"), axis) : Tensors.arraySplit(a, p.longs("indices"), axis);
        } else {
            int sections = p.intOr("how", 1);
            parts = equal ? Tensors.split(a, sections, axis) : Tensors.arraySplit(a, sections, axis);
        }
        return parts.get(p.intOr("part", 0));
    }

    private static Tensor put(Params p, List<Tensor> in) {
        Tensor a = in.get(0);
        Tensor mask = in.get(1);
        return switch (p.string("kind")) {
            case "float" -> a.put(mask, p.doubleValue("value"));
            case "int" -> a.put(mask, p.longValue("value"));
            case "bool" -> a.put(mask, p.bool("value"));
            case "tensor" -> a.put(mask, in.get(2));
            default -> throw new IllegalArgumentException("unknown put kind " + p.string("kind"));
        };
    }

    /** The "/"-joined index terms of golden_shape_indexing.py: i:3, s:start:stop:step, n, e, x and y (index arrays). */
    static Index[] parseIndex(String text, List<Tensor> arrays) {
        String[] terms = text.split("/");
        Index[] out = new Index[terms.length];
        for (int i = 0; i < terms.length; i++) {
            String t = terms[i];
            if (t.equals("x") || t.equals("y")) {
                out[i] = Index.of(arrays.get(t.equals("x") ? 0 : 1));
            } else if (t.equals("n")) {
                out[i] = Index.newAxis();
            } else if (t.equals("e")) {
                out[i] = Index.ellipsis();
            } else if (t.startsWith("i:")) {
                out[i] = Index.at(Long.parseLong(t.substring(2)));
            } else if (t.startsWith("s:")) {
                String[] f = t.substring(2).split(":", -1);
                Long start = f[0].isEmpty() ? null : Long.valueOf(f[0]);
                Long stop = f.length < 2 || f[1].isEmpty() ? null : Long.valueOf(f[1]);
                long step = f.length < 3 || f[2].isEmpty() ? 1 : Long.parseLong(f[2]);
                out[i] = Index.slice(start, stop, step);
            } else {
                throw new IllegalArgumentException("unknown index term " + t + " in " + text);
            }
        }
        return out;
    }
}
