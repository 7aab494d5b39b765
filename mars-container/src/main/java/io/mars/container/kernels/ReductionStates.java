package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.ReduceFn;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Merging and finishing the states of a tree reduction (see {@link ReduceMapKernel} for their layout). var/std states
 * merge with Chan et al.'s parallel update, which stays accurate where summing squares would cancel.
 */
final class ReductionStates {
    /**
     * The state of an empty chunk of a reduction without identity (min, max, ptp, argmin and their nan-variants): it
     * loses every merge, and finishing it is numpy's error for an empty reduction. With unknown chunk lengths (a
     * filter's output) some chunks may be empty while others are not, which is fine.
     */
    static final ReductionState NO_CANDIDATE = new ReductionState(List.of());

    private ReductionStates() {
    }

    /** Merges every input state element-wise into a new state; never writes into an input. */
    static ReductionState merge(ChunkNode node, ReduceFn fn, List<ChunkData> inputs) {
        ChunkInputs.requireAtLeast(node, inputs, 1);
        List<ReductionState> states = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            ReductionState s = ChunkInputs.state(node, inputs, i);
            if (s.parts().isEmpty() && fn.needsIdentity()) {
                continue; // an empty chunk: no candidate to merge
            }
            check(node, fn, s, states.isEmpty() ? s : states.get(0));
            states.add(s);
        }
        if (states.isEmpty()) {
            return NO_CANDIDATE;
        }
        if (states.size() == 1) {
            return states.get(0);
        }
        return switch (fn) {
            case SUM, NANSUM, COUNT_NONZERO -> new ReductionState(List.of(add(states, 0)));
            case PROD, NANPROD -> new ReductionState(List.of(multiply(states)));
            case MEAN, NANMEAN, AVERAGE -> new ReductionState(List.of(add(states, 0), add(states, 1)));
            case MIN, MAX, ALL, ANY -> new ReductionState(List.of(extreme(states, 0, fn == ReduceFn.MAX || fn == ReduceFn.ANY,
                    false)));
            case NANMIN, NANMAX -> new ReductionState(List.of(extreme(states, 0, fn == ReduceFn.NANMAX, true)));
            case PTP -> new ReductionState(List.of(extreme(states, 0, false, false), extreme(states, 1, true, false)));
            case VAR, STD, NANVAR, NANSTD -> moments(states);
            case ARGMIN, ARGMAX, NANARGMIN, NANARGMAX -> best(states, fn == ReduceFn.ARGMAX || fn == ReduceFn.NANARGMAX);
        };
    }

    /** The statistic of a merged state, in its natural dtype (int64 or float64 sums, the input's dtype for min/max). */
    static NDArray finish(ChunkNode node, ReduceFn fn, ReductionState state, int ddof) {
        List<NDArray> p = state.parts();
        if (p.isEmpty()) {
            throw new MarsException(ErrorCode.EMPTY_REDUCTION, fn.isArg()
                    ? "attempt to get " + fn.numpyName() + " of an empty sequence (chunk " + node.key() + ")"
                    : "zero-size array to reduction operation " + fn.numpyName() + " which has no identity (chunk "
                            + node.key() + ")");
        }
        return switch (fn) {
            case SUM, MIN, MAX, PROD, ALL, ANY, COUNT_NONZERO, NANSUM, NANPROD, NANMIN, NANMAX -> p.get(0);
            case MEAN, NANMEAN -> divide(p.get(0), p.get(1));
            case AVERAGE -> {
                double[] weights = p.get(1).doubles();
                for (int i = 0; i < weights.length; i++) {
                    if (weights[i] == 0) {
                        throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Weights sum to zero, can't be normalized"
                                + " (average chunk " + node.key() + ", element " + i + " of " + weights.length + ")");
                    }
                }
                yield divide(p.get(0), p.get(1));
            }
            case PTP -> difference(p.get(1), p.get(0));
            case VAR, STD, NANVAR, NANSTD -> {
                double[] count = p.get(0).doubles();
                double[] m2 = p.get(2).doubles();
                double[] out = new double[count.length];
                boolean root = fn == ReduceFn.STD || fn == ReduceFn.NANSTD;
                for (int i = 0; i < out.length; i++) {
                    // numpy divides by max(count - ddof, 0): inf or nan when no degrees of freedom are left
                    double v = m2[i] / Math.max(count[i] - ddof, 0.0);
                    out[i] = root ? Math.sqrt(v) : v;
                }
                yield new NDArray(DataType.FLOAT64, p.get(0).shapeView(), out);
            }
            case ARGMIN, ARGMAX, NANARGMIN, NANARGMAX -> {
                long[] index = p.get(1).longs();
                for (long ix : index) {
                    if (ix < 0) {
                        throw new MarsException(ErrorCode.INVALID_ARGUMENT, "All-NaN slice encountered in "
                                + fn.numpyName() + " (chunk " + node.key() + ")");
                    }
                }
                yield p.get(1);
            }
        };
    }

    private static NDArray divide(NDArray sum, NDArray count) {
        double[] s = sum.doubles();
        double[] c = count.doubles();
        double[] out = new double[s.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = s[i] / c[i];
        }
        return new NDArray(DataType.FLOAT64, sum.shapeView(), out);
    }

    /** {@code max - min} in the input's dtype: integers wrap as numpy's subtraction does. */
    private static NDArray difference(NDArray max, NDArray min) {
        long[] shape = max.shapeView();
        if (max.dtype().isFloat()) {
            double[] a = max.doubles();
            double[] b = min.doubles();
            double[] out = new double[a.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = a[i] - b[i];
            }
            return Casts.fromDoubles(out, max.dtype(), shape);
        }
        long[] a = max.longs();
        long[] b = min.longs();
        long[] out = new long[a.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = a[i] - b[i];
        }
        return Casts.fromLongs(out, max.dtype(), shape);
    }

    private static void check(ChunkNode node, ReduceFn fn, ReductionState s, ReductionState first) {
        int expected = fn.stateParts();
        if (s.parts().size() != expected) {
            throw ChunkInputs.internal(node, fn.numpyName() + " state needs " + expected + " part(s), got "
                    + s.parts().size());
        }
        for (int i = 0; i < expected; i++) {
            NDArray a = s.parts().get(i);
            NDArray b = first.parts().get(i);
            if (!Arrays.equals(a.shapeView(), b.shapeView()) || a.dtype() != b.dtype()) {
                throw ChunkInputs.internal(node, "cannot merge reduction states of shape " + ChunkInputs.shape(a.shapeView())
                        + " " + a.dtype() + " and " + ChunkInputs.shape(b.shapeView()) + " " + b.dtype());
            }
        }
    }

    private static NDArray add(List<ReductionState> states, int part) {
        NDArray first = states.get(0).parts().get(part);
        long[] shape = first.shapeView();
        if (first.dtype().isFloat()) {
            double[] out = first.toDoubleArray();
            for (int s = 1; s < states.size(); s++) {
                double[] b = states.get(s).parts().get(part).doubles();
                for (int i = 0; i < out.length; i++) {
                    out[i] += b[i];
                }
            }
            return Casts.fromDoubles(out, first.dtype(), shape);
        }
        long[] out = first.toLongArray();
        for (int s = 1; s < states.size(); s++) {
            long[] b = states.get(s).parts().get(part).longs();
            for (int i = 0; i < out.length; i++) {
                out[i] += b[i];
            }
        }
        return Casts.fromLongs(out, first.dtype(), shape);
    }

    private static NDArray extreme(List<ReductionState> states, int part, boolean max, boolean skipNaN) {
        NDArray first = states.get(0).parts().get(part);
        long[] shape = first.shapeView();
        return switch (first.dtype().kind()) {
            case COMPLEX -> throw ComplexLoops.unsupported(max ? "max" : "min", first.dtype());
            case FLOAT -> {
                double[] out = first.toDoubleArray();
                for (int s = 1; s < states.size(); s++) {
                    double[] b = states.get(s).parts().get(part).doubles();
                    for (int i = 0; i < out.length; i++) {
                        double x = b[i];
                        if (skipNaN) {
                            double cur = out[i];
                            if (cur != cur || (max ? x > cur : x < cur)) {
                                out[i] = x == x ? x : cur;
                            }
                        } else {
                            out[i] = max ? Math.max(out[i], x) : Math.min(out[i], x);
                        }
                    }
                }
                yield Casts.fromDoubles(out, first.dtype(), shape);
            }
            case INT -> {
                long[] out = first.toLongArray();
                for (int s = 1; s < states.size(); s++) {
                    long[] b = states.get(s).parts().get(part).longs();
                    for (int i = 0; i < out.length; i++) {
                        out[i] = max ? Math.max(out[i], b[i]) : Math.min(out[i], b[i]);
                    }
                }
                yield Casts.fromLongs(out, first.dtype(), shape);
            }
            case BOOL -> {
                boolean[] out = first.toBooleanArray();
                for (int s = 1; s < states.size(); s++) {
                    boolean[] b = states.get(s).parts().get(part).booleans();
                    for (int i = 0; i < out.length; i++) {
                        out[i] = max ? out[i] | b[i] : out[i] & b[i];
                    }
                }
                yield new NDArray(DataType.BOOL, shape, out);
            }
        };
    }

    private static NDArray multiply(List<ReductionState> states) {
        NDArray first = states.get(0).parts().get(0);
        long[] shape = first.shapeView();
        if (first.dtype().isFloat()) {
            double[] out = first.toDoubleArray();
            for (int s = 1; s < states.size(); s++) {
                double[] b = states.get(s).parts().get(0).doubles();
                for (int i = 0; i < out.length; i++) {
                    out[i] *= b[i];
                }
            }
            return Casts.fromDoubles(out, first.dtype(), shape);
        }
        long[] out = first.toLongArray();
        for (int s = 1; s < states.size(); s++) {
            long[] b = states.get(s).parts().get(0).longs();
            for (int i = 0; i < out.length; i++) {
                out[i] *= b[i];
            }
        }
        return Casts.fromLongs(out, first.dtype(), shape);
    }

    /**
     * Merges argmin/argmax states: the better value wins, ties go to the smaller global index, and an index of -1
     * (no candidate) always loses. A NaN value only appears in argmin/argmax states, where it is the best.
     */
    private static ReductionState best(List<ReductionState> states, boolean max) {
        List<NDArray> first = states.get(0).parts();
        long[] shape = first.get(0).shapeView();
        long[] index = first.get(1).toLongArray();
        if (first.get(0).dtype().isFloat()) {
            double[] value = first.get(0).toDoubleArray();
            for (int s = 1; s < states.size(); s++) {
                double[] vb = states.get(s).parts().get(0).doubles();
                long[] ib = states.get(s).parts().get(1).longs();
                for (int i = 0; i < index.length; i++) {
                    if (ib[i] < 0) {
                        continue;
                    }
                    double a = value[i];
                    double b = vb[i];
                    boolean takeB;
                    if (index[i] < 0) {
                        takeB = true;
                    } else if (a != a || b != b) {
                        takeB = a != a && b != b ? ib[i] < index[i] : b != b;
                    } else {
                        takeB = (max ? b > a : b < a) || b == a && ib[i] < index[i];
                    }
                    if (takeB) {
                        value[i] = b;
                        index[i] = ib[i];
                    }
                }
            }
            return new ReductionState(List.of(new NDArray(DataType.FLOAT64, shape, value),
                    new NDArray(DataType.INT64, shape, index)));
        }
        long[] value = first.get(0).toLongArray();
        for (int s = 1; s < states.size(); s++) {
            long[] vb = states.get(s).parts().get(0).longs();
            long[] ib = states.get(s).parts().get(1).longs();
            for (int i = 0; i < index.length; i++) {
                if (ib[i] < 0) {
                    continue;
                }
                long a = value[i];
                long b = vb[i];
                if (index[i] < 0 || (max ? b > a : b < a) || b == a && ib[i] < index[i]) {
                    value[i] = b;
                    index[i] = ib[i];
                }
            }
        }
        return new ReductionState(List.of(new NDArray(DataType.INT64, shape, value),
                new NDArray(DataType.INT64, shape, index)));
    }

    private static ReductionState moments(List<ReductionState> states) {
        List<NDArray> first = states.get(0).parts();
        long[] shape = first.get(0).shapeView();
        double[] n = first.get(0).toDoubleArray();
        double[] mean = first.get(1).toDoubleArray();
        double[] m2 = first.get(2).toDoubleArray();
        for (int s = 1; s < states.size(); s++) {
            List<NDArray> p = states.get(s).parts();
            double[] nb = p.get(0).doubles();
            double[] meanB = p.get(1).doubles();
            double[] m2b = p.get(2).doubles();
            for (int i = 0; i < n.length; i++) {
                double nbi = nb[i];
                if (nbi == 0) {
                    continue;
                }
                double na = n[i];
                if (na == 0) {
                    n[i] = nbi;
                    mean[i] = meanB[i];
                    m2[i] = m2b[i];
                    continue;
                }
                double total = na + nbi;
                double delta = meanB[i] - mean[i];
                mean[i] += delta * (nbi / total);
                m2[i] += m2b[i] + delta * delta * (na * nbi / total);
                n[i] = total;
            }
        }
        return new ReductionState(List.of(new NDArray(DataType.FLOAT64, shape, n),
                new NDArray(DataType.FLOAT64, shape, mean), new NDArray(DataType.FLOAT64, shape, m2)));
    }
}
