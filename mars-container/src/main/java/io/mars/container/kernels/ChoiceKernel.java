package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkChoice;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/**
 * numpy.random.choice. With replacement, each element is drawn from its own position: uniformly as randint(0, n)
 * (sub-stream INTEGERS), or by searching the cumulative probabilities with an open uniform (sub-stream WEIGHTED),
 * as numpy does. Without replacement the chunk is the whole sample: uniformly the first k of
 * {@code permutation(n)} of the same stream, or weighted by Efraimidis-Spirakis keys {@code log(u_i) / p_i}, whose
 * k largest in decreasing order have the distribution of k successive draws without replacement.
 */
final class ChoiceKernel implements Kernel<ChunkChoice> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkChoice op, List<ChunkData> inputs) {
        long[] shape = node.shape();
        int size = Shapes.chunkSize(shape);
        long key = CounterRandom.key(op.seed(), op.stream());
        long[] picks = op.replace() ? withReplacement(op, key, shape, size)
                : withoutReplacement(op, key, size);
        if (inputs.isEmpty()) {
            return new NDArray(DataType.INT64, shape, picks);
        }
        NDArray population = ChunkInputs.array(node, inputs, 0);
        if (population.size() != op.n()) {
            throw ChunkInputs.internal(node, "draws from " + op.n() + " elements but the population has shape "
                    + Shapes.toString(population.shapeView()));
        }
        return new NDArray(population.dtype(), shape, gather(population, picks));
    }

    private static long[] withReplacement(ChunkChoice op, long key, long[] shape, int size) {
        long[] out = new long[size];
        double[] p = op.p();
        if (p.length == 0) {
            long sub = CounterRandom.subKey(key, CounterRandom.INTEGERS);
            BoxRuns.forEach(shape, op.fullShape(), op.offset(), (from, len, pos) ->
                    RandomSampleKernel.integers(out, from, len, CounterRandom.counter(sub, pos), 0, op.n()));
            return out;
        }
        double[] cdf = new double[p.length];
        double acc = 0;
        for (int i = 0; i < p.length; i++) {
            acc += p[i];
            cdf[i] = acc;
        }
        for (int i = 0; i < cdf.length; i++) {
            cdf[i] /= acc;
        }
        long sub = CounterRandom.subKey(key, CounterRandom.WEIGHTED);
        BoxRuns.forEach(shape, op.fullShape(), op.offset(), (from, len, pos) -> {
            long z = CounterRandom.counter(sub, pos);
            for (int i = from, end = from + len; i < end; i++) {
                out[i] = searchRight(cdf, CounterRandom.openUniform(RandKernel.mix64(z)));
                z += CounterRandom.GAMMA;
            }
        });
        return out;
    }

    /** The first index whose cumulative probability exceeds {@code u} (numpy's searchsorted side='right'). */
    private static int searchRight(double[] cdf, double u) {
        int lo = 0;
        int hi = cdf.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cdf[mid] > u) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static long[] withoutReplacement(ChunkChoice op, long key, int size) {
        int n = Math.toIntExact(op.n());
        double[] p = op.p();
        if (p.length == 0) {
            return Arrays.copyOf(PermutationKernel.order(key, n), size);
        }
        long sub = CounterRandom.subKey(key, CounterRandom.WEIGHTED);
        double[] keys = new double[n];
        long z = CounterRandom.counter(sub, 0);
        for (int i = 0; i < n; i++) {
            keys[i] = p[i] > 0 ? StrictMath.log(CounterRandom.openUniform(RandKernel.mix64(z))) / p[i]
                    : Double.NEGATIVE_INFINITY;
            z += CounterRandom.GAMMA;
        }
        Integer[] byKey = new Integer[n];
        for (int i = 0; i < n; i++) {
            byKey[i] = i;
        }
        Arrays.sort(byKey, (a, b) -> {
            int c = Double.compare(keys[b], keys[a]);
            return c != 0 ? c : Integer.compare(a, b);
        });
        long[] out = new long[size];
        for (int i = 0; i < size; i++) {
            out[i] = byKey[i];
        }
        return out;
    }

    private static Object gather(NDArray population, long[] picks) {
        int n = picks.length;
        return switch (population.dtype()) {
            case COMPLEX64, COMPLEX128 -> {
                NDArray out = NDArray.allocate(population.dtype(), n);
                for (int i = 0; i < n; i++) {
                    out.setComplex(i, population.getReal((int) picks[i]), population.getImag((int) picks[i]));
                }
                yield out.data();
            }
            case BOOL -> {
                boolean[] src = (boolean[]) population.data();
                boolean[] out = new boolean[n];
                for (int i = 0; i < n; i++) {
                    out[i] = src[(int) picks[i]];
                }
                yield out;
            }
            case INT8 -> {
                byte[] src = (byte[]) population.data();
                byte[] out = new byte[n];
                for (int i = 0; i < n; i++) {
                    out[i] = src[(int) picks[i]];
                }
                yield out;
            }
            case INT16 -> {
                short[] src = (short[]) population.data();
                short[] out = new short[n];
                for (int i = 0; i < n; i++) {
                    out[i] = src[(int) picks[i]];
                }
                yield out;
            }
            case INT32 -> {
                int[] src = (int[]) population.data();
                int[] out = new int[n];
                for (int i = 0; i < n; i++) {
                    out[i] = src[(int) picks[i]];
                }
                yield out;
            }
            case INT64 -> {
                long[] src = (long[]) population.data();
                long[] out = new long[n];
                for (int i = 0; i < n; i++) {
                    out[i] = src[(int) picks[i]];
                }
                yield out;
            }
            case FLOAT32 -> {
                float[] src = (float[]) population.data();
                float[] out = new float[n];
                for (int i = 0; i < n; i++) {
                    out[i] = src[(int) picks[i]];
                }
                yield out;
            }
            case FLOAT64 -> {
                double[] src = (double[]) population.data();
                double[] out = new double[n];
                for (int i = 0; i < n; i++) {
                    out[i] = src[(int) picks[i]];
                }
                yield out;
            }
        };
    }
}
