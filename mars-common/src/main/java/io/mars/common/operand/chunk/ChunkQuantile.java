package io.mars.common.operand.chunk;

import io.mars.common.operand.QuantileMethod;
import io.mars.common.operand.WireName;

/**
 * Quantiles of one chunk that holds the whole extent of the reduced {@code axes}: selection per output element, a
 * leading q axis unless {@code scalarQ}. See {@link io.mars.common.operand.tensor.TensorQuantile}.
 */
@WireName("chunk.quantile")
public record ChunkQuantile(double[] q, boolean scalarQ, int[] axes, boolean keepdims, QuantileMethod method,
        boolean skipNaN) implements ChunkOperand {
}
