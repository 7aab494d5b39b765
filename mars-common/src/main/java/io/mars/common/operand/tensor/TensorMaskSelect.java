package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * Boolean-mask indexing {@code a[mask]}: inputs are the array and a bool mask matching its first {@code maskNdim}
 * axes; the result has one axis of unknown length (the selected positions) followed by the remaining axes.
 */
@WireName("tensor.mask_select")
public record TensorMaskSelect(int maskNdim) implements TensorOperand {
}
