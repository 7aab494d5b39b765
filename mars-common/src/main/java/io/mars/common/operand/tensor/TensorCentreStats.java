package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * One pass of Lloyd's algorithm over a matrix: inputs X (samples × features) and the centres (clusters × features);
 * float64 (clusters, features + 2): for each centre, the sum of the rows nearest it (as {@link TensorCentreAssign}
 * picks), their count, and the sum of their squared distances to it. With {@code offset} a third input, a vector
 * (features,), is subtracted from every row first (as k-means centres X on its means), on the fly: the sums are of
 * the rows less the offset, and no centred copy of X is made. Without {@code distances} the last column is left 0
 * (k-means' iterations get the inertia from the sums and counts instead, so the passes need not square the rows).
 */
@WireName("tensor.centre_stats")
public record TensorCentreStats(boolean offset, boolean distances) implements TensorOperand {
    /** With the squared distances. */
    public TensorCentreStats(boolean offset) {
        this(offset, true);
    }
}
