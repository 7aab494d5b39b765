package io.mars.common.operand.chunk;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;

/** numpy.tensordot of two chunks, computed in the node's dtype. */
@WireName("chunk.tensordot")
public record ChunkTensorDot(int[] axesA, int[] axesB) implements Operand {
}
