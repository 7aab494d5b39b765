package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * numpy routines built from other tensor operations (slices, element-wise functions, concatenation, gathers, masks),
 * with numpy's semantics and dtypes: differences and integrals, spacing and grids, padding and insertion, products of
 * vectors, closeness tests, element-wise extras, membership, interpolation and 1-d convolution. They run wherever the
 * operations they are made of run, chunk by chunk, so none gathers a tensor.
 */
final class Routines {
    private Routines() {
    }

    // ----- slices along one axis -----

    private static Tensor along(Tensor a, int axis, Index term) {
        Index[] index = new Index[a.ndim()];
        Arrays.fill(index, Index.all());
        index[axis] = term;
        return a.get(index);
    }

    private static int axis(Tensor a, int axis, String name) {
        if (a.ndim() == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + " requires an input that is at least one"
                    + " dimensional, got a 0-d tensor");
        }
        return Shapes.normalizeAxis(axis, a.ndim());
    }

    private static Tensor toFloat(Tensor a) {
        return a.dtype().isFloat() ? a : a.astype(DataType.FLOAT64);
    }

    // ----- differences and integrals -----

    /** numpy.diff(a, n, axis): the n-th discrete difference; booleans differ by not-equal, as numpy. */
    static Tensor diff(Tensor a, int n, int axis) {
        int ax = axis(a, axis, "diff");
        if (n < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "diff: order must be non-negative but got " + n);
        }
        Tensor out = a;
        for (int i = 0; i < n; i++) {
            long len = out.shape()[ax];
            Tensor upper = along(out, ax, Index.from(1));
            Tensor lower = along(out, ax, Index.slice(0, Math.max(0, len - 1)));
            out = out.dtype().isBool() ? upper.notEqual(lower) : upper.subtract(lower);
        }
        return out;
    }

    /** numpy.ediff1d(a): the differences of the flattened tensor. */
    static Tensor ediff1d(Tensor a) {
        return diff(Tensors.ravel(a), 1, 0);
    }

    /**
     * numpy.gradient(a, axis=axis) with unit spacing and edge_order=1: central differences inside, one-sided at the
     * two ends; ints become float64.
     */
    static Tensor gradient(Tensor a, int axis) {
        int ax = axis(a, axis, "gradient");
        long len = a.shape()[ax];
        if (len < 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "gradient: shape of array too small to calculate a"
                    + " numerical gradient, at least 2 elements are required along axis " + axis + ", got " + len);
        }
        Tensor f = toFloat(a);
        Tensor inside = along(f, ax, Index.from(2)).subtract(along(f, ax, Index.slice(0, len - 2))).divide(2.0);
        Tensor first = along(f, ax, Index.slice(1, 2)).subtract(along(f, ax, Index.slice(0, 1)));
        Tensor last = along(f, ax, Index.slice(len - 1, len)).subtract(along(f, ax, Index.slice(len - 2, len - 1)));
        return Tensors.concatenate(List.of(first, inside, last), ax);
    }

    /** numpy.trapezoid(y, dx=dx, axis=axis): the trapezoidal rule with uniform spacing. */
    static Tensor trapezoid(Tensor y, double dx, int axis) {
        int ax = axis(y, axis, "trapezoid");
        long len = y.shape()[ax];
        Tensor f = toFloat(y);
        Tensor pairs = along(f, ax, Index.from(1)).add(along(f, ax, Index.slice(0, Math.max(0, len - 1))));
        return pairs.multiply(dx).divide(2.0).sum(ax);
    }

    /** numpy.trapezoid(y, x, axis=axis) with sample points {@code x}: 1-d along the axis, or y's shape. */
    static Tensor trapezoid(Tensor y, Tensor x, int axis) {
        int ax = axis(y, axis, "trapezoid");
        long len = y.shape()[ax];
        Tensor d;
        if (x.ndim() == 1) {
            if (x.shape()[0] != len) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "trapezoid: x has " + x.shape()[0]
                        + " points but y has " + len + " along axis " + axis);
            }
            long[] shape = new long[y.ndim()];
            Arrays.fill(shape, 1);
            shape[ax] = Math.max(0, len - 1);
            d = diff(x, 1, 0).reshape(shape);
        } else {
            d = diff(x, 1, ax);
        }
        Tensor f = toFloat(y);
        Tensor pairs = along(f, ax, Index.from(1)).add(along(f, ax, Index.slice(0, Math.max(0, len - 1))));
        return d.multiply(pairs).divide(2.0).sum(ax);
    }

    // ----- spacing and grids -----

    /** numpy.logspace(start, stop, num, endpoint, base): {@code base ** linspace(start, stop, num, endpoint)}. */
    static Tensor logspace(double start, double stop, long num, boolean endpoint, double base) {
        return Tensors.power(base, Tensors.linspace(start, stop, num, endpoint));
    }

    /**
     * numpy.geomspace(start, stop, num, endpoint): a geometric progression whose first and (with endpoint) last
     * values are exactly start and stop; both must be non-zero and of one sign (numpy would go complex otherwise).
     */
    static Tensor geomspace(double start, double stop, long num, boolean endpoint) {
        if (start == 0 || stop == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "geomspace: a geometric sequence cannot include zero"
                    + " (start=" + start + ", stop=" + stop + ")");
        }
        if (Math.signum(start) != Math.signum(stop)) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "geomspace: start=" + start + " and stop=" + stop
                    + " have different signs, which needs complex numbers; give two of one sign");
        }
        double sign = Math.signum(start);
        double s = start * sign;
        double e = stop * sign;
        Tensor values = logspace(Math.log10(s), Math.log10(e), num, endpoint, 10.0);
        Tensor at = Tensors.arange(num);
        values = Tensors.where(at.equal(0L), s, values);
        if (endpoint && num > 1) {
            values = Tensors.where(at.equal(num - 1), e, values);
        }
        return sign < 0 ? values.negative() : values;
    }

    /**
     * numpy.meshgrid(*xs, indexing): each input (flattened) broadcast to the grid's shape; "xy" (Cartesian) swaps the
     * first two axes of that shape, "ij" (matrix) does not.
     */
    static List<Tensor> meshgrid(List<Tensor> xs, String indexing) {
        if (!indexing.equals("xy") && !indexing.equals("ij")) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "meshgrid: valid values for indexing are 'xy' and"
                    + " 'ij', got '" + indexing + "'");
        }
        int n = xs.size();
        boolean cartesian = indexing.equals("xy") && n > 1;
        long[] grid = new long[n];
        int[] position = new int[n];
        for (int i = 0; i < n; i++) {
            position[i] = cartesian && i < 2 ? 1 - i : i;
            grid[position[i]] = xs.get(i).size();
        }
        List<Tensor> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long[] shape = new long[n];
            Arrays.fill(shape, 1);
            shape[position[i]] = grid[position[i]];
            out.add(Tensors.broadcastTo(Tensors.ravel(xs.get(i)).reshape(shape), grid));
        }
        return out;
    }

    /** numpy.indices(dimensions): int64 of shape (len(dims), *dims), the index along each axis at every point. */
    static Tensor indices(long[] dims) {
        List<Tensor> grids = new ArrayList<>();
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] < 0) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "indices: negative dimensions are not allowed, got "
                        + Arrays.toString(dims));
            }
            long[] shape = new long[dims.length];
            Arrays.fill(shape, 1);
            shape[i] = dims[i];
            grids.add(Tensors.broadcastTo(Tensors.arange(dims[i]).reshape(shape), dims));
        }
        if (grids.isEmpty()) {
            return Tensors.zeros(new long[] {0}, DataType.INT64, ChunkSpec.auto());
        }
        return Tensors.stack(grids, 0);
    }

    // ----- reshaping, joining, padding -----

    static Tensor atleast1d(Tensor a) {
        return a.ndim() == 0 ? a.reshape(1) : a;
    }

    static Tensor atleast2d(Tensor a) {
        return switch (a.ndim()) {
            case 0 -> a.reshape(1, 1);
            case 1 -> a.reshape(1, a.shape()[0]);
            default -> a;
        };
    }

    /** numpy.atleast_3d: a vector (N) becomes (1, N, 1) and a matrix (M, N) becomes (M, N, 1). */
    static Tensor atleast3d(Tensor a) {
        return switch (a.ndim()) {
            case 0 -> a.reshape(1, 1, 1);
            case 1 -> a.reshape(1, a.shape()[0], 1);
            case 2 -> a.reshape(a.shape()[0], a.shape()[1], 1);
            default -> a;
        };
    }

    static Tensor dstack(List<Tensor> tensors) {
        return Tensors.concatenate(tensors.stream().map(Routines::atleast3d).toList(), 2);
    }

    /** numpy.column_stack: vectors become columns, matrices are joined as they are. */
    static Tensor columnStack(List<Tensor> tensors) {
        return Tensors.concatenate(tensors.stream().map(t -> t.ndim() < 2 ? atleast2d(t).transpose() : t)
                .toList(), 1);
    }

    /** numpy.append(arr, values, axis): flattened both when axis is null. */
    static Tensor append(Tensor arr, Tensor values, Integer axis) {
        if (axis == null) {
            return Tensors.concatenate(List.of(Tensors.ravel(arr), Tensors.ravel(values)), 0);
        }
        return Tensors.concatenate(List.of(arr, values), axis);
    }

    /** numpy.delete(arr, positions, axis): the tensor without those positions (flattened when axis is null). */
    static Tensor delete(Tensor arr, long[] positions, Integer axis) {
        Tensor src = axis == null ? Tensors.ravel(arr) : arr;
        int ax = axis == null ? 0 : axis(src, axis, "delete");
        long len = src.shape()[ax];
        boolean[] drop = new boolean[(int) len];
        for (long p : positions) {
            long q = p < 0 ? p + len : p;
            if (q < 0 || q >= len) {
                throw new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "delete: index " + p + " is out of bounds for"
                        + " axis " + ax + " with size " + len);
            }
            drop[(int) q] = true;
        }
        long[] keep = new long[(int) len];
        int k = 0;
        for (int i = 0; i < len; i++) {
            if (!drop[i]) {
                keep[k++] = i;
            }
        }
        return src.take(Tensors.array(Arrays.copyOf(keep, k)), ax);
    }

    /**
     * numpy.insert(arr, position, values, axis): {@code values} (cast to arr's dtype, given arr's rank with leading
     * axes, their first axis moved to {@code axis}, broadcast to one slot of the axis) placed before {@code position}, which may equal the axis's length; flattened when axis is null.
     */
    static Tensor insert(Tensor arr, long position, Tensor values, Integer axis) {
        Tensor src = axis == null ? Tensors.ravel(arr) : arr;
        int ax = axis == null ? 0 : axis(src, axis, "insert");
        long len = src.shape()[ax];
        long at = position < 0 ? position + len : position;
        if (at < 0 || at > len) {
            throw new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "insert: index " + position + " is out of bounds"
                    + " for axis " + ax + " with size " + len);
        }
        long[] slot = src.shape().clone();
        slot[ax] = 1;
        // as numpy: the values get leading axes up to arr's rank, then their first axis moves to the insertion axis
        Tensor v = values.astype(src.dtype());
        if (v.ndim() < src.ndim()) {
            v = v.reshape(padLeft(v.shape(), src.ndim()));
        }
        Tensor piece = Tensors.broadcastTo(Tensors.moveaxis(v, 0, ax), slot);
        return Tensors.concatenate(List.of(along(src, ax, Index.slice(0, at)), piece,
                along(src, ax, Index.slice(at, len))), ax);
    }

    /**
     * numpy.pad(a, padWidth, mode): {@code padWidth[i] = {before, after}} for axis i; mode "constant" (with
     * {@code value}) or "edge" (the edge values repeated).
     */
    static Tensor pad(Tensor a, long[][] padWidth, String mode, double value) {
        if (padWidth.length != a.ndim()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "pad: give a {before, after} pair for each of the "
                    + a.ndim() + " axes, got " + padWidth.length);
        }
        if (!mode.equals("constant") && !mode.equals("edge")) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "pad: mode '" + mode + "' is not supported; use"
                    + " 'constant' or 'edge'");
        }
        Tensor out = a;
        for (int ax = 0; ax < a.ndim(); ax++) {
            long before = padWidth[ax][0];
            long after = padWidth[ax][1];
            if (before < 0 || after < 0) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "pad: index can't contain negative values, got "
                        + before + ", " + after + " for axis " + ax);
            }
            long len = out.shape()[ax];
            if (mode.equals("edge") && len == 0 && before + after > 0) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "pad: can't extend empty axis " + ax
                        + " using mode 'edge'");
            }
            List<Tensor> parts = new ArrayList<>();
            for (long width : new long[] {before, -1, after}) {
                if (width == -1) {
                    parts.add(out);
                    continue;
                }
                if (width == 0) {
                    continue;
                }
                long[] shape = out.shape().clone();
                shape[ax] = width;
                if (mode.equals("constant")) {
                    parts.add(Tensors.full(shape, value, a.dtype(), ChunkSpec.auto()));
                } else {
                    Tensor edge = parts.isEmpty() ? along(out, ax, Index.slice(0, 1))
                            : along(out, ax, Index.slice(len - 1, len));
                    parts.add(Tensors.broadcastTo(edge, shape));
                }
            }
            out = parts.size() == 1 ? out : Tensors.concatenate(parts, ax);
        }
        return out;
    }

    // ----- products of vectors -----

    private static Tensor component(Tensor v, long i) {
        return v.get(Index.ellipsis(), Index.at(i));
    }

    /**
     * numpy.cross(a, b) of vectors along the last axis: 3-vectors give 3-vectors, 2-vectors the z component (a 2-vector
     * paired with a 3-vector is read with z = 0).
     */
    static Tensor cross(Tensor a, Tensor b) {
        long na = a.ndim() == 0 ? 0 : a.shape()[a.ndim() - 1];
        long nb = b.ndim() == 0 ? 0 : b.shape()[b.ndim() - 1];
        if ((na != 2 && na != 3) || (nb != 2 && nb != 3)) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "cross: incompatible dimensions for cross product"
                    + " (dimension must be 2 or 3), got " + Shapes.toString(a.shape()) + " and "
                    + Shapes.toString(b.shape()));
        }
        Tensor a0 = component(a, 0);
        Tensor a1 = component(a, 1);
        Tensor b0 = component(b, 0);
        Tensor b1 = component(b, 1);
        Tensor z = a0.multiply(b1).subtract(a1.multiply(b0));
        if (na == 2 && nb == 2) {
            return z;
        }
        Tensor x;
        Tensor y;
        if (na == 3 && nb == 3) {
            Tensor a2 = component(a, 2);
            Tensor b2 = component(b, 2);
            x = a1.multiply(b2).subtract(a2.multiply(b1));
            y = a2.multiply(b0).subtract(a0.multiply(b2));
        } else if (na == 2) {
            Tensor b2 = component(b, 2);
            x = a1.multiply(b2);
            y = a0.multiply(b2).negative();
        } else {
            Tensor a2 = component(a, 2);
            x = a2.multiply(b1).negative();
            y = a2.multiply(b0);
        }
        return Tensors.stack(List.of(x, y, z), -1);
    }

    /** numpy.kron(a, b): the Kronecker product, the smaller rank padded with leading axes of 1. */
    static Tensor kron(Tensor a, Tensor b) {
        int nd = Math.max(a.ndim(), b.ndim());
        long[] sa = padLeft(a.shape(), nd);
        long[] sb = padLeft(b.shape(), nd);
        long[] ia = new long[2 * nd];
        long[] ib = new long[2 * nd];
        long[] out = new long[nd];
        for (int i = 0; i < nd; i++) {
            ia[2 * i] = sa[i];
            ia[2 * i + 1] = 1;
            ib[2 * i] = 1;
            ib[2 * i + 1] = sb[i];
            out[i] = sa[i] * sb[i];
        }
        return a.reshape(ia).multiply(b.reshape(ib)).reshape(out);
    }

    private static long[] padLeft(long[] shape, int nd) {
        long[] out = new long[nd];
        Arrays.fill(out, 1);
        System.arraycopy(shape, 0, out, nd - shape.length, shape.length);
        return out;
    }

    /** numpy.vdot(a, b) for real tensors: the dot product of the flattened tensors. */
    static Tensor vdot(Tensor a, Tensor b) {
        if (a.size() != b.size()) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "vdot: vectors have different lengths: " + a.size()
                    + " and " + b.size());
        }
        // numpy conjugates the first operand (a no-op for real ones)
        return Tensors.conj(Tensors.ravel(a)).dot(Tensors.ravel(b));
    }

    // ----- closeness -----

    /**
     * numpy.isclose: {@code |a - b| <= atol + rtol * |b|} where b is finite, or a == b (so equal infinities are
     * close); NaNs are close to each other only with {@code equalNan}.
     */
    static Tensor isclose(Tensor a, Tensor b, double rtol, double atol, boolean equalNan) {
        Tensor y = toFloat(b);
        Tensor result = Tensors.logicalOr(Tensors.logicalAnd(Tensors.abs(a.subtract(y)).lessEqual(
                Tensors.abs(y).multiply(rtol).add(atol)), Tensors.isfinite(y)), a.equal(y));
        if (equalNan) {
            result = Tensors.logicalOr(result, Tensors.logicalAnd(Tensors.isnan(toFloat(a)), Tensors.isnan(y)));
        }
        return result;
    }

    /** numpy.array_equal(a, b): same shape and equal everywhere (NaN unequal), as a 0-d bool. */
    static Tensor arrayEqual(Tensor a, Tensor b) {
        if (!Arrays.equals(a.shape(), b.shape())) {
            return Tensors.full(new long[0], false, ChunkSpec.auto());
        }
        return a.equal(b).all();
    }

    // ----- element-wise extras -----

    /** numpy.sinc(x) = sin(pi x) / (pi x), 1 at 0 (numpy computes it with x = 0 replaced by 1e-20). */
    static Tensor sinc(Tensor x) {
        Tensor y = Tensors.where(x.equal(0L), 1.0e-20, toFloat(x)).multiply(Math.PI);
        return Tensors.sin(y).divide(y);
    }

    /** numpy.signbit(x): whether the sign bit is set (so -0.0 and -NaN too). */
    static Tensor signbit(Tensor x) {
        if (x.dtype().isBool()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "signbit: not supported for bool tensors");
        }
        return x.dtype().isFloat() ? Tensors.copysign(1.0, x).less(0.0) : x.less(0L);
    }

    /** numpy.ldexp(x, i) = x * 2**i for an integer tensor i; ints become float64, float32 stays. */
    static Tensor ldexp(Tensor x, Tensor i) {
        if (!i.dtype().isInteger()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "ldexp: the exponent must be an integer tensor, got "
                    + i.dtype());
        }
        Tensor m = toFloat(x);
        return m.multiply(Tensors.exp2(i.astype(DataType.FLOAT64)).astype(m.dtype()));
    }

    /** numpy.modf(x): the fractional and integral parts, both signed as x (modf(-0.0) = (-0.0, -0.0)). */
    static List<Tensor> modf(Tensor x) {
        Tensor f = toFloat(x);
        Tensor integral = Tensors.trunc(f);
        Tensor fraction = Tensors.where(Tensors.isinf(f), Tensors.copysign(0.0, f),
                Tensors.copysign(f.subtract(integral), f));
        return List.of(fraction, integral);
    }

    // ----- where values are -----

    /** numpy.flatnonzero(a): the positions of the flattened tensor that are non-zero (a data-dependent length). */
    static Tensor flatnonzero(Tensor a) {
        return Tensors.arange(a.size()).get(Tensors.ravel(a).notEqual(0L));
    }

    /** numpy.nonzero(a): one index tensor per axis, of the non-zero elements in row-major order. */
    static List<Tensor> nonzero(Tensor a) {
        if (a.ndim() == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "nonzero: calling nonzero on 0d arrays is not allowed;"
                    + " use atleast1d(a) first");
        }
        Tensor mask = Tensors.ravel(a).notEqual(0L);
        List<Tensor> out = new ArrayList<>();
        for (Tensor grid : axisGrids(a.shape())) {
            out.add(grid.get(mask));
        }
        return out;
    }

    /** numpy.argwhere(a): (count, ndim) int64, the indices of the non-zero elements, one row each. */
    static Tensor argwhere(Tensor a) {
        if (a.ndim() == 0) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "argwhere of a 0-d tensor is not supported; use"
                    + " atleast1d(a) first");
        }
        Tensor rows = Tensors.stack(axisGrids(a.shape()), 1);
        return rows.get(Tensors.ravel(a).notEqual(0L));
    }

    /** For each axis, the flattened index along it of every element in row-major order. */
    private static List<Tensor> axisGrids(long[] shape) {
        List<Tensor> out = new ArrayList<>();
        for (int i = 0; i < shape.length; i++) {
            long[] s = new long[shape.length];
            Arrays.fill(s, 1);
            s[i] = shape[i];
            out.add(Tensors.ravel(Tensors.broadcastTo(Tensors.arange(shape[i]).reshape(s), shape)));
        }
        return out;
    }

    /**
     * numpy.isin(element, testElements, invert): whether each element is among the test elements, by a binary
     * search in their sorted values (NaN is in no set, as numpy's equality says).
     */
    static Tensor isin(Tensor element, Tensor testElements, boolean invert) {
        Tensor in;
        if (testElements.size() == 0) {
            in = Tensors.full(element.shape(), false, ChunkSpec.auto());
        } else {
            DataType common = DataType.promote(element.dtype(), testElements.dtype());
            Tensor sorted = Tensors.sort(Tensors.ravel(testElements).astype(common), 0);
            Tensor x = element.astype(common);
            Tensor at = Tensors.clip(Tensors.searchsorted(sorted, x), 0L, testElements.size() - 1);
            in = sorted.take(at).equal(x);
        }
        return invert ? Tensors.logicalNot(in) : in;
    }

    // ----- interpolation and convolution -----

    /**
     * numpy.interp(x, xp, fp, left, right): piecewise-linear through the increasing points (xp, fp); left of xp[0]
     * {@code left} (default fp[0]), right of xp[-1] {@code right} (default fp[-1]).
     */
    static Tensor interp(Tensor x, Tensor xp, Tensor fp, Double left, Double right) {
        if (xp.ndim() != 1 || fp.ndim() != 1 || xp.shape()[0] != fp.shape()[0]) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "interp: xp and fp must be 1-d and of the same length,"
                    + " got " + Shapes.toString(xp.shape()) + " and " + Shapes.toString(fp.shape()));
        }
        long n = xp.shape()[0];
        if (n == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "interp: array of sample points is empty");
        }
        Tensor xf = toFloat(x).astype(DataType.FLOAT64);
        Tensor xpf = xp.astype(DataType.FLOAT64);
        Tensor fpf = fp.astype(DataType.FLOAT64);
        Tensor first = fpf.get(Index.at(0));
        Tensor last = fpf.get(Index.at(n - 1));
        Object lo = left == null ? first : left;
        Object hi = right == null ? last : right;
        Tensor y;
        if (n == 1) {
            y = Tensors.fullLike(xf, 0.0).add(first);
        } else {
            Tensor j = Tensors.clip(Tensors.searchsorted(xpf, xf, "right").subtract(1L), 0L, n - 2);
            Tensor x0 = xpf.take(j);
            Tensor f0 = fpf.take(j);
            Tensor slope = fpf.take(j.add(1L)).subtract(f0).divide(xpf.take(j.add(1L)).subtract(x0));
            y = slope.multiply(xf.subtract(x0)).add(f0);
            y = Tensors.where(xf.equal(xpf.get(Index.at(n - 1))), last, y);
        }
        y = Tensors.where(xf.less(xpf.get(Index.at(0))), lo, y);
        return Tensors.where(xf.greater(xpf.get(Index.at(n - 1))), hi, y);
    }

    /**
     * numpy.convolve(a, v, mode) of 1-d tensors: the longer one is slid over by the shorter, whose length m makes m
     * element-wise multiply-adds of shifted slices (meant for short filters). Modes: full (n + m - 1), same
     * (max(n, m)), valid (max(n, m) - min(n, m) + 1).
     */
    static Tensor convolve(Tensor a, Tensor v, String mode) {
        if (a.ndim() != 1 || v.ndim() != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "convolve: both inputs must be 1-d, got "
                    + Shapes.toString(a.shape()) + " and " + Shapes.toString(v.shape()));
        }
        if (a.size() == 0 || v.size() == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "convolve: " + (a.size() == 0 ? "a" : "v")
                    + " cannot be empty");
        }
        Tensor longer = a.size() >= v.size() ? a : v;
        Tensor shorter = a.size() >= v.size() ? v : a;
        long n = longer.size();
        long m = shorter.size();
        long[] range = switch (mode) {
            case "full" -> new long[] {0, n + m - 1};
            case "same" -> new long[] {(m - 1) / 2, (m - 1) / 2 + n};
            case "valid" -> new long[] {m - 1, n};
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "convolve: mode must be 'full', 'same' or"
                    + " 'valid', got '" + mode + "'");
        };
        Tensor padded = pad(longer, new long[][] {{m - 1, m - 1}}, "constant", 0);
        Tensor out = null;
        for (long j = 0; j < m; j++) {
            // out[k] = sum_j shorter[j] * longer[k - j]; padded[p] = longer[p - (m - 1)]
            long from = m - 1 - j + range[0];
            Tensor term = padded.get(Index.slice(from, from + range[1] - range[0])).multiply(shorter.get(Index.at(j)));
            out = out == null ? term : out.add(term);
        }
        return out;
    }

    /** numpy.correlate(a, v, mode) of 1-d real tensors: convolve(a, v[::-1], mode); default mode "valid". */
    static Tensor correlate(Tensor a, Tensor v, String mode) {
        if (v.ndim() != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "correlate: both inputs must be 1-d, got "
                    + Shapes.toString(a.shape()) + " and " + Shapes.toString(v.shape()));
        }
        return convolve(a, v.get(Index.reversed()), mode);
    }

    // ----- more element-wise routines -----

    /** numpy.isneginf / isposinf: infinite with that sign (never for integers). */
    static Tensor isinfWithSign(Tensor x, boolean negative) {
        if (!x.dtype().isFloat()) {
            return Tensors.full(x.shape(), false, ChunkSpec.auto());
        }
        return Tensors.logicalAnd(Tensors.isinf(x), negative ? x.less(0.0) : x.greater(0.0));
    }

    /** numpy.fabs: the absolute value as a float. */
    static Tensor fabs(Tensor x) {
        return Tensors.abs(toFloat(x));
    }

    /** numpy.angle of a real tensor: pi for negative numbers (and -0.0), 0 otherwise. */
    static Tensor angle(Tensor x) {
        Tensor f = toFloat(x);
        return Tensors.arctan2(Tensors.zerosLike(f), f);
    }

    /** numpy.divmod: [floor_divide, remainder]. */
    static List<Tensor> divmod(Tensor a, Object b) {
        return List.of(Tensors.floorDivide(a, b), Tensors.remainder(a, b));
    }

    // ----- rotating, flipping, splitting -----

    /** numpy.rot90(m, k, axes): k quarter turns from the first axis toward the second. */
    static Tensor rot90(Tensor m, int k, int axis0, int axis1) {
        if (m.ndim() < 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "rot90: the tensor must have at least 2 dimensions,"
                    + " got shape " + Shapes.toString(m.shape()));
        }
        int a0 = Shapes.normalizeAxis(axis0, m.ndim());
        int a1 = Shapes.normalizeAxis(axis1, m.ndim());
        if (a0 == a1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "rot90: axes must be different, got " + axis0 + " and "
                    + axis1);
        }
        return switch (Math.floorMod(k, 4)) {
            case 0 -> m;
            case 2 -> Tensors.flip(Tensors.flip(m, a0), a1);
            case 1 -> Tensors.swapaxes(Tensors.flip(m, a1), a0, a1);
            default -> Tensors.flip(Tensors.swapaxes(m, a0, a1), a1);
        };
    }

    static Tensor fliplr(Tensor m) {
        if (m.ndim() < 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "fliplr: the tensor must be at least 2-d, got shape "
                    + Shapes.toString(m.shape()));
        }
        return Tensors.flip(m, 1);
    }

    static Tensor flipud(Tensor m) {
        if (m.ndim() < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "flipud: the tensor must be at least 1-d, got a 0-d"
                    + " tensor");
        }
        return Tensors.flip(m, 0);
    }

    /** numpy.hsplit / vsplit / dsplit: equal sections along axis 1 (0 for vectors), 0, or 2. */
    static List<Tensor> splitAlong(Tensor a, int sections, String name) {
        int axis = switch (name) {
            case "hsplit" -> a.ndim() == 1 ? 0 : 1;
            case "vsplit" -> 0;
            default -> 2;
        };
        int needed = switch (name) {
            case "hsplit" -> 1;
            case "vsplit" -> 2;
            default -> 3;
        };
        if (a.ndim() < needed) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + " only works on tensors of " + needed
                    + " or more dimensions, got shape " + Shapes.toString(a.shape()));
        }
        return Tensors.split(a, sections, axis);
    }

    // ----- building matrices -----

    /** numpy.tri(n, m, k): float64 ones at and below the k-th diagonal. */
    static Tensor tri(long n, long m, long k) {
        return Tensors.tril(Tensors.ones(new long[] {n, m}, DataType.FLOAT64, ChunkSpec.auto()), k);
    }

    /**
     * numpy.vander(x, n, increasing): the columns are powers of x, x**(n-1) first (x**0 first when increasing).
     */
    static Tensor vander(Tensor x, long n, boolean increasing) {
        if (x.ndim() != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "vander: x must be a one-dimensional tensor, got shape "
                    + Shapes.toString(x.shape()));
        }
        if (n < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "vander: N must be non-negative, got " + n);
        }
        Tensor powers = increasing ? Tensors.arange(n) : Tensors.arange(n - 1, -1, -1, ChunkSpec.auto());
        Tensor base = x.dtype().isBool() ? x.astype(DataType.INT64) : x;
        return Tensors.power(base.reshape(x.shape()[0], 1), powers.reshape(1, n).astype(
                base.dtype().isFloat() ? base.dtype() : DataType.INT64));
    }

    /** numpy.resize(a, newShape): the flattened tensor repeated to fill the new shape (zeros when a is empty). */
    static Tensor resize(Tensor a, long[] newShape) {
        long total = 1;
        for (long d : newShape) {
            if (d < 0) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "resize: all elements of new_shape must be"
                        + " non-negative, got " + Arrays.toString(newShape));
            }
            total *= d;
        }
        if (a.size() == 0 || total == 0) {
            return Tensors.zeros(newShape, a.dtype(), ChunkSpec.auto());
        }
        long repeats = (total + a.size() - 1) / a.size();
        Tensor flat = Tensors.ravel(a);
        Tensor filled = repeats > 1 ? Tensors.tile(flat, repeats) : flat;
        return filled.get(Index.slice(0, total)).reshape(newShape);
    }

    // ----- flat and multi indices -----

    /**
     * numpy.unravel_index(indices, shape) in C order: one index tensor per dimension. Indices outside the shape are
     * not detected (numpy raises); they come out wrapped.
     */
    static List<Tensor> unravelIndex(Tensor indices, long[] shape) {
        if (!indices.dtype().isInteger()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "unravel_index: only int indices permitted, got "
                    + indices.dtype());
        }
        Tensor rest = indices.astype(DataType.INT64);
        Tensor[] out = new Tensor[shape.length];
        for (int d = shape.length - 1; d >= 0; d--) {
            if (shape[d] <= 0) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "unravel_index: dimensions must be positive, got "
                        + Arrays.toString(shape));
            }
            out[d] = Tensors.remainder(rest, shape[d]);
            rest = Tensors.floorDivide(rest, shape[d]);
        }
        return List.of(out);
    }

    /** numpy.ravel_multi_index(multiIndex, dims) in C order (positions outside dims are not detected). */
    static Tensor ravelMultiIndex(List<Tensor> multiIndex, long[] dims) {
        if (multiIndex.size() != dims.length) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "ravel_multi_index: parameter multi_index must be a"
                    + " sequence of length " + dims.length + ", got " + multiIndex.size());
        }
        Tensor out = null;
        long stride = 1;
        for (int d = dims.length - 1; d >= 0; d--) {
            Tensor term = multiIndex.get(d).astype(DataType.INT64).multiply(stride);
            out = out == null ? term : out.add(term);
            stride *= dims[d];
        }
        return out;
    }

    // ----- sets of flattened values -----

    static Tensor union1d(Tensor a, Tensor b) {
        return Tensors.unique(Tensors.concatenate(List.of(Tensors.ravel(a), Tensors.ravel(b)), 0));
    }

    static Tensor intersect1d(Tensor a, Tensor b) {
        Tensor ua = Tensors.unique(a);
        return ua.get(isin(ua, b, false));
    }

    static Tensor setdiff1d(Tensor a, Tensor b) {
        Tensor ua = Tensors.unique(a);
        return ua.get(isin(ua, b, true));
    }

    static Tensor setxor1d(Tensor a, Tensor b) {
        return Tensors.sort(Tensors.concatenate(List.of(setdiff1d(a, b), setdiff1d(b, a)), 0), 0);
    }

    /**
     * numpy.lexsort(keys): the order that sorts by the last key, then the one before, ...: one stable argsort per
     * key, from the first (least significant) key to the last.
     */
    static Tensor lexsort(List<Tensor> keys) {
        if (keys.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "lexsort: need sequence of keys with len > 0");
        }
        long n = keys.get(0).size();
        for (Tensor k : keys) {
            if (k.ndim() != 1 || k.size() != n) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "lexsort: all keys need to be 1-d and of the same"
                        + " length, got " + Shapes.toString(keys.get(0).shape()) + " and " + Shapes.toString(k.shape()));
            }
        }
        Tensor order = keys.get(0).argsort();
        for (int i = 1; i < keys.size(); i++) {
            order = order.take(keys.get(i).take(order).argsort());
        }
        return order;
    }
}
