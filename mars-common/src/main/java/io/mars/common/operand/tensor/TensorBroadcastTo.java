package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** numpy.broadcast_to: the input repeated along its length-1 (or missing leading) axes to the node's shape. */
@WireName("tensor.broadcast_to")
public record TensorBroadcastTo() implements TensorOperand {
}
