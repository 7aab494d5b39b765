package io.mars.container.kernels;

import static io.mars.container.kernels.CounterRandom.GAMMA;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkRandomSample;
import io.mars.types.ChunkData;
import io.mars.types.Shapes;
import java.util.List;

/**
 * uniform, normal and randint values of one chunk, each a function of its position in the whole tensor only (see
 * {@link CounterRandom}). UNIFORM uses rand's bits ({@code uniform(0, 1)} equals {@code rand}); NORMAL a ziggurat draw
 * from the bits of its own sub-stream; INTEGERS Lemire's unbiased bounded draw of another.
 */
final class RandomSampleKernel implements Kernel<ChunkRandomSample> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkRandomSample op, List<ChunkData> inputs) {
        long[] shape = node.shape();
        int size = Shapes.chunkSize(shape);
        long key = CounterRandom.key(op.seed(), op.stream());
        return switch (op.distribution()) {
            case UNIFORM -> {
                double[] out = new double[size];
                double low = op.loc();
                double width = op.scale() - op.loc();
                BoxRuns.forEach(shape, op.fullShape(), op.offset(), (from, len, pos) ->
                        uniform(out, from, len, CounterRandom.counter(key, pos), low, width));
                yield Casts.fromDoubles(out, node.dtype(), shape);
            }
            case NORMAL -> {
                double[] out = new double[size];
                long sub = CounterRandom.subKey(key, CounterRandom.NORMAL);
                double loc = op.loc();
                double scale = op.scale();
                BoxRuns.forEach(shape, op.fullShape(), op.offset(), (from, len, pos) ->
                        normal(out, from, len, CounterRandom.counter(sub, pos), loc, scale));
                yield Casts.fromDoubles(out, node.dtype(), shape);
            }
            case INTEGERS -> {
                long[] out = new long[size];
                long sub = CounterRandom.subKey(key, CounterRandom.INTEGERS);
                long low = op.low();
                long range = op.high() - op.low();
                BoxRuns.forEach(shape, op.fullShape(), op.offset(), (from, len, pos) ->
                        integers(out, from, len, CounterRandom.counter(sub, pos), low, range));
                yield Casts.fromLongs(out, node.dtype(), shape);
            }
        };
    }

    static void uniform(double[] out, int from, int len, long counter, double low, double width) {
        long z = counter;
        for (int i = from, end = from + len; i < end; i++) {
            out[i] = low + width * ((RandKernel.mix64(z) >>> 11) * CounterRandom.UNIT);
            z += GAMMA;
        }
    }

    static void normal(double[] out, int from, int len, long counter, double loc, double scale) {
        long z = counter;
        for (int i = from, end = from + len; i < end; i++) {
            out[i] = loc + scale * CounterRandom.standardNormal(RandKernel.mix64(z));
            z += GAMMA;
        }
    }

    static void integers(long[] out, int from, int len, long counter, long low, long range) {
        long z = counter;
        for (int i = from, end = from + len; i < end; i++) {
            out[i] = low + CounterRandom.bounded(RandKernel.mix64(z), range);
            z += GAMMA;
        }
    }
}
