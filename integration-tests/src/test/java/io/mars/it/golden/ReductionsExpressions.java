package io.mars.it.golden;

import io.mars.common.operand.QuantileMethod;
import io.mars.it.golden.GoldenCase.Params;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.List;
import java.util.Locale;

/**
 * Builds, with the public API, the expression a reductions golden case describes (see golden_reductions.py). Short
 * overloads are used where the case allows them, so that both they and the full forms are exercised.
 */
final class ReductionsExpressions {
    /** The files of golden_reductions.py. */
    static final GoldenManifest MANIFEST = new GoldenManifest("/golden/reductions/", "golden_reductions.py");

    private ReductionsExpressions() {
    }

    static Tensor build(GoldenCase c, Chunking chunking) {
        List<Tensor> in = MANIFEST.operands(c.inputs(), chunking);
        Params p = c.params();
        return switch (c.op()) {
            case "reduce" -> reduce(p, in.get(0));
            case "arg" -> arg(p, in.get(0));
            case "average" -> in.size() == 1 ? average(p, in.get(0))
                    : in.get(0).average(in.get(1), p.axesOrNull("axis"), p.bool("keepdims"));
            case "quantile" -> quantile(p, in.get(0));
            case "scan" -> scan(p, in.get(0));
            default -> throw new IllegalArgumentException("case " + c.name() + ": unknown op '" + c.op() + "'");
        };
    }

    private static Tensor reduce(Params p, Tensor a) {
        String fn = p.string("fn");
        int[] axes = p.axesOrNull("axis");
        boolean keepdims = p.bool("keepdims");
        int ddof = p.intOr("ddof", 0);
        if (axes == null && !keepdims && ddof == 0) {
            return switch (fn) {
                case "sum" -> a.sum();
                case "prod" -> a.prod();
                case "mean" -> a.mean();
                case "var" -> a.var();
                case "std" -> a.std();
                case "min" -> a.min();
                case "max" -> a.max();
                case "all" -> a.all();
                case "any" -> a.any();
                case "count_nonzero" -> a.countNonzero();
                case "ptp" -> a.ptp();
                case "nansum" -> a.nansum();
                case "nanprod" -> a.nanprod();
                case "nanmean" -> a.nanmean();
                case "nanvar" -> a.nanvar();
                case "nanstd" -> a.nanstd();
                case "nanmin" -> a.nanmin();
                case "nanmax" -> a.nanmax();
                default -> throw new IllegalArgumentException("unknown reduction " + fn);
            };
        }
        return switch (fn) {
            case "sum" -> Tensors.sum(a, axes, keepdims);
            case "prod" -> a.prod(axes, keepdims);
            case "mean" -> Tensors.mean(a, axes, keepdims);
            case "var" -> a.var(axes, keepdims, ddof);
            case "std" -> Tensors.std(a, axes, keepdims, ddof);
            case "min" -> a.min(axes, keepdims);
            case "max" -> Tensors.max(a, axes, keepdims);
            case "all" -> a.all(axes, keepdims);
            case "any" -> Tensors.any(a, axes, keepdims);
            case "count_nonzero" -> a.countNonzero(axes, keepdims);
            case "ptp" -> Tensors.ptp(a, axes, keepdims);
            case "nansum" -> a.nansum(axes, keepdims);
            case "nanprod" -> Tensors.nanprod(a, axes, keepdims);
            case "nanmean" -> a.nanmean(axes, keepdims);
            case "nanvar" -> a.nanvar(axes, keepdims, ddof);
            case "nanstd" -> Tensors.nanstd(a, axes, keepdims, ddof);
            case "nanmin" -> a.nanmin(axes, keepdims);
            case "nanmax" -> Tensors.nanmax(a, axes, keepdims);
            default -> throw new IllegalArgumentException("unknown reduction " + fn);
        };
    }

