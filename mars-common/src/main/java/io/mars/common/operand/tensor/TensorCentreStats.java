package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * One pass of Lloyd's algorithm over a matrix: inputs X (samples × features) and the centres (clusters × features);
 * float64 (clusters, features + 2): for each centre, the sum of the rows nearest it (as {@link TensorCentreAssign}
 * picks), their count, and the sum of their squared distances to it.
 */
@WireName("tensor.centre_stats")
public record TensorCentreStats() implements TensorOperand {
}
