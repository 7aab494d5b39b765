package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.tensor.TensorBroadcastTo;
import io.mars.common.operand.tensor.TensorConcatenate;
import io.mars.common.operand.tensor.TensorMaskSelect;
import io.mars.common.operand.tensor.TensorPut;
import io.mars.common.operand.tensor.TensorRavelIndex;
import io.mars.common.operand.tensor.TensorRepeat;
import io.mars.common.operand.tensor.TensorSlice;
import io.mars.common.operand.tensor.TensorTake;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Shape manipulation, joining, splitting and indexing with numpy's semantics and error messages; {@link Tensor}
 * and {@link Tensors} delegate here. Everything that keeps elements in place (slicing, squeeze, expandDims, flip)
 * is one {@link TensorSlice}; roll and tile are built from slices and concatenation.
 */
final class ShapeIndexing {
    /** A dimension known only once computed (a boolean-mask selection). */
    static final long UNKNOWN = Shapes.UNKNOWN;

    private ShapeIndexing() {
    }

    // ----- basic indexing -----

    static Tensor get(Tensor t, Index... terms) {
        long[] shape = t.shape();
        int ndim = shape.length;
        int consumed = 0;
        int ellipses = 0;
        int arrays = 0;
        for (Index term : terms) {
            if (term instanceof Index.Ellipsis) {
                ellipses++;
            } else if (!(term instanceof Index.NewAxis)) {
                consumed++;
            }
            if (term instanceof Index.Array a) {
                arrays++;
                if (!a.indices().dtype().isInteger()) {
                    throw new MarsException(a.indices().dtype().isBool() ? ErrorCode.NOT_SUPPORTED
                            : ErrorCode.INDEX_OUT_OF_RANGE, "arrays used as indices in an index expression must be of "
                            + "integer type, got " + a.indices().dtype() + (a.indices().dtype().isBool()
                            ? "; select with a boolean mask through get(mask)" : ""));
                }
            }
        }
        if (ellipses > 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "an index can only have a single ellipsis ('...')");
        }
        if (consumed > ndim) {
            throw new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "too many indices for array: array is " + ndim
                    + "-dimensional, but " + consumed + " were indexed");
        }
        // The ellipsis (explicit, or implied at the end) stands for full slices of the axes not indexed otherwise.
        List<Index> expanded = new ArrayList<>();
        List<Index> given = new ArrayList<>(Arrays.asList(terms));
        if (ellipses == 0) {
            given.add(Index.ellipsis());
        }
        for (Index term : given) {
            if (term instanceof Index.Ellipsis) {
                expanded.addAll(Collections.nCopies(ndim - consumed, Index.all()));
            } else {
                expanded.add(term);
            }
        }
        long[] starts = new long[ndim];
        long[] steps = new long[ndim];
        long[] counts = new long[ndim];
        List<Integer> sources = new ArrayList<>();
        int axis = 0;
        List<Tensor> arrayIndices = new ArrayList<>();
        List<Integer> arrayInputAxes = new ArrayList<>();
        List<Integer> arrayOutputAxes = new ArrayList<>();
        for (Index term : expanded) {
            if (term instanceof Index.NewAxis) {
                sources.add(-1);
            } else if (term instanceof Index.At at) {
                long p = at.position();
                requireKnownAxis(t, axis, "an integer index");
                if (p < -shape[axis] || p >= shape[axis]) {
                    throw outOfBounds(p, axis, shape[axis]);
                }
                starts[axis] = p < 0 ? p + shape[axis] : p;
                steps[axis] = 1;
                counts[axis] = 1;
                axis++;
            } else if (term instanceof Index.Array a) {
                arrayIndices.add(a.indices());
                arrayInputAxes.add(axis);
                arrayOutputAxes.add(sources.size());
                keepWhole(shape, axis, starts, steps, counts);
                sources.add(axis++);
            } else {
                Index.Slice sl = (Index.Slice) term;
                if (shape[axis] == UNKNOWN) {
                    if (!sl.equals(Index.all())) {
                        requireKnownAxis(t, axis, "a slice other than ':'");
                    }
                    keepWhole(shape, axis, starts, steps, counts); // the count stays unknown until tiling
                } else {
                    normalizeSlice(sl, shape[axis], axis, starts, steps, counts);
                }
                sources.add(axis++);
            }
        }
        Tensor basic = slice(t, starts, steps, counts, sources.stream().mapToInt(Integer::intValue).toArray());
        if (arrayIndices.isEmpty()) {
            return basic;
        }
        int indexedOutputAxis = arrayOutputAxes.get(0);
        Tensor indices = arrayIndices.get(0);
        if (arrayIndices.size() > 1) {
            // several index arrays: broadcast together, combined into one index into their axes merged into one
            requireKnown(t, "indexing with several index arrays");
            int[] from = arrayOutputAxes.stream().mapToInt(Integer::intValue).toArray();
            int[] to = IntStream.range(indexedOutputAxis, indexedOutputAxis + from.length).toArray();
            Tensor gathered = moveaxis(basic, from, to);
            long[] gs = gathered.shape();
            long[] dims = new long[from.length];
            long[] merged = new long[gs.length - from.length + 1];
            System.arraycopy(gs, 0, merged, 0, indexedOutputAxis);
            merged[indexedOutputAxis] = 1;
            for (int j = 0; j < from.length; j++) {
                dims[j] = gs[indexedOutputAxis + j];
                merged[indexedOutputAxis] *= dims[j];
            }
            System.arraycopy(gs, indexedOutputAxis + from.length, merged, indexedOutputAxis + 1,
                    gs.length - indexedOutputAxis - from.length);
            basic = gathered.reshape(merged);
            indices = ravelIndex(arrayIndices, dims, arrayInputAxes.stream().mapToInt(Integer::intValue).toArray());
        }
        Tensor taken = take(basic, indices, indexedOutputAxis);
        if (advancedTermsAdjacent(given) || indexedOutputAxis == 0) {
            return taken;
        }
        // numpy: integer and array indices separated by a slice or newaxis put the indexed dimensions first
        int k = indices.ndim();
        int[] from = IntStream.range(indexedOutputAxis, indexedOutputAxis + k).toArray();
        int[] to = IntStream.range(0, k).toArray();
        return moveaxis(taken, from, to);
    }

    /**
     * numpy.ravel_multi_index of index arrays broadcast together, for arrays indexing axes {@code axes} of lengths
     * {@code dims}; negative indices count from the end, out-of-range ones fail when executed.
     */
    private static Tensor ravelIndex(List<Tensor> arrays, long[] dims, int[] axes) {
        long[] common = arrays.get(0).shape();
        for (Tensor a : arrays) {
            try {
                common = Shapes.broadcast(common, a.shape());
            } catch (MarsException e) {
                StringBuilder shapes = new StringBuilder();
                for (Tensor b : arrays) {
                    shapes.append(' ').append(Shapes.toString(b.shape()));
                }
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "shape mismatch: indexing arrays could not be "
                        + "broadcast together with shapes" + shapes);
            }
        }
        List<Tensor> aligned = new ArrayList<>(arrays.size());
        for (Tensor a : arrays) {
            aligned.add(broadcastTo(a, common));
        }
        return new Tensor(new TensorRavelIndex(dims, axes), aligned, DataType.INT64,
                common);
    }

    /**
     * Whether the integer and array terms (numpy's advanced indices, once an array is present) form one run; any
     * other term between them breaks it, an ellipsis too even when it stands for no axis (as in numpy).
     */
    private static boolean advancedTermsAdjacent(List<Index> expanded) {
        int first = -1;
        int last = -1;
        int count = 0;
        for (int i = 0; i < expanded.size(); i++) {
            Index term = expanded.get(i);
            if (term instanceof Index.At || term instanceof Index.Array) {
                first = first < 0 ? i : first;
                last = i;
                count++;
            }
        }
        return last - first + 1 == count;
    }

    /** NOT_SUPPORTED for an operation that needs the length of an axis that is known only once computed. */
    private static void requireKnownAxis(Tensor t, int axis, String what) {
        if (t.shape()[axis] == UNKNOWN) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, what + " on axis " + axis + " of unknown length (shape "
                    + Shapes.toString(t.shape()) + ") is not supported; execute the tensor first");
        }
    }

    private static void requireKnown(Tensor t, String what) {
        if (!Shapes.isKnown(t.shape())) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, what + " of a tensor of unknown shape "
                    + Shapes.toString(t.shape()) + " is not supported; execute the tensor first");
        }
    }

    static MarsException outOfBounds(long index, int axis, long size) {
        return new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "index " + index + " is out of bounds for axis "
                + axis + " with size " + size);
    }

    private static void keepWhole(long[] shape, int axis, long[] starts, long[] steps, long[] counts) {
        starts[axis] = 0;
        steps[axis] = 1;
        counts[axis] = shape[axis];
    }

    /** Python's slice.indices(n) and the resulting length. */
    private static void normalizeSlice(Index.Slice s, long n, int axis, long[] starts, long[] steps, long[] counts) {
        long step = s.step();
        if (step == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "slice step cannot be zero");
        }
        long start;
        long stop;
        if (step > 0) {
            start = s.start() == null ? 0 : clip(s.start(), n, 0, n);
            stop = s.stop() == null ? n : clip(s.stop(), n, 0, n);
        } else {
            start = s.start() == null ? n - 1 : clip(s.start(), n, -1, n - 1);
            stop = s.stop() == null ? -1 : clip(s.stop(), n, -1, n - 1);
        }
        long count = step > 0 ? (stop > start ? (stop - start + step - 1) / step : 0)
                : (start > stop ? (start - stop - step - 1) / -step : 0);
        starts[axis] = count == 0 ? 0 : start;
        steps[axis] = step;
        counts[axis] = count;
    }

    private static long clip(long v, long n, long lo, long hi) {
        long w = v < 0 ? v + n : v;
        return Math.max(lo, Math.min(hi, w));
    }

    /** The TensorSlice node, or {@code t} itself when it keeps every element in place. */
    static Tensor slice(Tensor t, long[] starts, long[] steps, long[] counts, int[] sources) {
        long[] shape = t.shape();
        boolean identity = sources.length == shape.length;
        for (int a = 0; a < shape.length && identity; a++) {
            identity = sources[a] == a && starts[a] == 0 && steps[a] == 1 && counts[a] == shape[a];
        }
        if (identity) {
            return t;
        }
        long[] out = new long[sources.length];
        for (int i = 0; i < sources.length; i++) {
            out[i] = sources[i] < 0 ? 1 : counts[sources[i]];
        }
        return new Tensor(new TensorSlice(starts, steps, counts, sources), List.of(t), t.dtype(), out);
    }

    private static long[] ones(int n) {
        long[] x = new long[n];
        Arrays.fill(x, 1);
        return x;
    }

    // ----- shape -----

    static Tensor ravel(Tensor t) {
        return t.ndim() == 1 ? t : t.reshape(-1);
    }

    static Tensor squeeze(Tensor t, int[] axes) {
        long[] shape = t.shape();
        int[] norm;
        if (axes == null) {
            norm = IntStream.range(0, shape.length).filter(a -> shape[a] == 1).toArray();
        } else {
            norm = Shapes.normalizeAxes(axes, shape.length);
            for (int a : norm) {
                if (shape[a] != 1) {
                    throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot select an axis to squeeze out which "
                            + "has size not equal to one (axis " + a + " of shape " + Shapes.toString(shape) + ")");
                }
            }
        }
        int[] sources = IntStream.range(0, shape.length).filter(a -> !Shapes.contains(norm, a))
                .toArray();
        return slice(t, new long[shape.length], ones(shape.length), shape, sources);
    }

    static Tensor expandDims(Tensor t, int... axes) {
        long[] shape = t.shape();
        int outNdim = shape.length + axes.length;
        int[] norm = Shapes.normalizeAxes(axes, outNdim);
        if (norm.length != axes.length) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "repeated axis in " + Arrays.toString(axes));
        }
        int[] sources = new int[outNdim];
        int next = 0;
        for (int i = 0; i < outNdim; i++) {
            sources[i] = Shapes.contains(norm, i) ? -1 : next++;
        }
        return slice(t, new long[shape.length], ones(shape.length), shape, sources);
    }

    static Tensor flip(Tensor t, int[] axes) {
        requireKnown(t, "flip");
        long[] shape = t.shape();
        int[] norm = Shapes.normalizeAxes(axes, shape.length);
        long[] starts = new long[shape.length];
        long[] steps = ones(shape.length);
        for (int a : norm) {
            steps[a] = -1;
            starts[a] = Math.max(0, shape[a] - 1);
        }
        int[] sources = IntStream.range(0, shape.length).toArray();
        if (norm.length == 0) {
            return t;
        }
        return new Tensor(new TensorSlice(starts, steps, shape, sources), List.of(t), t.dtype(), shape);
    }

    static Tensor swapaxes(Tensor t, int axis1, int axis2) {
        int a = Shapes.normalizeAxis(axis1, t.ndim());
        int b = Shapes.normalizeAxis(axis2, t.ndim());
        int[] perm = IntStream.range(0, t.ndim()).toArray();
        perm[a] = b;
        perm[b] = a;
        return a == b ? t : t.transpose(perm);
    }

    static Tensor moveaxis(Tensor t, int[] source, int[] destination) {
        if (source.length != destination.length) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "`source` and `destination` arguments must have the "
                    + "same number of elements, got " + Arrays.toString(source) + " and " + Arrays.toString(destination));
        }
        int n = t.ndim();
        int[] src = new int[source.length];
        int[] dst = new int[destination.length];
        for (int i = 0; i < src.length; i++) {
            src[i] = normalizeNamed(source[i], n, "source");
            dst[i] = normalizeNamed(destination[i], n, "destination");
        }
        Shapes.normalizeAxes(src, n); // rejects repeats
        Shapes.normalizeAxes(dst, n);
        int[] order = new int[n];
        Arrays.fill(order, -1);
        for (int i = 0; i < src.length; i++) {
            order[dst[i]] = src[i];
        }
        int next = 0;
        for (int i = 0; i < n; i++) {
            if (order[i] < 0) {
                while (Shapes.contains(src, next)) {
                    next++;
                }
                order[i] = next++;
            }
        }
        boolean identity = true;
        for (int i = 0; i < n; i++) {
            identity &= order[i] == i;
        }
        return identity ? t : t.transpose(order);
    }

    private static int normalizeNamed(int axis, int ndim, String name) {
        if (axis < -ndim || axis >= ndim) {
            throw new MarsException(ErrorCode.AXIS_OUT_OF_RANGE, name + ": axis " + axis
                    + " is out of bounds for array of dimension " + ndim);
        }
        return axis < 0 ? axis + ndim : axis;
    }

    static Tensor broadcastTo(Tensor t, long[] shape) {
        requireKnown(t, "broadcastTo");
        Shapes.checkShape(shape);
        long[] in = t.shape();
        boolean ok = shape.length >= in.length;
        for (int i = 0; ok && i < in.length; i++) {
            long d = in[i];
            long o = shape[shape.length - in.length + i];
            ok = d == o || d == 1;
        }
        if (!ok) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "operands could not be broadcast together with remapped "
                    + "shapes [original->remapped]: " + Shapes.toString(in) + " and requested shape "
                    + Shapes.toString(shape));
        }
        if (Arrays.equals(in, shape)) {
            return t;
        }
        return new Tensor(new TensorBroadcastTo(), List.of(t), t.dtype(), shape);
    }

    static Tensor repeat(Tensor t, long[] repeats, Integer axis) {
        for (long r : repeats) {
            if (r < 0) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "repeats may not contain negative values, got "
                        + Arrays.toString(repeats));
            }
        }
        Tensor src = axis == null ? ravel(t) : t;
        if (src.ndim() == 0) {
            src = src.reshape(1);
        }
        int a = axis == null ? 0 : Shapes.normalizeAxis(axis, src.ndim());
        long[] out = src.shape();
        if (repeats.length != 1) {
            requireKnownAxis(src, a, "repeat with a count per element");
            if (repeats.length != out[a]) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "operands could not be broadcast together with "
                        + "shape " + Shapes.toString(new long[] {out[a]}) + " " + Shapes.toString(new long[] {repeats.length})
                        + ": " + repeats.length + " repeats for axis " + a + " of length " + out[a]);
            }
            out[a] = Arrays.stream(repeats).sum();
        } else if (repeats[0] == 1) {
            return src;
        } else {
            out[a] = out[a] == UNKNOWN ? UNKNOWN : Math.multiplyExact(out[a], repeats[0]);
        }
        return new Tensor(new TensorRepeat(a, repeats.clone()), List.of(src), src.dtype(), out);
    }

    static Tensor tile(Tensor t, long... reps) {
        requireKnown(t, "tile");
        for (long r : reps) {
            if (r < 0) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "negative dimensions are not allowed: reps "
                        + Arrays.toString(reps));
            }
        }
        int d = Math.max(reps.length, t.ndim());
        Tensor cur = t;
        if (t.ndim() < d) {
            long[] shape = new long[d];
            Arrays.fill(shape, 1);
            System.arraycopy(t.shape(), 0, shape, d - t.ndim(), t.ndim());
            cur = t.reshape(shape);
        }
        for (int i = 0; i < reps.length; i++) {
            int a = d - reps.length + i;
            long r = reps[i];
            if (r == 0) {
                cur = get(cur, axisSlice(d, a, Index.slice(0, 0)));
            } else if (r > 1) {
                cur = concatenate(Collections.nCopies((int) r, cur), a);
            }
        }
        return cur;
    }

    static Tensor roll(Tensor t, long shift, Integer axis) {
        requireKnown(t, "roll");
        if (axis == null) {
            if (t.ndim() == 0) {
                return t;
            }
            return roll(ravel(t), shift, 0).reshape(t.shape());
        }
        int a = Shapes.normalizeAxis(axis, t.ndim());
        long n = t.shape()[a];
        if (n == 0) {
            return t;
        }
        long s = Math.floorMod(shift, n);
        if (s == 0) {
            return t;
        }
        Tensor tail = get(t, axisSlice(t.ndim(), a, Index.slice(n - s, n)));
        Tensor head = get(t, axisSlice(t.ndim(), a, Index.slice(0, n - s)));
        return concatenate(List.of(tail, head), a);
    }

    /** An index of {@code ndim} terms: {@code term} on {@code axis}, full slices elsewhere. */
    private static Index[] axisSlice(int ndim, int axis, Index term) {
        Index[] terms = new Index[ndim];
        Arrays.fill(terms, Index.all());
        terms[axis] = term;
        return terms;
    }

    // ----- joining and splitting -----

    static Tensor concatenate(List<Tensor> tensors, int axis) {
        if (tensors.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "need at least one array to concatenate");
        }
        Tensor first = tensors.get(0);
        if (first.ndim() == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "zero-dimensional arrays cannot be concatenated");
        }
        int a = Shapes.normalizeAxis(axis, first.ndim());
        long[] out = first.shape();
        DataType dtype = first.dtype();
        for (int i = 1; i < tensors.size(); i++) {
            Tensor t = tensors.get(i);
            if (t.ndim() != first.ndim()) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "all the input arrays must have same number of "
                        + "dimensions, but the array at index 0 has " + first.ndim() + " dimension(s) and the array at "
                        + "index " + i + " has " + t.ndim() + " dimension(s)");
            }
            long[] s = t.shape();
            for (int d = 0; d < s.length; d++) {
                if (d != a && s[d] != out[d] && s[d] != UNKNOWN && out[d] != UNKNOWN) {
                    throw new MarsException(ErrorCode.SHAPE_MISMATCH, "all the input array dimensions except for the "
                            + "concatenation axis must match exactly, but along dimension " + d + ", the array at index 0"
                            + " has size " + out[d] + " and the array at index " + i + " has size " + s[d]);
                }
            }
            out[a] = out[a] == UNKNOWN || s[a] == UNKNOWN ? UNKNOWN : out[a] + s[a];
            dtype = DataType.promote(dtype, t.dtype());
        }
        if (tensors.size() == 1) {
            return first;
        }
        return new Tensor(new TensorConcatenate(a), tensors, dtype, out);
    }

    static Tensor stack(List<Tensor> tensors, int axis) {
        if (tensors.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "need at least one array to stack");
        }
        long[] shape = tensors.get(0).shape();
        for (Tensor t : tensors) {
            if (!Arrays.equals(t.shape(), shape)) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "all input arrays must have the same shape, got "
                        + Shapes.toString(shape) + " and " + Shapes.toString(t.shape()));
            }
        }
        int a = Shapes.normalizeAxis(axis, shape.length + 1);
        List<Tensor> expanded = new ArrayList<>(tensors.size());
        for (Tensor t : tensors) {
            expanded.add(expandDims(t, a));
        }
        if (expanded.size() == 1) {
            return expanded.get(0);
        }
        return concatenate(expanded, a);
    }

    static Tensor hstack(List<Tensor> tensors) {
        List<Tensor> arrays = new ArrayList<>(tensors.size());
        for (Tensor t : tensors) {
            arrays.add(t.ndim() == 0 ? t.reshape(1) : t);
        }
        if (arrays.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "need at least one array to concatenate");
        }
        return concatenate(arrays, arrays.get(0).ndim() == 1 ? 0 : 1);
    }

    static Tensor vstack(List<Tensor> tensors) {
        List<Tensor> arrays = new ArrayList<>(tensors.size());
        for (Tensor t : tensors) {
            arrays.add(t.ndim() == 0 ? t.reshape(1, 1) : t.ndim() == 1 ? expandDims(t, 0) : t);
        }
        return concatenate(arrays, 0);
    }

    static List<Tensor> split(Tensor t, long sections, int axis, boolean requireEqual) {
        requireKnown(t, "split");
        int a = Shapes.normalizeAxis(axis, t.ndim());
        long n = t.shape()[a];
        if (sections <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "number sections must be larger than 0, got "
                    + sections);
        }
        if (requireEqual && n % sections != 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "array split does not result in an equal division: "
                    + "axis " + a + " of length " + n + " into " + sections + " sections");
        }
        long each = n / sections;
        long extras = n % sections;
        long[] bounds = new long[(int) sections - 1];
        long pos = 0;
        for (int i = 0; i < bounds.length; i++) {
            pos += each + (i < extras ? 1 : 0);
            bounds[i] = pos;
        }
        return split(t, bounds, a);
    }

    static List<Tensor> split(Tensor t, long[] indices, int axis) {
        requireKnown(t, "split");
        int a = Shapes.normalizeAxis(axis, t.ndim());
        long n = t.shape()[a];
        List<Tensor> out = new ArrayList<>(indices.length + 1);
        long start = 0;
        for (int i = 0; i <= indices.length; i++) {
            long stop = i < indices.length ? indices[i] : n;
            out.add(get(t, axisSlice(t.ndim(), a, Index.slice(start, stop))));
            start = stop;
        }
        return out;
    }

    // ----- array and mask indexing -----

    static Tensor take(Tensor t, Tensor indices, Integer axis) {
        if (!indices.dtype().isInteger()) {
            throw new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "arrays used as indices must be of integer (or "
                    + "boolean) type, got " + indices.dtype());
        }
        Tensor src = axis == null ? ravel(t) : t;
        if (src.ndim() == 0) {
            throw new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "too many indices for array: array is "
                    + "0-dimensional, but 1 were indexed");
        }
        int a = axis == null ? 0 : Shapes.normalizeAxis(axis, src.ndim());
        long[] s = src.shape();
        long[] is = indices.shape();
        long[] out = new long[s.length - 1 + is.length];
        System.arraycopy(s, 0, out, 0, a);
        System.arraycopy(is, 0, out, a, is.length);
        System.arraycopy(s, a + 1, out, a + is.length, s.length - a - 1);
        return new Tensor(new TensorTake(a), List.of(src, indices), src.dtype(), out);
    }

    static Tensor get(Tensor t, Tensor index) {
        if (index.dtype().isBool()) {
            return maskSelect(t, index);
        }
        return take(t, index, 0);
    }

    static Tensor maskSelect(Tensor t, Tensor mask) {
        int k = mask.ndim();
        if (k == 0) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "indexing with a 0-d boolean is not supported");
        }
        if (k > t.ndim()) {
            throw new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "too many indices for array: array is " + t.ndim()
                    + "-dimensional, but " + k + " were indexed");
        }
        long[] s = t.shape();
        long[] m = mask.shape();
        for (int a = 0; a < k; a++) {
            if (m[a] != s[a] && m[a] != UNKNOWN && s[a] != UNKNOWN) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "boolean index did not match indexed array along "
                        + "axis " + a + "; size of axis is " + s[a] + " but size of corresponding boolean axis is "
                        + m[a]);
            }
        }
        long[] out = new long[s.length - k + 1];
        out[0] = UNKNOWN;
        System.arraycopy(s, k, out, 1, s.length - k);
        return new Tensor(new TensorMaskSelect(k), List.of(t, mask), t.dtype(), out);
    }

    static Tensor put(Tensor t, Tensor mask, Object value) {
        requireKnown(t, "put");
        if (!mask.dtype().isBool()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "put needs a boolean mask, got dtype " + mask.dtype());
        }
        if (!Arrays.equals(mask.shape(), t.shape())) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "boolean mask of shape " + Shapes.toString(mask.shape())
                    + " does not match the array's shape " + Shapes.toString(t.shape()));
        }
        if (value instanceof Scalar s) {
            return new Tensor(new TensorPut(s), List.of(t, mask), t.dtype(), t.shape());
        }
        Tensor v = broadcastTo((Tensor) value, t.shape());
        return new Tensor(new TensorPut(null), List.of(t, mask, v), t.dtype(), t.shape());
    }
}