    private static Tensor arg(Params p, Tensor a) {
        int[] axes = p.axesOrNull("axis");
        Integer axis = axes == null ? null : axes[0];
        boolean keepdims = p.bool("keepdims");
        String fn = p.string("fn");
        if (!keepdims) {
            return switch (fn) {
                case "argmin" -> axis == null ? a.argmin() : a.argmin(axis.intValue());
                case "argmax" -> axis == null ? a.argmax() : a.argmax(axis.intValue());
                case "nanargmin" -> axis == null ? Tensors.nanargmin(a) : a.nanargmin(axis.intValue());
                case "nanargmax" -> axis == null ? a.nanargmax() : a.nanargmax(axis.intValue());
                default -> throw new IllegalArgumentException("unknown arg reduction " + fn);
            };
        }
        return switch (fn) {
            case "argmin" -> a.argmin(axis, true);
            case "argmax" -> Tensors.argmax(a, axis, true);
            case "nanargmin" -> a.nanargmin(axis, true);
            case "nanargmax" -> a.nanargmax(axis, true);
            default -> throw new IllegalArgumentException("unknown arg reduction " + fn);
        };
    }

    private static Tensor average(Params p, Tensor a) {
        int[] axes = p.axesOrNull("axis");
        if (p.bool("keepdims")) {
            return Tensors.average(a, null, axes, true);
        }
        return axes == null ? a.average() : a.average(axes);
    }

    private static Tensor quantile(Params p, Tensor a) {
        String fn = p.string("fn");
        int[] axes = p.axesOrNull("axis");
        boolean keepdims = p.bool("keepdims");
        if (fn.equals("median")) {
            return keepdims ? a.median(axes, true) : axes == null ? a.median() : a.median(axes);
        }
        if (fn.equals("nanmedian")) {
            return keepdims || axes != null ? Tensors.nanmedian(a, axes, keepdims) : a.nanmedian();
        }
        QuantileMethod method = QuantileMethod.valueOf(p.string("method").toUpperCase(Locale.ROOT));
        if (p.bool("qlist")) {
            double[] q = p.doubles("q");
            return switch (fn) {
                case "percentile" -> a.percentile(q, axes, keepdims, method);
                case "nanpercentile" -> Tensors.nanpercentile(a, q, axes, keepdims, method);
                case "quantile" -> Tensors.quantile(a, q, axes, keepdims, method);
                case "nanquantile" -> a.nanquantile(q, axes, keepdims, method);
                default -> throw new IllegalArgumentException("unknown quantile function " + fn);
            };
        }
        double q = p.doubleValue("q");
        if (!keepdims && method == QuantileMethod.LINEAR) {
            return switch (fn) {
                case "percentile" -> axes == null ? a.percentile(q) : a.percentile(q, axes);
                case "nanpercentile" -> axes == null ? Tensors.nanpercentile(a, q) : a.nanpercentile(q, axes);
                case "quantile" -> axes == null ? a.quantile(q) : a.quantile(q, axes);
                case "nanquantile" -> axes == null ? a.nanquantile(q) : a.nanquantile(q, axes);
                default -> throw new IllegalArgumentException("unknown quantile function " + fn);
            };
        }
        return switch (fn) {
            case "percentile" -> a.percentile(q, axes, keepdims, method);
            case "nanpercentile" -> a.nanpercentile(q, axes, keepdims, method);
            case "quantile" -> Tensors.quantile(a, q, axes, keepdims, method);
            case "nanquantile" -> a.nanquantile(q, axes, keepdims, method);
            default -> throw new IllegalArgumentException("unknown quantile function " + fn);
        };
    }

    private static Tensor scan(Params p, Tensor a) {
        int[] axes = p.axesOrNull("axis");
        String fn = p.string("fn");
        if (axes == null) {
            return switch (fn) {
                case "cumsum" -> a.cumsum();
                case "cumprod" -> Tensors.cumprod(a);
                case "nancumsum" -> a.nancumsum();
                case "nancumprod" -> a.nancumprod();
                default -> throw new IllegalArgumentException("unknown scan " + fn);
            };
        }
        int axis = axes[0];
        return switch (fn) {
            case "cumsum" -> Tensors.cumsum(a, axis);
            case "cumprod" -> a.cumprod(axis);
            case "nancumsum" -> a.nancumsum(axis);
            case "nancumprod" -> Tensors.nancumprod(a, axis);
            default -> throw new IllegalArgumentException("unknown scan " + fn);
        };
    }
}
