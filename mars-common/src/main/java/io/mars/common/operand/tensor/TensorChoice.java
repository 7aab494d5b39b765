package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;

/**
 * numpy.random.choice: a sample of the node's shape from {@code 0..n-1}, or from the elements of the one 1-d input,
 * with or without replacement, uniformly or with probabilities {@code p} (empty for uniform).
 */
@WireName("tensor.random.choice")
public record TensorChoice(long seed, long stream, long n, boolean replace, double[] p, ChunkSpec chunks)
        implements Operand {
}
