package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.tensor.TensorBincount;
import io.mars.common.operand.tensor.TensorHistogram;
import io.mars.common.operand.tensor.TensorHistogramEdges;
import io.mars.common.operand.tensor.TensorSearchSorted;
import io.mars.common.operand.tensor.TensorSort;
import io.mars.common.operand.tensor.TensorTopK;
import io.mars.common.operand.tensor.TensorTopKPart;
import io.mars.common.operand.tensor.TensorUnique;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/**
 * Sorting, searching, sets and histograms with numpy's semantics: NaN sorts last, argsort is stable, index and count
 * results are int64. Arguments are checked here, while the expression is built, with numpy's wording.
 */
final class Sorting {
    private static final long UNKNOWN = Shapes.UNKNOWN;

    private Sorting() {
    }

    // ----- sort, argsort -----

    /** numpy.sort; a null axis sorts the flattened tensor. */
    static Tensor sort(Tensor t, Integer axis) {
        return sortOrArgsort(t, axis, false);
    }

    /** numpy.argsort(kind='stable'); a null axis sorts the flattened tensor. */
    static Tensor argsort(Tensor t, Integer axis) {
        return sortOrArgsort(t, axis, true);
    }

    private static Tensor sortOrArgsort(Tensor t, Integer axis, boolean indices) {
        t.dtype().requireOrdered(indices ? "argsort" : "sort");
        Tensor src = axis == null ? flatten(t) : t;
        int a = Shapes.normalizeAxis(axis == null ? 0 : axis, src.ndim());
        return new Tensor(new TensorSort(a, indices), List.of(src), indices ? DataType.INT64 : src.dtype(),
                src.shape());
    }

    // ----- top-k -----

    /** The k best values along an axis, or their positions ({@code indices}); see {@link Tensor#topk}. */
    static Tensor topk(Tensor t, int k, int axis, boolean largest, boolean indices) {
        return part(candidates(t, k, axis, largest, indices ? "argtopk" : "topk"), indices);
    }

    /** Both, from one pass over {@code t}. */
    static TopK topkWithIndices(Tensor t, int k, int axis, boolean largest) {
        Tensor candidates = candidates(t, k, axis, largest, "topk");
        return new TopK(part(candidates, false), part(candidates, true));
    }

