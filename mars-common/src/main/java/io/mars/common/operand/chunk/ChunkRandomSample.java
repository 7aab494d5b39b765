package io.mars.common.operand.chunk;

import io.mars.common.operand.Operand;
import io.mars.common.operand.RandomDistribution;
import io.mars.common.operand.WireName;

/**
 * The part at {@code offset} of a random tensor of shape {@code fullShape}; see
 * {@link io.mars.common.operand.tensor.TensorRandomSample} for the parameters.
 */
@WireName("chunk.random.sample")
public record ChunkRandomSample(long seed, long stream, RandomDistribution distribution, double loc, double scale,
        long low, long high, long[] fullShape, long[] offset) implements BoxCreation {
    @Override
    public Operand at(long[] offset) {
        return new ChunkRandomSample(seed, stream, distribution, loc, scale, low, high, fullShape, offset.clone());
    }
}
