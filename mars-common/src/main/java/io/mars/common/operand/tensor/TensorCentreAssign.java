package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * The index of the nearest centre of each row of a matrix: inputs X (samples × features) and the centres (clusters ×
 * features); int64 (samples,). The argmin of {@code |c|² - 2 x·c}, ties to the lowest index, computed row by row with
 * no samples × clusters intermediate. With {@code offset} a third input, a vector (features,), is subtracted from every
 * row first, on the fly.
 */
@WireName("tensor.centre_assign")
public record TensorCentreAssign(boolean offset) implements TensorOperand {
}
