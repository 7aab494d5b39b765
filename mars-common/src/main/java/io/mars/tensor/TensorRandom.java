package io.mars.tensor;

import io.mars.common.model.Shapes;
import io.mars.common.operand.tensor.TensorRand;
import java.util.List;

/**
 * numpy.random-like generator. Each tensor it makes draws from its own stream (the n-th call gets stream n), and
 * each element is a pure function of (seed, stream, position), so the values never depend on chunks or workers.
 */
public final class TensorRandom {
    private final long seed;
    private long nextStream;

    TensorRandom(long seed) {
        this.seed = seed;
    }

    public long seed() {
        return seed;
    }

    /** Uniform float64 values in [0, 1). */
    public Tensor rand(long... shape) {
        return rand(shape, ChunkSpec.auto());
    }

    public Tensor rand(long[] shape, ChunkSpec chunks) {
        Shapes.checkShape(shape);
        chunks.resolve(shape, DataType.FLOAT64, Long.MAX_VALUE);
        return new Tensor(new TensorRand(seed, nextStream++, chunks), List.of(), DataType.FLOAT64, shape);
    }
}