    private static Tensor candidates(Tensor t, int k, int axis, boolean largest, String name) {
        if (t.ndim() == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + ": needs at least one axis, got a 0-d tensor");
        }
        int a = Shapes.normalizeAxis(axis, t.ndim());
        long length = t.shape()[a];
        if (length == UNKNOWN) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + ": the length of axis " + axis
                    + " is not known yet (it comes from a filter); execute the tensor first");
        }
        if (k <= 0 || k > length) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + ": k should be in [1, " + length
                    + "] (the length of axis " + axis + " of shape " + Shapes.toString(t.shape()) + "), got " + k);
        }
        long[] shape = t.shape().clone();
        shape[a] = k;
        // the candidates' chunks are top-k states (values in float64 or int64, and positions), read by part()
        return new Tensor(new TensorTopK(a, k, largest), List.of(t),
                t.dtype().isFloat() ? DataType.FLOAT64 : DataType.INT64, shape);
    }

    private static Tensor part(Tensor candidates, boolean indices) {
        TensorTopK op = (TensorTopK) candidates.op();
        DataType dtype = indices ? DataType.INT64 : candidates.inputs().get(0).dtype();
        return new Tensor(new TensorTopKPart(op.axis(), op.k(), op.largest(), indices), List.of(candidates), dtype,
                candidates.shape());
    }

    private static Tensor flatten(Tensor t) {
        return t.ndim() == 1 ? t : t.reshape(t.size());
    }

    // ----- searchsorted, digitize -----

    /** numpy.searchsorted(a, v, side) of a sorted 1-d {@code a}: int64 insertion indices in {@code v}'s shape. */
    static Tensor searchsorted(Tensor a, Tensor v, String side) {
        if (a.ndim() != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "searchsorted: a must be 1-dimensional, got shape "
                    + Shapes.toString(a.shape()));
        }
        boolean right = switch (side) {
            case "left" -> false;
            case "right" -> true;
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "searchsorted: side must be 'left' or 'right', got '" + side + "'");
        };
        return new Tensor(new TensorSearchSorted(right, false), List.of(a, v), DataType.INT64, v.shape());
    }

    /** numpy.digitize(x, bins, right) with bins as a tensor: monotonicity is checked when it runs. */
    static Tensor digitize(Tensor x, Tensor bins, boolean right) {
        if (bins.ndim() != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "digitize: bins must be 1-dimensional, got shape "
                    + Shapes.toString(bins.shape()));
        }
        return new Tensor(new TensorSearchSorted(right, true), List.of(bins, x), DataType.INT64, x.shape());
    }

    /** numpy.digitize(x, bins, right) with bins given here, checked for monotonicity at once. */
    static Tensor digitize(Tensor x, double[] bins, boolean right) {
        checkMonotonic(bins);
        return digitize(x, Tensors.array(NDArray.of(bins.clone()), ChunkSpec.of(Math.max(1, bins.length))), right);
    }

    /** numpy's digitize rule: bins must be monotonically increasing or decreasing (equal neighbours allowed). */
    static void checkMonotonic(double[] bins) {
        boolean increasing = true;
        boolean decreasing = true;
        for (int i = 1; i < bins.length; i++) {
            increasing &= bins[i - 1] <= bins[i];
            decreasing &= bins[i - 1] >= bins[i];
        }
        if (!increasing && !decreasing) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "bins must be monotonically increasing or decreasing, got " + Arrays.toString(bins));
        }
    }

    // ----- histogram -----

    /** numpy.histogram(t, bins) with {@code bins} equal-width bins over the data's range (or {@code range}). */
    static Histogram histogram(Tensor t, int bins, double[] range) {
        if (bins < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "`bins` must be positive, when an integer, got " + bins);
        }
        DataType edgeType = t.dtype() == DataType.FLOAT32 ? DataType.FLOAT32 : DataType.FLOAT64;
        Tensor edges;
        if (range != null || t.size() == 0) {
            double[] r = range == null ? new double[] {0, 1} : checkRange(range);
            edges = edgesTensor(equalWidthEdges(r[0], r[1], bins), edgeType);
        } else {
            edges = new Tensor(new TensorHistogramEdges(bins), List.of(t.min(), t.max()), edgeType,
                    new long[] {bins + 1L});
        }
        return counts(t, edges);
    }

    /** numpy.histogram(t, bins=edges): explicit, monotonically increasing edges. */
    static Histogram histogram(Tensor t, double[] edges) {
        if (edges.length < 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "histogram needs at least 2 bin edges, got "
                    + Arrays.toString(edges));
        }
        for (int i = 1; i < edges.length; i++) {
            if (edges[i - 1] > edges[i] || Double.isNaN(edges[i - 1]) || Double.isNaN(edges[i])) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "`bins` must increase monotonically, when an array;"
                        + " edge " + (i - 1) + " is " + edges[i - 1] + " and edge " + i + " is " + edges[i]);
            }
        }
        // explicit edges keep their own dtype (float64), as numpy returns the array it was given
        return counts(t, edgesTensor(edges.clone(), DataType.FLOAT64));
    }

    /** Counts within the edges; numpy keeps values in [first edge, last edge], which equal the range's ends. */
    private static Histogram counts(Tensor t, Tensor edges) {
        Tensor counts = new Tensor(new TensorHistogram(), List.of(t, edges), DataType.INT64,
                new long[] {edges.shape()[0] - 1});
        return new Histogram(counts, edges);
    }

    private static double[] checkRange(double[] range) {
        if (range.length != 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "histogram range must be (min, max), got "
                    + Arrays.toString(range));
        }
        double lo = range[0];
        double hi = range[1];
        if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "supplied range of [" + lo + ", " + hi + "] is not finite");
        }
        if (lo > hi) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "max must be larger than min in range parameter, got ["
                    + lo + ", " + hi + "]");
        }
        return lo == hi ? new double[] {lo - 0.5, hi + 0.5} : new double[] {lo, hi};
    }

    /** numpy.linspace(lo, hi, bins + 1) as numpy computes it: {@code lo + i * step}, the last edge exactly {@code hi}. */
    static double[] equalWidthEdges(double lo, double hi, int bins) {
        double[] e = new double[bins + 1];
        double step = (hi - lo) / bins;
        for (int i = 0; i <= bins; i++) {
            e[i] = i * step + lo;
        }
        e[bins] = hi;
        return e;
    }

    private static Tensor edgesTensor(double[] edges, DataType dtype) {
        NDArray data = NDArray.of(edges).astype(dtype);
        return Tensors.array(data, ChunkSpec.of(edges.length));
    }

    // ----- bincount -----

    /**
     * numpy.bincount of a 1-d tensor of non-negative ints. The result's length is {@code max(x) + 1} (at least
     * {@code minlength}), known only once computed.
     */
    static Tensor bincount(Tensor x, Tensor weights, long minlength) {
        if (x.ndim() != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "bincount: x must be 1-dimensional, got shape "
                    + Shapes.toString(x.shape()));
        }
        if (x.dtype().isFloat()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "Cannot cast array data from dtype('" + x.dtype()
                    + "') to dtype('int64') according to the rule 'safe'");
        }
        if (minlength < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "'minlength' must not be negative, got " + minlength);
        }
        if (weights != null && !Arrays.equals(weights.shape(), x.shape())) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "The weights and list don't have the same length: "
                    + Shapes.toString(weights.shape()) + " and " + Shapes.toString(x.shape()));
        }
        List<Tensor> inputs = weights == null ? List.of(x) : List.of(x, weights);
        return new Tensor(new TensorBincount(minlength), inputs, weights == null ? DataType.INT64 : DataType.FLOAT64,
                new long[] {UNKNOWN});
    }

    // ----- unique -----

    /** numpy.unique(t, return_counts): sorted distinct values of the flattened tensor (length known once computed). */
    static Unique unique(Tensor t, boolean returnCounts) {
        Tensor values = new Tensor(new TensorUnique(false), List.of(t), t.dtype(), new long[] {UNKNOWN});
        Tensor counts = returnCounts
                ? new Tensor(new TensorUnique(true), List.of(t), DataType.INT64, new long[] {UNKNOWN}) : null;
        return new Unique(values, counts);
    }
}
