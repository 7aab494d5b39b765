package io.mars.it.golden;

import io.mars.it.golden.GoldenCase.Params;
import io.mars.tensor.Linalg;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.List;

/**
 * The routines golden cases ({@code golden/routines/cases.tsv}, written by {@code golden_routines.py}) and the Mars
 * expression each one describes, built with the public API as the numpy call in the script.
 */
final class RoutinesExpressions {
    /** The files of golden_routines.py. */
    static final GoldenManifest MANIFEST = new GoldenManifest("/golden/routines/", "golden_routines.py");

    private RoutinesExpressions() {
    }

    static Tensor build(GoldenCase c, Chunking chunking) {
        List<Tensor> in = MANIFEST.operands(c.inputs(), chunking);
        Params p = c.params();
        return switch (c.op()) {
            case "diff" -> p.longValue("n") == 1 && p.longValue("axis") == -1 ? Tensors.diff(in.get(0))
                    : Tensors.diff(in.get(0), (int) p.longValue("n"), (int) p.longValue("axis"));
            case "ediff1d" -> Tensors.ediff1d(in.get(0));
            case "gradient" -> in.get(0).ndim() == 1 ? Tensors.gradient(in.get(0))
                    : Tensors.gradient(in.get(0), (int) p.longValue("axis"));
            case "trapezoid" -> p.doubleValue("dx") == 1.0 && p.longValue("axis") == -1 ? Tensors.trapezoid(in.get(0))
                    : Tensors.trapezoid(in.get(0), p.doubleValue("dx"), (int) p.longValue("axis"));
            case "trapezoid_x" -> Tensors.trapezoid(in.get(0), in.get(1), (int) p.longValue("axis"));
            case "logspace" -> Tensors.logspace(p.doubleValue("start"), p.doubleValue("stop"), p.longValue("num"),
                    p.bool("endpoint"), p.doubleValue("base"));
            case "geomspace" -> Tensors.geomspace(p.doubleValue("start"), p.doubleValue("stop"), p.longValue("num"),
                    p.bool("endpoint"));
            case "meshgrid" -> Tensors.meshgrid(p.string("indexing"), in.toArray(new Tensor[0]))
                    .get((int) p.longValue("output"));
            case "indices" -> Tensors.indices(p.longs("dims"));
            case "atleast1d" -> Tensors.atleast1d(in.get(0));
            case "atleast2d" -> Tensors.atleast2d(in.get(0));
            case "atleast3d" -> Tensors.atleast3d(in.get(0));
            case "dstack" -> Tensors.dstack(in);
            case "column_stack" -> Tensors.columnStack(in);
            case "append" -> p.string("axis").equals("none") ? Tensors.append(in.get(0), in.get(1))
                    : Tensors.append(in.get(0), in.get(1), (int) p.longValue("axis"));
            case "delete" -> p.string("axis").equals("none") ? Tensors.delete(in.get(0), p.longs("positions"))
                    : Tensors.delete(in.get(0), p.longs("positions"), (int) p.longValue("axis"));
            case "insert" -> Tensors.insert(in.get(0), p.longValue("position"), p.doubleValue("value"));
            case "insert_tensor" -> Tensors.insert(in.get(0), p.longValue("position"), in.get(1),
                    (int) p.longValue("axis"));
            case "pad" -> pad(in.get(0), p);
            case "cross" -> Tensors.cross(in.get(0), in.get(1));
            case "kron" -> Tensors.kron(in.get(0), in.get(1));
            case "vdot" -> Tensors.vdot(in.get(0), in.get(1));
            case "multi_dot" -> Tensors.multiDot(in);
            case "matrix_power" -> Tensors.matrixPower(in.get(0), p.longValue("n"));
            case "isclose" -> p.doubleValue("rtol") == 1e-5 && p.doubleValue("atol") == 1e-8 && !p.bool("equal_nan")
                    ? Tensors.isclose(in.get(0), in.get(1))
                    : Tensors.isclose(in.get(0), in.get(1), p.doubleValue("rtol"), p.doubleValue("atol"),
                    p.bool("equal_nan"));
            case "allclose" -> Tensors.allclose(in.get(0), in.get(1), p.doubleValue("rtol"), p.doubleValue("atol"),
                    p.bool("equal_nan"));
            case "array_equal" -> Tensors.arrayEqual(in.get(0), in.get(1));
            case "sinc" -> Tensors.sinc(in.get(0));
            case "signbit" -> Tensors.signbit(in.get(0));
            case "modf" -> Tensors.modf(in.get(0)).get((int) p.longValue("output"));
            case "frexp" -> Tensors.frexp(in.get(0)).get((int) p.longValue("output"));
            case "partition" -> Tensors.partition(in.get(0), p.longValue("kth"), (int) p.longValue("axis"));
            case "argpartition" -> Tensors.argpartition(in.get(0), p.longValue("kth"), (int) p.longValue("axis"));
            case "ldexp" -> Tensors.ldexp(in.get(0), in.get(1));
            case "flatnonzero" -> Tensors.flatnonzero(in.get(0));
            case "argwhere" -> Tensors.argwhere(in.get(0));
            case "nonzero" -> Tensors.nonzero(in.get(0)).get((int) p.longValue("output"));
            case "isin" -> p.bool("invert") ? Tensors.isin(in.get(0), in.get(1), true)
                    : Tensors.isin(in.get(0), in.get(1));
            case "interp" -> p.has("left") ? Tensors.interp(in.get(0), in.get(1), in.get(2), p.doubleValue("left"),
                    p.doubleValue("right")) : Tensors.interp(in.get(0), in.get(1), in.get(2));
            case "convolve" -> p.string("mode").equals("full") ? Tensors.convolve(in.get(0), in.get(1))
                    : Tensors.convolve(in.get(0), in.get(1), p.string("mode"));
            case "correlate" -> p.string("mode").equals("valid") ? Tensors.correlate(in.get(0), in.get(1))
                    : Tensors.correlate(in.get(0), in.get(1), p.string("mode"));
            case "logaddexp" -> Tensors.logaddexp(in.get(0), in.get(1));
            case "logaddexp2" -> Tensors.logaddexp2(in.get(0), in.get(1));
            case "float_power" -> Tensors.floatPower(in.get(0), in.get(1));
            case "float_power_scalar" -> Tensors.floatPower(in.get(0), p.longValue("exponent"));
            case "fmod" -> Tensors.fmod(in.get(0), in.get(1));
            case "gcd" -> Tensors.gcd(in.get(0), in.get(1));
            case "lcm" -> Tensors.lcm(in.get(0), in.get(1));
            case "isneginf" -> Tensors.isneginf(in.get(0));
            case "isposinf" -> Tensors.isposinf(in.get(0));
            case "fabs" -> Tensors.fabs(in.get(0));
            case "fix" -> Tensors.fix(in.get(0));
            case "angle" -> Tensors.angle(in.get(0));
            case "real" -> Tensors.real(in.get(0));
            case "imag" -> Tensors.imag(in.get(0));
            case "conj" -> Tensors.conj(in.get(0));
            case "divmod" -> Tensors.divmod(in.get(0), in.get(1)).get((int) p.longValue("output"));
            case "rot90" -> p.longValue("k") == 1 && p.ints("axes")[0] == 0 && p.ints("axes")[1] == 1
                    ? Tensors.rot90(in.get(0))
                    : Tensors.rot90(in.get(0), (int) p.longValue("k"), p.ints("axes")[0], p.ints("axes")[1]);
            case "fliplr" -> Tensors.fliplr(in.get(0));
            case "flipud" -> Tensors.flipud(in.get(0));
            case "hsplit" -> Tensors.hsplit(in.get(0), (int) p.longValue("sections")).get((int) p.longValue("output"));
            case "vsplit" -> Tensors.vsplit(in.get(0), (int) p.longValue("sections")).get((int) p.longValue("output"));
            case "dsplit" -> Tensors.dsplit(in.get(0), (int) p.longValue("sections")).get((int) p.longValue("output"));
            case "diagflat" -> p.longValue("k") == 0 ? Tensors.diagflat(in.get(0))
                    : Tensors.diagflat(in.get(0), p.longValue("k"));
            case "tri" -> p.longValue("n") == p.longValue("m") && p.longValue("k") == 0 ? Tensors.tri(p.longValue("n"))
                    : Tensors.tri(p.longValue("n"), p.longValue("m"), p.longValue("k"));
            case "vander" -> p.longValue("n") < 0 ? Tensors.vander(in.get(0))
                    : Tensors.vander(in.get(0), p.longValue("n"), p.bool("increasing"));
            case "resize" -> Tensors.resize(in.get(0), p.longs("shape"));
            case "unravel_index" -> Tensors.unravelIndex(in.get(0), p.longs("shape")).get((int) p.longValue("output"));
            case "ravel_multi_index" -> Tensors.ravelMultiIndex(in, p.longs("dims"));
            case "union1d" -> Tensors.union1d(in.get(0), in.get(1));
            case "intersect1d" -> Tensors.intersect1d(in.get(0), in.get(1));
            case "setdiff1d" -> Tensors.setdiff1d(in.get(0), in.get(1));
            case "setxor1d" -> Tensors.setxor1d(in.get(0), in.get(1));
            case "lexsort" -> Tensors.lexsort(in);
            case "det" -> Tensors.det(in.get(0));
            case "slogdet" -> p.longValue("output") == 0 ? Linalg.slogdet(in.get(0)).sign()
                    : Linalg.slogdet(in.get(0)).logabsdet();
            case "eigh" -> p.longValue("output") == 0 ? Linalg.eigh(in.get(0)).w() : Linalg.eigh(in.get(0)).v();
            case "eigvalsh" -> Linalg.eigvalsh(in.get(0));
            case "pinv" -> Tensors.pinv(in.get(0));
            case "matrix_rank" -> Tensors.matrixRank(in.get(0));
            default -> throw new IllegalArgumentException("case " + c.name() + ": unknown op '" + c.op() + "'");
        };
    }

    private static Tensor pad(Tensor a, Params p) {
        long[] w = p.longs("width");
        long[][] width = new long[w.length / 2][];
        for (int i = 0; i < width.length; i++) {
            width[i] = new long[] {w[2 * i], w[2 * i + 1]};
        }
        if (p.string("mode").equals("edge")) {
            return Tensors.pad(a, width, "edge");
        }
        return p.doubleValue("value") == 0.0 ? Tensors.pad(a, width) : Tensors.pad(a, width, p.doubleValue("value"));
    }
}
