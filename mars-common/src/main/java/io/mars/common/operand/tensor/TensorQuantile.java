package io.mars.common.operand.tensor;

import io.mars.common.operand.QuantileMethod;
import io.mars.common.operand.WireName;

/**
 * Quantiles {@code q} (fractions in [0, 1]) over normalized, sorted {@code axes}: median, percentile, quantile and
 * their nan-variants ({@code skipNaN}). Unless {@code scalarQ}, the result has a leading axis of length
 * {@code q.length}, as numpy does for a list of q.
 */
@WireName("tensor.quantile")
public record TensorQuantile(double[] q, boolean scalarQ, int[] axes, boolean keepdims, QuantileMethod method,
        boolean skipNaN) implements TensorOperand {
}
