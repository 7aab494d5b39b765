package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ChunkData;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.ReduceFn;
import io.mars.tensor.DataType;
import io.mars.tensor.NDArray;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Merging and finishing the states of a tree reduction (see {@link ReduceMapKernel} for their layout). var/std states
 * merge with Chan et al.'s parallel update, which stays accurate where summing squares would cancel.
 */
final class ReductionStates {
    private ReductionStates() {
    }

    /** Merges every input state element-wise into a new state; never writes into an input. */
    static ReductionState merge(ChunkNode node, ReduceFn fn, List<ChunkData> inputs) {
        ChunkInputs.requireAtLeast(node, inputs, 1);
        List<ReductionState> states = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            ReductionState s = ChunkInputs.state(node, inputs, i);
            check(node, fn, s, states.isEmpty() ? s : states.get(0));
            states.add(s);
        }
        if (states.size() == 1) {
            return states.get(0);
        }
        return switch (fn) {
            case SUM -> new ReductionState(List.of(add(states, 0)));
            case MEAN -> new ReductionState(List.of(add(states, 0), add(states, 1)));
            case MIN, MAX -> new ReductionState(List.of(extreme(states, fn == ReduceFn.MAX)));
            case VAR, STD -> moments(states);
        };
    }

    /** The statistic of a merged state, in its natural dtype (int64 or float64 sums, the input's dtype for min/max). */
    static NDArray finish(ReduceFn fn, ReductionState state, int ddof) {
        List<NDArray> p = state.parts();
        return switch (fn) {
            case SUM, MIN, MAX -> p.get(0);
            case MEAN -> {
                double[] sum = p.get(0).doubles();
                double[] count = p.get(1).doubles();
                double[] out = new double[sum.length];
                for (int i = 0; i < out.length; i++) {
                    out[i] = sum[i] / count[i];
                }
                yield new NDArray(DataType.FLOAT64, p.get(0).shapeView(), out);
            }
            case VAR, STD -> {
                double[] count = p.get(0).doubles();
                double[] m2 = p.get(2).doubles();
                double[] out = new double[count.length];
                boolean root = fn == ReduceFn.STD;
                for (int i = 0; i < out.length; i++) {
                    // numpy divides by max(count - ddof, 0): inf or nan when no degrees of freedom are left
                    double v = m2[i] / Math.max(count[i] - ddof, 0.0);
                    out[i] = root ? Math.sqrt(v) : v;
                }
                yield new NDArray(DataType.FLOAT64, p.get(0).shapeView(), out);
            }
        };
    }

    private static void check(ChunkNode node, ReduceFn fn, ReductionState s, ReductionState first) {
        int expected = switch (fn) {
            case SUM, MIN, MAX -> 1;
            case MEAN -> 2;
            case VAR, STD -> 3;
        };
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

    private static NDArray extreme(List<ReductionState> states, boolean max) {
        NDArray first = states.get(0).parts().get(0);
        long[] shape = first.shapeView();
        return switch (first.dtype().kind()) {
            case FLOAT -> {
                double[] out = first.toDoubleArray();
                for (int s = 1; s < states.size(); s++) {
                    double[] b = states.get(s).parts().get(0).doubles();
                    for (int i = 0; i < out.length; i++) {
                        out[i] = max ? Math.max(out[i], b[i]) : Math.min(out[i], b[i]);
                    }
                }
                yield Casts.fromDoubles(out, first.dtype(), shape);
            }
            case INT -> {
                long[] out = first.toLongArray();
                for (int s = 1; s < states.size(); s++) {
                    long[] b = states.get(s).parts().get(0).longs();
                    for (int i = 0; i < out.length; i++) {
                        out[i] = max ? Math.max(out[i], b[i]) : Math.min(out[i], b[i]);
                    }
                }
                yield Casts.fromLongs(out, first.dtype(), shape);
            }
            case BOOL -> {
                boolean[] out = first.toBooleanArray();
                for (int s = 1; s < states.size(); s++) {
                    boolean[] b = states.get(s).parts().get(0).booleans();
                    for (int i = 0; i < out.length; i++) {
                        out[i] = max ? out[i] | b[i] : out[i] & b[i];
                    }
                }
                yield new NDArray(DataType.BOOL, shape, out);
            }
        };
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
