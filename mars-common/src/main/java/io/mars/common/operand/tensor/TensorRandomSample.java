package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.RandomDistribution;
import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;

/**
 * Random values of one distribution, each a pure function of {@code (seed, stream, position)}. {@code loc} and
 * {@code scale} parameterize UNIFORM (low, high) and NORMAL (mean, standard deviation); {@code low} and
 * {@code high} the INTEGERS range [low, high).
 */
@WireName("tensor.random.sample")
public record TensorRandomSample(long seed, long stream, RandomDistribution distribution, double loc, double scale,
        long low, long high, ChunkSpec chunks) implements Operand {
}
