package io.mars.common.operand.chunk;

import io.mars.common.operand.Scalar;
import io.mars.common.operand.WireName;

/**
 * A copy of input 0 (cast to the node's dtype) with the positions where the bool input 1 is true replaced by
 * {@code value}, or, when it is null, by the same positions of input 2.
 */
@WireName("chunk.put")
public record ChunkPut(Scalar value) implements ChunkOperand {
}
