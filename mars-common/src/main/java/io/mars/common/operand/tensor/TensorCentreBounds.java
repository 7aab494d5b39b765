package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * A bounded nearest-centre pass of k-means (Hamerly's algorithm): float32 (samples, 3) holding, for each row of X
 * less the offset, its nearest centre, an upper bound of its distance to that centre and a lower bound of its
 * distance to every other centre. {@code initial}: inputs X (samples × features), the centres (clusters × features)
 * and the offset (features,); every row is searched and both bounds are exact distances. Otherwise inputs X, the
 * previous pass's table (samples, 3), the centres, the offset and the distance each centre moved since that pass
 * (clusters,): the previous bounds are widened by those moves, and a row is searched again only where they no longer
 * prove its centre the nearest, so the labels are exactly those of a full pass.
 */
@WireName("tensor.centre_bounds")
public record TensorCentreBounds(boolean initial) implements TensorOperand {
}
