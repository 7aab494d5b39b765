package io.mars.common.operand.chunk;

import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.WireName;

/** Middle step of a tree reduction: merges the input states (all of one shape) into one state. */
@WireName("chunk.reduce.combine")
public record ChunkReduceCombine(ReduceFn fn) implements ChunkOperand {
}
