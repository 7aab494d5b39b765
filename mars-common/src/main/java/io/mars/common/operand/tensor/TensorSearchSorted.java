package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * numpy.searchsorted of the values (input 1) in a sorted 1-d array (input 0), or numpy.digitize when {@code digitize}
 * (input 0 is then the bins, monotonically increasing or decreasing, checked when it runs).
 *
 * @param right for searchsorted, {@code side='right'}; for digitize, numpy's {@code right} flag
 */
@WireName("tensor.searchsorted")
public record TensorSearchSorted(boolean right, boolean digitize) implements TensorOperand {
}
