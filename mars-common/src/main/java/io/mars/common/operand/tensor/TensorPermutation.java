package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;

/**
 * numpy.random.permutation: without inputs, the integers 0..n-1 in random order; with one input, its rows (axis 0)
 * in random order, cut like the input. The order is a pure function of {@code (seed, stream, n)}.
 */
@WireName("tensor.random.permutation")
public record TensorPermutation(long seed, long stream, long n, ChunkSpec chunks) implements Operand {
}
