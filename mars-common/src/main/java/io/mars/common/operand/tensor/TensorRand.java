package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;

/**
 * Uniform random values in [0, 1). Element {@code i} (C-order position in the whole tensor) is a pure function of
 * {@code (seed, stream, i)}, so values do not depend on chunking or worker count.
 */
@WireName("tensor.random.rand")
public record TensorRand(long seed, long stream, ChunkSpec chunks) implements Operand {
}
