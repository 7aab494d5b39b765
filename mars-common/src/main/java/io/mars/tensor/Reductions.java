package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.QuantileMethod;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.ScanFn;
import io.mars.common.operand.tensor.TensorAverage;
import io.mars.common.operand.tensor.TensorQuantile;
import io.mars.common.operand.tensor.TensorReduce;
import io.mars.common.operand.tensor.TensorScan;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/**
 * Builds the reduction, quantile and scan nodes behind {@link Tensor}'s and {@link Tensors}' methods, checking axes,
 * dtypes and arguments eagerly with numpy's rules and wording.
 */
final class Reductions {
    private Reductions() {
    }

    /** A tree reduction over {@code axes} ({@code null}: all axes). */
    /**
     * A reduction of a complex tensor: sum and mean reduce the real and imaginary parts apart, prod the magnitudes and
     * the angles, var and std the parts' variances (each a distributed real reduction, so results do not depend on the
     * chunking); the rest are refused.
     */
    static Tensor complexReduce(Tensor t, ReduceFn fn, int[] axes, boolean keepdims, int ddof) {
        if (fn == ReduceFn.VAR || fn == ReduceFn.STD) {
            // numpy: the real mean(|z - mean z|^2) (over n - ddof); |z - m|^2 = (re - m_re)^2 + (im - m_im)^2, so it
            // is the sum of the two parts' variances, of the parts' dtype (float32 for complex64)
            Tensor variance = t.real().var(axes, keepdims, ddof).add(t.imag().var(axes, keepdims, ddof));
            return fn == ReduceFn.VAR ? variance : Tensors.sqrt(variance);
        }
        if (fn == ReduceFn.PROD) {
            // polar form: |prod| = prod |z|, arg prod = sum arg z; both are real distributed reductions
            Tensor magnitude = t.abs().prod(axes, keepdims);
            Tensor phase = Tensors.angle(t).sum(axes, keepdims);
            return magnitude.multiply(Tensors.complex(Tensors.cos(phase), Tensors.sin(phase)));
        }
        switch (fn) {
            case NANSUM -> {
                return complexReduce(withoutNaN(t, 0L), ReduceFn.SUM, axes, keepdims, ddof);
            }
            case NANPROD -> {
                return complexReduce(withoutNaN(t, 1L), ReduceFn.PROD, axes, keepdims, ddof);
            }
            case NANMEAN -> {
                // numpy: the sum with NaNs as 0 over the count of the others, divided in the parts' dtype
                Tensor count = Tensors.logicalNot(Tensors.isnan(t)).sum(axes, keepdims)
                        .astype(t.dtype().componentType());
                return complexReduce(withoutNaN(t, 0L), ReduceFn.SUM, axes, keepdims, ddof).divide(count);
            }
            case NANVAR, NANSTD -> {
                // an element is NaN if either part is: both parts skip it, so their counts (and ddof) agree
                Tensor nan = Tensors.isnan(t);
                Tensor re = Tensors.where(nan, Double.NaN, t.real()).nanvar(axes, keepdims, ddof);
                Tensor im = Tensors.where(nan, Double.NaN, t.imag()).nanvar(axes, keepdims, ddof);
                Tensor variance = re.add(im);
                return fn == ReduceFn.NANVAR ? variance : Tensors.sqrt(variance);
            }
            default -> {
            }
        }
        if (fn != ReduceFn.SUM && fn != ReduceFn.MEAN) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, fn.numpyName() + " is not supported for complex dtype "
                    + t.dtype() + (fn == ReduceFn.MIN || fn == ReduceFn.MAX || fn == ReduceFn.ARGMIN
                    || fn == ReduceFn.ARGMAX || fn == ReduceFn.PTP || fn == ReduceFn.NANMIN || fn == ReduceFn.NANMAX
                    || fn == ReduceFn.NANARGMIN || fn == ReduceFn.NANARGMAX ? ": complex numbers have no order" : "")
                    + "; sum, mean, prod, var, std and their nan variants are");
        }
        Tensor re = fn == ReduceFn.SUM ? t.real().sum(axes, keepdims) : t.real().mean(axes, keepdims);
        Tensor im = fn == ReduceFn.SUM ? t.imag().sum(axes, keepdims) : t.imag().mean(axes, keepdims);
        return Tensors.complex(re, im);
    }

    static Tensor reduce(Tensor t, ReduceFn fn, int[] axes, boolean keepdims, int ddof) {
        if (t.dtype().isComplex()) {
            return complexReduce(t, fn, axes, keepdims, ddof);
        }
        long[] shape = t.shape();
        int[] norm = Shapes.normalizeAxes(axes, shape.length);
        if (ddof < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "ddof must be >= 0, got " + ddof);
        }
        if (fn == ReduceFn.PTP && t.dtype().isBool()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "ptp of a bool array: numpy boolean subtract, the `-`"
                    + " operator, is not supported; use any/all or cast to an integer dtype first");
        }
        if (fn.needsIdentity()) {
            for (int a : norm) {
                if (shape[a] == 0) {
                    throw new MarsException(ErrorCode.EMPTY_REDUCTION, fn.isArg()
                            ? "attempt to get " + fn.numpyName() + " of an empty sequence (axis " + a + " of shape "
                                    + Shapes.toString(shape) + ")"
                            : "zero-size array to reduction operation " + fn.numpyName() + " which has no identity (axis "
                                    + a + " of shape " + Shapes.toString(shape) + ")");
                }
            }
        }
        return new Tensor(new TensorReduce(fn, norm, keepdims, ddof), List.of(t), fn.resultType(t.dtype()),
                Shapes.reduced(shape, norm, keepdims));
    }

    /** argmin and friends: over one axis, or over the flattened tensor when {@code axis} is null. */
    static Tensor arg(Tensor t, ReduceFn fn, Integer axis, boolean keepdims) {
        return reduce(t, fn, axis == null ? null : new int[] {axis}, keepdims, 0);
    }

    /** numpy.average; {@code weights == null} is the plain mean. */
    static Tensor average(Tensor a, Tensor weights, int[] axes, boolean keepdims) {
        if (weights == null) {
            return reduce(a, ReduceFn.MEAN, axes, keepdims, 0);
        }
        long[] shape = a.shape();
        int[] norm = Shapes.normalizeAxes(axes, shape.length);
        Tensor w = weights;
        if (!Arrays.equals(shape, weights.shape())) {
            if (axes == null) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "Axis must be specified when shapes of a "
                        + Shapes.toString(shape) + " and weights " + Shapes.toString(weights.shape()) + " differ.");
            }
            int[] given = new int[axes.length];
            long[] along = new long[axes.length];
            for (int i = 0; i < axes.length; i++) {
                given[i] = Shapes.normalizeAxis(axes[i], shape.length);
                along[i] = shape[given[i]];
            }
            if (!Arrays.equals(along, weights.shape())) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "Shape of weights must be consistent with shape of"
                        + " a along specified axis: weights " + Shapes.toString(weights.shape()) + ", a "
                        + Shapes.toString(shape) + ", axis " + Arrays.toString(axes) + " needs "
                        + Shapes.toString(along));
            }
            // weights follow the order of the given axes; bring them into the order of a's axes, then add 1s
            w = weights.transpose(argsort(given));
            long[] target = new long[shape.length];
            for (int d = 0; d < shape.length; d++) {
                target[d] = Shapes.contains(norm, d) ? shape[d] : 1;
            }
            w = w.reshape(target);
        }
        DataType common = DataType.promote(a.dtype(), weights.dtype());
        DataType result = a.dtype().isFloat() ? common : DataType.FLOAT64;
        return new Tensor(new TensorAverage(norm, keepdims), List.of(a, w), result,
                Shapes.reduced(shape, norm, keepdims));
    }

    /** numpy.median (linear interpolation between the middle values): float64 for bool and integer tensors. */
    static Tensor median(Tensor a, int[] axes, boolean keepdims, boolean skipNaN) {
        return quantile(a, new double[] {0.5}, true, 1, axes, keepdims, QuantileMethod.LINEAR, skipNaN,
                skipNaN ? "nanmedian" : "median");
    }

    /**
     * Quantiles {@code q} given in units of {@code unit} (100 for percentiles, 1 for quantiles) over {@code axes}.
     * {@code name} is numpy's function name, for messages. Exact quantiles are not mergeable: the reduced axes are
     * gathered into one chunk per output chunk, so the whole reduced extent times one output chunk's kept extent
     * must fit in a chunk (reduce over fewer axes, or rechunk the kept axes smaller, when it does not).
     */
    static Tensor quantile(Tensor a, double[] q, boolean scalarQ, double unit, int[] axes, boolean keepdims,
            QuantileMethod method, boolean skipNaN, String name) {
        long[] shape = a.shape();
        int[] norm = Shapes.normalizeAxes(axes, shape.length);
        if (q.length == 0 && scalarQ) {
            throw new IllegalArgumentException("a scalar q needs one value");
        }
        double[] fractions = new double[q.length];
        for (int i = 0; i < q.length; i++) {
            if (!(q[i] >= 0 && q[i] <= unit)) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, (unit == 100 ? "Percentiles" : "Quantiles")
                        + " must be in the range [0, " + (unit == 100 ? "100" : "1") + "], got q=" + q[i] + " in " + name);
            }
            fractions[i] = unit == 1 ? q[i] : q[i] / unit;
        }
        boolean median = name.endsWith("median");
        if (a.dtype().isBool() && !method.picksAnElement() && !median) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, name + " of a bool array with method "
                    + method.name().toLowerCase() + ": numpy boolean subtract is not supported; cast to a number");
        }
        long[] reduced = Shapes.reduced(shape, norm, keepdims);
        long extent = 1;
        for (int d : norm) {
            extent *= shape[d];
        }
        if (extent == 0 && Shapes.size(reduced) > 0 && !median && !skipNaN) {
            throw new MarsException(ErrorCode.EMPTY_REDUCTION, name + " of an empty array: axes "
                    + Arrays.toString(norm) + " of shape " + Shapes.toString(shape) + " hold no values");
        }
        DataType dtype;
        if (method.picksAnElement()) {
            dtype = a.dtype();
        } else if (!a.dtype().isFloat()) {
            dtype = DataType.FLOAT64;
        } else {
            // numpy promotes with q: a Python float is weak, a list of q is a float64 array
            dtype = scalarQ ? a.dtype() : DataType.FLOAT64;
        }
        long[] out = scalarQ ? reduced : prepend(q.length, reduced);
        return new Tensor(new TensorQuantile(fractions, scalarQ, norm, keepdims, method, skipNaN), List.of(a), dtype,
                out);
    }

    /** A cumulative function along {@code axis}; {@code null} flattens first, as numpy. */
    static Tensor scan(Tensor a, ScanFn fn, Integer axis) {
        if (axis == null) {
            return scan(a.ndim() == 1 ? a : a.reshape(-1), fn, 0);
        }
        int norm = Shapes.normalizeAxis(axis, a.ndim());
        if (a.dtype().isComplex()) {
            return complexScan(a, fn, norm);
        }
        return new Tensor(new TensorScan(fn, norm), List.of(a), fn.resultType(a.dtype()), a.shape());
    }

    /**
     * A scan of a complex tensor from real scans: cumsum of the two parts apart, cumprod in polar form (the cumulative
     * product of abs, the cumulative sum of angle), as {@link #complexReduce}'s prod; the nan variants read a NaN
     * (either part NaN) as 0 or 1 first.
     */
    private static Tensor complexScan(Tensor a, ScanFn fn, int axis) {
        return switch (fn) {
            case CUMSUM -> Tensors.complex(scan(a.real(), ScanFn.CUMSUM, axis), scan(a.imag(), ScanFn.CUMSUM, axis));
            case CUMPROD -> {
                Tensor magnitude = scan(a.abs(), ScanFn.CUMPROD, axis);
                Tensor phase = scan(Tensors.angle(a), ScanFn.CUMSUM, axis);
                yield magnitude.multiply(Tensors.complex(Tensors.cos(phase), Tensors.sin(phase)));
            }
            case NANCUMSUM -> complexScan(withoutNaN(a, 0L), ScanFn.CUMSUM, axis);
            case NANCUMPROD -> complexScan(withoutNaN(a, 1L), ScanFn.CUMPROD, axis);
        };
    }

    /** numpy's _replace_nan for complex: an element with a NaN part becomes {@code value}. */
    private static Tensor withoutNaN(Tensor t, long value) {
        return Tensors.where(Tensors.isnan(t), value, t);
    }

    private static int[] argsort(int[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Integer.compare(values[x], values[y]));
        int[] out = new int[order.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = order[i];
        }
        return out;
    }

    private static long[] prepend(long first, long[] rest) {
        long[] out = new long[rest.length + 1];
        out[0] = first;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }
}
